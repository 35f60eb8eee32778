/**
 * What a chart's post-render patches reach beyond the file that names it (post-render.ts,
 * docs/helm.md#post-render-patches), read from the text of the world's files:
 *
 * - the names the chart is deployed under: a Flux HelmChart, OCIRepository or HelmRelease that
 *   names the chart (or a name found so far) by its `metadata.name`, so a HelmRelease's
 *   `spec.chartRef` to that source, or a kustomize patch adding `postRenderers` to that
 *   HelmRelease in an overlay, names the chart too;
 * - the kustomizations over a kustomization that renders the chart with `helmCharts`: one that
 *   lists it (or one of them) in `resources`, `bases` or `components`, and the components they
 *   list, whose patches apply to what the chart renders;
 * - an Argo CD Config Management Plugin whose generate command pipes `helm template` into
 *   kustomize or gives it `--post-renderer`: it names the chart, or a file naming the chart names
 *   the plugin, or the plugin is discovered (it may run for any directory).
 */
import { basename, dirname, join } from 'node:path'
import { realOrSelf } from '../../paths.js'
import { unprovenTemplateOutput } from './post-render-script.js'

export interface Hit {
  file: string
  offset: number
  what: string
}

/** A regular expression matching any of `names` as a word. */
export function wordOf(names: readonly string[]): RegExp {
  return new RegExp(`(?<![\\w-])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w-])`)
}

