/**
 * Named templates shared across the charts Helm renders together (values-proof.ts). Helm parses
 * the templates of a chart and of all its dependencies into one template set, deepest paths
 * first and, at one depth, in reverse path order, and a later `define` of a name replaces an
 * earlier one (helm pkg/engine/engine.go sortTemplates, recAllTpls at
 * 0052fe642c606b6020280d81fe7bf4f5d32b849a; Go text/template). So under an umbrella, the
 * umbrella's own helpers, or those of a dependency beside the chart, may be what the chart's
 * `include "web.labels"` renders: a helper the proof never read as the chart's. Any define of a
 * name the chart defines or includes, in a chart rendered with it, stops the proof.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { realOrSelf } from '../paths.js'
import { type ChartMeta, chartMeta, filesUnder, subchartsOf } from './chart-layout.js'

export interface Redefinition {
  file: string
  offset: number
  name: string
}

const NAMED = /\b(?:define|include|template)\s+"([^"]+)"/g
const DEFINE = /\bdefine\s+"([^"]+)"/g

/** The first define, in a chart that `umbrellas` render beside `chart`, of a name the chart defines or includes. */
export function redefinedHelper(chart: string, umbrellas: readonly ChartMeta[]): Redefinition | undefined {
  const own = realOrSelf(chart)
  const names = new Set<string>()
  for (const f of chartTemplates(chart)) for (const m of readText(f).matchAll(NAMED)) names.add(m[1]!)
  if (names.size === 0) return undefined
  const seen = new Set([own])
  for (const u of umbrellas) {
    for (const dir of renderedWith(u, seen)) {
      for (const f of filesUnder(join(dir, 'templates'))) {
        const text = readText(f)
        for (const m of text.matchAll(DEFINE)) if (names.has(m[1]!)) return { file: f, offset: m.index, name: m[1]! }
      }
    }
  }
  return undefined
}

/** The chart's templates and its subcharts' (whose helpers render in the same set). */
function chartTemplates(dir: string): string[] {
  return [...filesUnder(join(dir, 'templates')), ...filesUnder(join(dir, 'charts')).filter((f) => !f.endsWith('.tgz'))]
}

/** The umbrella and every chart it renders (dependencies by `file://` and under `charts/`, at any depth), each once. */
function renderedWith(u: ChartMeta, seen: Set<string>): string[] {
  const real = realOrSelf(u.dir)
  if (seen.has(real)) return []
  seen.add(real)
  const deps = [
    ...u.dependencies.flatMap((d) => (d.repository?.startsWith('file://') ? [resolve(u.dir, d.repository.slice(7))] : [])),
    ...subchartsOf(u.dir).flatMap((s) => ('meta' in s ? [s.meta.dir] : [])),
  ]
  return [
    u.dir,
    ...deps.flatMap((d) => {
      const meta = chartMeta(d)
      return meta ? renderedWith(meta, seen) : []
    }),
  ]
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
