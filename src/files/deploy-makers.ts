/**
 * Deploy-time patches (docs/kustomize.md#deploy-time-patches), the kustomizations that may make a
 * deploy object out of objects that are none: kustomize's transformers (a replacement into
 * `apiVersion`, a `transformers:` file, `configurations` that point a name prefix at `kind`), a
 * chart it renders, a generator may emit a Flux or Argo CD object whose text lies nowhere in the
 * repository. A kustomization is known to make none only when every field it has is on one
 * allow-list of fields that cannot create an object or change its kind; its patches are judged on
 * their own (deploy-kustomizations.ts), its resources are built, not made.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parseDocuments } from '../yaml/documents.js'
import { type Deployer, helmChartsHarm, keyOffset, parseAll, safeJS } from './deploy-read.js'
import { entryWhen, mayChangeKind, replacementWhen, textMayChangeKind } from './deployer-patches.js'
import { literalPath } from './deployer-objects.js'
import { obj, TEMPLATED, valuesHarm } from './deployer-values.js'

/** Fields of a kustomization that neither create an object nor change its kind or apiVersion. */
const MAKE_SAFE = [
  'apiVersion',
  'kind',
  'metadata',
  'resources',
  'bases',
  'components',
  'patches',
  'patchesJson6902',
  'patchesStrategicMerge',
  'namespace',
  'namePrefix',
  'nameSuffix',
  'commonLabels',
  'labels',
  'commonAnnotations',
  'images',
  'replicas',
  'configMapGenerator',
  'secretGenerator',
  'generatorOptions',
  'buildMetadata',
  'sortOptions',
  // Its references are kustomize's own field list, which names no apiVersion or kind (`configurations` may add one: held).
  'vars',
  // Judged entry by entry: each target's field paths must name neither `apiVersion`, `kind` nor the whole `metadata`.
  'replacements',
]
const SAFE = new Set(MAKE_SAFE)
/** A line that starts a top-level key of MAKE_SAFE but `replacements` (or is none: a comment, an item, indented). */
const SAFE_LINE = new RegExp(`^(?:(?:${MAKE_SAFE.filter((f) => f !== 'replacements').join('|')})\\s*:|[\\s#-]|\\.\\.\\.|---|$)`)

/**
 * The kustomization `file` (text `text`) as a deploy-time patch source when it may make a deploy
 * object: a field off the allow-list (`transformers`, `generators`, `validators`, `configurations`,
 * `openapi`, `crds`, `helmCharts`, `helmGlobals`, an unknown key), a replacement that may
 * write an object's kind, or a text that cannot be read as one mapping. Undefined when it makes none.
 */
