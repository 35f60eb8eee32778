/**
 * `--strip-server-fields`: the removals that make a `kubectl get -o yaml|json` dump safe to
 * re-apply. Whole pairs are cut out of the source text (their comments and nested blocks
 * with them), a mapping left empty is removed with its key, and every other byte stays.
 *
 * Block mappings lose whole lines; flow mappings (and JSON) lose `key: value` with exactly
 * one neighbouring comma, so the result is still valid YAML, and valid JSON when it was.
 */
import { isMap, isNode, isScalar, type Node, type Pair, visit, type YAMLMap } from 'yaml'
import type { Edit } from '../model.js'
import { lineStart } from '../edit/lines.js'

/** A server field kept because removing it would break the document. */
export interface KeptField {
  path: string
  anchor: string
  offset: number
}

/** Keys the API server owns under `metadata`. */
const SERVER_METADATA = new Set(['creationTimestamp', 'generation', 'resourceVersion', 'selfLink', 'uid', 'managedFields'])
/** The old object as JSON; a later `kubectl apply` would compute its merge against it. */
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration'

/** The edits that strip one object (an item or a top-level object) of server-owned fields. */
export function serverFieldRemovals(obj: YAMLMap, text: string, onKept: (k: KeptField) => void = () => {}): Edit[] {
  const edits: Edit[] = []
  const drop = new Set<Pair>()
  /**
   * A pair that holds an anchor some alias outside it reads is kept: removing it would leave
   * that alias dangling (an invalid document).
   */
  const removable = (pair: Pair, path: string): boolean => {
    const anchor = usedAnchor(pair, text)
    if (anchor) onKept({ path, anchor: anchor.name, offset: keyStart(pair) })
    return !anchor
  }
  /**
   * A mapping some alias elsewhere reads keeps all its pairs: removing one would change what
   * that alias reads too.
   */
  const shared = (map: YAMLMap, path: string, offset: number): boolean => {
    const range = map.range
    const used = map.anchor !== undefined && range != null && aliasOutside(map.anchor, range[0], range[1], text)
    if (used) onKept({ path, anchor: map.anchor!, offset })
    return used
  }
  if (shared(obj, 'the object', obj.range?.[0] ?? 0)) return edits
  for (const pair of obj.items) {
    const key = keyOf(pair)
    if (key === 'status' && removable(pair, 'status')) drop.add(pair)
    if (key !== 'metadata' || !isMap(pair.value) || shared(pair.value, 'metadata', keyStart(pair))) continue
    const meta = pair.value
    const metaDrop = new Set<Pair>(meta.items.filter((p) => SERVER_METADATA.has(keyOf(p) ?? '') && removable(p, `metadata.${keyOf(p)}`)))
    const annotations = meta.items.find((p) => keyOf(p) === 'annotations')
    if (annotations && isMap(annotations.value) && !shared(annotations.value, 'metadata.annotations', keyStart(annotations))) {
      const ann = annotations.value
      const annDrop = new Set<Pair>(
        ann.items.filter((p) => keyOf(p) === LAST_APPLIED && removable(p, `metadata.annotations["${LAST_APPLIED}"]`)),
      )
      if (annDrop.size > 0 && annDrop.size === ann.items.length && !ann.anchor) metaDrop.add(annotations)
      else edits.push(...removePairs(ann, annDrop, text))
    }
    if (metaDrop.size > 0 && metaDrop.size === meta.items.length && !meta.anchor) drop.add(pair)
    else edits.push(...removePairs(meta, metaDrop, text))
  }
  // Never empty the object itself: it keeps at least apiVersion and kind.
  if (drop.size < obj.items.length) edits.push(...removePairs(obj, drop, text))
  return edits
}

/** Removes `drop` (some, not all, of `map`'s pairs) from the source. */
function removePairs(map: YAMLMap, drop: ReadonlySet<Pair>, text: string): Edit[] {
  if (drop.size === 0) return []
  return map.flow ? removeFlowPairs(map, drop) : map.items.filter((p) => drop.has(p)).map((p) => removeBlockPair(map, p, text))
}

/**
 * In a flow mapping a removed run of pairs takes the comma after it (up to the next kept
 * key), or, at the end of the mapping, the comma before it (from the previous kept value).
 */
function removeFlowPairs(map: YAMLMap, drop: ReadonlySet<Pair>): Edit[] {
  const items = map.items
  const edits: Edit[] = []
  for (let i = 0; i < items.length; i++) {
    if (!drop.has(items[i]!)) continue
    let j = i
    while (j + 1 < items.length && drop.has(items[j + 1]!)) j++
    if (j + 1 < items.length) edits.push({ start: keyStart(items[i]!), end: keyStart(items[j + 1]!), text: '' })
    else edits.push({ start: valueEnd(items[i - 1]!), end: valueEnd(items[j]!), text: '' })
    i = j
  }
  return edits
}

