/**
 * The generic setter scan of the values proof (docs/helm.md#values-driven-weights): every file of
 * the proof's world (the chart's repository, and the run's own files with their repositories)
 * that mentions the value's path (value-mentions.ts) may hand it to Helm, whatever tool reads it.
 * Left out: what is read otherwise or cannot set a value — the templates and subcharts of the
 * charts that render it (readers, values-proof.ts), the values file written, documentation, a
 * chart's metadata, binary files, another chart's own YAML or JSON files outside its templates
 * (repo-values.ts otherChartsFile: not of a chart holding one that renders it); and, in the
 * files the `-f` logic reads precisely (the setters of repo-values.ts, the rendering charts'
 * values files), a mention at the top of a document, which is what such a file sets with `-f`:
 * its value is judged there. A template of another chart is read (an Application it renders).
 */
import { basename, dirname, join } from 'node:path'
import { isInside, realOrSelf } from '../../paths.js'
import { repositoryOf } from '../boundary.js'
import { chartMeta, filesUnder, NOT_VALUES, realFile } from './chart-layout.js'
import { handedValues } from '../../yaml/handed-values.js'
import { type World, worldOf, worldText } from './chart-world.js'
import { blockMentions, valueMentions, wordMention } from './value-mentions.js'
import { commandStrings, programStrings, yamlStreamReads } from '../../yaml/data.js'
import { namesFile } from './named-path.js'
import { knownData, reachPattern, unprovenLines } from './values-reach.js'
import { unprovenTemplateOutput } from './post-render-script.js'
import { computedWrite, isCode } from './values-computed.js'
import { DOCS_TEMPLATE, otherChartsFile } from './repo-values.js'

export interface ScanInput {
  worlds: readonly World[]
  /** The run's files by their real paths: theirs and their repositories' files are read too. */
  runFiles?: ReadonlySet<string> | undefined
  cache: Map<string, World>
  /** The directories of the charts that render the value, and the path their values hold it under. */
  renderers: ReadonlyArray<{ dir: string; full: readonly string[] }>
  valuesFile: string
  /** The files the -f logic reads as setters: what they set at their top is judged there. */
  precise: readonly string[]
  path: readonly string[]
  /** Whether values.yaml is to be written: then a deployment file handing it to another chart stops it too. */
  writing: boolean
}

export interface Mentioned {
  file: string
  line: number
  column: number
  /** The key above the value a file this run cannot read as data spells (value-mentions.ts wordMention). */
  word?: string
  /** A values file the file hands to a chart by path (handed-values.ts), which stops the proof. */
  handed?: { values: string; chart: string | undefined; written: boolean; named?: boolean; editor?: string }
}

