/**
 * A weight a chart template renders from a value: the forms of the action that are read
 * (`{{ .Values.a.b }}`, with `| default X`, `| int`, `quote`/`| quote` and the trim markers
 * `{{-`/`-}}`), and what Helm renders for a value read as Helm reads values.yaml (YAML 1.1
 * into JSON, so a number is a float64 printed by Go's `%v`). Pure: no parser, no file.
 *
 * Only what renders one plain scalar the weight rule can read is a weight here; anything
 * else comes back as the reason the template is left for a person.
 */
import type { ChartValue } from '../model.js'
import { resolvePlain } from '../quantity/yaml11.js'

/** What Linkerd adds up (quantity/weights.ts, its one place), for file mode's check of values that render integers (files/helm/done-weights.ts). */
export { LINKERD_UNIT_SUM, pastLinkerdSum } from '../quantity/weights.js'

/** A parsed value action: its path and the functions it pipes the value through. */
export interface ValueForm {
  path: string[]
  /** `| default X`: X as written. */
  default?: string
  int: boolean
  quote: boolean
  trimLeft: boolean
  trimRight: boolean
}

const PATH = /^\.Values((?:\.[A-Za-z_]\w*)+)$/
const DEFAULT = /^default[ \t]+("[^"\\|]*"|[-+]?\d[\w.+-]*)$/

/** Reads `{{ .Values.a.b | default X | int | quote }}` (each function optional, in that order); undefined for anything else. */
export function parseValueForm(source: string): ValueForm | undefined {
  if (!source.startsWith('{{') || !source.endsWith('}}')) return undefined
  let body = source.slice(2, -2)
  // A trim marker is a dash beside the braces and then white space (Go's text/template).
  const trimLeft = /^-[ \t\r\n]/.test(body)
  const trimRight = /[ \t\r\n]-$/.test(body)
  if (trimLeft) body = body.slice(1)
  if (trimRight) body = body.slice(0, -1)
  const parts = body.split('|').map((p) => p.trim())
  let head = parts[0]!
  let quote = false
  if (/^quote[ \t]/.test(head)) {
    quote = true
    head = head.slice(5).trim()
  }
  const path = PATH.exec(head)
  if (!path) return undefined
  const form: ValueForm = { path: path[1]!.slice(1).split('.'), int: false, quote, trimLeft, trimRight }
  let stage = 0
  for (const part of parts.slice(1)) {
    const d = DEFAULT.exec(part)
    const next = d ? 1 : part === 'int' ? 2 : part === 'quote' ? 3 : 0
    if (next === 0 || next <= stage || form.quote) return undefined
    stage = next
    if (d) form.default = d[1]!
    else if (next === 2) form.int = true
    else form.quote = true
  }
  return form
}

/** What the action renders for a value (JSON, as Helm holds it), or why that is no weight to convert. */
export type Rendered = { text: string } | { reason: string }

/** Helm's rendering of `form` for `value` (undefined: absent from values.yaml). */
export function renderForm(form: ValueForm, value: unknown): Rendered {
  const name = `.Values.${form.path.join('.')}`
  if (value === undefined) {
    return form.default !== undefined
      ? { reason: `${name} is not in values.yaml, so the template renders its default ${form.default}, which lives in the template` }
      : { reason: `${name} is not in values.yaml` }
  }
  if (form.default !== undefined && isEmpty(value)) {
    return { reason: `${name} is empty to Helm (${JSON.stringify(value)}), so the template renders its default ${form.default}` }
  }
  if (form.quote)
    return { reason: 'the template quotes the weight, and a v1alpha2 weight is an integer: drop quote from the action, then run again' }
  let text: string
  if (typeof value === 'number') {
    if (form.int && !Number.isSafeInteger(value)) return { reason: `${name} is ${goFloat(value)}, which int truncates` }
    text = form.int ? String(value) : goFloat(value)
  } else if (typeof value === 'string') {
    // sprig's int reads strings with its own parser: only numbers go through it here.
    if (form.int) return { reason: `${name} is the string ${JSON.stringify(value)}, which int reads with its own rules` }
    text = value
  } else return { reason: `${name} is ${value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value}, not a weight` }
  // One plain scalar, read the same by any YAML reader: no space, no indicator.
  if (!/^[\w.+-]+$/.test(text)) return { reason: `${name} renders ${JSON.stringify(text)}, which is not a plain weight` }
  return { text }
}

/** Helm's reading of a written values.yaml scalar: YAML 1.1, then JSON (undefined: null, a boolean, an infinity). */
export function helmValue(text: string, quoted: boolean): unknown {
  if (quoted) return text
  const r = resolvePlain(text)
  if (r.kind === 'int') return Number(r.value)
  if (r.kind === 'float') return r.value
  if (r.kind === 'string') return text
  if (r.kind === 'null') return null
  if (r.kind === 'bool') return ['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'].includes(text)
  return undefined
}

/**
 * Whether the integer `text`, written into values.yaml in the value's own quoting, renders
 * exactly `text` through the action (a float64 of a million or more renders `1e+06`).
 */
export function rendersAs(form: ValueForm, value: ChartValue, text: string): Rendered {
  if (!('json' in value)) return { reason: 'the value cannot be read' }
  const r = renderForm(form, helmValue(text, value.quoted))
  // The reason is about the new value, not the one values.yaml holds now.
  if ('reason' in r) return { reason: `its new value ${text} would not render as itself: ${r.reason}` }
  if (r.text !== text) return { reason: `${text} in values.yaml would render ${r.text}; write the weights smaller or use | int` }
  return r
}

/** Sprig's `empty`, which `default` uses: nil, false, 0, "" and empty collections. */
function isEmpty(value: unknown): boolean {
  if (value === null || value === false || value === 0 || value === '') return true
  if (Array.isArray(value)) return value.length === 0
  return typeof value === 'object' && Object.keys(value).length === 0
}

/**
 * Go's `fmt.Sprint(float64)` (text/template prints values with it): the shortest digits that
 * read back exactly, in `%e` form (`1e+06`, `1.5e-05`) when the exponent is < -4 or >= 6.
 */
export function goFloat(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : x < 0 ? '-Inf' : 'NaN'
  if (x === 0) return Object.is(x, -0) ? '-0' : '0'
  const [mantissa, e] = x.toExponential().split('e') as [string, string]
  const exp = Number(e)
  if (exp < -4 || exp >= 6) return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`
  return String(x)
}
