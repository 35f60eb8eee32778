/**
 * Values a deployment tool gives a chart from files of the repository, besides `-f` files
 * (files/helm/repo-values.ts): a helmfile release's inline `values:` and `set:`/`setString:` entries
 * (helmfile docs, "Release Template" and `releases[].values`/`set`), and an Argo CD
 * Application's or ApplicationSet's `helm.values` (YAML text), `helm.valuesObject`,
 * `helm.parameters` and `helm.fileParameters` (`--set`-style names) under `spec.source`,
 * `spec.sources[]` or `spec.template.spec.…` (Argo CD's ApplicationSourceHelm type, argo-cd
 * pkg/apis/application/v1alpha1/types.go), in a `kind: List` too; an ApplicationSet whose helm
 * block or `templatePatch` is a template (generator parameters) may set anything. The other
 * deployers that hand a chart values from the repository: a helmfile release's `valuesTemplate`
 * and `setTemplate`; a Flux HelmRelease's `spec.values` and `spec.valuesFrom` (a ConfigMap or
 * Secret, whose `data`/`stringData` texts are read as values wherever they stand); a kustomization's
 * `helmCharts[].valuesInline` (kustomize api/types/helmchartargs.go); a Rancher Fleet `fleet.yaml`
 * `helm.values` (and its `targetCustomizations`; a `helm.valuesFrom` entry may set anything); a k3s
 * HelmChart's `spec.set` and `spec.valuesContent` (a `spec.valuesSecrets` entry may set anything)
 * (helm-controller pkg/apis/helm.cattle.io/v1/types.go). Which chart a release
 * names is not resolved: any release that sets the value's path is a setter (issue 36: an
 * over-refusal is acceptable, a silent rewrite is not).
 */
import { isMap, isScalar, isSeq, LineCounter, type Node, parseAllDocuments, type YAMLMap } from 'yaml'
import { settingIn, type ValueSetting, valueSetting } from './values.js'
import { setKeyMayReach } from './set-values.js'

/** Each place in `text` where a helmfile release or an Argo CD Application may set `path`. */
export function releaseSettings(text: string, path: readonly string[]): ValueSetting[] {
  const counter = new LineCounter()
  const docs = parseAllDocuments(text, { schema: 'failsafe', uniqueKeys: false, lineCounter: counter })
  if (!Array.isArray(docs)) return []
  const at = (node: Node | null | undefined, how: string): ValueSetting => {
    const pos = counter.linePos(node?.range?.[0] ?? 0)
    return { line: pos.line, column: pos.col, how }
  }
  const out: ValueSetting[] = []
  for (const doc of docs) {
    if (doc.errors.length || !isMap(doc.contents)) continue
    const root = doc.contents
    const objects = scalarText(root.get('kind', true)) === 'List' ? seqMaps(root.get('items', true)) : [root]
    for (const o of objects) out.push(...objectSettings(o, path, at))
  }
  return out
}

type At = (node: Node | null | undefined, how: string) => ValueSetting

