/**
 * One deploy object judged (docs/kustomize.md#deploy-time-patches): a Flux, Flux Operator or Argo
 * CD object is harmless to every tree only when it is read whole, nothing in it is templated and
 * no field of it may patch a TrafficSplit; otherwise it holds every directory its `path` may
 * reach, and every directory when that path cannot be read literally. Nothing is recognised
 * shape by shape: a field is harmless only when it is one of the few proven ones.
 */
import { posix } from 'node:path'
import { child, type Field, fieldsOf } from './deploy-fields.js'
import { DEPLOY_KIND, entryWhen, mayChangeKind, patchHarmless, SMI_KIND, textKindsOnly, writesOver } from './deployer-patches.js'
import { DEPLOYS_NOTHING, obj, type Parse, patchKey, TEMPLATED, valuesHarm } from './deployer-values.js'

export type Key = string | number
export type Obj = Record<string, unknown>
export { DEPLOY_KIND, obj, patchHarmless, TEMPLATED, textKindsOnly }

/** The API groups of deploy objects (Flux, Flux Operator, Argo CD). */
export const DEPLOY_GROUP =
  /^(?:kustomize\.toolkit\.fluxcd\.io|argoproj\.io|fluxcd\.controlplane\.io|helm\.toolkit\.fluxcd\.io|source\.(?:toolkit|extensions)\.fluxcd\.io)$/
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
  /** Flux `postBuild` substitution over the path: it holds only a tree whose files hold `${`. */
  subst?: true
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
  const hard = firstHarm(o, [], [o], w, fieldsOf(groupOf(o['apiVersion']), kind))
  const found = hard ?? w.names ?? w.subst
  if (!found) return undefined
  const [at, key, why] = found
  const name = describe(o, kind)
  const harm: Harm = {
    at,
    key,
    what: `${name}${fieldName(kind, [...at, key])}${why}`,
    reach: UNKNOWN.test(why) ? 'all' : reachOf(o, kind, at, key, j),
  }
  if (!hard && w.names) harm.names = true
  if (!hard && w.subst) harm.subst = true
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
  names?: Found
  /** The first Flux substitution over the path (harmful only to a tree whose files hold `${`). */
  subst?: Found
}

