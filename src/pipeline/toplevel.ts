/**
 * Decide from the top-level keys first: a document that spells a kind's name (the byte
 * pre-filter's test) but whose own `kind`, read from its first lines at column 0, is no kind
 * the pipeline reads, passes through untouched without a parse, however often its strings,
 * comments or block scalars mention one.
 *
 * The general path reads objects at the top level, as a List's items, and nested in values
 * (a HelmRelease's `spec.values`, reported), plus CustomResourceDefinitions and Helm
 * templates. So a document passes only when all of this holds, read off the bytes:
 *
 * - it starts (after blank and comment lines and one bare `---` line) with `kind: K` or
 *   `apiVersion: V` then `kind: K`, plain scalars of a few safe characters at column 0, the
 *   line after each at column 0 (not a continuation of the scalar);
 * - K is not a registered kind (kinds/names.ts, the same list the pre-filter searches for),
 *   not `CustomResourceDefinition`, and does not end in `List`;
 * - no other line at column 0 may be a second `kind`/`apiVersion` key or anything but a plain
 *   key (a quote, `?`, an anchor, alias or tag, a flow collection, a `%` directive, a
 *   `---`/`...` marker, a sequence);
 * - every occurrence of a kind's name is inside a longer scalar (letters or a word right
 *   before it on its line, or right after it) or in a comment, so no mapping below the top
 *   can have it as its `kind`;
 * - no escape of a double-quoted scalar can spell a letter or join two lines (`\x`, `\u`,
 *   `\U`, a backslash before a line break);
 * - it has no Helm template action (`{{`), no byte order mark, no NUL, is UTF-8, has none of
 *   YAML 1.1's extra line breaks (NEL, LS, PS, a lone CR), and is small enough to be parsed.
 *
 * Anything else is "unsure" and goes to the general path, which is always right. The one
 * difference a user can see: such a document is not parsed, so a YAML syntax error inside
 * it is not reported (the same trade-off the pre-filter makes for a document that never
 * mentions a kind, and the List path for such an item).
 */
import { isAscii, isUtf8 } from 'node:buffer'
import { KIND_NAMES } from '../kinds/names.js'
import { bytesAt, findStem, nameAt, type StemGroup, stemGroups } from './stems.js'
import { AMP, BACKSLASH, CR, HASH, LF, QUOTE, SP, STAR, TAB } from './ascii.js'

const SQUOTE = 0x27
const BANG = 0x21
const COLON = 0x3a

/** The kinds the general path reads at the top level besides the registered ones. */
const READ_KINDS: ReadonlySet<string> = new Set<string>([...KIND_NAMES, 'CustomResourceDefinition'])
const NAMES: readonly StemGroup[] = stemGroups(KIND_NAMES.map((n) => Buffer.from(n)))
const ACTION = Buffer.from('{{')
const KIND = Buffer.from('kind')
const API_VERSION = Buffer.from('apiVersion')
/**
 * The escapes of a double-quoted scalar that can spell a letter (`\x53`, `\u0074`, `\U…`), or
 * join two lines without a space (a backslash before the line break): a name written so is
 * not found by a byte search. The bytes after the backslash.
 */
const SPELLING_ESCAPE_AFTER: ReadonlySet<number> = new Set([...'xuU\n\r'].map((c) => c.charCodeAt(0)))
/** NEL in UTF-8, and the first two bytes of LS and PS (E2 80 A8, E2 80 A9). */
const NEL = Buffer.from([0xc2, 0x85])
const LS_PS_HEAD = Buffer.from([0xe2, 0x80])
/** Starts of a column-0 line that make the document "unsure" (`---` starts with a byte of UNSURE_FIRST). */
const UNSURE_STARTS: readonly Buffer[] = ['kind', 'apiVersion', '...'].map((s) => Buffer.from(s))
/** By a line's first byte: 1 if it makes the document unsure, 2 if it may start one of UNSURE_STARTS. */
const LINE_START = new Uint8Array(256)
for (const c of '"\'?&!*<{[%-@`|>,]}:\\') LINE_START[c.charCodeAt(0)] = 1
for (let c = 0x80; c < 0x100; c++) LINE_START[c] = 1
for (const s of UNSURE_STARTS) LINE_START[s[0]!] = 2

