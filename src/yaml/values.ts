/**
 * Finds `.Values.a.b` in a chart's values.yaml, to point a templated weight's warning at the
 * line that holds its value, and says what `{{ .Values.a.b }}` renders.
 */
import { isMap, isScalar, parseDocument } from 'yaml'
import { columnOf, LineIndex } from '../edit/lines.js'

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

const DECIMAL_INT = /^[-+]?(?:0|[1-9]\d*)$/
/** go-yaml v2's float pattern (YAML 1.1). */
const YAML11_FLOAT = /^[-+]?(?:\.\d+|\d+(?:\.\d*)?)(?:e[-+]?\d+)?$/i
/** Plain scalars go-yaml v2 reads as something other than a string or a decimal number. */
const OTHER =
  /^(?:[~yY]|null|Null|NULL|yes|Yes|YES|[nN]|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))?$|^[-+]?0[0-9_xXoObB]|_|:/

/**
 * What Helm prints for a values.yaml scalar: a string as it is; a number through JSON, so a
 * float64 printed by Go's %v (`250`, `0.25`, `1e+06` for 1000000). Undefined for values whose
 * rendering is not certain here (null, booleans, octal, hex, sexagesimal, underscores).
 */
export function renderedValue(value: string, plain: boolean): string | undefined {
  if (!plain) return value
  if (DECIMAL_INT.test(value) || YAML11_FLOAT.test(value)) return goFloat(Number(value))
  if (OTHER.test(value)) return undefined
  return value
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
