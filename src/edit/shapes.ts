/**
 * The edit shapes beyond replacing a scalar, each keeping every byte it does not have to
 * change: wrap top-level keys under a new key (their lines move with their comments,
 * re-indented one level), and add a key with a value written in the source's own style.
 * They return the edits, or why the shape cannot be made in this source.
 */
import type { Edit } from '../model.js'
import { emitPair, type PlainValue, type Style } from './emit.js'
import type { MapLayout, PairSpan } from './layout.js'
import { lineStart } from './lines.js'

export type Shaped = { edits: Edit[] } | { refused: string; offset: number }

/** Moves the pairs named `keys` under a new key `under` (renaming per `rename`), where the first of them stood. */
export function wrapKeys(
  text: string,
  map: MapLayout,
  keys: readonly string[],
  under: string,
  rename: Readonly<Record<string, string>> = {},
): Shaped {
  const moved = map.pairs.filter((p) => keys.includes(p.key))
  if (moved.length === 0) return { edits: [] }
  const first = moved[0]!
  if (map.flow) {
    const from = map.pairs.indexOf(first)
    if (map.pairs.slice(from, from + moved.length).some((p, i) => p !== moved[i])) {
      return {
        refused: `${moved.map((p) => p.key).join(' and ')} are not next to each other in a flow mapping; put them together to convert it`,
        offset: first.keyStart,
      }
    }
    const last = moved[moved.length - 1]!
    const inner = renamed(text, first.keyStart, last.valueEnd, moved, rename, map)
    const key = map.quoteKeys ? JSON.stringify(under) : under
    const keyLine = lineStart(text, first.keyStart)
    const onOwnLine = text.slice(keyLine, first.keyStart).trim() === ''
    if (!inner.includes('\n') || !onOwnLine) return { edits: [{ start: first.keyStart, end: last.valueEnd, text: `${key}: {${inner}}` }] }
    // Pretty-printed JSON: the moved pairs go one level deeper, between lines of their own.
    const pad = text.slice(keyLine, first.keyStart)
    const unit = ' '.repeat(map.indent)
    const body = inner
      .split('\n')
      .map((l, i) => (i === 0 || l.trim() === '' ? l : unit + l))
      .join('\n')
    return { edits: [{ start: first.keyStart, end: last.valueEnd, text: `${key}: {${map.eol}${pad}${unit}${body}${map.eol}${pad}}` }] }
  }
  const inline = moved.find((p) => p.inline)
  if (inline?.explicit !== undefined)
    return {
      refused: `${inline.key} is an explicit key (? ${inline.key}), which cannot move as a line of its own; write it as "${inline.key}:" to convert it`,
      offset: inline.explicit,
    }
  if (inline)
    return {
      refused: `${inline.key} shares its line with what comes before it; put it on a line of its own to convert it`,
      offset: inline.keyStart,
    }
  const unit = ' '.repeat(map.indent)
  // The moved lines end where the last of them ended unless other keys stood between them
  // (then the gathered block is followed by those keys and needs its line break).
  const from = map.pairs.indexOf(first)
  const together = map.pairs.slice(from, from + moved.length).every((p, i) => p === moved[i])
  const blocks = moved.map((p, i) => {
    let block = renamed(text, p.start, p.end, [p], rename, map)
    if (!block.endsWith('\n') && (i < moved.length - 1 || !together)) block += map.eol
    // Only empty lines stay as they are: a line of spaces may be content (inside a block scalar).
    return block
      .split(/(?<=\n)/)
      .map((l) => (l === '\n' || l === '\r\n' ? l : unit + l))
      .join('')
  })
  const head = `${' '.repeat(map.column)}${map.quoteKeys ? JSON.stringify(under) : under}:${map.eol}`
  const edits: Edit[] = [{ start: first.start, end: first.end, text: head + blocks.join('') }]
  for (const p of moved.slice(1)) edits.push({ start: p.start, end: p.end, text: '' })
  return { edits }
}

/** The source of [start, end) with the keys of `pairs` renamed in their own quoting. */
function renamed(
  text: string,
  start: number,
  end: number,
  pairs: readonly PairSpan[],
  rename: Readonly<Record<string, string>>,
  map: MapLayout,
): string {
  let out = ''
  let at = start
  for (const p of pairs) {
    const to = rename[p.key]
    if (to === undefined) continue
    const raw = text.slice(p.keyStart, p.keyEnd)
    const quote = raw[0] === '"' || raw[0] === "'" ? raw[0] : ''
    out += text.slice(at, p.keyStart) + (quote === '"' || (map.quoteKeys && quote) ? JSON.stringify(to) : `${quote}${to}${quote}`)
    at = p.keyEnd
  }
  return out + text.slice(at, end)
}

/** Adds `key: value` as the last pair of `map`. */
export function addKey(text: string, map: MapLayout, key: string, value: PlainValue): Shaped {
  const style: Style = { flow: map.flow, json: map.quoteKeys, indent: map.indent, eol: map.eol }
  const last = map.pairs[map.pairs.length - 1]
  if (map.flow) {
    const pair = emitPair(key, value, style, map.column)
    if (!last) {
      // `{}` (or `{ }`): the pair goes between the braces.
      return { edits: [{ start: map.start + 1, end: map.end - 1, text: pair }] }
    }
    const from = lineStart(text, last.keyStart)
    const pad = text.slice(from, last.keyStart)
    const ownLine = pad.trim() === '' && from > map.start
    return { edits: [{ start: last.valueEnd, end: last.valueEnd, text: ownLine ? `,${map.eol}${pad}${pair}` : `, ${pair}` }] }
  }
  if (!last) return { refused: 'the mapping is empty', offset: map.start }
  const at = last.end
  const lead = at > 0 && text[at - 1] !== '\n' ? map.eol : ''
  const pair = emitPair(key, value, { ...style, flow: false }, map.column)
  return { edits: [{ start: at, end: at, text: `${lead}${' '.repeat(map.column)}${pair}${map.eol}` }] }
}
