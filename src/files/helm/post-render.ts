/**
 * Post-render patches of the deployment tools (docs/helm.md#post-render-patches): a Flux
 * HelmRelease's `spec.postRenderers` (kustomize patches applied to what Helm renders), a
 * helmfile release's `jsonPatches`, `strategicMergePatches` and `transformers` (applied the same
 * way), and a kustomization's `helmCharts` beside patches of its own (kustomize renders the chart,
 * then patches it). Such a patch that targets a TrafficSplit by its old version, or by weights,
 * stops matching or patches the wrong numbers once the chart renders the converted split: the
 * chart's template and its values are held back (nothing written), with a pending warning that
 * names the patch. A file of the chart's world (its repository, the run's paths and theirs,
 * setter-scan.ts) that holds such a field and names the chart (its name or directory) counts;
 * what the patch selects is not resolved (an over-refusal is acceptable, a silent change is not).
 */
import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { isInside, realOrSelf } from '../../paths.js'
import { leftUnchanged, type FileResult } from '../result.js'
import { chartMeta } from './chart-layout.js'
import { type World, worldOf } from './chart-world.js'
import { worldsOfRun } from './setter-scan.js'
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
  return results.map((r) => {
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
}

interface Patch {
  file: string
  line: number
  column: number
  what: string
}

const FIELDS: ReadonlyArray<{ key: RegExp; what: string; in: RegExp }> = [
  { key: /(?<![\w-])postRenderers\s*:/, what: "a Flux HelmRelease's spec.postRenderers", in: /kind:\s*["']?HelmRelease/ },
  {
    key: /(?<![\w-])(?:jsonPatches|strategicMergePatches|transformers)\s*:/,
    what: "a helmfile release's post-render patches",
    in: /(?<![\w-])releases\s*:/,
  },
  // kustomize renders the chart, then applies the kustomization's patches to what it rendered.
  {
    key: /(?<![\w-])helmCharts\s*:/,
    what: "a kustomization's helmCharts with patches",
    in: /(?<![\w-])patch(?:es|esJson6902|esStrategicMerge)?\s*:/,
  },
]

/** The first file of the chart's world holding a post-render patch field that names the chart, or undefined. */
function patchFor(chart: string, cache: Map<string, World>, run: ReadonlySet<string>): Patch | undefined {
  const world = worldOf(chart, cache)
  const worlds = [...('unbounded' in world ? [] : [world]), ...worldsOfRun(run, cache)]
  const names = [...new Set([chartMeta(chart)?.name, basename(chart)].filter((n): n is string => Boolean(n)))]
  const named = new RegExp(`(?<![\\w-])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w-])`)
  const templates = join(realOrSelf(chart), 'templates')
  const seen = new Set<string>()
  for (const file of [...worlds.flatMap((w) => w.allFiles), ...run]) {
    const real = realOrSelf(file)
    if (seen.has(real) || isInside(real, templates) || /\.(?:md|markdown|mdx|rst|adoc|asciidoc)$/i.test(file)) continue
    seen.add(real)
    const text = readText(file)
    for (const f of FIELDS) {
      const m = f.key.exec(text)
      if (!m || !f.in.test(text) || !named.test(text)) continue
      const before = text.slice(0, m.index)
      return { file, line: before.split('\n').length, column: m.index - before.lastIndexOf('\n'), what: f.what }
    }
  }
  return undefined
}

function readText(file: string): string {
  try {
    const text = readFileSync(file, 'utf8')
    return text.includes('\0') ? '' : text
  } catch {
    return ''
  }
}
