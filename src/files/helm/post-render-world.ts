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
  for (const m of text.matchAll(/"metadata"\s*:\s*\{[^}]*?"name"\s*:\s*"([\w.-]+)"/g)) out.push(m[1]!)
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
  for (const f of ks) if (/^helmCharts[ \t]*:/m.test(text(f)) && named.test(text(f))) rendering.add(realOrSelf(dirname(f)))
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
      return { file: f, offset: m.index, what: "a kustomization's patches over a kustomization rendering the chart with helmCharts" }
  }
  return undefined
}

const PLUGIN = /(["']?)kind\1[ \t]*:[ \t]*["']?ConfigManagementPlugin(?![\w-])|(?<![\w-])configManagementPlugins[ \t]*:/
const POST_RENDERING = /helm[ \t]+template[\s\S]*?kustomize|--post-renderer/

/** An Argo CD Config Management Plugin that post-renders `helm template` and may run for the chart, or undefined. */
export function pluginOver(files: readonly string[], named: RegExp, text: (f: string) => string): Hit | undefined {
  for (const f of files) {
    const t = text(f)
    const kind = PLUGIN.exec(t)
    if (!kind || !POST_RENDERING.test(t)) continue
    const names = metadataNames(t)
    const discovered = /^[ \t]*discover[ \t]*:/m.test(t)
    const used = names.length > 0 && files.some((g) => g !== f && named.test(text(g)) && wordOf(names).test(text(g)))
    if (named.test(t) || discovered || used)
      return { file: f, offset: kind.index, what: "an Argo CD Config Management Plugin post-rendering helm template's output" }
  }
  return undefined
}
