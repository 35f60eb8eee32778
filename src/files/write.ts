/**
 * Atomic replacement of a file's content: write a temp file beside the target, flush it,
 * give it the target's mode (and owner, where allowed), then rename it over the target.
 * A reader, a crash or a kill sees either the old bytes or the new ones, never a mix.
 *
 * Symlinks are written through, never replaced: the link stays a link and its target gets
 * the new content, but only inside the write boundary (boundary.ts: the paths being
 * processed and their git repositories; a link into another tree is somebody else's file).
 * A kill between creating the temp file and
 * renaming it leaves the temp file behind; `removeStaleTemps` deletes those of dead
 * processes on the next --write run, and file collection never takes one as input.
 */
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { beyondMessage, type WriteBoundary } from './boundary.js'

/** Prefix of our temp files, so a later run (or a person) can recognise leftovers. */
export const TEMP_PREFIX = '.smi-migrate-'
const TEMP_SUFFIX = '.tmp'

/** A write the tool declines to do; its message is the whole explanation. */
export class WriteRefused extends Error {}

export interface WriteOptions {
  /** What a run may write (boundary.ts): a file, or a symlink's target, beyond it is refused. */
  boundary?: WriteBoundary
  /**
   * The bytes the run read and converted: the file is written only if it still holds them.
   * Something that changed it since (an editor, another tool) would otherwise be overwritten
   * by a conversion of what it held before.
   */
  unchanged?: Uint8Array
}

/** Throws WriteRefused (or the file system's error) when `path` would not be written. */
export function checkWritable(path: string, opts: WriteOptions = {}) {
  const target = realpathSync(path)
  if (opts.boundary && !opts.boundary.allows(target)) throw new WriteRefused(beyondMessage(`it is ${target},`))
  // The temp file is made beside the target: a directory we cannot write to must stop the
  // whole tree before any file is written, not after some of them.
  accessSync(dirname(target), constants.W_OK)
  const st = statSync(target)
  // Renaming over a read-only file would succeed (the directory is what is writable), so
  // honour the file's own mode: a read-only file is the user's "do not touch".
  if ((st.mode & 0o200) === 0) throw new WriteRefused('file is read-only; not written')
  if (opts.unchanged) refuseIfChanged(target, opts.unchanged)
  return { target, st }
}

function refuseIfChanged(target: string, read: Uint8Array): void {
  if (!readFileSync(target).equals(read)) throw new WriteRefused('changed since this run read it; not written: run smi-migrate again')
}

export function writeFileAtomic(path: string, data: Uint8Array, opts: WriteOptions = {}): void {
  const { target, st } = checkWritable(path, opts)
  const tmp = join(dirname(target), `${TEMP_PREFIX}${basename(target)}.${process.pid}.${randomHex(4)}${TEMP_SUFFIX}`)
  const fd = openSync(tmp, 'wx', 0o600)
  try {
    let off = 0
    while (off < data.length) off += writeSync(fd, data, off, data.length - off)
    fchmodSync(fd, st.mode & 0o7777)
    try {
      fchownSync(fd, st.uid, st.gid)
    } catch {
      // Only root may give a file away; keeping our own ownership is the normal case.
    }
    fsyncSync(fd)
  } catch (err) {
    closeSync(fd)
    unlinkSync(tmp)
    throw err
  }
  closeSync(fd)
  try {
    // Once more right before the rename: the file may have changed while the new bytes were written.
    if (opts.unchanged) refuseIfChanged(target, opts.unchanged)
    renameSync(tmp, target)
  } catch (err) {
    unlinkSync(tmp)
    throw err
  }
}

/** The pid in one of our temp file names, or undefined when the name is not ours. */
export function tempOwner(name: string): number | undefined {
  if (!name.startsWith(TEMP_PREFIX) || !name.endsWith(TEMP_SUFFIX)) return undefined
  // <prefix><target name>.<pid>.<8 hex>.tmp
  const parts = name.slice(0, -TEMP_SUFFIX.length).split('.')
  const hex = parts.pop()
  const pid = parts.pop()
  if (!hex || !/^[0-9a-f]{8}$/.test(hex) || !pid || !/^[1-9]\d{0,9}$/.test(pid)) return undefined
  return Number(pid)
}

export function isTempName(name: string): boolean {
  return tempOwner(name) !== undefined
}

/**
 * Deletes the temp files that runs killed mid-write left beside `files` (in the directory
 * of each file's real path, where writeFileAtomic puts them). A temp file whose pid is
 * alive belongs to a run in progress (pre-commit starts several at once) and stays. A
 * directory beyond `boundary` (a symlink's target elsewhere) is not cleaned: deleting is writing.
 * Returns the paths removed.
 */
export function removeStaleTemps(files: readonly string[], boundary?: WriteBoundary): string[] {
  const removed: string[] = []
  const dirs = new Set(
    files.map((f) => {
      try {
        return dirname(realpathSync(f))
      } catch {
        return dirname(f)
      }
    }),
  )
  for (const dir of dirs) {
    if (boundary && !boundary.allows(dir)) continue
    let names: string[]
    try {
      names = readdirSync(dir)
    } catch {
      continue
    }
    for (const name of names) {
      const pid = tempOwner(name)
      if (pid === undefined || isAlive(pid)) continue
      try {
        unlinkSync(join(dir, name))
        removed.push(join(dir, name))
      } catch {
        // Gone already (another run cleaned it) or not ours to delete: either way, not input.
      }
    }
  }
  return removed
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * `bytes` random bytes in hex, from the Web Crypto global: node:crypto's module is loaded only
 * when a file is written, not at every start-up.
 */
function randomHex(bytes: number): string {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes))).toString('hex')
}
