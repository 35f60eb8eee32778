/**
 * The pre-filter's second look, for the one way a document can name a kind without its bytes:
 * the escapes of a double-quoted YAML (or JSON) scalar. `"Tr\x61fficSplit"`, `"Tr\u0061fficSplit"`
 * and the line continuation `"Traffic\` + line break + `Split"` all read as `TrafficSplit`
 * (kubectl reads them so, as YAML 1.2 §5.7 and §7.3.1 say), but a byte search for the name
 * misses them. No other spelling can: plain, single-quoted and block scalars hold their letters
 * literally, and a line folded without a backslash gains a space.
 *
 * Only a document with such an escape (a backslash before `x`, `u`, `U` or a line break) takes
 * this path: its escapes are undone, everywhere in it, and the names searched again. Undoing
 * them outside a double-quoted scalar too (or after an escaped backslash) can only find more
 * names, never fewer: a document found so goes to the general path, which parses it and is
 * always right.
 */
import { BACKSLASH, CR, LF, SP, TAB } from './ascii.js'
import { findStem, type StemGroup, stemGroups } from './stems.js'

/** How many hex digits follow each escape that spells a character. */
const HEX_DIGITS: Readonly<Record<number, number>> = { 0x78: 2, 0x75: 4, 0x55: 8 }
/** What an escaped character outside ASCII becomes: no kind's name holds it. */
const NOT_ASCII = 0

/** Whether `b` names a kind of `groups` only once its escapes are undone (false when it has none that spells). */
export function spellsNameByEscape(b: Uint8Array, groups: readonly StemGroup[]): boolean {
  const buf = Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength)
  const first = firstSpellingEscape(buf)
  if (first < 0) return false
  const undone = undoEscapes(buf, first)
  return groups.some((g) => findStem(undone, g, 0) >= 0)
}

function firstSpellingEscape(b: Buffer): number {
  for (let at = b.indexOf(BACKSLASH); at >= 0; at = b.indexOf(BACKSLASH, at + 1)) {
    const c = b[at + 1]!
    if (c === LF || c === CR || HEX_DIGITS[c] !== undefined) return at
  }
  return -1
}

/** `b` with every spelling escape from `from` on replaced by what it reads as. */
function undoEscapes(b: Buffer, from: number): Buffer {
  const out = Buffer.allocUnsafe(b.length)
  b.copy(out, 0, 0, from)
  let o = from
  let i = from
  while (i < b.length) {
    // The bytes up to the next backslash as they are, in one native copy: escapes are rare.
    const next = b.indexOf(BACKSLASH, i)
    const end = next < 0 ? b.length : next
    o += b.copy(out, o, i, end)
    i = end
    if (i >= b.length) break
    const c = b[i + 1]
    if (c === LF || (c === CR && b[i + 2] === LF) || c === CR) {
      // An escaped line break: the break and the next line's leading blanks read as nothing.
      i += c === CR && b[i + 2] === LF ? 3 : 2
      while (b[i] === SP || b[i] === TAB) i++
      continue
    }
    const digits = c === undefined ? undefined : HEX_DIGITS[c]
    const code = digits === undefined ? NaN : hexAt(b, i + 2, digits)
    if (Number.isNaN(code)) {
      out[o++] = BACKSLASH
      i++
      continue
    }
    out[o++] = code < 0x80 ? code : NOT_ASCII
    i += 2 + digits!
  }
  return out.subarray(0, o)
}

/** The number written in `n` hex digits at `at`, or NaN. */
function hexAt(b: Buffer, at: number, n: number): number {
  if (at + n > b.length) return NaN
  const text = b.toString('latin1', at, at + n)
  return /^[0-9a-f]+$/i.test(text) ? parseInt(text, 16) : NaN
}

const TEXT_GROUPS = new Map<string, readonly StemGroup[]>()

/** Whether `text` spells the kind `name`, literally or by escapes: the pre-filter's test for one kind, on text. */
export function mentionsKind(text: string, name: string): boolean {
  return mentionsAny(text, [name])
}

/** Whether `text` spells any of `names`, literally or by escapes (undone once for all of them). */
export function mentionsAny(text: string, names: readonly string[]): boolean {
  if (names.some((n) => text.includes(n))) return true
  if (!text.includes('\\')) return false
  const key = names.join('\0')
  let groups = TEXT_GROUPS.get(key)
  if (!groups) TEXT_GROUPS.set(key, (groups = stemGroups(names.map((n) => Buffer.from(n)))))
  return spellsNameByEscape(Buffer.from(text), groups)
}
