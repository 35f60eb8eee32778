/**
 * A Helm template document read with its actions masked (template.ts's maskTemplate, the one
 * masking of the project), for the deploy-time check (files/deployers.ts): the parsed documents
 * of the masked text (every offset is the source's), and where each action sits, so that a
 * caller can tell an action that writes one scalar of a known field from one that may write
 * fields of its own.
 */
import { isMap, isScalar, isSeq, type Node } from 'yaml'
import { parseDocuments, type ParsedDocument } from './documents.js'
import { maskTemplate } from './template.js'

export type MaskedKey = string | number

export interface PlacedAction {
  start: number
  end: number
  /** The action's source text (`{{ ... }}`). */
  body: string
  /** Alone on its line(s). */
  standalone: boolean
  /** Writes text (not `if`/`end`/`range`/`with`/a comment/an assignment). */
  output: boolean
  /** Inside a `define` block (renders where it is included). */
  inDefine: boolean
  /** On a line of its own with `-}}`: the next line's indentation (and its line break) is trimmed, so lines may join. */
  joins: boolean
  /** The scalar it lies in: its document (index into `docs`), its key path, and whether that scalar is a key. */
  at?: { doc: number; path: MaskedKey[]; key: boolean }
}

export interface MaskedRead {
  docs: ParsedDocument[]
  actions: PlacedAction[]
  /** The `define` blocks, [start, end) in the source. */
  defines: Array<{ start: number; end: number }>
}

/** `text` read with its template actions masked; undefined when it holds no complete action. */
export function readMasked(text: string): MaskedRead | undefined {
  const m = maskTemplate(text)
  if (!m) return undefined
  const docs = parseDocuments(m.text, { merge: true })
  const actions = m.actions.map((a): PlacedAction => {
    const placed: PlacedAction = {
      start: a.start,
      end: a.end,
      body: text.slice(a.start, a.end),
      standalone: a.standalone,
      output: a.output,
      inDefine: a.inDefine === true,
      joins: a.standalone && text.slice(a.end - 3, a.end) === '-}}' && joinsLines(m.text, a.start, a.end),
    }
    for (const [i, d] of docs.entries()) {
      if (d.error || a.start < d.start || a.start >= d.end) continue
      const at = locate(d.doc.contents, a.start, [])
      if (at) placed.at = { doc: i, ...at }
    }
    return placed
  })
  return { docs, actions, defines: m.defines.map((d) => ({ start: d.start, end: d.end })) }
}

/**
 * Whether a right-trimmed action on its own line changes the structure: content (not a masked
 * action) stands before it, or the next content line is indented (it loses its indentation).
 */
function joinsLines(masked: string, start: number, end: number): boolean {
  const before = masked
    .slice(0, start)
    .split('\n')
    .some((l) => l.trim() !== '' && !l.trim().startsWith('#'))
  const rest = masked.slice(end)
  const content = rest.search(/\S/)
  const lineHead = rest.lastIndexOf('\n', content) + 1
  return before || (content > lineHead && content >= 0)
}

function locate(node: unknown, offset: number, path: MaskedKey[]): { path: MaskedKey[]; key: boolean } | undefined {
  if (isMap(node)) {
    for (const p of node.items) {
      const k = p.key as Node | null
      const name = isScalar(k) ? String(k.value) : '?'
      if (k?.range && offset >= k.range[0] && offset < k.range[1]) return { path: [...path, name], key: true }
      const found = locate(p.value, offset, [...path, name])
      if (found) return found
    }
  } else if (isSeq(node)) {
    for (const [i, item] of node.items.entries()) {
      const found = locate(item, offset, [...path, i])
      if (found) return found
    }
  } else if (isScalar(node) && node.range && offset >= node.range[0] && offset < node.range[1]) return { path, key: false }
  return undefined
}