type Found = [Key[], string, string]
/** Harms of a field the table does not list: what it does is not known, so it may reach any tree. */
const UNKNOWN = /^ \((?:a field the tool does not know|a list where|a mapping where|it may patch the deploy objects|it may change)/
const DEPLOYS_WHY = ' (it may patch the deploy objects it builds)'
const KIND_WHY = " (it may change an object's kind or apiVersion, and so make a deploy object)"
const NAMES_WHY = ' (a name or namespace the patches of the tree may select by)'
const SUBST_WHY = ' (variables substituted into what it builds)'

/**
 * The first field of `v` that is not proven harmless: [mapping's path, key, why]. `f` is its entry
 * in the table (deploy-fields.ts); undefined below a free field, where only templating and nested
 * deploy objects are looked for.
 */
function firstHarm(v: unknown, path: Key[], stack: unknown[], w: Walk, f: Field | undefined): Found | undefined {
  const up = (why: string): Found => [path.slice(0, -1), String(path[path.length - 1]), why]
  const list = f !== undefined && typeof f !== 'string' && 'list' in f && Object.keys(f).length === 1
  if (Array.isArray(v)) {
    if (f !== undefined && !list) return up(' (a list where the tool knows none)')
    for (let i = 0; i < v.length; i++) {
      const e = v[i]
      if (typeof e === 'string' && templated(e, w)) return up(' (templated)')
      const h = firstHarm(e, [...path, i], [...stack, e], w, f === undefined ? undefined : child(f, i))
      if (h) return h
    }
    return undefined
  }
  const m = obj(v)
  if (!m) return undefined
  if (path.length > 0 && isDeployObject(m)) return up(' (an object it generates)')
  if (list) return up(' (a mapping where the tool knows a list)')
  for (const [k, val] of Object.entries(m)) {
    if (templated(k, w) || (typeof val === 'string' && templated(val, w))) return [path, k, ' (templated)']
    const c = f === undefined ? undefined : child(f, k)
    if (f !== undefined && c === undefined) return [path, k, ' (a field the tool does not know to be harmless)']
    if (c === 'names') w.names ??= [path, k, NAMES_WHY]
    if (c === 'subst') w.subst ??= [path, k, SUBST_WHY]
    if (c === 'judged') {
      const why = fieldHarm(k, val, path, stack, w)
      if (why !== false) return [path, k, why]
      continue
    }
    const h = firstHarm(val, [...path, k], [...stack, val], w, typeof c === 'string' ? undefined : c)
    if (h) return h
  }
  return undefined
}

function templated(s: string, w: Walk): boolean {
  return w.perField ? /\$\{|<<\s*inputs/.test(s) : TEMPLATED.test(s)
}

const SMI_OR_DEPLOY = new RegExp(`${SMI_KIND.source}|${DEPLOY_KIND.source}`)

/** A field read by its own rule: a reason it may patch (harm), or false (proven harmless). */
function fieldHarm(k: string, val: unknown, path: Key[], stack: unknown[], w: Walk): string | false {
  const parse = w.j.parse ?? (() => undefined)
  switch (k) {
    case 'patches':
    case 'patchesJson6902':
    case 'patchesStrategicMerge': {
      if (val === null || val === undefined) return false
      if (!Array.isArray(val)) return ''
      for (const e of val) {
        const when =
          k !== 'patchesStrategicMerge'
            ? entryWhen(e, parse, SMI_KIND)
            : typeof e === 'string' && (textKindsOnly(e, SMI_OR_DEPLOY) ? new Set<string>() : writesOver(e, parse, SMI_KIND))
        // A patch of the deploy objects its path builds changes what they deploy, wherever that is.
        if (when === false) return mayChangeKind(e, parse) ? KIND_WHY : patchHarmless(e, DEPLOY_KIND) ? '' : DEPLOYS_WHY
        if ([...when].some((c) => c.startsWith('reach:'))) return DEPLOYS_WHY
        if (when.has('names')) w.names ??= [path, k, NAMES_WHY]
        if (when.has('subst')) w.subst ??= [path, k, SUBST_WHY]
      }
      return false
    }
    case 'components': {
      const c = componentsHarmless(val, stack, w)
      return c === true ? false : c === 'kind' ? KIND_WHY : ''
    }
    case 'plugin':
      return OURS.test(String(obj(val)?.['name'])) ? false : ' (a plugin renders it)'
    case 'generators':
      return generatorsHarmless(val) ? false : ' (a generator template)'
    default:
      return valuesField(k, val, stack, w.j)
  }
}

/** An ApplicationSet's generators: parameters only, no template or templatePatch of their own at any depth. */
function generatorsHarmless(v: unknown): boolean {
  if (Array.isArray(v)) return v.every(generatorsHarmless)
  const m = obj(v)
  return !m || Object.entries(m).every(([k, e]) => k !== 'template' && k !== 'templatePatch' && generatorsHarmless(e))
}

/** Charts known to make deploy objects of their values: argo-helm's `argocd-apps` (an Application per entry). */
const APP_CHARTS = /^(?:argocd-apps|argo-cd-apps)$/

/** Whether a chart name, path or OCI url may be a chart that makes deploy objects: argocd-apps, or one templated. */
export function appChart(name: unknown): boolean {
  if (typeof name !== 'string') return true
  if (TEMPLATED.test(name)) return true
  const last = name.split('/').filter(Boolean).pop() ?? ''
  const bare = last.split(/[:@]/)[0]!
  return APP_CHARTS.test(bare.endsWith('.tgz') ? bare.replace(/-\d[\w.+-]*\.tgz$|\.tgz$/, '') : bare)
}

/**
 * Whether the values at the end of `stack` (an Argo CD source's `helm`, a HelmRelease's spec or
 * chart spec) are of a chart that may make deploy objects: the source's chart, path or OCI url, the
 * HelmRelease's chart; a `chartRef` (a chart of another object) or no chart is not known, and may.
 */
function appValues(stack: unknown[]): boolean {
  for (const m of [...stack].reverse().map(obj)) {
    if (!m) continue
    if (m['chartRef'] !== undefined) return true
    const c = m['chart']
    if (c !== undefined) return appChart(typeof c === 'string' ? c : obj(obj(c)?.['spec'])?.['chart'])
    if (m['repoURL'] !== undefined || m['path'] !== undefined)
      return (
        (m['path'] !== undefined && appChart(m['path'])) ||
        (typeof m['repoURL'] === 'string' && /^oci:/.test(m['repoURL']) && appChart(m['repoURL']))
      )
  }
  return true
}

const UNREAD = ' (values the tool cannot read, of a chart that may make Applications)'

/**
 * A chart's values (an Argo CD source's `helm.values` string, `valuesObject`, `valueFiles`,
 * `parameters`, `fileParameters`; a HelmRelease's `values`, `valuesFrom`, chart `valuesFiles`):
 * of a chart that may make deploy objects, harmless only when every source of them is read and
 * holds no patch-like key (deployer-values.ts); of another chart, when no string spells a deploy
 * group's apiVersion.
 */
function valuesField(k: string, val: unknown, stack: unknown[], j: Judging): string | false {
  const app = appValues(stack)
  const parse = j.parse ?? (() => undefined)
  const none = val === null || val === undefined || (Array.isArray(val) && val.length === 0)
  if (none) return false
  if (k === 'valuesFrom' || k === 'fileParameters' || k === 'valuesFiles' || k === 'valuesFile') return app ? UNREAD : false
  if (k === 'parameters') return parametersHarm(val, parse, app)
  if (k !== 'valueFiles') {
    const h = valuesHarm(val, parse, [], app)
    return h === undefined ? false : ` (values: ${h})`
  }
  if (!Array.isArray(val)) return ''
  const base = sourcePath(stack.slice(0, -1)) ?? ''
  for (const f of val) {
    const name = typeof f === 'string' ? f : ''
    const ref = /^\$[^/]+\/(.*)$/.exec(name)
    const path = literalPath(ref ? ref[1]! : posix.join(base, name))
    const text = path === undefined || /:\/\//.test(name) ? undefined : j.file?.(path)
    if (text === undefined) {
      if (app) return ` (${name}: ${UNREAD.slice(2)}`
      continue
    }
    const docs = parse(text)
    const h = docs ? docs.map((d) => valuesHarm(d, parse, [], app)).find((x) => x !== undefined) : '(unreadable)'
    if (h !== undefined) return ` (${name}: ${h})`
  }
  return false
}

/** Argo CD `helm.parameters` (`--set name=value`): each name read as a key path of the values, each value as values. */
function parametersHarm(val: unknown, parse: Parse, app: boolean): string | false {
  if (!Array.isArray(val)) return ''
  for (const p of val) {
    const m = obj(p)
    const name = m?.['name']
    if (!m || typeof name !== 'string') return ''
    const keys = name.split(/(?<!\\)\.|\[|\]/).filter(Boolean)
    const bad = app ? keys.findIndex((key, i) => patchKey(key, keys.slice(0, i)) || TEMPLATED.test(key)) : -1
    if (bad >= 0) return ` (parameter ${name})`
    const h = valuesHarm(m['value'], parse, [name], app)
    if (h !== undefined) return ` (parameter ${h})`
  }
  return false
}

/** Every component of the list read, relative to its source's `path`, and each only labels or patches of neither SMI nor deploy kinds. */
function componentsHarmless(val: unknown, stack: unknown[], w: Walk): boolean | 'kind' {
  if (val === null || val === undefined) return true
  if (!Array.isArray(val)) return false
  const base = componentBase(stack, w.j)
  if (base === undefined) return false
  let kind = false
  const all = val.every((c) => {
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
      typeof e === 'string' && (e.includes('\n') ? textKindsOnly(e, SMI_OR_DEPLOY) : patchHarmless({ path: e }, SMI_OR_DEPLOY, read))
    return Object.entries(k).every(
      ([key, v]) =>
        COMPONENT_KEYS.has(key) &&
        (key === 'patchesStrategicMerge'
          ? Array.isArray(v) && v.every(smp)
          : key !== 'patches' && key !== 'patchesJson6902'
            ? true
            : Array.isArray(v) &&
              v.every((e) => !(kind ||= mayChangeKind(e, w.j.parse ?? (() => undefined), read)) && patchHarmless(e, SMI_OR_DEPLOY, read))),
    )
  })
  return kind ? 'kind' : all
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
    if (/^values/.test(key) || harmAt.includes('values')) return 'all'
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