/** The settings of one object (or a helmfile state, a kustomization, a fleet.yaml). */
function objectSettings(root: YAMLMap, path: readonly string[], at: At): ValueSetting[] {
  const out: ValueSetting[] = []
  for (const release of seqMaps(root.get('releases', true))) {
    for (const key of ['values', 'valuesTemplate']) {
      const values: unknown = release.get(key, true)
      for (const v of isSeq(values) ? values.items : [])
        if (isMap(v) && settingIn(v, path, at)) out.push(at(v, `a helmfile release's inline ${key}`))
    }
    for (const key of ['set', 'setString', 'setTemplate'])
      for (const s of seqMaps(release.get(key, true)))
        if (nameSets(s.get('name', true), path)) out.push(at(s, `a helmfile release's ${key} entry`))
  }
  for (const chart of seqMaps(root.get('helmCharts', true))) {
    const inline = chart.get('valuesInline', true)
    if (inline && settingIn(inline, path, at)) out.push(at(inline as Node, `a kustomization's helmCharts valuesInline`))
  }
  const fleet = [root.get('helm', true), ...seqMaps(root.get('targetCustomizations', true)).map((t) => t.get('helm', true))]
  for (const helm of fleet) {
    const values = isMap(helm) ? helm.get('values', true) : undefined
    if (values && settingIn(values, path, at)) out.push(at(values as Node, `a Fleet fleet.yaml helm.values`))
    for (const from of seqMaps(isMap(helm) ? helm.get('valuesFrom', true) : undefined))
      out.push(at(from, `a Fleet fleet.yaml helm.valuesFrom entry, whose values this run does not read`))
  }
  const kind = scalarText(root.get('kind', true))
  if (kind === 'HelmRelease') out.push(...fluxSettings(root, path, at))
  else if (kind === 'HelmChart') out.push(...k3sSettings(root, path, at))
  else if (kind === 'ConfigMap' || kind === 'Secret') out.push(...dataSettings(root, kind, path, at))
  else if (kind === 'Application' || kind === 'ApplicationSet') {
    const patch = root.getIn(['spec', 'templatePatch'], true)
    if (kind === 'ApplicationSet' && patch)
      out.push(at(patch as Node, `an Argo CD ApplicationSet templatePatch, a template this run cannot read`))
    for (const helm of helmBlocks(root)) out.push(...argoSettings(helm, path, at, kind === 'ApplicationSet'))
  }
  return out
}

/** A Flux HelmRelease: `spec.values`, and each `spec.valuesFrom` (its `targetPath` when given, else anything). */
function fluxSettings(root: YAMLMap, path: readonly string[], at: At): ValueSetting[] {
  const out: ValueSetting[] = []
  const values = root.getIn(['spec', 'values'], true)
  if (values && settingIn(values, path, at)) out.push(at(values as Node, `a Flux HelmRelease's spec.values`))
  for (const from of seqMaps(root.getIn(['spec', 'valuesFrom'], true))) {
    const target = from.get('targetPath', true)
    if (target === undefined || nameSets(target, path))
      out.push(at(from, `a Flux HelmRelease's spec.valuesFrom entry, whose values this run does not read`))
  }
  return out
}

/**
 * Each Flux HelmRelease `spec.valuesFrom` entry of `text`: its kind, name and where it is. Its
 * text is a values text (`targetPath` or not) that a chart calling `tpl` may render.
 */
export function fluxValuesFrom(text: string): Array<{ kind: string; name: string; offset: number }> {
  if (!text.includes('valuesFrom')) return []
  const out: Array<{ kind: string; name: string; offset: number }> = []
  for (const doc of parseAllDocuments(text, { schema: 'failsafe', uniqueKeys: false }) as Array<{ contents: unknown; errors: unknown[] }>) {
    if (!isMap(doc.contents)) continue
    for (const from of seqMaps(doc.contents.getIn(['spec', 'valuesFrom'], true)))
      out.push({
        kind: scalarText(from.get('kind', true)) ?? '',
        name: scalarText(from.get('name', true)) ?? '',
        offset: from.range?.[0] ?? 0,
      })
  }
  return out
}

/** A k3s HelmChart: `spec.set` (`--set` names as keys) and `spec.valuesContent` (YAML text). */
function k3sSettings(root: YAMLMap, path: readonly string[], at: At): ValueSetting[] {
  const out: ValueSetting[] = []
  const set = root.getIn(['spec', 'set'], true)
  if (isMap(set)) for (const p of set.items) if (nameSets(p.key, path)) out.push(at(p.key as Node, `a k3s HelmChart's spec.set entry`))
  out.push(...textSettings(root.getIn(['spec', 'valuesContent'], true), path, at, `a k3s HelmChart's spec.valuesContent`))
  for (const secret of seqMaps(root.getIn(['spec', 'valuesSecrets'], true)))
    out.push(at(secret, `a k3s HelmChart's spec.valuesSecrets entry, whose values this run does not read`))
  return out
}

