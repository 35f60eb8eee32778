/**
 * Deploy-time patches hidden in data (docs/kustomize.md#deploy-time-patches): the values a chart
 * turns into objects (argo-helm's `argocd-apps` makes an Application of each entry), read as
 * data: of such a chart, harmless only when no key of them, at any depth (strings parsed as YAML
 * too), is patch-like or templated and no string is templated; of any chart, when no string
 * spells a deploy group's apiVersion.
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

/**
 * Kinds of those groups that deploy no path of a repository: an Argo CD project or plugin
 * definition (an Application that uses a plugin is judged by its `plugin` field), Argo Rollouts,
 * Workflows and Events objects, Flux Operator's input providers and reports.
 */
export const DEPLOYS_NOTHING = new Set([
  'AppProject',
  'ConfigManagementPlugin',
  'Rollout',
  'AnalysisTemplate',
  'ClusterAnalysisTemplate',
  'AnalysisRun',
  'Experiment',
  'Workflow',
  'WorkflowTemplate',
  'ClusterWorkflowTemplate',
  'CronWorkflow',
  'EventSource',
  'Sensor',
  'EventBus',
  'ResourceSetInputProvider',
  'FluxReport',
])

/**
 * The first harmful key path in values `v` (as a dotted path), or undefined when there is none: a
 * string that spells a deploy group's apiVersion (any chart may render objects from its values:
 * `extraObjects`), and, for a chart that may make deploy objects of its values (`strict`), a
 * patch-like or templated key or a templated string (its text is not known).
 */
export function valuesHarm(v: unknown, parse: Parse, at: string[] = [], strict = true): string | undefined {
  if (typeof v === 'string') {
    if (mentionsAny(v, DEPLOY_API_PREFIXES) && deployText(v, parse)) return [...at, '(a deploy object)'].join('.')
    if (!strict) return undefined
    if (TEMPLATED.test(v)) return [...at, '(templated)'].join('.')
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
      const h = valuesHarm(e, parse, [...at, String(i)], strict)
      if (h) return h
    }
    return undefined
  }
  const m = obj(v)
  if (!m) return undefined
  // An object of a kind that deploys nothing (an AppProject in `extraObjects`) is no deploy object.
  const inert = typeof m['kind'] === 'string' && DEPLOYS_NOTHING.has(m['kind'])
  for (const [k, e] of Object.entries(m)) {
    if (strict && (patchKey(k, at) || TEMPLATED.test(k))) return [...at, k].join('.')
    if (inert && k === 'apiVersion' && typeof e === 'string' && !e.includes('\\')) continue
    const h = valuesHarm(e, parse, [...at, k], strict)
    if (h) return h
  }
  return undefined
}

/**
 * Whether a values string that spells a deploy group may be a deploy object: it is a deploy group's
 * apiVersion (a mapping's `apiVersion`, `extraObjects`), or a text that cannot be parsed or parses as
 * one. A label key or annotation (`argocd.argoproj.io/instance`) or a key naming a kind
 * (`argoproj.io/Application:` of a health check) is none.
 */
function deployText(v: string, parse: Parse): boolean {
  const t = v.trim()
  // An escape may spell it otherwise once the text is written into a template.
  // `group/version` only: `argoproj.io/v1alpha1/Application` (a policy's kind list) is no apiVersion.
  if (v.includes('\\') || (DEPLOY_API_PREFIXES.some((p) => t.startsWith(p) && !t.slice(p.length).includes('/')) && !/\s/.test(t)))
    return true
  const docs = parse(v)
  return !docs || docs.some((d) => (typeof d === 'string' ? d !== v && valuesHarm(d, parse, [], false) : valuesHarm(d, parse, [], false)))
}

/** A key that patches, or sets names over, what a generated deploy object renders (`at`: the keys above it). */
export const patchKey = (k: string, at: readonly string[]): boolean =>
  PATCH_KEYS.has(k) || (k === 'namespace' && at[at.length - 1] === 'kustomize')
