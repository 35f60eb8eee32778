/**
 * Reads a parsed mapping's layout (edit/layout.ts): key and value spans, whole lines of
 * block pairs with the comment lines above them, style and indentation. Lazily built, only
 * for objects whose conversion adds or moves keys.
 */
import { isMap, isScalar, type Node, type YAMLMap } from 'yaml'
import type { MapLayout, PairSpan } from '../edit/layout.js'
import { columnOf, lineStart } from '../edit/lines.js'

export function mapLayout(map: YAMLMap, text: string): MapLayout {
  const [start, end] = map.range ?? [0, 0]
  const pairs: PairSpan[] = []
  const flow = Boolean(map.flow)
  let quoteKeys = false
  let prevEnd = start
  // A byte order mark opens a document's first line: the text's, or (in a stream) a later
  // document's, after its `---`. It is no column of a key, and stays where it is.
  const afterBom = (at: number): number => (text.charCodeAt(at) === 0xfeff ? at + 1 : at)
  for (const pair of map.items) {
    const key = pair.key as Node | null
    if (!isScalar(key) || !key.range) continue
    const value = pair.value as Node | null
    const [keyStart, keyEnd] = key.range
    const valueEnd = value?.range?.[1] ?? keyEnd
    if (key.type === 'QUOTE_DOUBLE') quoteKeys = true
    const from = lineStart(text, keyStart)
    const inline = text.slice(from, keyStart).trim() !== ''
    let pairStart = keyStart
    let pairEnd = valueEnd
    if (!flow) {
      pairStart = inline ? keyStart : afterBom(commentsAbove(text, from, prevEnd))
      pairEnd = lineEnd(text, Math.max(value?.range?.[2] ?? keyEnd, keyEnd))
    }
    const span: PairSpan = { key: String(key.value), keyStart, keyEnd, valueEnd, start: pairStart, end: pairEnd, inline }
    // `? key`: the explicit key's indicator is what stands before it on its line.
    const before = text.slice(from, keyStart).trimEnd()
    if (inline && before.endsWith('?')) span.explicit = from + before.length - 1
    if (isMap(value)) span.map = mapLayout(value, text)
    pairs.push(span)
    prevEnd = pairEnd
  }
  // The keys' column, read off a key that starts its line (not `- key`, `? key` or `--- key`).
  const first = (flow ? pairs[0] : pairs.find((p) => !p.inline)) ?? pairs[0]
  const column = first
    ? columnOf(text, first.keyStart) - (afterBom(lineStart(text, first.keyStart)) > lineStart(text, first.keyStart) ? 1 : 0)
    : 0
  const nested = pairs.find((p) => p.map && !p.map.flow && p.map.pairs.length)
  const indent = nested ? Math.max(1, nested.map!.column - column) : 2
  for (const p of pairs) {
    if (p.map && !p.map.flow) p.map.indent = indent
    // An empty `{}` shows no key style of its own: its keys are written like its parent's.
    if (p.map && p.map.pairs.length === 0) p.map.quoteKeys = quoteKeys
  }
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  return { flow, quoteKeys, start, end, column, indent, eol, pairs }
}

/** The start of the comment lines directly above `lineStart` (no blank line between), not before `floor`. */
function commentsAbove(text: string, from: number, floor: number): number {
  let at = from
  while (at > floor) {
    const prev = lineStart(text, at - 1)
    if (prev < floor || !text.slice(prev, at).trimStart().startsWith('#')) break
    at = prev
  }
  return at
}

/** `at`, or the end of its line (after the line break) when `at` is inside a line's content. */
function lineEnd(text: string, at: number): number {
  if (at === 0 || text[at - 1] === '\n') return at
  // A value's range may end in the next line's indentation (before a List item's next key).
  const from = lineStart(text, at)
  if (text.slice(from, at).trim() === '') return from
  const nl = text.indexOf('\n', at)
  return nl < 0 ? text.length : nl + 1
}
