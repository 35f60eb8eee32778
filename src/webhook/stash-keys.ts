/**
 * The stash keys of a running server (`--stash-key FILE`, stash.ts): read at start (an error
 * names the file and stops the start), then read again every interval, since a rotation
 * updates the mounted Secret and the kubelet swaps the file. Keys that parse replace the old
 * ones at once; a file that does not parse is logged once and the old keys stay. Without a
 * file, a key made at start, and a warning: stashes then neither survive a restart nor
 * verify on another replica.
 */
import { promises as fsp, readFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { message } from './certificates.js'
import { ephemeralKeys, parseKeys, type StashKeys } from './stash.js'

export interface KeyWatch {
  current(): StashKeys
  stop(): void
}

export function watchStashKeys(file: string | undefined, intervalMs: number, log: (record: Record<string, unknown>) => void): KeyWatch {
  if (file === undefined) {
    log({
      msg: 'no --stash-key: stashes are signed with a key made at start',
      warning: 'a restart, or another replica, ignores every stash written before (docs/webhook.md, The stash key)',
    })
    const keys = ephemeralKeys()
    return { current: () => keys, stop: () => {} }
  }
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (err) {
    throw new Error(`cannot read stash key file ${file}: ${message(err)}`, { cause: err })
  }
  let keys = parseKeys(text, file)
  let seen = digest(text)
  log({ msg: 'stash keys loaded', file, keys: keys.accept.length })
  const timer = setInterval(() => {
    fsp.readFile(file, 'utf8').then(
      (next) => {
        const d = digest(next)
        if (d === seen) return
        seen = d
        try {
          keys = parseKeys(next, file)
          log({ msg: 'stash keys reloaded', file, keys: keys.accept.length })
        } catch (err) {
          log({ msg: 'stash key reload failed', error: message(err), keeping: keys.accept.length })
        }
      },
      (err: unknown) => {
        const d = `error:${message(err)}`
        if (d !== seen) log({ msg: 'stash key reload failed', error: message(err), keeping: keys.accept.length })
        seen = d
      },
    )
  }, intervalMs)
  timer.unref()
  return { current: () => keys, stop: () => clearInterval(timer) }
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex')
