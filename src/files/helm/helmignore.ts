/**
 * What a chart's `.helmignore` leaves out of the chart Helm loads from its directory, read as
 * Helm reads it (helm pkg/ignore/rules.go, applied in pkg/chart/v2/loader/directory.go at
 * e9b85e4de16ad45805843fb121748018cf89094b): one shell glob a line (`#` comments, `**`
 * refused so the chart fails to load), `!` negating, a trailing `/` for directories only, a
 * leading `/` anchoring at the chart's top, and a glob without `/` matching the base name; the
 * rules in order, the first that decides wins, then Helm's default rule `templates/.?*`. A
 * directory left out takes its whole tree with it. The values proof (values-proof.ts) reads
 * every file as if Helm loaded it, which only stops it more often; what it cannot read so is a
 * values.yaml that Helm leaves out, whose values the chart then never renders.
 */
import { readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

interface Rule {
  glob: RegExp
  negate: boolean
  dirOnly: boolean
  wholePath: boolean
}

/** The rules of `dir/.helmignore` (none when there is no such file), or why Helm's loader refuses it. */
export function helmIgnoreOf(dir: string): { rules: Rule[] } | { refused: string } {
  let text: string
  try {
    text = readFileSync(join(dir, '.helmignore'), 'utf8').replace(/^\uFEFF/, '')
  } catch {
    text = ''
  }
  const rules: Rule[] = []
  for (const line of [...text.split('\n'), 'templates/.?*']) {
    let r = line.trim()
    if (r === '' || r.startsWith('#')) continue
    if (r.includes('**')) return { refused: `its rule ${r} uses **, which Helm's loader refuses, so the chart does not load` }
    const negate = r.startsWith('!')
    if (negate) r = r.slice(1)
    const dirOnly = r.endsWith('/')
    if (dirOnly) r = r.slice(0, -1)
    const anchored = r.startsWith('/')
    if (anchored) r = r.slice(1)
    const glob = shellGlob(r)
    if (!glob) return { refused: `its rule ${line.trim()} is not a glob Helm's loader reads, so the chart does not load` }
    rules.push({ glob, negate, dirOnly, wholePath: anchored || r.includes('/') })
  }
  return { rules }
}

/** Whether Helm leaves out the file at `rel` (a slash path from the chart's top): it, or a directory above it. */
export function leftOut(rules: readonly Rule[], rel: string): boolean {
  const parts = rel.split('/')
  return parts.some((_, i) => ignores(rules, parts.slice(0, i + 1).join('/'), i < parts.length - 1))
}

/** One path against the rules, as Helm's Rules.Ignore decides: a negated rule that does not match leaves the path out too. */
function ignores(rules: readonly Rule[], path: string, isDir: boolean): boolean {
  for (const r of rules) {
    const name = r.wholePath ? path : path.slice(path.lastIndexOf('/') + 1)
    const hit = r.glob.test(name)
    if (r.negate) {
      if ((r.dirOnly && !isDir) || !hit) return true
      continue
    }
    if (r.dirOnly && !isDir) continue
    if (hit) return true
  }
  return false
}

/** A shell glob as Go's filepath.Match reads it (`*` and `?` within one path element, `[...]` classes, `\` escapes), or undefined when malformed. */
function shellGlob(glob: string): RegExp | undefined {
  let out = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === '*') out += '[^/]*'
    else if (c === '?') out += '[^/]'
    else if (c === '\\') {
      if (++i >= glob.length) return undefined
      out += escape(glob[i]!)
    } else if (c === '[') {
      const end = glob.indexOf(']', i + 2)
      if (end < 0) return undefined
      let body = glob.slice(i + 1, end)
      const negated = body.startsWith('^')
      if (negated) body = body.slice(1)
      out += `[${negated ? '^/' : ''}${body.replace(/[\]\\^]/g, '\\$&')}]`
      i = end
    } else out += escape(c)
  }
  return new RegExp(`^${out}$`)
}

const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * Why the values.yaml of `chart` is not what Helm renders `chart` with when it loads `renderer`
 * (the chart itself, or an umbrella holding it under `charts/`): the renderer's .helmignore
 * leaves it out, or cannot be read. A file:// dependency is packaged by `helm dependency build`
 * with its own .helmignore: that is the chart itself as a renderer.
 */
export function valuesLeftOut(renderer: string, chart: string): { file: string; why: string } | undefined {
  const rel = relative(renderer, chart).split(sep).join('/')
  const inside = rel === '' ? 'values.yaml' : rel.startsWith('charts/') ? `${rel}/values.yaml` : undefined
  if (inside === undefined) return undefined
  const read = helmIgnoreOf(renderer)
  const file = join(renderer, '.helmignore')
  if ('refused' in read) return { file, why: read.refused }
  if (!leftOut(read.rules, inside)) return undefined
  return { file, why: `it leaves ${inside} out of the chart Helm loads, so Helm renders the chart without those values` }
}
