/**
 * What an input's bytes are, decided before anything is decoded. smi-migrate converts
 * UTF-8 only; everything else is passed through byte for byte and never written.
 *
 * - UTF-16 and UTF-32 (with or without a BOM) are recognised by the YAML 1.2 rule
 *   (§5.2: a BOM, or the NUL bytes around the first character, which is ASCII in any YAML
 *   stream). Such an input is searched for `TrafficSplit` in its own encoding, without
 *   decoding it: if it mentions one, that is an error (the object cannot be converted and
 *   must not be missed silently); otherwise the input is skipped with a warning.
 * - Any other input with a NUL byte is binary (YAML forbids NUL): an error if the raw
 *   bytes mention a kind's name (`TrafficSplit`, `HTTPRouteGroup`, …), a warning and a skip otherwise (a logo matched by a glob).
 * - Invalid UTF-8 without NUL bytes is left to the segment processor: a document that
 *   mentions TrafficSplit is an error, other documents pass through as they are.
 */
import type { Finding } from '../model.js'
import { KIND_NAMES } from '../kinds/names.js'

export type WideEncoding = 'UTF-16LE' | 'UTF-16BE' | 'UTF-32LE' | 'UTF-32BE'

/** The kinds' names, searched in the wide text code unit by code unit (KMP, so no overlap is missed). */
const NEEDLES = KIND_NAMES.map((name) => {
  const codes = [...name].map((c) => c.charCodeAt(0))
  const fail = [0]
  for (let i = 1, k = 0; i < codes.length; i++) {
    while (k > 0 && codes[i] !== codes[k]) k = fail[k - 1]!
    if (codes[i] === codes[k]) k++
    fail[i] = k
  }
  return { name, codes, fail }
})

/** YAML 1.2 §5.2 encoding detection on the first bytes; undefined means UTF-8. */
export function sniffWide(head: Uint8Array): WideEncoding | undefined {
  const n = head.length
  const [a, b, c, d] = head
  if (n >= 4 && a === 0 && b === 0 && ((c === 0xfe && d === 0xff) || c === 0)) return 'UTF-32BE'
  if (n >= 4 && a === 0xff && b === 0xfe && c === 0 && d === 0) return 'UTF-32LE'
  if (n >= 4 && b === 0 && c === 0 && d === 0) return 'UTF-32LE'
  if (n >= 2 && a === 0xfe && b === 0xff) return 'UTF-16BE'
  if (n >= 2 && a === 0xff && b === 0xfe) return 'UTF-16LE'
  if (n >= 2 && a === 0) return 'UTF-16BE'
  if (n >= 2 && b === 0) return 'UTF-16LE'
  return undefined
}

export function unitSize(e: WideEncoding): 2 | 4 {
  return e.startsWith('UTF-16') ? 2 : 4
}

/**
 * Reads UTF-16/32 code units as they arrive (chunk boundaries anywhere) and remembers the
 * line and column of the first `TrafficSplit`. Code units are compared as numbers, so
 * nothing is ever decoded into a string.
 */
export class WideScanner {
  private carry: Buffer = Buffer.alloc(0)
  private line = 1
  private column = 1
  /** Per kind name, how many of its code units the text ends with. */
  private readonly matched = NEEDLES.map(() => 0)
  private units = 0
  private bytes = 0
  found: { line: number; column: number } | undefined
  /** The kind name found. */
  foundName = ''
  private readonly unit: 2 | 4
  private readonly be: boolean

  constructor(readonly encoding: WideEncoding) {
    this.unit = unitSize(encoding)
    this.be = encoding.endsWith('BE')
  }

  push(chunk: Uint8Array): void {
    this.bytes += chunk.length
    if (this.found) return
    const b = this.carry.length ? Buffer.concat([this.carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length)
    const end = b.length - (b.length % this.unit)
    for (let i = 0; i < end; i += this.unit) {
      const code = this.unit === 2 ? (this.be ? b.readUInt16BE(i) : b.readUInt16LE(i)) : this.be ? b.readUInt32BE(i) : b.readUInt32LE(i)
      this.units++
      for (const [n, needle] of NEEDLES.entries()) {
        let k = this.matched[n]!
        while (k > 0 && code !== needle.codes[k]) k = needle.fail[k - 1]!
        if (code === needle.codes[k]) k++
        this.matched[n] = k
        if (k === needle.codes.length) {
          this.found = { line: this.line, column: this.column - k + 1 }
          this.foundName = needle.name
          return
        }
      }
      if (code === 0x0a) {
        this.line++
        this.column = 1
      } else if (!(this.units === 1 && code === 0xfeff)) {
        this.column++
      }
    }
    this.carry = Buffer.from(b.subarray(end))
  }

  /** Whether the whole input was a whole number of code units (else it is not that encoding). */
  get aligned(): boolean {
    return this.bytes % this.unit === 0
  }
}

/** The finding for an input that is not converted because of its encoding, if any. */
export function encodingFinding(input: Buffer, path: string): Finding | undefined {
  const wide = sniffWide(input)
  if (wide && input.length % unitSize(wide) === 0) {
    const scan = new WideScanner(wide)
    scan.push(input)
    return wideFinding(scan, path)
  }
  const nul = input.indexOf(0)
  if (nul >= 0)
    return binaryFinding(
      input,
      nul,
      KIND_NAMES.some((n) => input.includes(n)),
      path,
    )
  return undefined
}

export function wideFinding(scan: WideScanner, path: string): Finding {
  const e = scan.encoding
  const convert = `convert it to UTF-8 (iconv -f ${e} -t UTF-8) to process it`
  if (scan.found) {
    return {
      severity: 'error',
      code: 'not-utf8',
      offset: 0,
      path,
      ...scan.found,
      message: `${e} text mentions ${scan.foundName} but smi-migrate reads UTF-8 only; left unchanged: ${convert}`,
    }
  }
  return {
    severity: 'warning',
    code: 'not-utf8',
    offset: 0,
    path,
    line: 1,
    column: 1,
    message: `${e} text, not UTF-8; skipped (it mentions no SMI kind)`,
  }
}

/** A NUL byte at `nul`: not YAML text. Located by byte line and column. */
export function binaryFinding(bytes: Buffer, nul: number, mentions: boolean, path: string): Finding {
  let line = 1
  let lineStart = 0
  for (let i = bytes.indexOf(10); i >= 0 && i < nul; i = bytes.indexOf(10, i + 1)) {
    line++
    lineStart = i + 1
  }
  const where = { path, line, column: nul - lineStart + 1, offset: 0 }
  return mentions
    ? { severity: 'error', code: 'binary', ...where, message: 'NUL byte: not YAML text, yet it mentions TrafficSplit; left unchanged' }
    : { severity: 'warning', code: 'binary', ...where, message: 'binary file (NUL byte); skipped' }
}
