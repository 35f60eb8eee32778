/**
 * One deploy object judged (docs/kustomize.md#deploy-time-patches): a Flux, Flux Operator or Argo
 * CD object is harmless to every tree only when it is read whole, nothing in it is templated and
 * no field of it may patch a TrafficSplit; otherwise it holds every directory its `path` may
 * reach, and every directory when that path cannot be read literally. Nothing is recognised
 * shape by shape: a field is harmless only when it is one of the few proven ones.
 */
import { posix } from 'node:path'
import { obj, type Parse, TEMPLATED, valuesHarm } from './deployer-values.js'

export type Key = string | number
export type Obj = Record<string, unknown>
export { obj, TEMPLATED }

/** The API groups of deploy objects (Flux, Flux Operator, Argo CD). */
export const DEPLOY_GROUP =
  /^(?:kustomize\.toolkit\.fluxcd\.io|argoproj\.io|fluxcd\.controlplane\.io|helm\.toolkit\.fluxcd\.io|source\.(?:toolkit|extensions)\.fluxcd\.io)$/
const SMI_KIND = /^(?:TrafficSplit|TrafficTarget|HTTPRouteGroup|TCPRoute|UDPRoute|TrafficMetrics)$/
/** Kinds of deploy objects, which a kustomization's patch may rewrite (and with them what they deploy). */
export const DEPLOY_KIND =
  /^(?:Kustomization|Application|ApplicationSet|HelmRelease|ResourceSet|FluxInstance|List|GitRepository|OCIRepository|Bucket|ArtifactGenerator)$/
/** This project's own Argo CD plugin (deploy/argocd/plugin.yaml): it builds the path with kustomize alone. */
const OURS = /^smi-migrate(?:-v\d+)?$/
/** What a component may hold and still be harmless: labels, annotations, images, patches of non-SMI kinds. */
const COMPONENT_KEYS = new Set([
  'apiVersion',
  'kind',
  'metadata',
  'labels',
  'commonLabels',
  'commonAnnotations',
  'images',
  'patches',
  'patchesJson6902',
  'patchesStrategicMerge',
])

/** What a harmful object may reach: every directory, or paths relative to its repository's root. */
export type Reach = 'all' | string[]
export interface Harm {
  /** The key path (from the object) of the mapping holding `key`, the field that makes it harmful. */
  at: Key[]
  key: string
  what: string
  reach: Reach
  /**
   * A name prefix, suffix or namespace the tool sets over the path (not a patch of its own): it
   * changes which patches of the tree select by name or namespace, so it holds only a tree that has patches.
   */
  names?: true
}

export interface Judging {
  /** A Helm chart template: every `{{` templates text, not one field. */
  helm: boolean
  /** A component's kustomization, read and parsed (`dir` relative to the repository root); undefined: none readable. */
  component: (dir: string) => unknown
  /** A YAML or JSON text's documents, read (undefined: it cannot be read whole). */
  parse?: Parse
  /** A file's text at `path` relative to the repository root; undefined when there is none. */
  file?: (path: string) => string | undefined
  /** Whether `path` (relative to the repository root) is a symbolic link; none: any may be. */
  symlink?: (path: string) => boolean
  /**
   * The real directory of `path` (relative to the repository root, each `..` taken after the
   * symlink before it), relative to that root; undefined when it does not exist, null when it
   * lies outside the repository. None: the path as written.
   */
  realDir?: (path: string) => string | undefined | null
}

export const groupOf = (api: unknown): string => (typeof api === 'string' && api.includes('/') ? api.slice(0, api.lastIndexOf('/')) : '')
/**
 * Kinds of those groups that deploy no path of a repository: an Argo CD project or plugin
 * definition (an Application that uses a plugin is judged by its `plugin` field), Argo Rollouts,
 * Workflows and Events objects, Flux Operator's input providers and reports.
 */