/**
 * Whether `doc` (one document, as the splitter cuts it) certainly holds nothing the general
 * path would read, so that it can pass through unparsed; false when unsure.
 */
export function holdsNothingToConvert(doc: Uint8Array, maxSize: number): boolean {
  return passThroughLines(doc, maxSize) >= 0
}

/**
 * holdsNothingToConvert, for a caller that counts lines: the number of line feeds in `doc` if
 * it certainly holds nothing the general path would read (the test reads every line anyway),
 * -1 when unsure.
 */
export function passThroughLines(doc: Uint8Array, maxSize: number): number {
  const b = Buffer.isBuffer(doc) ? doc : Buffer.from(doc.buffer, doc.byteOffset, doc.byteLength)
  if (b.length > maxSize) return -1
  const body = topLevelKind(b)
  if (body < 0) return -1
  if (b.indexOf(ACTION) >= 0 || b.indexOf(0) >= 0) return -1
  // ASCII is UTF-8 and has none of the multi-byte line breaks: one check instead of four.
  if (!isAscii(b) && (!isUtf8(b) || hasRareBreak(b))) return -1
  if (hasSpellingEscape(b)) return -1
  for (let cr = b.indexOf(CR); cr >= 0; cr = b.indexOf(CR, cr + 1)) if (b[cr + 1] !== LF) return -1
  const bodyLines = plainTopLevel(b, body)
  if (bodyLines < 0) return -1
  for (const g of NAMES) {
    for (let at = findStem(b, g, 0); at >= 0; at = findStem(b, g, at + 1)) if (!insideText(b, at, nameAt(b, g, at))) return -1
  }
  let headLines = 0
  for (let nl = b.indexOf(LF); nl >= 0 && nl < body; nl = b.indexOf(LF, nl + 1)) headLines++
  return headLines + bodyLines
}

/** Whether `b` holds NEL, LS or PS (UTF-8: C2 85, E2 80 A8, E2 80 A9). */
function hasRareBreak(b: Buffer): boolean {
  if (b.indexOf(NEL) >= 0) return true
  for (let at = b.indexOf(LS_PS_HEAD); at >= 0; at = b.indexOf(LS_PS_HEAD, at + 1))
    if (b[at + 2] === 0xa8 || b[at + 2] === 0xa9) return true
  return false
}

/** Whether a backslash in `b` starts one of SPELLING_ESCAPES (one search for all of them). */
function hasSpellingEscape(b: Buffer): boolean {
  for (let at = b.indexOf(BACKSLASH); at >= 0; at = b.indexOf(BACKSLASH, at + 1)) if (SPELLING_ESCAPE_AFTER.has(b[at + 1]!)) return true
  return false
}

/** [start, end) of the line at `start`, without its line break, and where the next line starts. */
function lineAt(b: Buffer, start: number): { end: number; next: number } {
  const nl = b.indexOf(LF, start)
  const stop = nl < 0 ? b.length : nl
  return { end: stop > start && b[stop - 1] === CR ? stop - 1 : stop, next: nl < 0 ? b.length : nl + 1 }
}

const isBlank = (c: number | undefined): boolean => c === SP || c === TAB

/** Whether [start, end) holds only blanks, or a comment after them. */
function blankOrComment(b: Buffer, start: number, end: number): boolean {
  let i = start
  while (i < end && isBlank(b[i])) i++
  return i === end || b[i] === HASH
}

/**
 * Reads the header: where the rest of the document starts if its top-level kind is certainly
 * one the general path does not read; -1 otherwise.
 */
function topLevelKind(b: Buffer): number {
  let i = 0
  let marker = false
  for (;;) {
    if (i >= b.length) return -1
    const l = lineAt(b, i)
    if (blankOrComment(b, i, l.end) && (l.end === i || b[i] === HASH || b[i] === SP || b[i] === TAB)) {
      i = l.next
      continue
    }
    if (!marker && b[i] === 0x2d && b[i + 1] === 0x2d && b[i + 2] === 0x2d && (i + 3 === l.end || isBlank(b[i + 3]))) {
      // `---`, alone or with a comment after a blank; `--- x` puts content on the marker's line.
      if (!blankOrComment(b, i + 3, l.end)) return -1
      marker = true
      i = l.next
      continue
    }
    break
  }
  if (keyValue(b, i, API_VERSION, isApiVersionChar) !== undefined) {
    i = nextAtColumn0(b, i)
    if (i < 0) return -1
  }
  const kind = keyValue(b, i, KIND, isKindChar)
  if (kind === undefined || READ_KINDS.has(kind) || kind.endsWith('List')) return -1
  return nextAtColumn0(b, i)
}

