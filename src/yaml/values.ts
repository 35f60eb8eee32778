/**
 * Finds `.Values.a.b` in a chart's values.yaml, to point a templated weight's warning at the
 * line that holds its value.
 */
import { isMap, isScalar, parseDocument } from 'yaml'

export interface ValueAt {
  line: number
  column: number
  /** The scalar as written. */
  raw: string
}

export function findValue(text: string, path: readonly string[]): ValueAt | undefined {
  const doc = parseDocument(text, { schema: 'failsafe' })
  if (doc.errors.length) return undefined
  let node: unknown = doc.contents
  for (const key of path) {
    if (!isMap(node)) return undefined
    node = node.get(key, true)
  }
  if (!isScalar(node) || !node.range) return undefined
  const [start, end] = node.range
  const before = text.slice(0, start)
  const line = before.split('\n').length
  return { line, column: start - before.lastIndexOf('\n'), raw: text.slice(start, end) }
}