const SOURCE = /(["']?)kind\1[ \t]*:[ \t]*["']?(?:HelmRelease|HelmChart|OCIRepository)(?![\w-])/

/** The metadata names of the objects in `text` (YAML or JSON), read by their spelling. */
function metadataNames(text: string): string[] {
  const out: string[] = []
  const lines = text.split('\n')
  lines.forEach((line, i) => {
    const head = /^([ \t]*)metadata:[ \t]*\r?$/.exec(line)
    if (!head) return
    for (const below of lines.slice(i + 1)) {
      if (/^[ \t]*\r?$/.test(below)) continue
      if (/^[ \t]*/.exec(below)![0].length <= head[1]!.length) break
      const name = /^[ \t]+["']?name["']?[ \t]*:[ \t]*["']?([\w.-]+)/.exec(below)
      if (name) out.push(name[1]!)
    }
  })
  // JSON, or YAML in flow style (`metadata: {name: hk}`).
  for (const m of text.matchAll(/(["']?)metadata\1\s*:\s*\{[^}]*?(["']?)name\2\s*:\s*["']?([\w.-]+)/g)) out.push(m[3]!)
  return out
}

/** The names the chart goes by: `names`, and the metadata names of the Flux objects that name it, to a fixed point. */
export function deployedNames(names: readonly string[], files: readonly string[], text: (f: string) => string): string[] {
  const all = new Set(names)
  const sources = files.filter((f) => SOURCE.test(text(f)))
  for (let grew = true; grew;) {
    grew = false
    const named = wordOf([...all])
    for (const f of sources) {
      const t = text(f)
      if (!named.test(t)) continue
      for (const n of metadataNames(t))
        if (!all.has(n)) {
          all.add(n)
          grew = true
        }
    }
  }
  return [...all]
}

const KUSTOMIZATION = /^(?:kustomization\.ya?ml|Kustomization)$/
const PATCHES = /^(?:patches|patchesJson6902|patchesStrategicMerge|replacements|transformers)[ \t]*:/m

/** The entries a kustomization lists under `key` (block or flow list), by their spelling. */
function listed(text: string, key: string): string[] {
  const block = new RegExp(`^${key}[ \\t]*:[ \\t]*(?:#.*)?\\r?\\n((?:[ \\t]*(?:-.*|#.*)?\\r?\\n?)*)`, 'm').exec(text)
  const flow = new RegExp(`^${key}[ \\t]*:[ \\t]*\\[([^\\]]*)\\]`, 'm').exec(text)
  const items = block ? [...block[1]!.matchAll(/^[ \t]*-[ \t]*["']?([^"'\s#]+)/gm)].map((m) => m[1]!) : []
  if (flow) items.push(...flow[1]!.split(',').map((s) => s.trim().replace(/^["']|["']$/g, '')))
  return items.filter(Boolean)
}

/**
 * The first kustomization with patches of its own over one that renders the chart by
 * `helmCharts` (`named` matching its name): itself, one listing it (as a resource, base or
 * component), or a component listed by one of those; or undefined.
 */
export function kustomizePatchOver(files: readonly string[], named: RegExp, text: (f: string) => string): Hit | undefined {
  const ks = files.filter((f) => KUSTOMIZATION.test(basename(f)))
  const rendering = new Set<string>()
  for (const f of ks) if (rendersChart(f, named, text)) rendering.add(realOrSelf(dirname(f)))
  if (rendering.size === 0) return undefined
  const refs = (f: string, key: string) => listed(text(f), key).map((e) => realOrSelf(join(dirname(f), e)))
  for (let grew = true; grew;) {
    grew = false
    for (const f of ks) {
      const dir = realOrSelf(dirname(f))
      const over = ['resources', 'bases', 'components'].some((k) => refs(f, k).some((r) => rendering.has(r)))
      const add = [...(rendering.has(dir) || over ? [dir, ...refs(f, 'components')] : [])]
      for (const d of add)
        if (!rendering.has(d)) {
          rendering.add(d)
          grew = true
        }
    }
  }
  for (const f of ks) {
    const m = PATCHES.exec(text(f))
    if (m && rendering.has(realOrSelf(dirname(f))))
      return {
        file: f,
        offset: m.index,
        what: "a kustomization's patches over a kustomization rendering the chart with helmCharts or a HelmChartInflationGenerator",
      }
  }
  return undefined
}

const INFLATION = /(["']?)kind\1[ \t]*:[ \t]*["']?HelmChartInflationGenerator(?![\w-])/

/**
 * Whether the kustomization `f` may render the chart: its `helmCharts`, or a HelmChartInflationGenerator
 * file its `generators` list, names the chart, or a chart (`name`, `chartHome`, `repo`) the run
 * cannot read as one (`openReference`).
 */
function rendersChart(f: string, named: RegExp, text: (f: string) => string): boolean {
  const t = text(f)
  const may = (s: string) => named.test(s) || openReference(s, ['name', 'chartHome', 'repo']) !== undefined
  if (/^helmCharts[ \t]*:/m.test(t) && may(t)) return true
  return listed(t, 'generators').some((e) => {
    const g = text(join(dirname(f), e))
    return INFLATION.test(g) && may(g)
  })
}

const PLUGIN = /(["']?)kind\1[ \t]*:[ \t]*["']?ConfigManagementPlugin(?![\w-])|(?<![\w-])configManagementPlugins[ \t]*:/
/** `helm template` whose output may not go on unchanged (post-render-script.ts), or helm's `--post-renderer`. */
const postRendering = (t: string) => /--post-renderer/.test(t) || unprovenTemplateOutput(t) !== undefined

/**
 * An Argo CD Config Management Plugin that post-renders `helm template` and may run for the
 * chart: it names the chart, it is discovered (it may run for any directory), or a file that
 * names the plugin (its name, or `<name>-<spec.version>`, as Argo CD names a versioned sidecar
 * plugin) names the chart or a source path it cannot be proved not to be (`openReference`:
 * `path: "{{path}}"` of an ApplicationSet, a glob). Or undefined.
 */
export function pluginOver(files: readonly string[], named: RegExp, text: (f: string) => string): Hit | undefined {
  for (const f of files) {
    const t = text(f)
    const kind = PLUGIN.exec(t)
    if (!kind || !postRendering(t)) continue
    const names = metadataNames(t)
    const versions = [...t.matchAll(/^[ \t]+["']?version["']?[ \t]*:[ \t]*["']?([\w.-]+)/gm)].map((m) => m[1]!)
    const all = [...names, ...names.flatMap((n) => versions.map((v) => `${n}-${v}`))]
    const discovered = /^[ \t]*discover[ \t]*:/m.test(t)
    const users = all.length > 0 ? files.filter((g) => g !== f && wordOf(all).test(text(g))) : []
    const used = users.some((g) => named.test(text(g)) || openReference(text(g), ['path']) !== undefined)
    if (named.test(t) || discovered || used)
      return { file: f, offset: kind.index, what: "an Argo CD Config Management Plugin post-rendering helm template's output" }
  }
  return undefined
}

/** A value the run cannot read as one chart: a substitution, an action, a shell variable or command, a glob. */
const OPEN = /\$\{|\{\{|\$\(|\$[a-z_]|`|\*/i

/**
 * Where `text` refers to a chart in a way the run cannot resolve, so it may be any chart of the
 * world: a value of one of `keys` (`chart: ./${app}`, `path: "{{path}}"`, `chart: {{ $r.chart }}`)
 * or a helm command line (`helm template $CHART`, `helm template .` run in a directory not known)
 * that is `OPEN`. Or undefined.
 */
export function openReference(text: string, keys: readonly string[]): number | undefined {
  const key = new RegExp(`(?<![\\w-])(["']?)(?:${keys.join('|')})\\1[ \\t]*:[ \\t]*([^\\n]*)`, 'g')
  for (const m of text.matchAll(key)) if (OPEN.test(m[2]!)) return m.index
  for (const m of text.matchAll(/(?<![\w-])helm[ \t]+(?:upgrade|install|template)\b[^\n]*/g))
    if (OPEN.test(m[0]) || /[ \t]\.\/?(?=[ \t|>;&"']|$)/.test(m[0])) return m.index
  // helmfile renders what its helmfile.yaml lists; kustomize what a kustomization's helmCharts names.
  const indirect = /(?<![\w-])(?:helmfile\b|(?:kustomize[ \t]+build|kubectl[ \t]+kustomize)\b[^\n]*--enable-helm)/.exec(text)
  if (indirect) return indirect.index
  return undefined
}

/** Whether `text` names a chart by one of `keys` or on a helm command line at all (whether or not the run can read it). */
export function refersToChart(text: string, keys: readonly string[]): boolean {
  const key = new RegExp(`(?<![\\w-])(["']?)(?:${keys.join('|')})\\1[ \\t]*:[ \\t]*[^\\s]`)
  return key.test(text) || /(?<![\w-])helm[ \t]+(?:upgrade|install|template)\b/.test(text)
}
