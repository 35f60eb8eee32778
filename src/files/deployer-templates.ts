/**
 * A Helm chart template that spells a deploy group's apiVersion (docs/kustomize.md#deploy-time-patches),
 * read with its actions masked (yaml/masked-read.ts): it is judged like a plain deploy object only
 * when every action either writes nothing (`if`, `end`, `range`, `with`, a comment, an assignment,
 * on a line of its own) or writes one scalar of a field that cannot change what is rendered from
 * the repository (a name, a namespace, a destination, a project, a revision, a sync policy). An
 * action that may write fields (on a line of its own, `toYaml`, `include`, `tpl`, `indent`), one
 * in a path, a key or a patch-like field, a named template that holds a deploy object, and a
 * document that still does not parse hold every tree.
 */
import { DEPLOY_API_PREFIXES } from './deploy-groups.js'
import { isDeployObject, type Key, obj } from './deployer-objects.js'
import { mentionsAny } from '../pipeline/escapes.js'
import type { MaskedRead } from '../yaml/masked-read.js'

type MaskedView = MaskedRead

/** Functions whose output may span lines, and so write fields of its own. */
const EMITS = /\b(?:toYaml|toJson|toPrettyJson|toRawJson|include|template|tpl|indent|nindent)\b/

/**
 * Where and why a templated document holds every tree; 'none' when it holds no deploy object (the
 * group is spelled elsewhere, as in an `argocd.argoproj.io/…` annotation) and no apiVersion is
 * templated; undefined when its actions are harmless. `data(i)`: document i, read.
 */
export function templateHarm(
  m: MaskedView,
  text: string,
  data: (doc: number) => unknown,
): { offset: number; what: string } | 'none' | undefined {
  for (const d of m.defines)
    if (mentionsAny(text.slice(d.start, d.end), DEPLOY_API_PREFIXES))
      return { offset: d.start, what: 'a named template (define) that holds a deploy object, rendered wherever it is included,' }
  for (const d of m.docs)
    if (d.error) return { offset: d.error.offset, what: 'a templated deploy object that cannot be parsed (its template actions masked)' }
  const apiVersion = (a: MaskedView['actions'][number]) => a.at !== undefined && a.at.path[a.at.path.length - 1] === 'apiVersion'
  if (!m.docs.some((_, i) => anyDeployObject(data(i))) && !m.actions.some((a) => !a.inDefine && apiVersion(a))) return 'none'
  for (const a of m.actions) {
    if (a.inDefine) continue
    const at = (what: string) => ({ offset: a.start, what: `a template action that ${what}` })
    if (a.standalone) {
      if (a.output) return at('writes text on a line of its own (it may write fields of a deploy object)')
      if (a.joins) return at('trims the line break after it (it may join lines of a deploy object)')
      continue
    }
    const block = valuesBlock(a, text) && !APP_CHART.test(chartOf(data(a.at!.doc), a.at!.path))
    if (EMITS.test(a.body) && !block) return at('may write fields of a deploy object (toYaml, include, tpl, indent)')
    if (!a.at || a.at.key) return at('writes a key of a deploy object')
    const field = fieldOf(data(a.at.doc), a.at.path)
    if (!field) return at('lies outside every deploy object of its document')
    if (!block && !harmlessTemplated(field.rel, field.kind)) return at(`writes ${field.rel.join('.')} of a deploy object`)
  }
  return undefined
}

/**
 * A chart's values written as one block (`valuesObject: {{ toYaml .Values.x | nindent 8 }}`), indented
 * deeper than its key so that it stays below it: it may write only values (read as values; of a chart
 * known to make Applications they are not read, and hold).
 */
function valuesBlock(a: MaskedView['actions'][number], text: string): boolean {
  const key = a.at && !a.at.key ? a.at.path[a.at.path.length - 1] : undefined
  if (key !== 'valuesObject' && key !== 'values') return false
  const indent = /\|\s*nindent\s+(\d+)\s*-?\}\}$/.exec(a.body)
  const line = text.lastIndexOf('\n', a.start) + 1
  const column = text.slice(line, a.start).search(/\S/)
  return indent !== null && column >= 0 && Number(indent[1]) > column && !/\b(?:include|tpl|template)\b/.test(a.body)
}

/** Charts known to make deploy objects of their values (deployer-objects.ts's APP_CHARTS). */
const APP_CHART = /^(?:argocd-apps|argo-cd-apps)$/

/** The chart whose values lie at `path` of `v`: an Argo CD source's `chart` (values under `helm`), a HelmRelease's `spec.chart.spec.chart`. */
function chartOf(v: unknown, path: readonly Key[]): string {
  const at = (p: readonly Key[]) => p.reduce<unknown>((cur, k) => (Array.isArray(cur) ? cur[Number(k)] : obj(cur)?.[String(k)]), v)
  const owner = obj(at(path.slice(0, -1)))
  const release = obj(obj(owner?.['chart'])?.['spec'])?.['chart']
  return String(release ?? obj(at(path.slice(0, -2)))?.['chart'])
}

function anyDeployObject(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(anyDeployObject)
  const m = obj(v)
  return m !== undefined && (isDeployObject(m) || Object.values(m).some(anyDeployObject))
}

/** The innermost deploy object on `path` in `v`, its kind, and the rest of the path below it. */
function fieldOf(v: unknown, path: readonly Key[]): { kind: string; rel: Key[] } | undefined {
  let found: { kind: string; rel: Key[] } | undefined
  let cur: unknown = v
  for (let i = 0; i <= path.length; i++) {
    const m = obj(cur)
    if (m && isDeployObject(m)) found = { kind: typeof m['kind'] === 'string' ? m['kind'] : '', rel: path.slice(i) }
    if (i === path.length) break
    const k = path[i]!
    cur = Array.isArray(cur) ? cur[Number(k)] : m?.[String(k)]
  }
  return found
}

const FLUX_SCALARS = new Set(['interval', 'timeout', 'retryInterval', 'suspend', 'prune', 'wait', 'force', 'serviceAccountName'])

/** A field whose scalar value cannot change what is rendered from the repository, nor which tree. */
function harmlessTemplated(rel: readonly Key[], kind: string): boolean {
  // A source renames nothing but by its `include` (an ArtifactGenerator: its Kustomizations reach every tree).
  if (/^(?:GitRepository|OCIRepository|Bucket|HelmRepository|HelmChart|ExternalArtifact|ArtifactGenerator)$/.test(kind))
    return !rel.includes('include')
  const p = kind === 'ApplicationSet' && rel[0] === 'spec' && rel[1] === 'template' ? rel.slice(2) : rel
  const [a, b, c, d] = p
  if (a === 'metadata')
    return (p.length === 2 && (b === 'name' || b === 'namespace')) || (p.length === 3 && (b === 'labels' || b === 'annotations'))
  if (a !== 'spec') return false
  if (b === 'syncPolicy') return true
  if (p.length === 2) return b === 'project' || FLUX_SCALARS.has(String(b))
  if (b === 'destination') return p.length === 3 && (c === 'server' || c === 'name' || c === 'namespace')
  if (b === 'source') return p.length === 3 && (c === 'repoURL' || c === 'targetRevision')
  return b === 'sources' && p.length === 4 && typeof c === 'number' && (d === 'repoURL' || d === 'targetRevision')
}
