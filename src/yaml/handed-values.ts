/**
 * Values files a deployment file hands to a chart by path (docs/helm.md#values-driven-weights):
 * a helmfile release's `values:` file entries, relative to the helmfile (helmfile docs,
 * `releases[].values`), and an Argo CD Application's `helm.valueFiles`, relative to the
 * source's `path` in its repository, or to the repository's root after a `$ref/` (Argo CD
 * multiple sources; argo-cd pkg/apis/application/v1alpha1/types.go ApplicationSourceHelm).
 * Also a Flux HelmRelease's `chart.spec.valuesFiles` and a kustomization's `helmCharts[].valuesFile`.
 * The chart each is handed to: a helmfile release's local `chart:` (`./web`), an Application's
 * source `path`; undefined when it is not a directory of the repository (a chart by name).
 * files/helm/setter-scan.ts stops the values proof on a values file handed to a chart that is not its own.
 */
import { dirname, join } from 'node:path'
import { isMap, isScalar, isSeq, LineCounter, type Node, parseAllDocuments, type YAMLMap } from 'yaml'

export interface Handed {
  /** The values file named, resolved. */
  file: string
  /** The chart directory it is handed to, or undefined when not a local one. */
  chart: string | undefined
  line: number
  column: number
}

/** Each values file `text` (the deployment file `file` in the repository at `root`) hands to a chart. */
export function handedValues(file: string, text: string, root: string): Handed[] {
  if (!/releases|valueFiles|valuesFiles|helmCharts/.test(text)) return []
  const counter = new LineCounter()
  const docs = parseAllDocuments(text, { schema: 'failsafe', uniqueKeys: false, lineCounter: counter })
  if (!Array.isArray(docs)) return []
  const out: Handed[] = []
  const put = (node: Node, to: string, chart: string | undefined) => {
    const pos = counter.linePos(node.range?.[0] ?? 0)
    out.push({ file: to, chart, line: pos.line, column: pos.col })
  }
  for (const doc of docs) {
    if (doc.errors.length || !isMap(doc.contents)) continue
    const top = doc.contents
    const objects = str(top.get('kind', true)) === 'List' ? maps(top.get('items', true)) : [top]
    for (const o of objects) {
      for (const release of maps(o.get('releases', true))) {
        const chart = str(release.get('chart', true))
        const local = chart !== undefined && /^\.{0,2}\//.test(chart) ? join(dirname(file), chart) : undefined
        const values = release.get('values', true)
        for (const v of isSeq(values) ? values.items : [])
          if (isScalar(v) && typeof v.value === 'string' && !v.value.includes('{{')) put(v, join(dirname(file), v.value), local)
      }
      out.push(...fluxHanded(o, root, counter), ...kustomizeHanded(o, file, counter))
      for (const source of argoSources(o)) {
        const path = str(source.get('path', true))
        const chart = path === undefined ? undefined : join(root, path)
        const helm = source.get('helm', true)
        const files = isMap(helm) ? helm.get('valueFiles', true) : undefined
        for (const v of isSeq(files) ? files.items : []) {
          if (!isScalar(v) || typeof v.value !== 'string') continue
          const named = v.value
          const to = named.startsWith('$') ? join(root, named.replace(/^\$[^/]*\/?/, '')) : chart && join(chart, named)
          if (to !== undefined) put(v, to, chart)
        }
      }
    }
  }
  return out
}

/**
 * A Flux HelmRelease's `spec.chart.spec.valuesFiles`, which like its `chart` path are relative to
 * the source's root (Flux helm-controller api/v2 HelmChartTemplateSpec), taken for the repository's.
 */
function fluxHanded(o: YAMLMap, root: string, counter: LineCounter): Handed[] {
  const spec = o.getIn(['spec', 'chart', 'spec'], true)
  if (!isMap(spec)) return []
  const chart = str(spec.get('chart', true))
  const local = chart !== undefined && /^\.{0,2}\//.test(chart) ? join(root, chart) : undefined
  const files = spec.get('valuesFiles', true)
  return (isSeq(files) ? files.items : []).flatMap((v) =>
    isScalar(v) && typeof v.value === 'string' ? [at(v, join(root, v.value), local, counter)] : [],
  )
}

