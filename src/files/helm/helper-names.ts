/**
 * Named templates shared across the charts Helm renders together (values-proof.ts). Helm parses
 * the templates of a chart and of all its dependencies into one template set, deepest paths
 * first and, at one depth, in reverse path order, and a later `define` of a name replaces an
 * earlier one (helm pkg/engine/engine.go sortTemplates, recAllTpls at
 * 0052fe642c606b6020280d81fe7bf4f5d32b849a; Go text/template). So under an umbrella, the
 * umbrella's own helpers, or those of a dependency beside the chart, may be what the chart's
 * `include "web.labels"` renders: a helper the proof never read as the chart's. Any define of a
 * name the chart defines or includes, in a chart rendered with it, stops the proof; so does a
 * packaged chart rendered with it whose templates cannot all be read.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { realOrSelf } from '../../paths.js'
import { type ChartMeta, chartMeta, filesUnder, subchartsOf } from './chart-layout.js'
import { archivedTemplates } from './chart-world.js'

export interface Redefinition {
  file: string
  offset: number
  name: string
  /** In a packaged chart (`file` is the archive): the template inside it that defines the name. */
  inside?: string
  /** A packaged chart whose templates cannot all be read: any name may be defined there. */
  unreadable?: string
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
    const rendered = renderedWith(u, seen)
    for (const dir of rendered.dirs) {
      for (const f of filesUnder(join(dir, 'templates'))) {
        const text = readText(f)
        for (const m of text.matchAll(DEFINE)) if (names.has(m[1]!)) return { file: f, offset: m.index, name: m[1]! }
      }
    }
    // A packaged dependency of the umbrella is parsed into the same set (its templates read from the archive).
    for (const archive of rendered.archives) {
      const packed = archivedTemplates(archive)
      if ('unreadable' in packed) return { file: archive, offset: 0, name: [...names][0]!, unreadable: packed.unreadable }
      for (const t of packed.templates)
        for (const m of t.text.matchAll(DEFINE)) if (names.has(m[1]!)) return { file: archive, offset: 0, name: m[1]!, inside: t.name }
    }
  }
  return undefined
}

/**
 * An `include` or `template` in the chart's templates (or its subcharts') of a template file by its
 * name (`include "web/templates/split.yaml" .`: Helm names each file's template by its path), or of
 * another name with a `/` that no define of theirs gives: it renders that file again, a second
 * reader of every value the file reads, which the proof does not follow. Placed for the message.
 */
export function fileInclude(dir: string, show: (f: string) => string): string | undefined {
  const files = chartTemplates(dir)
  const texts = files.map((f) => [f, readText(f)] as const)
  const defined = new Set(texts.flatMap(([, t]) => [...t.matchAll(DEFINE)].map((m) => m[1]!)))
  for (const [f, text] of texts)
    for (const m of text.matchAll(/\b(?:include|template)\s+"([^"/]*\/[^"]*)"/g))
      if (!defined.has(m[1]!)) {
        const before = text.slice(0, m.index)
        const at = `${show(f)}:${before.split('\n').length}:${m.index - before.lastIndexOf('\n')}`
        return `${at}: an include of the template file ${m[1]!}, which renders it again and reads every value it reads`
      }
  return undefined
}

/** The chart's templates and its subcharts' (whose helpers render in the same set). */
function chartTemplates(dir: string): string[] {
  return [...filesUnder(join(dir, 'templates')), ...filesUnder(join(dir, 'charts')).filter((f) => !f.endsWith('.tgz'))]
}

/**
 * The umbrella and every chart it renders (dependencies by `file://` and under `charts/`, at any
 * depth), each once: the directories, and the packaged charts (`charts/*.tgz`) among them.
 */
function renderedWith(u: ChartMeta, seen: Set<string>): { dirs: string[]; archives: string[] } {
  const real = realOrSelf(u.dir)
  if (seen.has(real)) return { dirs: [], archives: [] }
  seen.add(real)
  const subcharts = subchartsOf(u.dir)
  const deps = [
    ...u.dependencies.flatMap((d) => (d.repository?.startsWith('file://') ? [resolve(u.dir, d.repository.slice(7))] : [])),
    ...subcharts.flatMap((s) => ('meta' in s ? [s.meta.dir] : [])),
  ]
  const out = { dirs: [u.dir], archives: subcharts.flatMap((s) => ('archive' in s ? [s.archive] : [])) }
  for (const d of deps) {
    const meta = chartMeta(d)
    const more = meta ? renderedWith(meta, seen) : { dirs: [], archives: [] }
    out.dirs.push(...more.dirs)
    out.archives.push(...more.archives)
  }
  return out
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