/**
 * A block pair goes with its whole lines: the comment lines directly above it at its own
 * indentation, the key line, and every line of its value up to where its content ends (a
 * comment on that last line included; comment lines after it belong to what follows).
 * Blank lines after it stay, so the spacing between the remaining keys is kept.
 */
function removeBlockPair(map: YAMLMap, pair: Pair, text: string): Edit {
  // An explicit key (`? status` then `: value`) goes with its `?`.
  const key = explicitKeyIndicator(text, keyStart(pair)) ?? keyStart(pair)
  const keyLine = lineStart(text, key)
  let end = Math.max(valueEnd(pair), keyStart(pair))
  if (end > 0 && text[end - 1] !== '\n') {
    const nl = text.indexOf('\n', end)
    end = nl < 0 ? text.length : nl + 1
  }
  end = trimTrailingBlankLines(text, keyLine, end)
  if (text.slice(keyLine, key).trim() !== '') {
    // `- key: value`: the pair shares its line with a sequence indicator. The next pair moves
    // up onto this line in its place (at the same column, so it stays in the same mapping)
    // when only spaces separate them; otherwise (comment lines that belong to the next
    // pair) the pair's own lines go and the `-` stays, its mapping starting on the next line.
    const next = map.items[map.items.indexOf(pair) + 1]
    const nextKey = next ? (explicitKeyIndicator(text, keyStart(next)) ?? keyStart(next)) : -1
    if (next && text.slice(end, nextKey).trim() === '') return { start: key, end: nextKey, text: '' }
    let start = key
    while (text[start - 1] === ' ' || text[start - 1] === '\t') start--
    return { start, end: next && text[end - 1] === '\n' ? end - 1 : end, text: '' }
  }
  const indent = key - keyLine
  let start = keyLine
  for (;;) {
    if (start === 0) break
    const prevStart = lineStart(text, start - 1)
    const line = text.slice(prevStart, start)
    const body = line.trimStart()
    if (!body.startsWith('#') || line.length - body.length !== indent) break
    start = prevStart
  }
  return { start, end, text: '' }
}

/** The position of the `?` that makes the key at `key` explicit, if it is one. */
function explicitKeyIndicator(text: string, key: number): number | undefined {
  let i = key - 1
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i--
  if (i < 0 || text[i] !== '?' || i === key - 1) return undefined
  const before = i > 0 ? text[i - 1]! : '\n'
  return before === ' ' || before === '\t' || before === '\n' ? i : undefined
}

/**
 * The first anchor inside `pair` that an alias outside it reads (found in the text: any
 * `*name` not followed by a name character counts, so a look-alike in a string keeps the
 * field too, which is safe).
 */
function usedAnchor(pair: Pair, text: string): { name: string; offset: number } | undefined {
  const start = keyStart(pair)
  const end = valueEnd(pair)
  const anchors: Array<{ name: string; offset: number }> = []
  for (const part of [pair.key, pair.value]) {
    if (!isNode(part)) continue
    visit(part, {
      Node: (_k, node) => {
        if (node.anchor) anchors.push({ name: node.anchor, offset: node.range?.[0] ?? start })
      },
    })
  }
  return anchors.find((a) => aliasOutside(a.name, start, end, text))
}

/** Whether `*name` (not followed by a name character) occurs in `text` outside [start, end). */
function aliasOutside(name: string, start: number, end: number, text: string): boolean {
  const alias = `*${name}`
  for (let i = text.indexOf(alias); i >= 0; i = text.indexOf(alias, i + 1)) {
    if (i >= start && i < end) continue
    const next = text[i + alias.length]
    if (next === undefined || next.trim() === '' || ',[]{}'.includes(next)) return true
  }
  return false
}

function trimTrailingBlankLines(text: string, min: number, end: number): number {
  let e = end
  for (;;) {
    const prevStart = lineStart(text, e - 1)
    if (prevStart <= min || text.slice(prevStart, e).trim() !== '') return e
    e = prevStart
  }
}

function keyOf(pair: Pair): string | undefined {
  return isScalar(pair.key) && typeof pair.key.value === 'string' ? pair.key.value : undefined
}

function keyStart(pair: Pair): number {
  return (pair.key as Node).range![0]
}

function valueEnd(pair: Pair): number {
  const v = pair.value as Node | null
  return v?.range ? v.range[1] : (pair.key as Node).range![1]
}