/** A ConfigMap's or Secret's data texts, as Flux's `valuesFrom` hands them to a chart. */
function dataSettings(root: YAMLMap, kind: string, path: readonly string[], at: At): ValueSetting[] {
  const out: ValueSetting[] = []
  for (const key of ['data', 'stringData']) {
    const data = root.get(key, true)
    if (!isMap(data)) continue
    const base64 = kind === 'Secret' && key === 'data'
    for (const p of data.items) {
      if (!isScalar(p.value) || typeof p.value.value !== 'string') continue
      const text = base64 ? Buffer.from(p.value.value, 'base64').toString('utf8') : p.value.value
      if (!text.includes(path[0]!)) continue
      const s = valueSetting(text, path)
      if (s && s !== 'unreadable')
        out.push(at(p.value, `a ${kind}'s ${key}.${String(scalarText(p.key))} (values a Flux HelmRelease may take): ${s.how}`))
    }
  }
  return out
}

/** A YAML text of values under a key (Argo CD helm.values, k3s valuesContent): a setting, or unreadable when templated. */
function textSettings(node: unknown, path: readonly string[], at: At, what: string): ValueSetting[] {
  if (!isScalar(node) || typeof node.value !== 'string') return []
  const s = node.value.includes('{{') ? 'unreadable' : valueSetting(node.value, path)
  if (s === 'unreadable') return [at(node, `${what} that cannot be read as YAML`)]
  return s ? [at(node, `${what}: ${s.how}`)] : []
}

/** The `helm:` mappings of an Application's (or an ApplicationSet template's) sources. */
function helmBlocks(root: YAMLMap): YAMLMap[] {
  const specs = [root.getIn(['spec'], true), root.getIn(['spec', 'template', 'spec'], true)].filter((n): n is YAMLMap => isMap(n))
  const sources = specs.flatMap((s): unknown[] => [s.get('source', true), ...seqMaps(s.get('sources', true))])
  return sources.flatMap((s): unknown[] => (isMap(s) ? [s.get('helm', true)] : [])).filter((n): n is YAMLMap => isMap(n))
}

function argoSettings(helm: YAMLMap, path: readonly string[], at: At, generated: boolean): ValueSetting[] {
  const out: ValueSetting[] = []
  // An ApplicationSet's generator parameters may name any key (`'{{k}}': …`).
  if (generated && JSON.stringify(helm.toJSON()).includes('{{'))
    return [at(helm, `an Argo CD ApplicationSet helm block holding generator parameters, which may set anything`)]
  const values = helm.get('values', true)
  if (isScalar(values) && typeof values.value === 'string') out.push(...textSettings(values, path, at, `an Argo CD helm.values`))
  else if (values && settingIn(values, path, at)) out.push(at(values as Node, `an Argo CD helm.values`))
  const object = helm.get('valuesObject', true)
  if (object && settingIn(object, path, at)) out.push(at(object as Node, `an Argo CD helm.valuesObject`))
  for (const key of ['parameters', 'fileParameters'])
    for (const p of seqMaps(helm.get(key, true))) if (nameSets(p.get('name', true), path)) out.push(at(p, `an Argo CD helm.${key} entry`))
  return out
}

/**
 * Whether a `--set`-style name (`canary.weight`, `list[0].w`) reaches `path` or a block above or
 * inside it, as set-values.ts judges a command line's key (the one reader); a name that is not a
 * plain string (templated, absent) may.
 */
function nameSets(node: unknown, path: readonly string[]): boolean {
  const name = scalarText(node)
  return name === undefined || name.includes('{{') || setKeyMayReach(name, path)
}

function seqMaps(node: unknown): YAMLMap[] {
  return isSeq(node) ? (node.items.filter(isMap) as YAMLMap[]) : []
}

function scalarText(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined
}
