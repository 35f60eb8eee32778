/**
 * Atomic replacement of a file's content: write a temp file beside the target, flush it,
 * give it the target's mode (and owner, where allowed), then rename it over the target.
 * A reader, a crash or a kill sees either the old bytes or the new ones, never a mix.
 * Symlinks are written through: the link stays a link and its target is replaced.
 */
import { closeSync, fchmodSync, fchownSync, fsyncSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { randomBytes } from 'node:crypto'

/** Prefix of our temp files, so a later run (or a person) can recognise leftovers. */
export const TEMP_PREFIX = '.smi-migrate-'

export function writeFileAtomic(path: string, data: Uint8Array): void {
  const target = realpathSync(path)
  const st = statSync(target)
  // Renaming over a read-only file would succeed (the directory is what is writable), so
  // honour the file's own mode: a read-only file is the user's "do not touch".
  if ((st.mode & 0o200) === 0) throw Object.assign(new Error(`${path}: file is read-only; not written`), { code: 'EACCES' })
  const tmp = join(dirname(target), `${TEMP_PREFIX}${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
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
    renameSync(tmp, target)
  } catch (err) {
    unlinkSync(tmp)
    throw err
  }
}
