/**
 * A temporary file that holds a List dump's bytes while its items stream through, so memory
 * stays bounded: the wrapper's `kind` comes after the items (kubectl sorts keys), and only
 * then is it known whether the items' edits apply. The file is unlinked as soon as it is
 * open, so nothing is left behind even if the process dies. Where no temporary file can be
 * made (a read-only or full TMPDIR), the bytes are held in memory instead.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmdirSync, unlinkSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export class Spool {
  private fd = -1
  private memory: Buffer[] | undefined
  size = 0

  write(bytes: Uint8Array): void {
    if (this.fd < 0 && !this.memory) this.open()
    if (this.memory) {
      this.memory.push(Buffer.from(bytes))
      this.size += bytes.length
      return
    }
    let done = 0
    while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done, this.size + done)
    this.size += bytes.length
  }

  /** Calls `each` with the spooled bytes in order, in views of one reused buffer. */
  readBack(each: (bytes: Buffer, offset: number) => void): void {
    if (this.size === 0) return
    if (this.memory) {
      let offset = 0
      for (const part of this.memory) {
        each(part, offset)
        offset += part.length
      }
      return
    }
    const buf = Buffer.allocUnsafe(Math.min(this.size, 1 << 20))
    for (let pos = 0; pos < this.size;) {
      const n = readSync(this.fd, buf, 0, Math.min(buf.length, this.size - pos), pos)
      if (n <= 0) throw new Error('internal error: spool file shorter than written')
      each(buf.subarray(0, n), pos)
      pos += n
    }
  }

  /** Everything spooled, in one buffer (the general path needs the whole document). */
  readAll(): Buffer {
    const all = Buffer.allocUnsafe(this.size)
    this.readBack((bytes, offset) => bytes.copy(all, offset))
    return all
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd)
    this.fd = -1
    this.memory = undefined
    this.size = 0
  }

  private open(): void {
    let dir: string
    try {
      dir = mkdtempSync(join(tmpdir(), 'smi-migrate-'))
    } catch {
      this.memory = []
      return
    }
    const file = join(dir, 'list.spool')
    try {
      this.fd = openSync(file, 'wx+', 0o600)
    } catch {
      this.memory = []
    } finally {
      try {
        unlinkSync(file)
      } catch {
        /* never created */
      }
      rmdirSync(dir)
    }
  }
}