export function makingKustomization(file: string, text: string): Deployer | undefined {
  const lines = text.split(/\r?\n/)
  const first = lines.find((l) => !/^\s*(?:#.*)?$/.test(l) && l !== '---')
  // Most kustomizations spell only plain keys of the list, one per line: no parse.
  if (first === undefined || (!/^\s/.test(first) && lines.every((l) => SAFE_LINE.test(l)))) return undefined
  const docs = parseDocuments(text, { merge: true }).filter((d) => d.error || safeJS(d.doc) !== null)
  const value = docs.length === 1 && !docs[0]!.error ? safeJS(docs[0]!.doc) : undefined
  const k = obj(value)
  const make = (field: string, why: string): Deployer => ({
    file,
    text,
    offset: (field && docs[0] && keyOffset(docs[0].doc, [], field)) || 0,
    what: `a kustomization's ${field || 'text'} (${why}, and so may make a Flux or Argo CD object)`,
    reach: 'all',
  })
  if (docs.length === 0) return undefined
  if (!k) return make('', 'it cannot be read as one kustomization')
  const charts = chartsMakeNone(k, dirname(file))
  for (const [field, v] of Object.entries(k)) {
    if ((field === 'helmCharts' || field === 'helmGlobals') && charts) continue
    if (field === 'transformers' && Array.isArray(v) && v.every((e) => transformerKeepsKind(e, dirname(file)))) continue
    if (!SAFE.has(field)) return make(field, 'a field that may create an object or change its kind')
    if (field === 'replacements' && v !== null && !(Array.isArray(v) && v.every((e) => keepsKind(e, dirname(file)))))
      return make(field, 'a replacement that may write an apiVersion, a kind or a whole metadata')
  }
  return undefined
}

/**
 * A replacement entry whose every target's field paths name a field below the kind (`metadata.name`,
 * `spec.…`); an entry `path: r.yaml` is the replacements of that file, beside the kustomization.
 */
function keepsKind(e: unknown, dir: string | undefined): boolean {
  const r = obj(e)
  if (r && typeof r['path'] === 'string' && dir !== undefined && Object.keys(r).length === 1) {
    let text: string
    try {
      text = readFileSync(join(dir, r['path']), 'utf8')
    } catch {
      return false
    }
    const docs = parseDocuments(text, { merge: true })
    const v = docs.length === 1 && !docs[0]!.error ? safeJS(docs[0]!.doc) : undefined
    return (Array.isArray(v) ? v : [v]).every((x) => keepsKind(x, undefined))
  }
  const targets = r?.['targets']
  if (!r || r['path'] !== undefined || !Array.isArray(targets) || targets.length === 0) return false
  return targets.every((t) => {
    const paths = obj(t)?.['fieldPaths']
    return Array.isArray(paths) && paths.length > 0 && paths.every((p) => typeof p === 'string' && belowKind(p))
  })
}

/** A replacement field path whose first segment is a plain field other than `apiVersion` and `kind`, and not `metadata` whole. */
function belowKind(path: string): boolean {
  const [head, next] = path.split('.')
  if (head === undefined || !/^[a-z][\w-]*$/i.test(head) || head === 'apiVersion' || head === 'kind') return false
  return head !== 'metadata' || (next !== undefined && /^[a-z][\w-]*$/i.test(next))
}

/** A chart or repository name of a deploy tool's (`argo-cd`, `argocd-apps`, `flux2`, `flux-operator`). */
const DEPLOY_TOOL = /argo|flux/i
/** A spelling of a deploy group, whole or in the pieces a template may join. */
const DEPLOY_SPELLING = /argoproj|fluxcd/i

/**
 * Whether a kustomization's `helmCharts` make no deploy object: no values source given to a chart
 * holds a deploy object's apiVersion, and each chart is either in the repository under
 * `helmGlobals.chartHome` (default `charts`) with none of its files spelling a deploy group, or one
 * kustomize pulls (a `repo`, not in the repository) that is no app-of-apps chart by name (its
 * templates are not here to read: the chart's own name and values are the evidence). A computed
 * path or another `helmGlobals` key makes it unknown.
 */
function chartsMakeNone(k: Record<string, unknown>, dir: string): boolean {
  const globals = k['helmGlobals']
  const g = obj(globals)
  if (globals !== undefined && globals !== null && (!g || Object.keys(g).some((key) => key !== 'chartHome'))) return false
  // The chart home may be above the kustomization (`../../charts`): it is read where it is.
  const given = g?.['chartHome']
  const home =
    given === undefined ? 'charts' : typeof given === 'string' && !TEMPLATED.test(given) && !given.includes('*') ? given : undefined
  const charts = k['helmCharts']
  if (home === undefined || !Array.isArray(charts)) return charts === undefined || charts === null
  const read = (path: string) => {
    const p = literalPath(path)
    try {
      return p === undefined ? undefined : readFileSync(join(dir, p), 'utf8')
    } catch {
      return undefined
    }
  }
  if (helmChartsHarm(charts, read)) return false
  return charts.every((c) => {
    const name = obj(c)?.['name']
    if (typeof name !== 'string' || !/^[\w.-]+$/.test(name) || name === '..') return false
    const chart = join(dir, home, name)
    const pulled = typeof obj(c)?.['repo'] === 'string' && !existsSync(chart)
    return pulled ? pulledMakesNone(obj(c)!, k, read) : spellsNoDeployGroup(chart)
  })
}

/**
 * A chart kustomize pulls, whose templates are not here to read: taken to make no deploy object only
 * when nothing here could make its output one that patches a TrafficSplit: its name and repository
 * spell no deploy tool (`argo-cd` renders Applications of its values), no values are given to it
 * but plain ones (no patch-like key, no text, as over a deploy object's values), and the
 * kustomization's patches and replacements select no deploy kind (they would reach the chart's).
 */
function pulledMakesNone(c: Record<string, unknown>, k: Record<string, unknown>, read: (p: string) => string | undefined): boolean {
  if (DEPLOY_TOOL.test(String(c['name'])) || DEPLOY_TOOL.test(String(c['repo']))) return false
  if (valuesHarm(c['valuesInline'], parseAll, [], true) !== undefined) return false
  const files = [c['valuesFile'], ...(Array.isArray(c['additionalValuesFiles']) ? c['additionalValuesFiles'] : [])]
  for (const f of files.filter((x) => x !== undefined)) {
    const docs = typeof f === 'string' ? parseAll(read(f) ?? '\u0000:') : undefined
    if (!docs || docs.some((d) => valuesHarm(d, parseAll, [], true) !== undefined)) return false
  }
  if (k['components'] !== undefined || k['patchesStrategicMerge'] !== undefined) return false
  const none = (w: unknown) => w instanceof Set && w.size === 0
  const patches = ['patches', 'patchesJson6902'].flatMap((f) => (Array.isArray(k[f]) ? (k[f] as unknown[]) : k[f] == null ? [] : [k[f]]))
  if (!patches.every((e) => none(entryWhen(e, parseAll, undefined, read)))) return false
  const replacements = k['replacements'] == null ? [] : k['replacements']
  return (
    Array.isArray(replacements) &&
    replacements.every((r) => {
      const targets = obj(r)?.['targets']
      return Array.isArray(targets) && targets.every((t) => none(replacementWhen(t)))
    })
  )
}

/** A chart directory that exists (with its Chart.yaml) and none of whose files spells a deploy group (a symlinked directory in it: unknown). */
function spellsNoDeployGroup(chart: string): boolean {
  try {
    readFileSync(join(chart, 'Chart.yaml'))
    const files = readdirSync(chart, { recursive: true, withFileTypes: true }).filter((e) => !e.isDirectory())
    // A packed subchart's files are not text to search.
    if (files.some((e) => /\.(?:tgz|tar\.gz|tar|zip)$/i.test(e.name))) return false
    return files.every((e) => !DEPLOY_SPELLING.test(readFileSync(join(e.parentPath ?? e.path, e.name), 'latin1')))
  } catch {
    return false
  }
}

/** Kustomize's builtin transformers that write only the fields their `fieldSpecs` name, or patches. */
const FIELD_TRANSFORMERS = new Set([
  'LabelTransformer',
  'AnnotationsTransformer',
  'PrefixSuffixTransformer',
  'NamespaceTransformer',
  'ImageTagTransformer',
  'ReplicaCountTransformer',
])

/**
 * A `transformers:` entry that is a file beside the kustomization whose every document is a
 * builtin transformer that cannot change a kind: a field transformer whose `fieldSpecs` paths lie
 * below the kind, or a patch transformer whose patch may not change one (the rule of patches). A
 * directory, an inline text, a KRM function or another kind may make anything.
 */
function transformerKeepsKind(e: unknown, dir: string): boolean {
  const path = typeof e === 'string' ? literalPath(e) : undefined
  const read = (p: string): string | undefined => {
    const l = literalPath(p)
    try {
      return l === undefined ? undefined : readFileSync(join(dir, l), 'utf8')
    } catch {
      return undefined
    }
  }
  const text = path === undefined || path === '' ? undefined : read(path)
  const docs = text === undefined ? undefined : parseAll(text)
  return (
    docs !== undefined &&
    docs.every((d) => {
      const t = obj(d)
      if (!t || t['apiVersion'] !== 'builtin' || typeof t['kind'] !== 'string') return false
      const specs = t['fieldSpecs']
      const specsBelow =
        specs === undefined ||
        (Array.isArray(specs) &&
          specs.every((f) => typeof obj(f)?.['path'] === 'string' && belowKind((obj(f)!['path'] as string).replace(/\//g, '.'))))
      if (FIELD_TRANSFORMERS.has(t['kind'])) return specsBelow
      if (t['kind'] === 'PatchTransformer') return !mayChangeKind(t, parseAll, read)
      if (t['kind'] === 'PatchJson6902Transformer')
        return !textMayChangeKind(
          typeof t['jsonOp'] === 'string' ? t['jsonOp'] : typeof t['path'] === 'string' ? read(t['path']) : undefined,
          parseAll,
        )
      return false
    })
  )
}
