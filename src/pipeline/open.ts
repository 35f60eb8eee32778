/**
 * Whether a List item, cut where the next line at column 0 starts, may end inside a quoted
 * scalar or a flow collection. kubectl's YAML reader (go-yaml) lets both run on over lines at
 * column 0, so such a line may be text inside the item rather than the next item or the
 * List's tail: the item-wise path cannot tell, and hands the document to the general path.
 *
 * A byte scan, line by line, conservative: what it cannot place (a quote that might open a
 * scalar) counts as opening one, so an unsure answer is "open" (the general path is always
 * right, only slower). Block scalars (`|`, `>`) are skipped as text, down to the first line
 * indented no deeper than the node that holds them.
 */
import { CR, DASH, HASH, LF, SP, TAB } from './ascii.js'

const DQUOTE = 0x22
const SQUOTE = 0x27
const BACKSLASH = 0x5c
const COLON = 0x3a
const COMMA = 0x2c
const QUESTION = 0x3f
const PIPE = 0x7c
const GT = 0x3e
const BANG = 0x21
const AMP = 0x26
const LBRACKET = 0x5b
const RBRACKET = 0x5d
const LBRACE = 0x7b
const RBRACE = 0x7d

interface ScanState {
  /** The quote of the scalar the scan is in, or 0. */
  quote: number
  /** Flow collections open ([ and {). */
  flow: number
  /** Inside a block scalar: lines indented deeper than this are its text; -1 otherwise. */
  block: number
}

/** Whether `item` may end inside a quoted scalar or a flow collection. */
export function mayEndOpen(item: Uint8Array): boolean {
  const s: ScanState = { quote: 0, flow: 0, block: -1 }
  let i = 0
  while (i < item.length) {
    let end = item.indexOf(LF, i)
    if (end < 0) end = item.length
    scanLine(item, i, end, s)
    i = end + 1
  }
  return s.quote !== 0 || s.flow > 0
}

/** The bytes scanLine looks at outside quotes; a run of any others changes nothing but the first of them does. */
const SPECIAL = new Uint8Array(256)
for (const c of [
  SP,
  TAB,
  CR,
  LF,
  HASH,
  DQUOTE,
  SQUOTE,
  PIPE,
  GT,
  DASH,
  QUESTION,
  COLON,
  BANG,
  AMP,
  LBRACKET,
  LBRACE,
  RBRACKET,
  RBRACE,
  COMMA,
])
  SPECIAL[c] = 1

const isSpace = (c: number | undefined): boolean => c === SP || c === TAB || c === CR || c === LF || c === undefined

/** Scans one line [start, end) and updates the state. */
function scanLine(b: Uint8Array, start: number, end: number, s: ScanState): void {
  let i = start
  if (s.quote === 0 && s.flow === 0) {
    while (i < end && (b[i] === SP || b[i] === TAB)) i++
    if (i === end || b[i] === CR) return
    if (s.block >= 0) {
      if (i - start > s.block) return
      s.block = -1
    }
  }
  // Where a scalar may start (a quote there opens one), and the column of the node in hand.
  let atStart = s.quote === 0
  let node = i - start
  for (; i < end; i++) {
    const c = b[i]!
    if (s.quote !== 0) {
      // Inside quotes only the closing quote (and a backslash before it) counts.
      if (c !== s.quote && c !== BACKSLASH) {
        while (i + 1 < end && b[i + 1] !== s.quote && b[i + 1] !== BACKSLASH) i++
        continue
      }
      if (s.quote === DQUOTE && c === BACKSLASH) i++
      else if (c === s.quote) {
        if (c === SQUOTE && b[i + 1] === SQUOTE) i++
        else {
          s.quote = 0
          atStart = false
        }
      }
      continue
    }
    if (SPECIAL[c] === 0) {
      // A plain byte, and the run of plain bytes after it: what the last two lines below do.
      if (atStart && s.flow === 0) node = i - start
      atStart = false
      while (i + 1 < end && SPECIAL[b[i + 1]!] === 0) i++
      continue
    }
    if (c === SP || c === TAB || c === CR) continue
    const before = i === start ? SP : b[i - 1]
    if (c === HASH && isSpace(before)) return
    if (atStart && (c === DQUOTE || c === SQUOTE)) {
      s.quote = c
      continue
    }
    if (s.flow === 0 && atStart && (c === PIPE || c === GT)) {
      s.block = node
      return
    }
    if ((c === DASH || c === QUESTION) && atStart && s.flow === 0 && isSpace(b[i + 1])) {
      node = i - start
      continue
    }
    if (c === COLON && (isSpace(b[i + 1]) || s.flow > 0)) {
      atStart = true
      continue
    }
    if (atStart && (c === BANG || c === AMP)) {
      // A tag or an anchor: the scalar, if any, starts after it.
      while (i + 1 < end && !isSpace(b[i + 1])) i++
      continue
    }
    if (c === LBRACKET || c === LBRACE) {
      if (atStart || s.flow > 0) {
        s.flow++
        atStart = true
        continue
      }
    } else if ((c === RBRACKET || c === RBRACE) && s.flow > 0) {
      s.flow--
      atStart = false
      continue
    } else if (c === COMMA && s.flow > 0) {
      atStart = true
      continue
    }
    if (atStart && s.flow === 0) node = i - start
    atStart = false
  }
}
