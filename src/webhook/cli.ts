/**
 * `smi-migrate webhook …`: the conversion webhook's commands, loaded only when the first
 * argument is `webhook` (nothing of it reaches the converter's start-up). `webhook
 * manifests …` prints what to apply; `webhook --cert … --key …` serves.
 */
import { readFileSync } from 'node:fs'
import type { Writable } from 'node:stream'

export async function runWebhook(args: string[], io: { stdout: Writable; stderr: Writable }): Promise<number> {
  if (args[0] === 'manifests') {
    const { runManifests } = await import('./manifests-cli.js')
    return runManifests(args.slice(1), { ...io, readFile: (path) => readFileSync(path, 'utf8') })
  }
  const { runServe } = await import('./serve-cli.js')
  return runServe(args, io)
}
