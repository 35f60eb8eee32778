/**
 * Whether a chart's values.schema.json still accepts a value after it takes a new scalar.
 * Helm validates the coalesced values against it (JSON Schema, helm
 * pkg/chartutil/jsonschema.go) in lint, template and install. Only the subschemas that apply
 * to the value and the mappings above it matter (nothing else changes); they are followed
 * through `properties`, `patternProperties` and `additionalProperties`, and the value's own
 * keywords are checked when they are among those read here (type, bounds, multipleOf, enum,
 * const). Any other keyword on the way (`$ref`, `allOf`, `if`…) is a constraint not proved:
 * the answer is then the reason to leave the value.
 */
type Schema = Record<string, unknown> | boolean

/** Keywords of a mapping above the value that a change of the value cannot affect. */
const ABOVE = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'type',
  'properties',
  'patternProperties',
  'additionalProperties',
  'required',
  'minProperties',
  'maxProperties',
  'propertyNames',
])
const LEAF = new Set([
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'type',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'enum',
  'const',
])

/** Undefined when the schema accepts `value` at `path` (proved), else why it is not proved. */
export function schemaRefusal(schemaText: string, path: readonly string[], value: unknown): string | undefined {
  let root: Schema
  try {
    root = JSON.parse(schemaText) as Schema
  } catch {
    return 'it is not JSON this run reads'
  }
  let level: Schema[] = [root]
  for (const [i, key] of path.entries()) {
    const next: Schema[] = []
    for (const s of level) {
      if (typeof s === 'boolean') {
        if (!s) return `it rejects .Values.${path.slice(0, i).join('.')}`
        continue
      }
      const other = Object.keys(s).find((k) => !ABOVE.has(k))
      if (other)
        return `"${other}" applies to .Values${path
          .slice(0, i)
          .map((k) => `.${k}`)
          .join('')}, which this run does not prove`
      next.push(...childSchemas(s, key))
    }
    level = next
  }
  for (const s of level) {
    const why = leafRefusal(s, value)
    if (why) return `${why} at .Values.${path.join('.')}`
  }
  return undefined
}

/** The subschemas that apply to key `key` of a mapping under `s`. */
function childSchemas(s: Record<string, unknown>, key: string): Schema[] {
  const out: Schema[] = []
  const props = s.properties as Record<string, Schema> | undefined
  if (props && Object.prototype.hasOwnProperty.call(props, key)) out.push(props[key]!)
  const patterns = (s.patternProperties ?? {}) as Record<string, Schema>
  for (const [p, sub] of Object.entries(patterns)) {
    let re: RegExp
    try {
      re = new RegExp(p, 'u')
    } catch {
      out.push(false) // a pattern not read here may apply: not proved
      continue
    }
    if (re.test(key)) out.push(sub)
  }
  if (out.length === 0 && s.additionalProperties !== undefined) out.push(s.additionalProperties as Schema)
  return out
}

function leafRefusal(s: Schema, value: unknown): string | undefined {
  if (typeof s === 'boolean') return s ? undefined : 'the schema rejects any value'
  const other = Object.keys(s).find((k) => !LEAF.has(k))
  if (other) return `"${other}" is not proved`
  if (s.type !== undefined && !typeMatches(s.type, value))
    return `the new value ${JSON.stringify(value)} is not of type ${JSON.stringify(s.type)}`
  if (s.enum !== undefined && !(Array.isArray(s.enum) && s.enum.some((e) => e === value)))
    return `the new value ${JSON.stringify(value)} is not in its enum`
  if (s.const !== undefined && s.const !== value) return `the new value ${JSON.stringify(value)} is not its const`
  if (typeof value !== 'number') return undefined
  const n = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined)
  for (const k of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'])
    if (s[k] !== undefined && typeof s[k] !== 'number' && typeof s[k] !== 'boolean') return `its ${k} is no number`
  // Draft 4 writes an exclusive bound as `exclusiveMaximum: true` beside `maximum`; a validator
  // of any draft Helm uses honours it there, so the bound is taken as exclusive whatever `$schema` says.
  const onBound = (k: 'minimum' | 'maximum') => value === n(k) && s[k === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'] === true
  const bounds: Array<[string, boolean]> = [
    ['minimum', n('minimum') === undefined || (value >= n('minimum')! && !onBound('minimum'))],
    ['maximum', n('maximum') === undefined || (value <= n('maximum')! && !onBound('maximum'))],
    ['exclusiveMinimum', n('exclusiveMinimum') === undefined || value > n('exclusiveMinimum')!],
    ['exclusiveMaximum', n('exclusiveMaximum') === undefined || value < n('exclusiveMaximum')!],
    ['multipleOf', n('multipleOf') === undefined || Number.isInteger(value / n('multipleOf')!)],
  ]
  const broken = bounds.find(([, ok]) => !ok)
  return broken ? `the new value ${value} breaks its ${broken[0]} ${String(s[broken[0]])}` : undefined
}

function typeMatches(type: unknown, value: unknown): boolean {
  const types = Array.isArray(type) ? type : [type]
  const actual = value === null ? 'null' : typeof value
  return types.some(
    (t) =>
      t === actual ||
      (t === 'integer' && typeof value === 'number' && Number.isInteger(value)) ||
      (t === 'object' && actual === 'object' && !Array.isArray(value)),
  )
}