/**
 * A kustomization's `helmCharts[]` `valuesFile` and `additionalValuesFiles`, relative to the
 * kustomization, handed to the chart `name` under `helmGlobals.chartHome` (default `charts`,
 * kustomize api/types/helmchartargs.go).
 */
function kustomizeHanded(o: YAMLMap, file: string, counter: LineCounter): Handed[] {
  const home = join(dirname(file), str(o.getIn(['helmGlobals', 'chartHome'], true)) ?? 'charts')
  return maps(o.get('helmCharts', true)).flatMap((c) => {
    const name = str(c.get('name', true))
    const chart = name === undefined ? undefined : join(home, name)
    const more = c.get('additionalValuesFiles', true)
    return [c.get('valuesFile', true), ...(isSeq(more) ? more.items : [])].flatMap((v) =>
      isScalar(v) && typeof v.value === 'string' ? [at(v, join(dirname(file), v.value), chart, counter)] : [],
    )
  })
}

function at(node: Node, file: string, chart: string | undefined, counter: LineCounter): Handed {
  const pos = counter.linePos(node.range?.[0] ?? 0)
  return { file, chart, line: pos.line, column: pos.col }
}

/**
 * Files a deployment file hands a chart as values that handedValues leaves out: an Argo CD
 * source's `helm.fileParameters[].path` (a `--set-file`: the whole text is one value, `whole`),
 * and a kustomization's `configMapGenerator`/`secretGenerator` `files:` (`key=path` or `path`),
 * whose data a Flux `valuesFrom` hands over as values text.
 */
export function handedTexts(file: string, text: string, root: string): Array<Handed & { whole: boolean }> {
  if (!/fileParameters|Generator/.test(text)) return []
  const counter = new LineCounter()
  const docs = parseAllDocuments(text, { schema: 'failsafe', uniqueKeys: false, lineCounter: counter })
  if (!Array.isArray(docs)) return []
  const out: Array<Handed & { whole: boolean }> = []
  for (const doc of docs) {
    if (doc.errors.length || !isMap(doc.contents)) continue
    const o = doc.contents
    for (const source of argoSources(o)) {
      const path = str(source.get('path', true))
      const chart = path === undefined ? undefined : join(root, path)
      const helm = source.get('helm', true)
      for (const p of maps(isMap(helm) ? helm.get('fileParameters', true) : undefined)) {
        const named = str(p.get('path', true))
        const to = named?.startsWith('$')
          ? join(root, named.replace(/^\$[^/]*\/?/, ''))
          : named !== undefined && chart
            ? join(chart, named)
            : undefined
        if (to !== undefined) out.push({ ...at(p, to, chart, counter), whole: true })
      }
    }
    for (const key of ['configMapGenerator', 'secretGenerator'])
      for (const g of maps(o.get(key, true))) {
        const files = g.get('files', true)
        for (const v of isSeq(files) ? files.items : [])
          if (isScalar(v) && typeof v.value === 'string')
            out.push({ ...at(v, join(dirname(file), v.value.slice(v.value.indexOf('=') + 1)), undefined, counter), whole: false })
      }
  }
  return out
}

/** The sources of an Application (or an ApplicationSet's template). */
function argoSources(o: YAMLMap): YAMLMap[] {
  const specs = [o.get('spec', true), o.getIn(['spec', 'template', 'spec'], true)].filter((n): n is YAMLMap => isMap(n))
  return specs.flatMap((s) => [s.get('source', true), ...maps(s.get('sources', true))]).filter((n): n is YAMLMap => isMap(n))
}

function maps(node: unknown): YAMLMap[] {
  return isSeq(node) ? (node.items.filter(isMap) as YAMLMap[]) : []
}

function str(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined
}