const DEPLOYS_NOTHING = new Set([
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

/** A deploy object, or one whose apiVersion is templated (it may be one). */
export const isDeployObject = (o: Obj): boolean =>
  typeof o['apiVersion'] === 'string' &&
  !(typeof o['kind'] === 'string' && DEPLOYS_NOTHING.has(o['kind'])) &&
  (DEPLOY_GROUP.test(groupOf(o['apiVersion'])) || TEMPLATED.test(o['apiVersion']))

/** The harm of deploy object `o`, or undefined when it is harmless to every tree. */
export function judge(o: Obj, j: Judging): Harm | undefined {
  const kind = typeof o['kind'] === 'string' ? o['kind'] : ''
  if (/^source\.(?:toolkit|extensions)\.fluxcd\.io$/.test(groupOf(o['apiVersion']))) return sourceHarm(o, kind)
  const w: Walk = { j, perField: kind === 'ApplicationSet' && !j.helm }
  const found = firstHarm(o, [], [o], w) ?? w.names
  if (!found) return undefined
  const [at, key, why] = found
  const name = describe(o, kind)
  const harm: Harm = { at, key, what: `${name}${fieldName(kind, [...at, key])}${why}`, reach: reachOf(o, kind, at, key, j) }
  if (found === w.names) harm.names = true
  return harm
}

/**
 * A Flux source: a GitRepository with `include` renames other repositories' paths into its own
 * layout, so a Kustomization's path of it may name any directory of this one (every tree). Other
 * sources deploy nothing of their own; a Kustomization of an OCI artifact, a Bucket or an
 * ExternalArtifact (an ArtifactGenerator's copy) reaches every tree (reachOf).
 */
function sourceHarm(o: Obj, kind: string): Harm | undefined {
  const include = obj(o['spec'])?.['include']
  if (kind !== 'GitRepository' || include === undefined || include === null) return undefined
  return { at: ['spec'], key: 'include', what: "a Flux GitRepository's spec.include (it renames paths)", reach: 'all' }
}

function describe(o: Obj, kind: string): string {
  const group = groupOf(o['apiVersion'])
  if (group === 'kustomize.toolkit.fluxcd.io' && kind === 'Kustomization') return "a Flux Kustomization's "
  if (group === 'helm.toolkit.fluxcd.io' && kind === 'HelmRelease') return "a Flux HelmRelease's "
  if (group === 'argoproj.io' && kind === 'Application') return "an Argo CD Application's "
  if (group === 'argoproj.io' && kind === 'ApplicationSet') return "an Argo CD ApplicationSet's "
  return `a ${kind || 'deploy object'} (${String(o['apiVersion'])})'s `
}

/** `spec.patches`; an Application's fields below `spec`, an ApplicationSet's template's below its `spec`. */
function fieldName(kind: string, path: Key[]): string {
  let p = path
  let head = ''
  if (kind === 'Application' && p[0] === 'spec') p = p.slice(1)
  else if (kind === 'ApplicationSet' && p[0] === 'spec' && p[1] === 'template' && p[2] === 'spec') {
    p = p.slice(3)
    head = "template's "
  }
  return head + p.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('')
}

interface Walk {
  j: Judging
  /** An ApplicationSet outside a chart: Argo CD renders each string field alone, so `{{…}}` cannot add a field. */
  perField: boolean
  /** The first name prefix, suffix or namespace set over the path (harmful only to a tree with patches). */
  names?: [Key[], string, string]
}

/** The first field of `v` that is not proven harmless: [mapping's path, key, why]. */
function firstHarm(v: unknown, path: Key[], stack: unknown[], w: Walk): [Key[], string, string] | undefined {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const e = v[i]
      if (typeof e === 'string' && templated(e, w)) return [path.slice(0, -1), String(path[path.length - 1]), ' (templated)']
      const h = firstHarm(e, [...path, i], [...stack, e], w)
      if (h) return h
    }
    return undefined
  }
  const m = obj(v)
  if (!m) return undefined
  if (path.length > 0 && isDeployObject(m)) return [path.slice(0, -1), String(path[path.length - 1]), ' (an object it generates)']
  for (const [k, val] of Object.entries(m)) {
    if (templated(k, w) || (typeof val === 'string' && templated(val, w))) return [path, k, ' (templated)']
    const why = fieldHarm(k, val, path, stack, w)
    if (why === false) continue
    if (why !== undefined) return [path, k, why]
    const h = firstHarm(val, [...path, k], [...stack, val], w)
    if (h) return h
  }
  return undefined
}

