/**
 * A KRM function's options come from its `functionConfig`, with the names of the command's
 * flags, so one table validates both (targets/registry.ts TARGET_OPTIONS):
 *
 * - a ConfigMap: `data` holds each option as a string under its flag's name (`to: v1alpha4`,
 *   `specs-to: v1alpha4`, `strip-server-fields: "true"`), as kpt and kustomize pass
 *   `configMap:` entries;
 * - the typed config object `apiVersion: smi-migrate.io/v1alpha1`, `kind: SmiMigrate`: `spec`
 *   holds the same options in camel case (`to`, `specsTo`, `stripServerFields: true`).
 *
 * Besides those: `check` (validator mode: report, change nothing) and `strip-server-fields`.
 * An option the command does not know, or a value it refuses, is an error result.
 */
import { checkValues, type Flag, UsageError } from '../command.js'
import type { OptionSpec, OptionValue } from '../model.js'
import { readTargets, TARGET_OPTIONS, type RunTargets } from '../targets/registry.js'

export const CONFIG_API_VERSION = 'smi-migrate.io/v1alpha1'
export const CONFIG_KIND = 'SmiMigrate'

export interface KrmOptions extends RunTargets {
  /** Validator mode: items are left as they are, results say what would change. */
  check: boolean
  stripServerFields: boolean
  noIgnore: boolean
}

/** Every option a functionConfig may set, by its flag's name. */
export const KRM_OPTIONS: readonly OptionSpec[] = [
  ...TARGET_OPTIONS,
  { name: 'strip-server-fields', help: 'remove server-owned fields from converted items' },
  { name: 'check', help: 'validator mode: report what would change, change no item' },
]

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

export class ConfigError extends Error {}

/** Reads the options of `functionConfig` (absent: the defaults). Throws ConfigError. */
export function readKrmOptions(functionConfig: unknown): KrmOptions {
  const given = configValues(functionConfig)
  const values: Record<string, OptionValue> = {}
  for (const [key, raw] of given.entries) {
    const spec = KRM_OPTIONS.find((o) => (given.style === 'data' ? o.name : camel(o.name)) === key)
    if (!spec) throw new ConfigError(`functionConfig: unknown option ${key} (${given.where})`)
    values[spec.name] = optionValue(spec, key, raw)
  }
  const label = (name: string) => (given.style === 'data' ? name : camel(name))
  try {
    checkValues(values, KRM_OPTIONS as Flag[])
    const targets = readTargets(
      (name) => values[name],
      (name) => `option ${label(name)}`,
      (target) => `${label('to')}: ${target}`,
    )
    return {
      ...targets,
      check: values.check === true,
      stripServerFields: values['strip-server-fields'] === true,
      noIgnore: values['no-ignore'] === true,
    }
  } catch (err) {
    // checkValues speaks of flags (--to); a functionConfig names its keys.
    const message = (err as Error).message.replace(/--([a-z-]+)/g, (_, n: string) => label(n))
    if (err instanceof UsageError || err instanceof Error) throw new ConfigError(`functionConfig: ${message}`)
    throw err
  }
}

/** A switch takes true/false (a ConfigMap's strings "true"/"false"); a valued option a string (a number is written as given). */
function optionValue(spec: OptionSpec, key: string, raw: unknown): OptionValue {
  if (!spec.value) {
    if (raw === true || raw === 'true') return true
    if (raw === false || raw === 'false') return false
    throw new ConfigError(`functionConfig: ${key} must be true or false; got ${JSON.stringify(raw)}`)
  }
  if (typeof raw === 'string') return raw
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw)
  throw new ConfigError(`functionConfig: ${key} must be a string; got ${JSON.stringify(raw)}`)
}

interface Given {
  style: 'data' | 'spec'
  where: string
  entries: Array<[string, unknown]>
}

function configValues(fc: unknown): Given {
  if (fc === undefined || fc === null) return { style: 'data', where: 'none', entries: [] }
  if (typeof fc !== 'object' || Array.isArray(fc)) throw new ConfigError('functionConfig is not an object')
  const o = fc as Record<string, unknown>
  // An empty mapping (`functionConfig: {}`) sets nothing: the defaults, as when there is none.
  if (Object.keys(o).length === 0) return { style: 'data', where: 'none', entries: [] }
  const fields = (v: unknown, where: string): Array<[string, unknown]> => {
    if (v === undefined || v === null) return []
    if (typeof v !== 'object' || Array.isArray(v)) throw new ConfigError(`functionConfig: ${where} is not a mapping`)
    return Object.entries(v)
  }
  if (o.apiVersion === 'v1' && o.kind === 'ConfigMap') {
    onlyFields(o, 'ConfigMap', 'data', CONFIG_MAP_FIELDS)
    return { style: 'data', where: 'ConfigMap data', entries: fields(o.data, 'data') }
  }
  if (o.apiVersion === CONFIG_API_VERSION && o.kind === CONFIG_KIND) {
    onlyFields(o, CONFIG_KIND, 'spec', CONFIG_FIELDS)
    return { style: 'spec', where: `${CONFIG_KIND} spec`, entries: fields(o.spec, 'spec') }
  }
  throw new ConfigError(
    `functionConfig must be a v1 ConfigMap or a ${CONFIG_API_VERSION} ${CONFIG_KIND}; got apiVersion ${named(o.apiVersion)}, kind ${named(o.kind)}`,
  )
}

/** A ConfigMap's fields besides data (binaryData holds no option: options are strings). */
const CONFIG_MAP_FIELDS = new Set(['apiVersion', 'kind', 'metadata', 'data', 'immutable'])
const CONFIG_FIELDS = new Set(['apiVersion', 'kind', 'metadata', 'spec'])

/**
 * Options written beside their place (an SmiMigrate's `data:`, a ConfigMap's `spec:` or
 * `binaryData:`) would be read as no options at all and the run would convert with the
 * defaults, or change items a validator was meant to leave: such a field is refused by name.
 */
function onlyFields(o: Record<string, unknown>, kind: string, place: string, known: ReadonlySet<string>): void {
  const other = Object.keys(o).find((k) => !known.has(k))
  if (other !== undefined) throw new ConfigError(`functionConfig: ${kind} options go under ${place}, not ${other}`)
}

const named = (v: unknown) => (v === undefined || v === null ? '(none)' : String(v))
