/**
 * A packaged dependency (`charts/*.tgz`) of a chart of the run whose templates hold a
 * TrafficSplit: Helm renders it with the umbrella (helm pkg/chart/loader/load.go at
 * 3ce10e4f81e064a3807098c3d466c33f2ece8a18 loads `charts/*.tgz` as subcharts), but the archive
 * cannot be rewritten, so the run says so: a pending warning at the archive (`--check` exits 1).
 * The chart it was packaged from is converted, then packaged again (`helm dependency update`).
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Finding } from '../model.js'
import { unchanged, type FileResult } from './result.js'

/** One result per such archive of the charts holding `files` (each once), with its warning. */
export async function packagedSplits(files: readonly string[], show: (file: string) => string): Promise<FileResult[]> {
  const { subchartsOf } = await import('./chart-layout.js')
  const { archivedTemplates } = await import('./chart-world.js')
  const out: FileResult[] = []
  const seen = new Set<string>()
  for (const dir of chartsOf(files)) {
    for (const s of subchartsOf(dir)) {
      if (!('archive' in s) || seen.has(s.archive)) continue
      seen.add(s.archive)
      const read = archivedTemplates(s.archive)
      // An archive that cannot be read is the values proof's to refuse (values-proof.ts); here only a split seen is said.
      const found = 'templates' in read ? read.templates.find((t) => SPLIT.test(t.text)) : undefined
      if (!found) continue
      const message = `a packaged chart whose template ${found.name} holds an SMI TrafficSplit: an archive is not rewritten; convert the chart it was packaged from and package it again`
      const path = show(s.archive)
      const finding: Finding = { severity: 'warning', code: 'templated', message, offset: 0, pending: true, path, line: 1, column: 1 }
      out.push(unchanged(s.archive, path, [finding]))
    }
  }
  return out
}

/** An SMI TrafficSplit in a template's text (its apiVersion group and kind). */
const SPLIT = {
  test: (text: string) => /\bsplit\.smi-spec\.io\//.test(text) && /\bkind:\s*["']?TrafficSplit\b/.test(text),
}

/** The chart directory of each file (the nearest directory above it holding Chart.yaml), each once. */
function chartsOf(files: readonly string[]): string[] {
  const dirs = new Set<string>()
  for (const f of files) {
    for (let dir = dirname(f); ; dir = dirname(dir)) {
      if (existsSync(join(dir, 'Chart.yaml'))) {
        dirs.add(dir)
        break
      }
      if (dirname(dir) === dir) break
    }
  }
  return [...dirs]
}