/** The first file that mentions the value's path where no precise reader looked, or undefined. */
export function mentionSetter(s: ScanInput): Mentioned | undefined {
  const worlds = [...s.worlds, ...worldsOfRun(s.runFiles, s.cache)]
  const charts = new Set(worlds.flatMap((w) => w.charts.map((c) => realOrSelf(c.dir))))
  const read = new Set(s.renderers.flatMap((r) => ['templates', 'charts'].flatMap((d) => filesUnder(join(r.dir, d)).map(realOrSelf))))
  const readDirs = s.renderers.flatMap((r) => ['templates', 'charts'].map((d) => join(realOrSelf(r.dir), d)))
  const precise = new Set(s.precise.map(realOrSelf))
  const renderers = new Set(s.renderers.map((r) => realOrSelf(r.dir)))
  const written = realOrSelf(s.valuesFile)
  const paths = [s.path, ...s.renderers.map((r) => r.full)]
  const deployers = deployersOf(worlds, s.renderers, s.cache)
  const seen = new Set<string>()
  let coded: Mentioned | undefined
  let reached: Mentioned | undefined
  const files = [...worlds.flatMap((w) => w.allFiles), ...[...(s.runFiles ?? [])].filter((f) => repositoryOf(dirname(f)) === null)]
  for (const file of files) {
    const real = realOrSelf(file)
    if (seen.has(real) || real === written || read.has(real) || readDirs.some((d) => isInside(real, d))) continue
    seen.add(real)
    if (DOCS.test(file) || DOCS_TEMPLATE.test(file) || (NOT_VALUES.has(basename(file)) && charts.has(realOrSelf(dirname(file))))) continue
    const text = worldText(file, s.cache)
    const handed = handedAway(file, text, s, { precise, written, paths })
    if (handed) return handed
    if (s.writing && !reached) reached = unprovenReach(file, text, s, [written, ...precise])
    // The bytes are searched for a key first: most files name none of the path's keys.
    if (!paths.some((p) => text.includes(p[0]!)) && !s.path.some((k) => text.includes(k))) continue
    // Another chart's values and overrides are its own (repo-values.ts otherChartsFile); its templates are
    // not, and a chart that deploys this one from its own values (an app of apps) hands them on.
    if (otherChartsFile(real, charts, renderers) === 'values' && !deployers.some((d) => isInside(real, d))) continue
    const own = precise.has(real)
    const full = text.includes(s.path.at(-1)!) ? paths.flatMap((p) => valueMentions(text, p)) : []
    // What a file given with -f sets at its top (the path under a chart's prefix too) is the -f logic's.
    const exempt = new Set(own ? full.filter((m) => m.top).map((m) => m.offset) : [])
    const hit = [...full, ...paths.flatMap((p) => blockMentions(text, p))].find((m) => !exempt.has(m.offset))
    if (hit) return { file, ...lineColumn(text, hit.offset) }
    const w = coded ? undefined : codeMention(file, real, text, s.path, charts, renderers, own)
    if (w) coded = { file, ...lineColumn(text, w.offset), word: w.key }
  }
  // A file that spells a key where the shapes above see no setter, or a line that may write: named after any they see.
  return coded ?? reached
}

/**
 * A values file `file` hands to a chart by path where the proof cannot follow it (issue 36):
 * the values file written, handed to a chart that does not render the value (that chart reads
 * every value in it), or a file the -f logic does not read, handed to a chart that renders the
 * value (or to one not named by directory), that mentions the path.
 */
function handedAway(
  file: string,
  text: string,
  s: ScanInput,
  k: { precise: ReadonlySet<string>; written: string; paths: ReadonlyArray<readonly string[]> },
): Mentioned | undefined {
  const root = repositoryOf(dirname(file))
  if (root === null) return undefined
  const renderers = new Set(s.renderers.map((r) => realOrSelf(r.dir)))
  for (const h of handedValues(file, text, root)) {
    const to = realFile(h.file)
    if (to === undefined) continue
    const rendered = h.chart === undefined || renderers.has(realOrSelf(h.chart))
    const at = { file, line: h.line, column: h.column }
    if (to === k.written && s.writing && !(h.chart !== undefined && renderers.has(realOrSelf(h.chart))))
      return { ...at, handed: { values: h.file, chart: h.chart, written: true } }
    if (to === k.written || k.precise.has(to) || !rendered) continue
    const given = worldText(to, s.cache)
    if (k.paths.some((p) => valueMentions(given, p).length > 0))
      return { ...at, handed: { values: h.file, chart: h.chart, written: false } }
  }
  return s.writing ? namedAway(file, text, root, s, k.written) : undefined
}

/** What may name a values source from `file` (values-reach.ts). */
function reachNames(file: string, s: ScanInput, sources: readonly string[], code: boolean): RegExp {
  const real = realOrSelf(file)
  return reachPattern({
    dirs: [...new Set([...s.renderers.map((r) => basename(r.dir)), basename(dirname(s.valuesFile))])],
    files: [...new Set(sources.map((f) => basename(f)))],
    // A program spells a source's directory or file, or computes the name (values-computed.ts).
    words: code ? [] : valueWords(s),
    inside: s.renderers.some((r) => isInside(real, realOrSelf(r.dir))),
  })
}

