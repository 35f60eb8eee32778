/**
 * Post-render patches of the deployment tools (docs/helm.md#post-render-patches): a Flux
 * HelmRelease's `spec.postRenderers` (kustomize patches applied to what Helm renders; YAML or
 * JSON, or added by a kustomize patch), a helmfile release's `jsonPatches`,
 * `strategicMergePatches`, `transformers`, `postRenderer` and `postRendererArgs`, helm's own
 * `--post-renderer` in any file (a script, a Makefile, a CI step), a kustomization's
 * `helmCharts` beside patches of its own or under an overlay or component with patches, and an
 * Argo CD Config Management Plugin piping `helm template` into kustomize (post-render-world.ts).
 * Such a patch that targets a TrafficSplit by its old version, or by weights, stops matching or
 * patches the wrong numbers once the chart renders the converted split: the chart's template
 * and its values are held back (nothing written), with a pending warning that names the patch.
 * A file of the chart's world (its repository, the run's paths and theirs, setter-scan.ts) that
 * holds such a field and names the chart (its name, its directory, or a name a Flux source or
 * HelmRelease naming it gives it, so `spec.chartRef` too) counts; what the patch selects is not
 * resolved (an over-refusal is acceptable, a silent change is not).
 */
import { basename, join } from 'node:path'
import { isInside, realOrSelf } from '../../paths.js'
import { leftUnchanged, type FileResult } from '../result.js'
import { chartMeta } from './chart-layout.js'
import { type World, worldOf, worldText } from './chart-world.js'
import { deployedNames, type Hit, kustomizePatchOver, openReference, pluginOver, refersToChart, wordOf } from './post-render-world.js'
import { worldsOfRun } from './setter-scan.js'
import { unprovenTemplateOutput } from './post-render-script.js'
import { chartOf } from './values.js'

/** `results` with each changed chart template whose chart a post-render patch may reach left unchanged. */
export function heldForPostRender(
  results: readonly FileResult[],
  o: { show: (file: string) => string; runFiles: readonly string[] },
): FileResult[] {
  const cache = new Map<string, World>()
  // The run's files by their real paths, only once a changed template lies in a chart: a large
  // run of plain manifests under templates/ directories pays no realpath for each of its files.
  let run: Set<string> | undefined
  const found = new Map<string, Patch | undefined>()
  const held = results.map((r) => {
    const chart = r.changed ? chartOf(r.file) : undefined
    if (chart === undefined) return r
    const key = realOrSelf(chart)
    run ??= new Set(o.runFiles.map(realOrSelf))
    if (!found.has(key)) found.set(key, patchFor(chart, cache, run))
    const p = found.get(key)
    if (!p) return r
    return leftUnchanged(
      r,
      `left unchanged: ${o.show(p.file)}:${p.line}:${p.column}: ${p.what} may patch the TrafficSplits this chart renders, and would stop matching them once they are converted: convert the chart and the patch together by hand`,
      true,
    )
  })
  // The patch itself, when the run converts it, waits with the chart: converted alone, it would
  // patch the split the chart still renders at its old version with the new version's weights.
  const patches = new Map([...found.values()].filter((p): p is Patch => p !== undefined).map((p) => [realOrSelf(p.file), p]))
  if (patches.size === 0) return held
  return held.map((r) => {
    const p = r.changed ? patches.get(realOrSelf(r.file)) : undefined
    return p
      ? leftUnchanged(
          r,
          `left unchanged: it may patch the TrafficSplits of a chart held back for it (${p.what}): convert the chart and the patch together by hand`,
          true,
        )
      : r
  })
}

interface Patch {
  file: string
  line: number
  column: number
  what: string
}

