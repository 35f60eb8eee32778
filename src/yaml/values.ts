/**
 * Finds `.Values.a.b` in a chart's values.yaml, to point a templated weight's warning at the
 * line that holds its value, and says what `{{ .Values.a.b }}` renders.
 */
import { isMap, isScalar, parseDocument } from 'yaml'
import { columnOf, LineIndex } from '../edit/lines.js'
import { resolvePlain } from '../quantity/yaml11.js'

export interface ValueAt {
  line: number
  column: number
  /** The scalar as written. */
  raw: string
  /** What `{{ .Values.a.b }}` prints, when that is certain; see `renderedValue`. */
  rendered?: string
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
  const { line } = new LineIndex(text).locate(start)
  const at: ValueAt = { line: line + 1, column: columnOf(text, start) + 1, raw: text.slice(start, end) }
  const rendered = renderedValue(String(node.value), node.type === 'PLAIN')
  if (rendered !== undefined) at.rendered = rendered
  return at
}

/**
 * What Helm prints for a values.yaml scalar. Helm reads values.yaml as YAML 1.1 (go-yaml v2,
 * through sigs.k8s.io/yaml: quantity/yaml11.ts resolves a plain scalar as it does) and then as
 * JSON, so a number is a float64 printed by Go's %v: `010` renders 8, `0x10` 16, `1_000` 1000,
 * `250` 250, `1000000` 1e+06. A quoted scalar and a plain string print as they are. Undefined
 * for values whose rendering is not certain here (null, booleans, infinities).
 */
export function renderedValue(value: string, plain: boolean): string | undefined {
  if (!plain) return value
  const r = resolvePlain(value)
  if (r.kind === 'int') return goFloat(Number(r.value))
  if (r.kind === 'float') return goFloat(r.value)
  return r.kind === 'string' ? value : undefined
}

/**
 * Go's `fmt.Sprint(float64)` (text/template prints values with it): the shortest digits that
 * read back exactly, in `%e` form (`1e+06`, `1.5e-05`) when the exponent is < -4 or >= 6.
 */
export function goFloat(x: number): string {
  if (!Number.isFinite(x)) return String(x)
  if (x === 0) return Object.is(x, -0) ? '-0' : '0'
  const [mantissa, e] = x.toExponential().split('e') as [string, string]
  const exp = Number(e)
  if (exp < -4 || exp >= 6) return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`
  return String(x)
}