/**
 * Where the line after the one at `i` starts, skipping blank lines and comment lines at
 * column 0; -1 if that line is indented (it could continue the scalar on line `i`).
 */
function nextAtColumn0(b: Buffer, i: number): number {
  let at = lineAt(b, i).next
  while (at < b.length) {
    const l = lineAt(b, at)
    if (l.end === at) {
      at = l.next
      continue
    }
    if (b[at] === HASH) {
      at = l.next
      continue
    }
    return isBlank(b[at]) ? -1 : at
  }
  return at
}

const isKindChar = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)
const isApiVersionChar = (c: number): boolean => isKindChar(c) || c === 0x2e || c === 0x2f || c === 0x2d

/** The value of `key: value` on the line at `i` (a plain scalar of `ok` characters, then blanks or a comment). */
function keyValue(b: Buffer, i: number, key: Buffer, ok: (c: number) => boolean): string | undefined {
  const l = lineAt(b, i)
  if (l.end - i < key.length + 3 || !bytesAt(b, key, i) || b[i + key.length] !== COLON) return undefined
  let j = i + key.length + 1
  if (!isBlank(b[j])) return undefined
  while (j < l.end && isBlank(b[j])) j++
  const start = j
  while (j < l.end && ok(b[j]!)) j++
  if (j === start || (j < l.end && !isBlank(b[j]))) return undefined
  const value = b.toString('latin1', start, j)
  return blankOrComment(b, j, l.end) ? value : undefined
}

/**
 * Whether every line at column 0 from `from` (a line's start) on is blank, a comment, or starts
 * a plain key other than kind and apiVersion: the number of line feeds from `from` on if so, -1
 * if not.
 */
function plainTopLevel(b: Buffer, from: number): number {
  let lines = 0
  for (let at = from; at < b.length;) {
    const t = LINE_START[b[at]!]!
    if (t === 1) return -1
    if (t === 2) for (const s of UNSURE_STARTS) if (bytesAt(b, s, at)) return -1
    const nl = b.indexOf(LF, at)
    if (nl < 0) break
    lines++
    at = nl + 1
  }
  return lines
}

const isWord = (c: number | undefined): boolean => c !== undefined && isKindChar(c)
const isWordJoin = (c: number): boolean => isKindChar(c) || c === 0x5f || c === 0x2e || c === 0x2f || c === 0x3d || c === 0x28 || c === 0x2d

/**
 * Whether the name at [at, at + n) is part of a longer scalar or of a comment, so that no
 * mapping can have it as a whole value. Unsure is false.
 */
function insideText(b: Buffer, at: number, n: number): boolean {
  const ls = at > 0 ? b.lastIndexOf(LF, at - 1) + 1 : 0
  // After it on its line: a letter or digit, or blanks and then one (the same scalar goes on).
  let j = at + n
  if (isWord(b[j]) || b[j] === 0x5f) return true
  while (isBlank(b[j])) j++
  if (j > at + n && isWord(b[j])) return true
  // Before it: a character that joins it to a longer plain scalar, an escaped quote of a
  // double-quoted one, or a word (not an anchor, alias or tag) and blanks.
  const p = at - 1
  if (p >= ls) {
    const c = b[p]!
    if (isWordJoin(c)) return true
    if (c === QUOTE && p - 1 >= ls && b[p - 1] === BACKSLASH) return true
    if (isBlank(c)) {
      let k = p
      while (k >= ls && isBlank(b[k])) k--
      if (k >= ls && isWord(b[k])) {
        let t = k
        while (t > ls && !isBlank(b[t - 1])) t--
        if (b[t] !== AMP && b[t] !== BANG && b[t] !== STAR) return true
      }
    }
  }
  // In a comment: a `#` at the line's start or after a blank, with no quote on the line before the name.
  let comment = false
  for (let h = ls; h < at; h++) {
    const c = b[h]
    if (c === QUOTE || c === SQUOTE) return false
    if (c === HASH && (h === ls || isBlank(b[h - 1]))) comment = true
  }
  return comment
}