function templated(s: string, w: Walk): boolean {
  return w.perField ? /\$\{|<<\s*inputs/.test(s) : TEMPLATED.test(s)
}

/** A patch-like field: a reason it may patch (harm), false (proven harmless), or undefined (not one: look inside). */
function fieldHarm(k: string, val: unknown, path: Key[], stack: unknown[], w: Walk): string | false | undefined {
  switch (k) {
    case 'patches':
    case 'patchesJson6902':
      return Array.isArray(val) && val.every((e) => patchHarmless(e, SMI_KIND)) ? false : ''
    case 'patchesStrategicMerge':
      return Array.isArray(val) && val.every((e) => typeof e === 'string' && textKindsOnly(e, SMI_KIND)) ? false : ''
    case 'components':
      return componentsHarmless(val, stack, w) ? false : ''
    case 'plugin':
      return OURS.test(String(obj(val)?.['name'])) ? false : ' (a plugin renders it)'
    case 'namePrefix':
    case 'nameSuffix':
    case 'namespace':
    case 'targetNamespace':
      // Argo CD's `kustomize.namePrefix`/`namespace`, Flux's `spec.namePrefix`/`targetNamespace`: set in the
      // path's kustomization, before its patches select by name or namespace.
      if (k === 'namePrefix' || k === 'nameSuffix' || (k === 'namespace' ? path[path.length - 1] === 'kustomize' : path.length === 1))
        w.names ??= [path, k, ' (a name or namespace the patches of the tree may select by)']
      return undefined
    case 'values':
    case 'valuesObject':
    case 'valueFiles':
    case 'valuesFrom':
      return valuesField(k, val, stack, w.j)
    case 'templatePatch':
    case 'inputs':
    case 'inputsFrom':
      return ''
    case 'template':
      return path.includes('generators') ? ' (a generator template)' : undefined
    default:
      return undefined
  }
}

/** Charts known to make deploy objects of their values: argo-helm's `argocd-apps` (an Application per entry). */
const APP_CHARTS = /^(?:argocd-apps|argo-cd-apps)$/

/**
 * A chart's values (an Argo CD source's `helm.values` string, `valuesObject`, `valueFiles`, a
 * HelmRelease's `values`, `valuesFrom`): harmless when every text of them is read and holds no
 * patch-like key (deployer-values.ts); values that cannot be read (another repository's file,
 * `valuesFrom`) are harmless only for a chart not known to make deploy objects.
 */
function valuesField(k: string, val: unknown, stack: unknown[], j: Judging): string | false {
  const owner = obj(stack[stack.length - 1])
  const source = k === 'valuesFrom' ? obj(obj(owner?.['chart'])?.['spec']) : obj(stack[stack.length - 2])
  const known = APP_CHARTS.test(String(source?.['chart']))
  const parse = j.parse ?? (() => undefined)
  if (k === 'valuesFrom')
    return known && val !== null && val !== undefined ? ' (values the tool cannot read, of a chart that makes Applications)' : false
  if (k !== 'valueFiles') {
    const h = valuesHarm(val, parse)
    return h === undefined ? false : ` (values: ${h})`
  }
  if (!Array.isArray(val)) return val === undefined || val === null ? false : ''
  const base = sourcePath(stack.slice(0, -1)) ?? ''
  for (const f of val) {
    const name = typeof f === 'string' ? f : ''
    const ref = /^\$[^/]+\/(.*)$/.exec(name)
    const path = literalPath(ref ? ref[1]! : posix.join(base, name))
    const text = path === undefined || /:\/\//.test(name) ? undefined : j.file?.(path)
    if (text === undefined) {
      if (known) return ` (${name}: values the tool cannot read, of a chart that makes Applications)`
      continue
    }
    const docs = parse(text)
    const h = docs ? docs.map((d) => valuesHarm(d, parse)).find((x) => x !== undefined) : '(unreadable)'
    if (h !== undefined) return ` (${name}: ${h})`
  }
  return false
}

/**
 * A patch (of a deploy object, a component or a kustomization) proven not to select `kinds`;
 * `read`, where the patch may name a file: the text at its `path`, read as an inline patch's.
 */
export function patchHarmless(e: unknown, kinds: RegExp, read?: (path: string) => string | undefined): boolean {
  const p = obj(e)
  if (!p) return false
  const target = p['target']
  if (target !== undefined && target !== null) {
    // kustomize reads a target's kind as an anchored regex: only a plain name is one kind.
    const kind = obj(target)?.['kind']
    return typeof kind === 'string' && /^[a-z][a-z0-9]*$/i.test(kind) && !kinds.test(kind)
  }
  // kustomize reads an empty or null `patch` as none, and the file at `path` instead.
  if (typeof p['patch'] === 'string' && p['patch'] !== '') return textKindsOnly(p['patch'], kinds)
  const text = typeof p['path'] === 'string' && (p['patch'] ?? '') === '' ? read?.(p['path']) : undefined
  return text !== undefined && textKindsOnly(text, kinds)
}

/** A patch text without a target (it selects by its own kinds) that names kinds, each a plain name none of `kinds`. */
export function textKindsOnly(text: string, kinds: RegExp): boolean {
  if (TEMPLATED.test(text)) return false
  const found = [...text.matchAll(/(?:^|[\s{,])["']?kind["']?\s*:\s*["']?([^\s"',}#]*)/g)].map((m) => m[1]!)
  return found.length > 0 && found.every((k) => /^[a-z][a-z0-9]*$/i.test(k) && !kinds.test(k))
}

/** Every component of the list read, relative to its source's `path`, and each only labels or patches non-SMI kinds. */
function componentsHarmless(val: unknown, stack: unknown[], w: Walk): boolean {
  if (val === null || val === undefined) return true
  if (!Array.isArray(val)) return false
  const base = componentBase(stack, w.j)
  if (base === undefined) return false
  return val.every((c) => {
    const dir = typeof c === 'string' ? literalPath(posix.join(base, c)) : undefined
    if (dir === undefined || /:\/\/|^github\.com\//.test(String(c))) return false
    const k = obj(w.j.component(dir))
    if (!k) return false
    // A patch file beside the component (no `..`: kustomize would resolve it through symlinks first).
    const read = (f: string) => {
      const path = f.split(/[\\/]/).includes('..') ? undefined : literalPath(posix.join(dir, f))
      return path === undefined ? undefined : w.j.file?.(path)
    }
    // A `patchesStrategicMerge` entry is a patch's text (several lines) or its file's path, as kustomize reads it.
    const smp = (e: unknown) =>
      typeof e === 'string' && (e.includes('\n') ? textKindsOnly(e, SMI_KIND) : patchHarmless({ path: e }, SMI_KIND, read))
    return Object.entries(k).every(
      ([key, v]) =>
        COMPONENT_KEYS.has(key) &&
        (key === 'patchesStrategicMerge'
          ? Array.isArray(v) && v.every(smp)
          : key !== 'patches' && key !== 'patchesJson6902'
            ? true
            : Array.isArray(v) && v.every((e) => patchHarmless(e, SMI_KIND, read))),
    )
  })
}

/** The `path` beside a `components` list (Flux's spec) or above its `kustomize` (Argo CD's source), literal. */
function sourcePath(stack: unknown[]): string | undefined {
  const p = rawSourcePath(stack)
  return typeof p === 'string' ? literalPath(p) : undefined
}

function rawSourcePath(stack: unknown[]): unknown {
  for (const m of stack.slice(-2).reverse()) {
    const p = obj(m)?.['path']
    if (p !== undefined) return p
  }
  return undefined
}

/**
 * The directory a components list is relative to: kustomize reads a component from its
 * kustomization's real directory (the path's, every symlink on it expanded), then cleans the
 * component's path lexically. Flux expands each symlink of its path before the next `..`; Argo
 * CD cleans its path first. A path outside the repository: undefined (not proven harmless).
 */
function componentBase(stack: unknown[], j: Judging): string | undefined {
  const raw = rawSourcePath(stack)
  const path = typeof raw === 'string' ? literalPath(raw) : undefined
  if (path === undefined || !j.realDir) return path
  const argo = groupOf(obj(stack[0])?.['apiVersion']) === 'argoproj.io'
  const real = j.realDir(argo ? path : String(raw).replace(/\\/g, '/').replace(/^\/+/, ''))
  return real === null ? undefined : (real ?? path)
}

/** A path relative to the repository's root, normalised; undefined when it is templated or climbs above the root. */
export function literalPath(p: string): string | undefined {
  if (TEMPLATED.test(p) || p.includes('*')) return undefined
  const n = posix.normalize(p.replace(/\\/g, '/').replace(/^\/+/, ''))
  if (n === '..' || n.startsWith('../')) return undefined
  let end = n.length
  while (end > 0 && n[end - 1] === '/') end--
  return n === '.' || n === './' ? '' : n.slice(0, end)
}

/**
 * Whether `p` names another directory resolved physically than lexically: a `..` after a symbolic
 * link. Flux joins `spec.path` (and a chart's path) as SecureJoin does, each symlink expanded
 * before the next `..`; kustomize resolves a component from its kustomization's real directory.
 */
function climbsPastLink(p: string, symlink: Judging['symlink']): boolean {
  const parts: string[] = []
  let linked = false
  for (const c of p.replace(/\\/g, '/').split('/')) {
    if (c === '' || c === '.') continue
    if (c === '..') {
      if (linked) return true
      parts.pop()
      continue
    }
    parts.push(c)
    linked ||= symlink?.(parts.join('/')) ?? true
  }
  return false
}

/** The paths a harmful object may deploy: its sources' paths and their components; 'all' for any it cannot read. */
function reachOf(o: Obj, kind: string, harmAt: Key[], key: string, j: Judging): Reach {
  const spec = obj(o['spec'])
  const group = groupOf(o['apiVersion'])
  let sources: Array<Obj | undefined>
  if (group === 'kustomize.toolkit.fluxcd.io' && kind === 'Kustomization') {
    // Only a GitRepository has the repository's layout; an OCI artifact, a Bucket or an ExternalArtifact may
    // have any. (Without a sourceRef Flux refuses the object.)
    const ref = spec?.['sourceRef']
    if (ref !== undefined && obj(ref)?.['kind'] !== 'GitRepository') return 'all'
    sources = [spec]
  } else if (group === 'argoproj.io' && (kind === 'Application' || kind === 'ApplicationSet')) {
    // A generator's template or a templatePatch may set any path.
    if (kind === 'ApplicationSet' && (harmAt[1] !== 'template' || harmAt[2] !== 'spec')) return 'all'
    const app = kind === 'Application' ? spec : obj(obj(spec?.['template'])?.['spec'])
    sources = [obj(app?.['source']), ...(Array.isArray(app?.['sources']) ? (app!['sources'] as unknown[]).map(obj) : [])].filter(Boolean)
  } else if (group === 'helm.toolkit.fluxcd.io' && kind === 'HelmRelease') {
    // A chart's values may become objects that deploy any path (argocd-apps).
    if (key === 'values' || key === 'valuesFrom' || harmAt.includes('values')) return 'all'
    const chart = obj(obj(spec?.['chart'])?.['spec'])
    // A chart of a Helm repository renders no file of this one.
    if (obj(chart?.['sourceRef'])?.['kind'] === 'HelmRepository') return []
    sources = typeof chart?.['chart'] === 'string' && !TEMPLATED.test(chart['chart']) ? [{ path: chart['chart'] }] : [undefined]
  } else return 'all'
  const out: string[] = []
  for (const s of sources) {
    // A source of values only (`ref`) renders nothing.
    if (s && s['ref'] !== undefined && s['path'] === undefined && s['chart'] === undefined) continue
    const path = s?.['path'] === undefined ? '' : typeof s['path'] === 'string' ? literalPath(s['path']) : undefined
    if (!s || path === undefined) return 'all'
    const raw = typeof s['path'] === 'string' ? s['path'] : ''
    // Argo CD joins its path lexically; Flux does not (climbsPastLink).
    if (group !== 'argoproj.io' && climbsPastLink(raw, j.symlink)) return 'all'
    out.push(path)
    const components = s['components'] ?? obj(s['kustomize'])?.['components']
    for (const c of Array.isArray(components) ? components : []) {
      const dir = typeof c === 'string' ? literalPath(posix.join(path, c)) : undefined
      if (dir === undefined || climbsPastLink(`${raw}/${c}`, j.symlink)) return 'all'
      out.push(dir)
    }
  }
  return out
}