const FIELDS: ReadonlyArray<{
  key: RegExp | ((text: string, file: string) => number | undefined)
  what: string
  in?: RegExp
  unless?: RegExp
}> = [
  // Flux's own field (YAML or JSON, or a JSON 6902 path adding it): the HelmRelease is named by its chart or one of its names.
  { key: /(?<![\w-])(["']?)postRenderers\1[ \t]*:|\/postRenderers(?![\w-])/, what: "a Flux HelmRelease's spec.postRenderers" },
  {
    key: /(?<![\w-])(["']?)(?:jsonPatches|strategicMergePatches|transformers|postRenderer|postRendererArgs)\1[ \t]*:/,
    what: "a helmfile release's post-render patches",
    in: /(?<![\w-])["']?releases["']?[ \t]*:/,
  },
  // helm itself, in a script, a Makefile, a CI step, a helmfile `args`: it runs the given program on what it renders.
  { key: /(?<![\w-])--post-renderer(?:-args)?(?![\w-])/, what: 'a helm --post-renderer' },
  // kustomize renders the chart, then applies the kustomization's patches to what it rendered.
  {
    key: /(?<![\w-])helmCharts\s*:/,
    what: "a kustomization's helmCharts with patches",
    in: /(?<![\w-])patch(?:es|esJson6902|esStrategicMerge)?\s*:/,
  },
  // A script (or CI step) that does not hand what `helm template` renders unchanged to kubectl apply or a
  // validator (post-render-script.ts: any program, a variable, a file another line reads); a plugin's is pluginOver's.
  {
    key: (text, file) => unprovenTemplateOutput(text, /\.(?:ya?ml|json)$/i.test(file), CODE.test(file)),
    what: "a script post-processing a chart's rendered output (helm template, helm install --dry-run, helmfile template, kustomize build --enable-helm: it hands it on to other than kubectl apply, a validator, a read-only check or a file only kubectl apply reads)",
    unless: /(["']?)kind\1[ \t]*:[ \t]*["']?ConfigManagementPlugin(?![\w-])|(?<![\w-])configManagementPlugins[ \t]*:/,
  },
]

/** The first file of the chart's world holding a post-render patch field that names the chart, or undefined. */
function patchFor(chart: string, cache: Map<string, World>, run: ReadonlySet<string>): Patch | undefined {
  const world = worldOf(chart, cache)
  const worlds = [...('unbounded' in world ? [] : [world]), ...worldsOfRun(run, cache)]
  const own = [...new Set([chartMeta(chart)?.name, basename(chart)].filter((n): n is string => Boolean(n)))]
  const templates = join(realOrSelf(chart), 'templates')
  const seen = new Set<string>()
  const files: string[] = []
  for (const file of [...worlds.flatMap((w) => w.allFiles), ...run]) {
    const real = realOrSelf(file)
    if (seen.has(real) || isInside(real, templates) || /\.(?:md|markdown|mdx|rst|adoc|asciidoc)$/i.test(file)) continue
    seen.add(real)
    files.push(file)
  }
  // Texts read once per run, with the setter scan's (the cache of worlds stands for the run).
  const readText = (file: string): string => worldText(file, cache)
  const named = wordOf(deployedNames(own, files, readText))
  const hit = fieldIn(files, named, readText) ?? kustomizePatchOver(files, named, readText) ?? pluginOver(files, named, readText)
  if (!hit) return undefined
  const before = readText(hit.file).slice(0, hit.offset)
  return { file: hit.file, line: before.split('\n').length, column: hit.offset - before.lastIndexOf('\n'), what: hit.what }
}

/**
 * The first post-render field in a file that may reach the chart: one that names the chart, or
 * refers to a chart the run cannot read as one (`openReference`: `chart: ./${app}`, `chart: {{
 * $r.chart }}`, `helm template $CHART`), or names no chart at all (a patch adding `postRenderers`)
 * and is named (by its file name) by no file but ones that name the chart or refer to one openly.
 * A field whose file names other charts only, literally, is theirs.
 */
function fieldIn(files: readonly string[], named: RegExp, readText: (file: string) => string): Hit | undefined {
  const reaches = (t: string) => named.test(t) || openReference(t, CHART_KEYS) !== undefined
  for (const file of files) {
    const text = readText(file)
    for (const f of FIELDS) {
      const m = keyIn(f.key, text, file)
      if (!m || (f.in && !f.in.test(text)) || f.unless?.test(text)) continue
      const base = wordOf([basename(file)])
      const users = refersToChart(text, CHART_KEYS) ? [] : files.filter((g) => g !== file && base.test(readText(g)))
      const orphan = !refersToChart(text, CHART_KEYS) && users.length === 0
      if (reaches(text) || orphan || users.some((g) => reaches(readText(g))))
        return { file, offset: m.index + (m[0].startsWith('/') ? 1 : 0), what: f.what }
    }
  }
  return undefined
}

/** Where a field's key is in `text` (a match, or the offset a finder gives), as a match. */
function keyIn(
  key: RegExp | ((text: string, file: string) => number | undefined),
  text: string,
  file: string,
): { index: number; 0: string } | undefined {
  if (key instanceof RegExp) return key.exec(text) ?? undefined
  const at = key(text, file)
  return at === undefined ? undefined : { index: at, 0: '' }
}

/** Programs, whose argument lists are read as command lines. */
const CODE = /\.(?:py|rb|js|mjs|cjs|ts|mts|cts|go|pl|groovy|star|bzl)$|(?:^|\/)(?:Rakefile|Jenkinsfile|Tiltfile)$/

/** The keys by which a release or a kustomization names its chart. */
const CHART_KEYS = ['chart', 'chartRef', 'name', 'chartHome']
