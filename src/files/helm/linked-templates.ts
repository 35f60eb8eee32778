/**
 * A chart's `templates/` directory (or a directory under it) that is a symlink to a directory:
 * Helm's loader follows it and renders what it holds (helm internal/sympath/walk.go,
 * pkg/chart/loader/directory.go at 018982f177fcc123877307d9cadce3d2e361db0c), so the walk of
 * the chart (../collect.ts) lists its files under the link's path, as the chart sees them. What lies
 * outside the run's trees is read the same way; writing it is for the write boundary to refuse.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { isAbsolute, join, relative, sep } from 'node:path'
import { realOrSelf } from '../../paths.js'

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

/** The glob library's call, as ../collect.ts makes it: absolute paths of what `pattern` matches. */
type Glob = (pattern: string, o: { cwd: string; absolute: true; dot: true; ignore: string[] }) => string[]

/**
 * The files a glob reaches only through a link in a chart's templates that `**` does not enter:
 * the glob library follows one symlinked directory under `**` and none when `**` leads the
 * pattern (as Bash does), where Helm's loader follows every link (links inside a linked
 * directory too). Each directory the `**` part reaches is looked at for such links, their
 * files listed as `linkedFiles` lists them (a loop ends) and kept when the pattern matches
 * their path through the links.
 */
export function linkedGlobMatches(
  pattern: string,
  cwd: string,
  o: { glob: Glob; matches: (path: string) => boolean; never: ReadonlySet<string>; ignore: string[] },
): string[] {
  const parts = pattern.split('/')
  const last = parts.lastIndexOf('**')
  if (last < 0) return []
  const dirs = o.glob(parts.slice(0, last + 1).join('/') + '/', { cwd, absolute: true, dot: true, ignore: o.ignore })
  const reached = new Set(dirs)
  const out: string[] = []
  for (const d of dirs) {
    for (const e of entries(d)) {
      const p = join(d, e.name)
      if (!e.isSymbolicLink() || o.never.has(e.name) || reached.has(p) || !statOrUndefined(p)?.isDirectory()) continue
      if (!inChartTemplates(p)) continue
      for (const f of linkedFiles(p, o.never)) {
        const shown = isAbsolute(pattern) ? f : relative(cwd, f)
        if (o.matches(shown.split(sep).join('/'))) out.push(f)
      }
    }
  }
  return out
}

function entries(d: string) {
  try {
    return readdirSync(d, { withFileTypes: true })
  } catch {
    return []
  }
}

function statOrUndefined(p: string) {
  try {
    return statSync(p)
  } catch {
    return undefined
  }
}
