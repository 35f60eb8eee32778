/**
 * A chart's `templates/` directory (or a directory under it) that is a symlink to a directory:
 * Helm's loader follows it and renders what it holds (helm internal/sympath/walk.go,
 * pkg/chart/loader/directory.go at 018982f177fcc123877307d9cadce3d2e361db0c), so the walk of
 * the chart (collect.ts) lists its files under the link's path, as the chart sees them. What lies
 * outside the run's trees is read the same way; writing it is for the write boundary to refuse.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, sep } from 'node:path'
import { realOrSelf } from '../paths.js'

/** Whether `link` (a symlink to a directory) is a chart's templates directory or lies under one. */
export function inChartTemplates(link: string): boolean {
  const parts = link.split(sep)
  for (let i = parts.length - 1; i > 0; i--) {
    if (parts[i] !== 'templates') continue
    if (existsSync(join(parts.slice(0, i).join(sep) || sep, 'Chart.yaml'))) return true
  }
  return false
}

/** The files under the linked directory `link`, by paths through it; each real directory once (a loop ends). */
export function linkedFiles(link: string, never: ReadonlySet<string>): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  const stack = [link]
  while (stack.length) {
    const d = stack.pop()!
    const real = realOrSelf(d)
    if (seen.has(real)) continue
    seen.add(real)
    let names: string[]
    try {
      names = readdirSync(d)
    } catch {
      continue
    }
    for (const name of names) {
      if (never.has(name)) continue
      const p = join(d, name)
      const st = statOrUndefined(p)
      if (st?.isDirectory()) stack.push(p)
      else if (st?.isFile()) out.push(p)
    }
  }
  return out
}

function statOrUndefined(p: string) {
  try {
    return statSync(p)
  } catch {
    return undefined
  }
}
