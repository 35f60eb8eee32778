/**
 * Values a deployment tool gives a chart from files of the repository, besides `-f` files
 * (files/repo-values.ts): a helmfile release's inline `values:` and `set:`/`setString:` entries
 * (helmfile docs, "Release Template" and `releases[].values`/`set`), and an Argo CD
 * Application's or ApplicationSet's `helm.values` (YAML text), `helm.valuesObject`,
 * `helm.parameters` and `helm.fileParameters` (`--set`-style names) under `spec.source`,
 * `spec.sources[]` or `spec.template.spec.…` (Argo CD's ApplicationSourceHelm type, argo-cd
 * pkg/apis/application/v1alpha1/types.go). Which chart a release
 * names is not resolved: any release that sets the value's path is a setter.
 */
import { isMap, isScalar, isSeq, LineCounter, type Node, parseAllDocuments, type YAMLMap } from 'yaml'
import { settingIn, type ValueSetting, valueSetting } from './values.js'

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
    for (const release of seqMaps(root.get('releases', true))) {
      const values: unknown = release.get('values', true)
      for (const v of isSeq(values) ? values.items : [])
        if (isMap(v) && settingIn(v, path, at)) out.push(at(v, `a helmfile release's inline values`))
      for (const key of ['set', 'setString'])
        for (const s of seqMaps(release.get(key, true)))
          if (nameSets(s.get('name', true), path)) out.push(at(s, `a helmfile release's ${key} entry`))
    }
    const kind = scalarText(root.get('kind', true))
    if (kind !== 'Application' && kind !== 'ApplicationSet') continue
    for (const helm of helmBlocks(root)) out.push(...argoSettings(helm, path, at))
  }
  return out
}

/** The `helm:` mappings of an Application's (or an ApplicationSet template's) sources. */
function helmBlocks(root: YAMLMap): YAMLMap[] {
  const specs = [root.getIn(['spec'], true), root.getIn(['spec', 'template', 'spec'], true)].filter((n): n is YAMLMap => isMap(n))
  const sources = specs.flatMap((s): unknown[] => [s.get('source', true), ...seqMaps(s.get('sources', true))])
  return sources.flatMap((s): unknown[] => (isMap(s) ? [s.get('helm', true)] : [])).filter((n): n is YAMLMap => isMap(n))
}

function argoSettings(
  helm: YAMLMap,
  path: readonly string[],
  at: (n: Node | null | undefined, how: string) => ValueSetting,
): ValueSetting[] {
  const out: ValueSetting[] = []
  const values = helm.get('values', true)
  if (isScalar(values) && typeof values.value === 'string') {
    const text = values.value
    const s = text.includes('{{') ? 'unreadable' : valueSetting(text, path)
    if (s === 'unreadable') out.push(at(values, `an Argo CD helm.values that cannot be read as YAML`))
    else if (s) out.push(at(values, `an Argo CD helm.values: ${s.how}`))
  } else if (values && settingIn(values, path, at)) out.push(at(values as Node, `an Argo CD helm.values`))
  const object = helm.get('valuesObject', true)
  if (object && settingIn(object, path, at)) out.push(at(object as Node, `an Argo CD helm.valuesObject`))
  for (const key of ['parameters', 'fileParameters'])
    for (const p of seqMaps(helm.get(key, true))) if (nameSets(p.get('name', true), path)) out.push(at(p, `an Argo CD helm.${key} entry`))
  return out
}

/**
 * Whether a `--set`-style name (`canary.weight`, `canary\.x`, `list[0].w`) reaches `path` or a
 * block above or inside it; a name that is not a plain string (templated, absent) may.
 */
function nameSets(node: unknown, path: readonly string[]): boolean {
  const name = scalarText(node)
  if (name === undefined || name.includes('{{')) return true
  const keys = name.split(/(?<!\\)\./).map((k) => k.replace(/\\\./g, '.').replace(/\[\d*\]$/, ''))
  const n = Math.min(keys.length, path.length)
  return keys.slice(0, n).every((k, i) => k === path[i])
}

function seqMaps(node: unknown): YAMLMap[] {
  return isSeq(node) ? (node.items.filter(isMap) as YAMLMap[]) : []
}

function scalarText(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined
}
