/**
 * Deploy-time patches hidden in data (docs/kustomize.md#deploy-time-patches): the values a chart
 * turns into objects (argo-helm's `argocd-apps` makes an Application of each entry), and what a
 * kustomization's patch writes into the deploy objects it builds. Both are read as data: a values
 * text is harmless only when no key of it, at any depth (strings parsed as YAML too), is
 * patch-like and no string spells a deploy group's apiVersion; a patch is harmless only when
 * every field it writes renders nothing of the repository (the proven list below).
 */
import { DEPLOY_API_PREFIXES } from './deploy-groups.js'
import { mentionsAny } from '../pipeline/escapes.js'

type Obj = Record<string, unknown>
export const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined)
/** Text templating: Helm and ApplicationSet `{{`, Flux substitution `${`, Flux Operator `<< inputs`. */
export const TEMPLATED = /\{\{|\$\{|<<\s*inputs/

/** Parses a YAML or JSON text into its documents' values; undefined when it cannot be read whole. */
export type Parse = (text: string) => unknown[] | undefined

/** Keys that patch, or set names over, what a generated deploy object renders. */
const PATCH_KEYS = new Set([
  'patches',
  'patchesJson6902',
  'patchesStrategicMerge',
  'components',
  'plugin',
  'postRenderers',
  'templatePatch',
  'namePrefix',
  'nameSuffix',
  'targetNamespace',
  'inputs',
  'inputsFrom',
])
const PATCH_KEY_TEXT =
  /(?:^|[\s{,"'])(?:patches|patchesJson6902|patchesStrategicMerge|components|plugin|postRenderers|templatePatch|namePrefix|nameSuffix|targetNamespace|inputs|inputsFrom)["']?\s*:/m

/** The first patch-like key path in values `v` (as a dotted path), or undefined when there is none. */
export function valuesHarm(v: unknown, parse: Parse, at: string[] = []): string | undefined {
  if (typeof v === 'string') {
    if (mentionsAny(v, DEPLOY_API_PREFIXES)) return [...at, '(a deploy object)'].join('.')
    if (!PATCH_KEY_TEXT.test(v) && !/[:\n]/.test(v)) return undefined
    const docs = parse(v)
    if (!docs) return PATCH_KEY_TEXT.test(v) ? [...at, '(text)'].join('.') : undefined
    for (const d of docs) {
      const h = typeof d === 'string' ? undefined : valuesHarm(d, parse, at)
      if (h) return h
    }
    return docs.every((d) => typeof d === 'string') && PATCH_KEY_TEXT.test(v) ? [...at, '(text)'].join('.') : undefined
  }
  if (Array.isArray(v)) {
    for (const [i, e] of v.entries()) {
      const h = valuesHarm(e, parse, [...at, String(i)])
      if (h) return h
    }
    return undefined
  }
  const m = obj(v)
  if (!m) return undefined
  for (const [k, e] of Object.entries(m)) {
    if (PATCH_KEYS.has(k) || (k === 'namespace' && at[at.length - 1] === 'kustomize') || TEMPLATED.test(k)) return [...at, k].join('.')
    const h = valuesHarm(e, parse, [...at, k])
    if (h) return h
  }
  return undefined
}

/** Fields of a Flux object's spec that render nothing of the repository (`values`: read as values). */
const SPEC_FIELDS = new Set([
  'values',
  'decryption',
  'serviceAccountName',
  'interval',
  'retryInterval',
  'timeout',
  'prune',
  'wait',
  'force',
  'suspend',
  'healthChecks',
  'dependsOn',
])
const CHART_SPEC_FIELDS = new Set(['version', 'interval', 'reconcileStrategy'])

/**
 * Whether a kustomization's patch text (JSON 6902 operations or a strategic merge patch) writes
 * only fields of SPEC_FIELDS (a HelmRelease's `spec.chart.spec.version` too), metadata labels and
 * annotations, with values that hold no patch-like key.
 */
export function writesOnlyHarmless(text: string, parse: Parse): boolean {
  if (TEMPLATED.test(text)) return false
  const docs = parse(text)
  if (!docs || docs.length === 0) return false
  return docs.every((d) => (Array.isArray(d) ? d.length > 0 && d.every((op) => opHarmless(op, parse)) : smpHarmless(d, parse)))
}

function opHarmless(op: unknown, parse: Parse): boolean {
  const o = obj(op)
  if (!o || !Object.keys(o).every((k) => ['op', 'path', 'value', 'from'].includes(k))) return false
  if (!['add', 'replace', 'remove', 'test'].includes(String(o['op'])) || o['from'] !== undefined) return false
  if (typeof o['path'] !== 'string') return false
  const [root, a, b, c] = o['path'].split('/')
  if (root !== '') return false
  const field = a === 'spec' && b !== undefined && SPEC_FIELDS.has(b)
  const meta = a === 'metadata' && (b === 'labels' || b === 'annotations') && c !== undefined
  if (!field && !meta) return false
  return b !== 'values' || valuesHarm(o['value'], parse) === undefined
}

function smpHarmless(d: unknown, parse: Parse): boolean {
  const m = obj(d)
  if (!m || !Object.keys(m).every((k) => ['apiVersion', 'kind', 'metadata', 'spec'].includes(k))) return false
  const meta = m['metadata'] === undefined ? {} : obj(m['metadata'])
  if (!meta || !Object.keys(meta).every((k) => ['name', 'namespace', 'labels', 'annotations'].includes(k))) return false
  const spec = m['spec'] === undefined ? {} : obj(m['spec'])
  if (!spec) return false
  return Object.entries(spec).every(([k, v]) => {
    if (k === 'chart') {
      const chart = obj(v)
      const chartSpec = obj(chart?.['spec'])
      return (
        !!chart &&
        Object.keys(chart).every((c) => c === 'spec') &&
        !!chartSpec &&
        Object.keys(chartSpec).every((c) => CHART_SPEC_FIELDS.has(c))
      )
    }
    return SPEC_FIELDS.has(k) && (k !== 'values' || valuesHarm(v, parse) === undefined)
  })
}