/** The value's leaf key and the text the values file gives it. */
function valueWords(s: ScanInput): string[] {
  return [s.path.at(-1)!, ...currentText(s.valuesFile, s.path.at(-1)!, s.cache)]
}

/**
 * A file that is no known data and mentions a name that may reach a values source, with a line
 * mentioning one that is no read-only command (values-reach.ts): any language, any construct.
 */
function unprovenReach(file: string, text: string, s: ScanInput, sources: readonly string[]): Mentioned | undefined {
  const name = basename(file)
  // Known data: a chart's templates (manifests), values, kustomizations, documents, images.
  if (/\/templates\//.test(file) && /\.(?:ya?ml|tpl|json)$/i.test(name)) return undefined
  if (knownData(name) || /^values[\w.-]*\.ya?ml$|^kustomization\.ya?ml$/i.test(name)) return undefined
  const code = isCode(name, text)
  const names = reachNames(file, s, sources, code)
  const yaml = /\.(?:ya?ml|json)$/i.test(name)
  if (yaml && !names.test(text) && !/[$`*?]/.test(text)) return undefined
  const strings = yaml ? commandStrings(text) : undefined
  const parts = strings ? strings.map((p) => ({ at: p.offset, text: p.value })) : [{ at: 0, text }]
  const at = (p: { at: number }, u: { at: number; why: string }): Mentioned => ({
    file,
    ...lineColumn(text, p.at + (strings ? 0 : u.at)),
    handed: { values: s.valuesFile, chart: undefined, written: true, editor: u.why },
  })
  // The first guard: a file that names nothing that may reach a values source is not read by it
  // (docs/helm.md#values-driven-weights); a script's renderer the post-render rule holds is named there.
  if (!strings && (/--post-renderer/.test(text) || unprovenTemplateOutput(text, false, code) !== undefined)) return undefined
  if (names.test(text))
    for (const p of parts) {
      const u = unprovenLines(p.text, names)[0]
      if (u) return at(p, u)
    }
  // The second guard: a writer of names it computes that may edit YAML (values-computed.ts).
  for (const p of parts) {
    const u = computedWrite(name, p.text, valueWords(s))
    if (u) return at(p, u)
  }
  return undefined
}

/**
 * The values file written, named by path in a file outside its chart (named-path.ts), where no
 * reader above proved the line hands it to a chart that renders the value: any tool may give it
 * to another chart, which reads every value in it.
 */
function namedAway(file: string, text: string, root: string, s: ScanInput, written: string): Mentioned | undefined {
  if (isInside(realOrSelf(file), dirname(written))) return undefined
  const renderers = new Set(s.renderers.map((r) => realOrSelf(r.dir)))
  const proved = new Set(
    handedValues(file, text, root)
      .filter((h) => realFile(h.file) === written && h.chart !== undefined && renderers.has(realOrSelf(h.chart)))
      .map((h) => h.line),
  )
  for (const offset of namesFile(file, text, root, written)) {
    const at = lineColumn(text, offset)
    if (!proved.has(at.line)) return { file, ...at, handed: { values: s.valuesFile, chart: undefined, written: true, named: true } }
  }
  return undefined
}

/**
 * The charts (real directories) that deploy a chart rendering the value from their own values:
 * a template of theirs declares an Argo CD Application (or ApplicationSet, a Flux HelmRelease, a
 * k3s HelmChart) and either names the chart (its name or directory) or may deploy a chart it
 * does not name (`openDeployer`: a chart path taken from values, `path: {{ .path }}` in a
 * `range`), while the chart reads `.Values` (an app of apps handing `helm.valuesObject: {{ toYaml
 * .Values.web }}` on). Their values files set the value.
 */
function deployersOf(worlds: readonly World[], renderers: ScanInput['renderers'], cache: Map<string, World>): string[] {
  const own = new Set(renderers.map((r) => realOrSelf(r.dir)))
  const names = [...new Set(renderers.flatMap((r) => [chartMeta(r.dir)?.name, basename(r.dir)]).filter((n): n is string => Boolean(n)))]
  if (names.length === 0) return []
  const named = new RegExp(`(?<![\\w-])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w-])`)
  const out = new Set<string>()
  for (const c of worlds.flatMap((w) => w.charts)) {
    const dir = realOrSelf(c.dir)
    if (own.has(dir) || out.has(dir)) continue
    const texts = filesUnder(join(c.dir, 'templates')).map((f) => worldText(f, cache))
    // The values may be read in a helper the deploying template includes: the chart's templates are read together.
    if (!texts.some((t) => /\.Values\b/.test(t))) continue
    if (texts.some((t) => DEPLOYER.test(t) && (named.test(t) || openDeployer(t)))) out.add(dir)
  }
  return [...out]
}

/**
 * Where a file the run cannot read whole as data spells a key above the value (value-mentions.ts
 * wordMention): code, scripts, a template of another tool, a YAML or JSON file with template
 * actions (`{{`) or that does not parse. What such a file does with the key is not read, so it
 * may set the value. A template of another chart renders Kubernetes objects: only one that may
 * render a deployer (an Application, a HelmRelease, a k3s HelmChart, a Kustomization; or a
 * templated kind) hands values on.
 */
function codeMention(
  file: string,
  real: string,
  text: string,
  path: readonly string[],
  charts: ReadonlySet<string>,
  renderers: ReadonlySet<string>,
  own: boolean,
): { offset: number; key: string } | undefined {
  const m = wordMention(text, path)
  if (!m) return undefined
  // A file the -f logic reads parses whole, `{{` in its strings or not; any other with `{{` may be a template.
  if (/\.(?:ya?ml|json)$/i.test(file) && (own || !text.includes('{{')) && yamlStreamReads(text)) {
    // Data, read whole: but a program in one of its strings (a CI step's script) is not.
    for (const p of programStrings(text)) {
      const w = wordMention(p.value, path)
      if (w) return { offset: p.offset, key: w.key }
    }
    return undefined
  }
  const chart = [...charts].find((c) => !renderers.has(c) && ['templates', 'charts'].some((d) => isInside(real, join(c, d))))
  if (chart !== undefined && !HANDS_VALUES.test(text)) return undefined
  return m
}

/** A kind a chart's template may render that hands values to a chart, or a templated kind. */
const HANDS_VALUES =
  /(["']?)kind\1[ \t]*:[ \t]*(?:["']?(?:Application|ApplicationSet|HelmRelease|HelmChart|HelmChartConfig|Kustomization)\b|["']?\{\{)/

const DEPLOYER = /(["']?)kind\1[ \t]*:[ \t]*["']?(?:Application|ApplicationSet|HelmRelease|HelmChart)["']?[ \t]*[,}\r\n]/

/**
 * Whether a deployer template may deploy a chart it does not name literally: an output action
 * (`{{ .path }}`, `{{ include "app.source" . }}`, `{{ toYaml .Values.spec | nindent 4 }}`) that
 * is the value of a key, or stands under one, not known to hold values or a plain name
 * (`SAFE_KEYS`), so it may write the chart's path, name or source; or no chart reference
 * (`path:`, `chart:`, `chartRef:`) spelt at all. What cannot be proved to name another chart
 * may name any.
 */
export function openDeployer(text: string): boolean {
  if (!/(?<![\w-])["']?(?:path|chart|chartRef)["']?[ \t]*:/.test(text)) return true
  const acts = actionsOf(text)
  let plain = text
  for (const a of acts) plain = plain.slice(0, a.from) + text.slice(a.from, a.to).replace(/[^\n]/g, ' ') + plain.slice(a.to)
  for (const a of acts) {
    if (CONTROL.test(a.body)) continue
    const start = plain.lastIndexOf('\n', a.from - 1) + 1
    if (!SAFE_KEYS.has(keyBefore(plain.slice(start, a.from)) ?? headingKey(text, plain, start) ?? '')) return true
  }
  return false
}

/** The template actions of `text`: where each starts and ends, and what it says (trim markers and spaces off). */
function actionsOf(text: string): Array<{ from: number; to: number; body: string }> {
  const out: Array<{ from: number; to: number; body: string }> = []
  for (let from = text.indexOf('{{'); from >= 0; from = text.indexOf('{{', from)) {
    const end = text.indexOf('}}', from + 2)
    const to = end < 0 ? text.length : end + 2
    out.push({
      from,
      to,
      body: text
        .slice(from + 2, end < 0 ? text.length : end)
        .replace(/^-/, '')
        .replace(/-$/, '')
        .trim(),
    })
    from = to
  }
  return out
}

/** The key whose value a line's text before an action is in (`path: `, `metadata: {name: `), or undefined. */
function keyBefore(prefix: string): string | undefined {
  const p = prefix.trimEnd()
  let at = p.endsWith(':') ? p.length - 1 : p.lastIndexOf(': ')
  if (at < 0) return undefined
  if (at > 0 && (p[at - 1] === '"' || p[at - 1] === "'")) at--
  let from = at
  while (from > 0 && /[\w./-]/.test(p[from - 1]!)) from--
  return from < at ? p.slice(from, at) : undefined
}

/** The key of the nearest line above `start` that heads a block (`values: |`, `valuesObject:`), when no line with a value stands between. */
function headingKey(text: string, plain: string, start: number): string | undefined {
  for (let end = start - 1; end > 0; end = plain.lastIndexOf('\n', end - 1)) {
    const from = plain.lastIndexOf('\n', end - 1) + 1
    const line = plain.slice(from, end)
    if (line.trim() === '') continue
    const key = /^[ \t]*(?:-[ \t]+)?["']?([\w./-]+)["']?[ \t]*:(.*)$/.exec(line)
    if (!key) return undefined
    const value = text.slice(from + line.length - key[2]!.length, end).trim()
    return value === '' || /^[|>][-+0-9]*(?:[ \t]+#.*)?$/.test(value) ? key[1] : undefined
  }
  return undefined
}

/** Actions that print nothing: control, comments, variables. */
const CONTROL = /^(?:\/\*|(?:if|else|end|range|with|define|block|break|continue)\b|\$\w*\s*:?=)/
/** Keys whose action values write values handed on or plain names, never which chart is deployed. */
const SAFE_KEYS = new Set([
  'values',
  'valuesObject',
  'valuesContent',
  'valuesInline',
  'parameters',
  'name',
  'namespace',
  'server',
  'project',
  'targetRevision',
  'releaseName',
  'interval',
  'targetNamespace',
])

/** Documentation: text for people, never given to a tool as values (and its templates, repo-values.ts DOCS_TEMPLATE). */
const DOCS = /\.(?:md|markdown|mdx|rst|adoc|asciidoc)$/i

/** The repositories of the run's files, read once per run. */
const runWorldsOf = new WeakMap<ReadonlySet<string>, World[]>()

export function worldsOfRun(runFiles: ReadonlySet<string> | undefined, cache: Map<string, World>): World[] {
  if (!runFiles) return []
  const known = runWorldsOf.get(runFiles)
  if (known) return known
  const roots = new Map<string, string | null>()
  const dirs = new Set([...runFiles].map((f) => dirname(f)))
  const worlds = new Set<World>()
  for (const d of dirs) {
    if (repositoryOf(d, roots) === null) continue
    const w = worldOf(d, cache)
    if (!('unbounded' in w)) worlds.add(w)
  }
  runWorldsOf.set(runFiles, [...worlds])
  return [...worlds]
}

/** The text the values file gives the leaf key (`500m`), where a line spells it plainly. */
function currentText(valuesFile: string, leaf: string, cache: Map<string, World>): string[] {
  const esc = leaf.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const m = new RegExp(`^[ \\t]*["']?${esc}["']?[ \\t]*:[ \\t]*["']?([^\\s"'#]+)`, 'm').exec(worldText(valuesFile, cache))
  return m ? [m[1]!] : []
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset)
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') }
}
