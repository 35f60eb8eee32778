/**
 * The edit shape that replaces an object by other objects (`--to gateway`: a TrafficSplit
 * by its routes), or writes them after it (`--keep-trafficsplit`). Only the object's own
 * text changes: comments above it stay (with the first new object), and so does everything
 * after it. The new objects are written in the source's style:
 *
 * - a top-level YAML document becomes several documents separated by `---`, indented like
 *   the source (its step, and whether sequences start at their key's column);
 * - an item of a List (`- apiVersion: …`) becomes several items with the same dash;
 * - JSON stays JSON: several values one after another at the top level (a JSON stream,
 *   which kubectl reads), or array elements, pretty-printed when the source is.
 */
import type { Edit } from '../model.js'
import { emitBlockMap, emitFlow, jsonText, type PlainValue, type Style } from './emit.js'
import type { MapLayout } from './layout.js'
import { columnOf, lineStart } from './lines.js'

export type Placed = { edit: Edit } | { refused: string; offset: number }

export function replaceObject(
  text: string,
  map: MapLayout,
  item: boolean,
  objects: ReadonlyArray<{ [key: string]: PlainValue }>,
  keep: boolean,
): Placed {
  // A block mapping's range runs over the line break after its last value: stop before it.
  let end = map.end
  while (end > map.start && ' \t\r\n'.includes(text[end - 1]!)) end--
  const start = lineStart(text, map.start)
  const prefix = text.slice(start, map.start)
  const json = map.flow
  let separator: string
  let written: string[]
  if (json) {
    const lineIndent = /^[ \t]*/.exec(prefix)![0]
    const pretty = text.slice(map.start, end).includes('\n')
    const step = pretty ? jsonStep(text, map) : 0
    const write = (o: { [key: string]: PlainValue }): string =>
      pretty
        ? jsonText(o, step)
            .split('\n')
            .join(map.eol + lineIndent)
        : emitFlow(o, { flow: true, json: map.quoteKeys, indent: 0, eol: map.eol })
    if (!item && map.quoteKeys) {
      // A JSON document: several values one after another are no longer YAML (a JSON object
      // may stand in a YAML stream), and `---` is no longer JSON. One value it stays: the
      // routes become a v1 List, and with the TrafficSplit kept it goes first, as written.
      if (keep) {
        const routes = objects.map((o) => `${map.eol}${lineIndent}${write(o)}`).join(',')
        const head = '{"apiVersion": "v1", "kind": "List", "items": ['
        return {
          edit: {
            start: map.start,
            end,
            text: `${head}${map.eol}${lineIndent}${text.slice(map.start, end)},${routes}${map.eol}${lineIndent}]}`,
          },
        }
      }
      const one = objects.length === 1 ? objects[0]! : { apiVersion: 'v1', kind: 'List', items: [...objects] }
      return { edit: { start: map.start, end, text: write(one) } }
    }
    written = objects.map(write)
    separator = item ? (pretty ? `,${map.eol}${lineIndent}` : ', ') : `${map.eol}---${map.eol}`
  } else {
    const style: Style = {
      flow: false,
      json: false,
      indent: map.indent,
      eol: map.eol,
      compactSequences: compactSequences(text, map.start, end),
    }
    written = objects.map((o) => emitBlockMap(o, style, map.column))
    if (item) {
      // `- ` (or `  -   `) before the object's first key: each new item gets the same dash.
      const dash = /^[ \t]*-[ \t]+$/.test(prefix) ? prefix : dashAbove(text, start, prefix)
      if (dash === undefined) return { refused: "is written on a line that does not start with its List item's dash", offset: map.start }
      separator = map.eol + dash
    } else {
      if (prefix.trim() !== '') return { refused: 'does not start its line', offset: map.start }
      separator = `${map.eol}---${map.eol}${prefix}`
    }
  }
  const joined = written.join(separator)
  return { edit: keep ? { start: end, end, text: separator + joined } : { start: map.start, end, text: joined } }
}

/**
 * The dash for each new item when the object's first key starts its own line (`prefix`, spaces
 * only) below its item's dash: a `-` alone on its line, or with a comment after it (`- # Copyright
 * …`, as kpt keeps a file's leading comment), comment or blank lines between. The dash line
 * stays with the first new object; the others get a dash at its column with their keys at the
 * object's column. Undefined when the line above is anything else.
 */
function dashAbove(text: string, start: number, prefix: string): string | undefined {
  if (!/^ *$/.test(prefix)) return undefined
  for (let end = start - 1; end > 0;) {
    const from = lineStart(text, end)
    const line = text.slice(from, end).replace(/\r$/, '')
    end = from - 1
    if (/^[ \t]*(#.*)?$/.test(line)) continue
    const dash = /^( *)-[ \t]*(#.*)?$/.exec(line)
    const gap = dash ? prefix.length - dash[1]!.length - 1 : 0
    return dash && gap >= 1 ? `${dash[1]!}-${' '.repeat(gap)}` : undefined
  }
  return undefined
}

/** Whether the source writes block sequences at their key's column (`key:` then `- x`). */
function compactSequences(text: string, start: number, end: number): boolean {
  const lines = text.slice(start, end).split('\n')
  for (let i = 0; i + 1 < lines.length; i++) {
    const key = /^([ \t]*)[^\s#-][^#]*:[ \t]*\r?$/.exec(lines[i]!)
    if (!key) continue
    const next = lines.slice(i + 1).find((l) => l.trim() !== '' && !l.trimStart().startsWith('#'))
    const dash = next === undefined ? null : /^([ \t]*)- /.exec(next)
    if (dash) return dash[1]!.length === (i === 0 ? columnOf(text, start) : key[1]!.length)
  }
  return false
}

/** Spaces per level of a pretty-printed JSON object: its first key's column minus its brace's line indentation. */
function jsonStep(text: string, map: MapLayout): number {
  const first = map.pairs[0]
  if (!first) return 2
  const keyColumn = first.keyStart - lineStart(text, first.keyStart)
  const braceIndent = /^[ \t]*/.exec(text.slice(lineStart(text, map.start), map.start))![0].length
  return Math.max(1, keyColumn - braceIndent)
}
