/**
 * The dependencies Helm renders with a chart from a `file://` repository rather than from its
 * `charts/` (the values proof reads them, values-proof.ts): `helm dependency build` vendors
 * the chart at that path, relative to the chart's directory or absolute (helm
 * pkg/downloader/manager.go, internal/resolver/resolver.go GetLocalPath at
 * e9b85e4de16ad45805843fb121748018cf89094b), and it renders with the chart's templates, its
 * helpers included with whatever context the chart hands them. One already under `charts/`
 * (by name) is read there. A path that is a packaged chart (`file://../lib-0.1.0.tgz`, an
 * archive beside the chart) is read from the archive; one that cannot be read is said.
 */
import { statSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { type ChartMeta, chartMeta, filesUnder, subchartsOf } from './chart-layout.js'
import { archivedChartName, archivedTemplates } from './chart-world.js'

/** A template of a file:// dependency: a file, or an entry of an archive (`file` the archive). */
export interface DepTemplate {
  file: string
  entry?: string
  /** An archive entry's text (a file is read by its path). */
  text?: string
}

/** The templates of `meta`'s file:// dependencies not under its `charts/`, or the first that cannot be read. */
export function fileDependencyTemplates(meta: ChartMeta): { templates: DepTemplate[] } | { unreadable: { file: string; why: string } } {
  const out: DepTemplate[] = []
  for (const path of notVendored(meta)) {
    const kind = kindOf(path)
    // A path that is not there fails `helm dependency build` and the install: nothing renders.
    if (kind === undefined) continue
    const read = kind === 'dir' ? directoryTemplates(path) : archived(path)
    if ('unreadable' in read) return read
    out.push(...read.templates)
  }
  return { templates: out }
}

/** The packaged charts (archives) `meta` names by a file:// repository and does not hold under `charts/`. */
export function fileDependencyArchives(meta: ChartMeta): string[] {
  return notVendored(meta).filter((f) => kindOf(f) === 'file')
}

/** The paths of `meta`'s file:// dependencies not under its `charts/` (by name), relative to its directory or absolute. */
function notVendored(meta: ChartMeta): string[] {
  const vendored = new Set(subchartsOf(meta.dir).map((s) => ('meta' in s ? s.meta.name : archivedChartName(s.archive))))
  return meta.dependencies.flatMap((d) => {
    if (!d.repository?.startsWith('file://') || vendored.has(d.name)) return []
    const path = d.repository.slice('file://'.length)
    return [isAbsolute(path) ? path : resolve(meta.dir, path)]
  })
}

/** A dependency directory's templates and its subcharts' (an archive among them read as one). */
function directoryTemplates(dir: string): { templates: DepTemplate[] } | { unreadable: { file: string; why: string } } {
  if (!chartMeta(dir)) return { templates: [] }
  const files = [...filesUnder(join(dir, 'templates')), ...filesUnder(join(dir, 'charts'))]
  const out: DepTemplate[] = []
  for (const f of files) {
    if (!f.endsWith('.tgz')) {
      out.push({ file: f })
      continue
    }
    const read = archived(f)
    if ('unreadable' in read) return read
    out.push(...read.templates)
  }
  return { templates: out }
}

function archived(archive: string): { templates: DepTemplate[] } | { unreadable: { file: string; why: string } } {
  const read = archivedTemplates(archive)
  if ('unreadable' in read) return { unreadable: { file: archive, why: read.unreadable } }
  return { templates: read.templates.map((t) => ({ file: archive, entry: t.name, text: t.text })) }
}

function kindOf(path: string): 'dir' | 'file' | undefined {
  try {
    return statSync(path).isDirectory() ? 'dir' : 'file'
  } catch {
    return undefined
  }
}

/** The places in a file:// dependency's templates that read or change the value (`uses`: yaml/readers.ts, asked by values-proof.ts). */
export function depUses(
  deps: ReadonlyArray<DepTemplate & { text: string }>,
  uses: (text: string) => ReadonlyArray<{ offset: number; what: string }>,
  show: (f: string) => string,
): string[] {
  const out: string[] = []
  for (const t of deps) {
    for (const u of uses(t.text)) {
      const plain = /^\.Values[\w.]*$/.test(u.what)
      if (t.entry === undefined) out.push(`${place(show(t.file), t.text, u.offset)}${plain ? '' : ` (${u.what})`}`)
      else out.push(`${show(t.file)}:1:1 (${place(t.entry, t.text, u.offset)} in the archive, a file:// dependency: ${u.what})`)
    }
  }
  return out
}

function place(shown: string, text: string, offset: number): string {
  const before = text.slice(0, offset)
  return `${shown}:${before.split('\n').length}:${offset - before.lastIndexOf('\n')}`
}
