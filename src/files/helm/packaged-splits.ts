/**
 * A packaged dependency (`charts/*.tgz`, or an archive a `file://` dependency names outside
 * `charts/`, file-deps.ts) of a chart of the run whose templates hold a TrafficSplit: Helm
 * renders it with the umbrella (helm pkg/chart/loader/load.go at
 * 3ce10e4f81e064a3807098c3d466c33f2ece8a18 loads `charts/*.tgz` as subcharts), but the archive
 * cannot be rewritten, so the run says so: a pending warning at the archive (`--check` exits 1).
 * The chart it was packaged from is converted, then packaged again (`helm dependency update`).
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Finding } from '../../model.js'
import { unchanged, type FileResult } from '../result.js'

/** One result per such archive of the charts holding `files` (each once), with its warning; and per chart file only .Files reaches holding a split. */
export async function packagedSplits(files: readonly string[], show: (file: string) => string): Promise<FileResult[]> {
  const charts = chartsOf(files)
  // A run without charts (most) loads no chart reader.
  if (charts.length === 0) return []
  const { chartMeta, subchartsOf } = await import('./chart-layout.js')
  const { fileDependencyArchives } = await import('./file-deps.js')
  const { archivedTemplates } = await import('./chart-world.js')
  // A split in a chart file only .Files reaches is said the same way (files-splits.ts).
  const { filesSplits, splitAt } = await import('./files-splits.js')
  const out: FileResult[] = filesSplits(charts, files, show)
  const seen = new Set<string>()
  for (const dir of charts) {
    const meta = chartMeta(dir)
    // `charts/*.tgz`, and a packaged chart a file:// dependency names outside charts/ (file-deps.ts).
    const archives = [
      ...subchartsOf(dir).flatMap((s) => ('archive' in s ? [s.archive] : [])),
      ...(meta ? fileDependencyArchives(meta) : []),
    ]
    for (const archive of archives) {
      if (seen.has(archive)) continue
      seen.add(archive)
      const read = archivedTemplates(archive)
      // An archive that cannot be read is the values proof's to refuse (values-proof.ts); here only a split seen is said.
      const found = 'templates' in read ? read.templates.find((t) => splitAt(t.text) !== undefined) : undefined
      if (!found) continue
      const message = `a packaged chart whose template ${found.name} holds an SMI TrafficSplit: an archive is not rewritten; convert the chart it was packaged from and package it again`
      const path = show(archive)
      const finding: Finding = { severity: 'warning', code: 'templated', message, offset: 0, pending: true, path, line: 1, column: 1 }
      out.push(unchanged(archive, path, [finding]))
    }
  }
  return out
}

/**
 * The chart directory of each file (the nearest directory above it holding Chart.yaml), each
 * once. Each directory is looked at once, however many files share it.
 */
function chartsOf(files: readonly string[]): string[] {
  const chartOf = new Map<string, string | undefined>()
  const lookUp = (dir: string): string | undefined => {
    if (chartOf.has(dir)) return chartOf.get(dir)
    const parent = dirname(dir)
    const found = existsSync(join(dir, 'Chart.yaml')) ? dir : parent === dir ? undefined : lookUp(parent)
    chartOf.set(dir, found)
    return found
  }
  const dirs = new Set<string>()
  for (const f of files) {
    const dir = lookUp(dirname(f))
    if (dir !== undefined) dirs.add(dir)
  }
  return [...dirs]
}
