/**
 * The values proof (docs/helm.md#values-driven-weights): the one decision whether a chart
 * value may take a new scalar. It may only when the run has read everything Helm would load
 * for every chart that can render it, and the scalar has exactly one reader, the TrafficSplit
 * weight being converted. The charts that render it: the chart itself, every chart of its git
 * repository or of the run that renders it as a dependency (under `charts/` or by `file://`, its
 * values under the dependency's name or alias; chart-world.ts bounds the world), and every chart
 * that shares its values.yaml through a symlink. A chart Helm's loader fails on is not proved.
 * For each of them:
 *
 * - readers: every file Helm renders (templates/**, symlinks followed; subcharts' and library
 *   charts' templates, whose helpers render with the parent's context; every chart file when a
 *   template calls `tpl`, which renders other text; the values files, whose strings `tpl` may
 *   render), in every spelling yaml/readers.ts knows; a subchart whose values are the block the
 *   path starts with; a packaged subchart whose helpers a template includes;
 * - setters: every values file that may be given with `-f` (chart-layout.ts overrideFiles), an
 *   umbrella's values for its dependency, `import-values`, and in values.yaml itself an alias
 *   that re-uses an anchor above the value;
 * - values.schema.json: checked with the new scalar once it is known (`schemaRefusal`).
 *
 * Anything else stops the proof, and the answer names the file, line and column that did.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { realOrSelf } from '../../paths.js'
import { anchorReused, valueSetting, valuesFileProblem } from '../../yaml/values.js'
import { decodedValueReaders, valuesTextMutation } from '../../yaml/decoded-texts.js'
import { rendersFiles, rootNames, valueMutations, valueReaders } from '../../yaml/readers.js'
import { type ChartMeta, chartMeta, filesUnder, overrideFiles, realFile, subchartsOf, type Umbrella, umbrellasOf } from './chart-layout.js'
import { archivedChartName, linkOutside, loadBreak, renderingIt, sharedTemplate, type World, worldOf } from './chart-world.js'
import { valuesLeftOut } from './helmignore.js'
import { fileInclude, redefinedHelper } from './helper-names.js'
import { depUses, fileDependencyTemplates } from './file-deps.js'
import { linkToValues, outsideOtherCharts, repoSetting, repoTemplateText, repoTextChange, setsInAnyDocument } from './repo-values.js'
import { oddSetKey } from './set-keys.js'
import { withHanded } from './repo-values.js'
import { type Mentioned, mentionSetter } from './setter-scan.js'
import { schemaRefusal } from './values-schema.js'

/** A chart that renders the value, with the key path its values hold it under. */
interface Renderer {
  meta: ChartMeta
  prefix: string[]
  /** The chart whose template converts the value (its own actions are the one reader). */
  own: boolean
  /** Whether its values.yaml is the one written (else its values.yaml sets the value: an umbrella's). */
  shares: boolean
}

export interface ProofInput {
  chart: string
  valuesFile: string
  /** values.yaml as read. */
  valuesText: string
  path: readonly string[]
  /** The converted template and the offsets of its own value actions reading the path. */
  own: { file: string; offsets: ReadonlySet<number> }
  show: (file: string) => string
  /** The run's charts by the real directory of each chart they may render (chart-layout.ts dependents). */
  dependents?: ReadonlyMap<string, readonly ChartMeta[]>
  /** The charts of each repository the proof has read (chart-world.ts), kept for the run. */
  world?: Map<string, World>
  /** The real paths of the run's files: a copy of the template in a chart sharing values.yaml must be one (`copyRefusal`). */
  runFiles?: ReadonlySet<string>
}

/** Why the value may not be rewritten (the reader or setter that stops it), or undefined when proved. */
export function valueRefusal(p: ProofInput): string | undefined {
  const dotted = `.Values.${p.path.join('.')}`
  const found = renderersOf(p)
  if ('refused' in found) return found.refused
  const { renderers } = found
  const repoFiles = settingFiles(found)
  const reused = anchorReused(p.valuesText, p.path)
  if (reused) return `${p.show(p.valuesFile)}:${reused.line}:${reused.column}: ${reused.how}, so ${dotted} is read under another path too`
  // A chart that shares the values.yaml too is proved with it (its readers below): the link is no stop.
  const sharing = new Set(renderers.filter((r) => r.shares).map((r) => realOrSelf(r.meta.dir)))
  const shared = sharedTemplate(
    found.charts.filter((c) => !sharing.has(realOrSelf(c.dir))),
    p.chart,
    p.own.file,
  )
  if (shared)
    return `${p.show(shared)}:1:1: the same file as ${p.show(p.own.file)} through a link, so converting it converts another chart's split too, whose values are not proved`
  for (const r of renderers) {
    const why = structureRefusal(r, p) ?? readerRefusal(r, p, dotted) ?? setterRefusal(r, p, dotted) ?? repoSetterRefusal(r, p, repoFiles)
    if (why) return why
  }
  const umbrellas = renderers.filter((r) => !r.shares).map((r) => r.meta)
  for (const r of renderers.filter((x) => x.shares)) {
    const h = redefinedHelper(r.meta.dir, umbrellas)
    if (h?.unreadable)
      return `${p.show(h.file)}:1:1: a packaged chart Helm renders together with ${r.meta.name}, whose templates cannot all be read (${h.unreadable}): a define there may take the place of a helper of ${r.meta.name}`
    if (h)
      return `${h.inside ? `${p.show(h.file)}:1:1` : place(p.show(h.file), readText(h.file), h.offset)}: a define of "${h.name}"${h.inside ? ` (in ${h.inside})` : ''} in a chart Helm renders together with ${r.meta.name}: it may take the place of ${r.meta.name}'s own`
  }
  const tplRead = repoTemplateText(
    repoFiles,
    [p.path, ...renderers.map((r) => [...r.prefix, ...p.path])],
    renderers.map((r) => r.meta.dir),
    found.worlds.flatMap((w) => w.allFiles),
  )
  if (tplRead)
    return `${dotted} is read elsewhere too: ${place(p.show(tplRead.file), readText(tplRead.file), tplRead.offset)} (${tplRead.what ? `${tplRead.what}, ` : ''}template text a chart given it with -f may render with tpl)`
  const key = oddSetKey(found, p.path, p.show)
  if (key) return `${key} may name ${dotted}: it may set the value`
  const proved = new Set(renderers.filter((r) => r.shares).map((r) => realOrSelf(r.meta.dir)))
  const link = linkToValues(found.repoFiles, p.valuesFile, proved)
  if (link) return `${p.show(link)}:1:1: a link to ${p.show(p.valuesFile)}, so a chart given it with -f reads ${dotted} too`
  const m = mentionIn(found, p, p.path, true)
  if (m?.handed) return `${p.show(m.file)}:${m.line}:${m.column}: ${handedWhy(m.handed, p.show, dotted)}`
  if (m?.word !== undefined)
    return `${p.show(m.file)}:${m.line}:${m.column} spells ${m.word}, a key of ${dotted}, in a file this run cannot read as data (code, a script, a template): it may set the value`
  return (
    m && `${p.show(m.file)}:${m.line}:${m.column} mentions ${dotted}: it may set the value (a file this run cannot read as Helm's input)`
  )
}

/** Why a values file handed to a chart by a deployment file stops the proof (setter-scan.ts). */
export function handedWhy(h: NonNullable<Mentioned['handed']>, show: (f: string) => string, dotted: string): string {
  if (h.editor !== undefined)
    return `it may write a file by a name, glob or variable that may be ${show(h.values)} (${h.editor}, from a directory this run cannot know), so it may set ${dotted}`
  if (h.named) return `it names ${show(h.values)} by path, so a chart it is handed to with -f may read ${dotted} too`
  const to = h.chart === undefined ? 'a chart that is no directory of the repository' : show(h.chart)
  return h.written
    ? `it hands ${show(h.values)} to ${to} as values, so that chart reads ${dotted} too`
    : `it hands ${show(h.values)}, which mentions ${dotted}, to ${to} as values`
}

/**
 * The first file of the proof's world that mentions the value's path where no precise reader
 * looked (setter-scan.ts): the files of the repositories read and of the run, less what the
 * readers and the -f logic read.
 */
function mentionIn(found: Found, p: WorldInput, path: readonly string[], writing: boolean): Mentioned | undefined {
  const precise = [
    ...settingFiles(found),
    ...found.renderers.flatMap((r) => [...(r.shares ? [] : [join(r.meta.dir, 'values.yaml')]), ...overrideFiles(r.meta.dir)]),
  ]
  return mentionSetter({
    worlds: found.worlds,
    runFiles: p.runFiles,
    cache: found.cache,
    renderers: found.renderers.map((r) => ({ dir: r.meta.dir, full: [...r.prefix, ...path] })),
    valuesFile: p.valuesFile,
    precise,
    path,
    writing,
  })
}

/** For the v1alpha2 gate (done-weights.ts): the first file that mentions the path where no precise reader looked, or why the world cannot be known. */
export function valueMention(p: WorldInput, path: readonly string[]): Mentioned | { refused: string } | undefined {
  const found = renderersOf(p)
  return 'refused' in found ? found : mentionIn(found, p, path, false)
}

/** A YAML file anywhere in the repository (any may be given with -f) that sets the value under the chart's prefix. */
function repoSetterRefusal(r: Renderer, p: ProofInput, repoFiles: readonly string[]): string | undefined {
  const full = [...r.prefix, ...p.path]
  const written = realFile(p.valuesFile)
  const own = realFile(join(r.meta.dir, 'values.yaml'))
  const s = repoSetting(
    repoFiles.filter((f) => realOrSelf(f) !== written && realOrSelf(f) !== own),
    full,
    readText,
  )
  return s && `${p.show(s.file)}:${s.line}:${s.column}${s.how} .Values.${full.join('.')}${s.how.startsWith(':') ? '' : ' too'}`
}

/** Why values.schema.json of a chart that renders the value may reject `value`, or undefined. */
export function schemaRefusalOf(p: ProofInput, value: unknown): string | undefined {
  const found = renderersOf(p)
  if ('refused' in found) return found.refused
  for (const r of found.renderers) {
    const schema = join(r.meta.dir, 'values.schema.json')
    if (!existsSync(schema)) continue
    const why = schemaRefusal(readText(schema), [...r.prefix, ...p.path], value)
    const key = [...r.prefix, ...p.path].at(-1)!
    if (why) return `${keyPlace(schema, key, p.show)} constrains .Values.${[...r.prefix, ...p.path].join('.')}: ${why}`
  }
  return undefined
}

/** What finding the world of a chart needs (the charts that render it, the repository's files). */
export type WorldInput = Pick<ProofInput, 'chart' | 'valuesFile' | 'show' | 'dependents' | 'world' | 'runFiles'>

/**
 * Every file of the proof's world that may set the value besides `valuesFile`, with the key path
 * it holds it under: the values files that may be given with -f to each chart that renders it,
 * an umbrella's values under its prefix, any of the repository's. Or why that world cannot be
 * known. done-weights.ts checks what each renders.
 */
export function valueSetters(
  p: WorldInput,
  path: readonly string[],
): { setters: Array<{ file: string; path: string[] }> } | { refused: string } {
  const found = renderersOf(p)
  if ('refused' in found) return found
  const repoFiles = settingFiles(found)
  const written = realFile(p.valuesFile)
  const seen = new Set<string>()
  const setters: Array<{ file: string; path: string[] }> = []
  for (const r of found.renderers) {
    const full = [...r.prefix, ...path]
    const files = [...(r.shares ? [] : [join(r.meta.dir, 'values.yaml')]), ...overrideFiles(r.meta.dir), ...repoFiles]
    for (const file of files) {
      const key = `${realOrSelf(file)}\0${full.join('.')}`
      if (realFile(file) === written || seen.has(key)) continue
      seen.add(key)
      setters.push({ file, path: full })
    }
  }
  return { setters }
}

/**
 * Where a template of a chart that renders the value changes `.Values` on its path (or the root
 * context) while the chart renders (yaml/readers.ts valueMutations), or why those charts cannot
 * be known: the value a weight then renders is no values file's. done-weights.ts asks.
 */
export function valueMutation(p: WorldInput, path: readonly string[]): string | undefined {
  const found = renderersOf(p)
  if ('refused' in found) return found.refused
  for (const r of found.renderers) {
    const dir = r.meta.dir
    const templates = [...filesUnder(join(dir, 'templates')), ...filesUnder(join(dir, 'charts')).filter((f) => !f.endsWith('.tgz'))]
    const texts = new Map(templates.map((f) => [f, readText(f)]))
    const deps = fileDependencyTemplates(r.meta)
    if ('unreadable' in deps)
      return `${p.show(deps.unreadable.file)}:1:1: a file:// dependency of ${r.meta.name} whose templates cannot all be read (${deps.unreadable.why})`
    const depTexts = deps.templates.map((t) => ({ ...t, text: t.text ?? readText(t.file) }))
    const roots = rootNames([...texts.values(), ...depTexts.map((t) => t.text)])
    for (const [f, text] of texts) {
      const m = valueMutations(text, [...r.prefix, ...path], roots)[0]
      if (m) return `${place(p.show(f), text, m.offset)} (${m.what})`
    }
    const tpl = [...texts.values()].some(rendersFiles)
    for (const f of tpl ? [join(dir, 'values.yaml'), ...overrideFiles(dir)] : []) {
      const m = valuesTextMutation(readText(f), [...r.prefix, ...path])
      if (m) return `${place(p.show(f), readText(f), m.offset)} (${m.what})`
    }
    for (const t of depTexts) {
      const m = valueMutations(t.text, [...r.prefix, ...path], roots)[0]
      if (m && t.entry === undefined) return `${place(p.show(t.file), t.text, m.offset)} (${m.what})`
      if (m) return `${p.show(t.file)}:1:1 (${place(t.entry!, t.text, m.offset)} in the archive, a file:// dependency: ${m.what})`
    }
  }
  // A values text of the repository (a -f file, a deployer's, a --set on a command line) that tpl may render.
  const repo = repoTextChange(settingFiles(found), found.worlds, path, found.renderers)
  return repo ? `${place(p.show(repo.file), readText(repo.file), repo.offset)} (${repo.what})` : oddSetKey(found, path, p.show)
}

/**
 * The repository's files that may set a value the charts found render: files in no chart and
 * the rendering charts' own (another chart's files are its own values, `outsideOtherCharts`),
 * less the rendering charts' templates reached through a link (`notTemplates`).
 */
function settingFiles(found: Found): string[] {
  const renderedBy = new Set(found.renderers.map((r) => realOrSelf(r.meta.dir)))
  const dirs = found.charts.map((c) => c.dir)
  // A file handed to a chart as values by path, whatever its name or chart, is one too.
  return withHanded(notTemplates(outsideOtherCharts(found.repoFiles, dirs, renderedBy), found.renderers), found.worlds)
}

/** The charts that render the value, the repositories read (their files, their charts), and the run's cache of them. */
interface Found {
  renderers: Renderer[]
  repoFiles: string[]
  charts: ChartMeta[]
  worlds: World[]
  cache: Map<string, World>
}

function renderersOf(p: WorldInput): Found | { refused: string } {
  const meta = chartMeta(p.chart)
  if (!meta) return { refused: `${p.show(join(p.chart, 'Chart.yaml'))} cannot be read` }
  const real = realFile(p.valuesFile)
  const linked = real !== undefined && real !== join(realOrSelf(p.chart), 'values.yaml')
  const cache = p.world ?? new Map<string, World>()
  const worlds: World[] = []
  // The chart's repository, and the one holding the values.yaml it links to: every chart in them.
  for (const at of linked ? [p.chart, real] : [p.chart]) {
    const world = worldOf(at, cache)
    if ('unbounded' in world) return { refused: `${p.show(at)}: ${world.unbounded}` }
    worlds.push(world)
  }
  const run = (dir: string) => renderingIt(p.dependents, dir)
  /** The charts that render `dir` as a dependency: in the worlds read, and among the run's charts. */
  const umbrellas = (dir: string, more: readonly World[] = []): Umbrella[] => {
    const found = [...worlds, ...more].flatMap((w) => renderingIt(w.umbrellas, dir))
    const all = [...found, ...umbrellasOf(dir, run(dir))].filter((u) => realOrSelf(u.meta.dir) !== realOrSelf(dir))
    return all.filter((u, i) => all.findIndex((x) => x.meta.dir === u.meta.dir && x.prefix === u.prefix) === i)
  }
  const out: Renderer[] = [{ meta, prefix: [], own: true, shares: true }]
  const sharing = [...worlds.flatMap((w) => (real === undefined ? [] : (w.byValues.get(real) ?? []))), ...run(p.chart)].filter(
    (d) => realOrSelf(d.dir) !== realOrSelf(p.chart) && realFile(join(d.dir, 'values.yaml')) === real,
  )
  out.push(...uniqueCharts(sharing).map((d) => ({ meta: d, prefix: [], own: false, shares: true })))
  for (const r of [...out]) {
    for (const u of umbrellas(r.meta.dir)) {
      const dep = u.meta.dependencies.find((d) => (d.alias ?? d.name) === u.prefix)
      if (dep?.importValues)
        return { refused: `${keyPlace(u.via, 'import-values', p.show)}: import-values lets ${u.prefix} set values of ${u.meta.name}` }
      // One level of umbrellas is followed: a chart above the umbrella is not.
      const aboveWorld = worldOf(u.meta.dir, cache)
      if ('unbounded' in aboveWorld) return { refused: `${p.show(u.meta.dir)}, which renders ${meta.name}: ${aboveWorld.unbounded}` }
      const above = umbrellas(u.meta.dir, [aboveWorld])
      if (above.length) return { refused: `${p.show(above[0]!.via)} renders ${u.meta.name}, which renders ${meta.name}: not followed` }
      if (!worlds.includes(aboveWorld)) worlds.push(aboveWorld)
      out.push({ meta: u.meta, prefix: [u.prefix], own: false, shares: false })
    }
  }
  return {
    renderers: out,
    repoFiles: [...new Set(worlds.flatMap((w) => w.dataFiles))],
    charts: uniqueCharts(worlds.flatMap((w) => w.charts)),
    worlds,
    cache,
  }
}

/**
 * `files` without the templates of the charts that render the value, reached through a link
 * (`web/templates -> ../common/templates`): the walk may list them first under their own
 * path, but they are templates, read as such (`readerRefusal`), not values files.
 */
function notTemplates(files: readonly string[], renderers: readonly Renderer[]): string[] {
  const templates = new Set(renderers.flatMap((r) => filesUnder(join(r.meta.dir, 'templates')).map(realOrSelf)))
  return files.filter((f) => !templates.has(realOrSelf(f)))
}

/** Each chart directory once (the run's charts and the repository's may name the same). */
function uniqueCharts(charts: readonly ChartMeta[]): ChartMeta[] {
  const seen = new Set<string>()
  return charts.filter((c) => !seen.has(c.dir) && Boolean(seen.add(c.dir)))
}

/** A subchart, alias or dependency that takes the block the path starts with as its values; import-values. */
function structureRefusal(r: Renderer, p: ProofInput): string | undefined {
  const included = fileInclude(r.meta.dir, p.show)
  if (included) return included
  const full = [...r.prefix, ...p.path]
  const chartFile = p.show(join(r.meta.dir, 'Chart.yaml'))
  const broken = loadBreak(r.meta.dir) ?? linkOutside(r.meta.dir) ?? valuesLeftOut(r.meta.dir, r.prefix.length === 0 ? r.meta.dir : p.chart)
  if (broken) return `${p.show(broken.file)}:1:1: ${broken.why}`
  for (const d of r.meta.dependencies) {
    if (d.importValues)
      return `${keyPlace(join(r.meta.dir, 'Chart.yaml'), 'import-values', p.show)}: import-values lets ${d.name} set values of ${r.meta.name}`
    if (d.condition?.split(',').some((c) => overlaps(c.trim().split('.'), full)))
      return `${keyPlace(join(r.meta.dir, 'Chart.yaml'), 'condition', p.show)}: the condition of ${d.name} reads .Values.${d.condition}`
    const own = r.prefix.length > 0 && (d.alias ?? d.name) === r.prefix[0]
    if (!own && (d.alias ?? d.name) === full[0]) return `${chartFile}: the dependency ${d.name} renders .Values.${full[0]} as its values`
  }
  for (const s of subchartsOf(r.meta.dir)) {
    if ('meta' in s) {
      if (realOrSelf(s.meta.dir) === realOrSelf(p.chart)) continue
      if (s.meta.name === full[0]) return `${p.show(s.meta.dir)} is a subchart whose values are .Values.${full[0]}`
    } else {
      // Its values are the block of the name in its own Chart.yaml, whatever the archive is called.
      const name = archivedChartName(s.archive)
      if (name === undefined)
        return `${p.show(s.archive)} is a packaged subchart whose Chart.yaml cannot be read, so its values may be .Values.${full[0]}`
      if (name === full[0]) return `${p.show(s.archive)} is a packaged subchart (${name}) whose values are .Values.${full[0]}`
    }
  }
  return undefined
}

/** The first reader of the value other than the converted weight's own actions. */
function readerRefusal(r: Renderer, p: ProofInput, dotted: string): string | undefined {
  const full = [...r.prefix, ...p.path]
  const dir = r.meta.dir
  const templates = [...filesUnder(join(dir, 'templates')), ...filesUnder(join(dir, 'charts')).filter((f) => !f.endsWith('.tgz'))]
  const texts = new Map(templates.map((f) => [f, readText(f)]))
  const tpl = [...texts.values()].some(rendersFiles)
  const data = r.shares ? [p.valuesFile, ...overrideFiles(dir)] : [join(dir, 'values.yaml'), ...overrideFiles(dir)]
  // `tpl` renders any text: every file of the chart is then a template.
  const others = tpl ? filesUnder(dir, (n) => n === '.git').filter((f) => !texts.has(f) && !f.endsWith('.tgz')) : []
  const deps = fileDependencyTemplates(r.meta)
  if ('unreadable' in deps)
    return `${p.show(deps.unreadable.file)}:1:1: a file:// dependency of ${r.meta.name} whose templates cannot all be read (${deps.unreadable.why}): its helpers may read ${dotted}`
  const depTexts = deps.templates.map((t) => ({ ...t, text: t.text ?? readText(t.file) }))
  const roots = rootNames([...texts.values(), ...depTexts.map((t) => t.text)])
  const uses: string[] = depUses(depTexts, (t) => [...valueReaders(t, full, true, roots), ...valueMutations(t, full, roots)], p.show)
  for (const [f, template] of [...templates.map((f) => [f, true] as const), ...[...others, ...data].map((f) => [f, false] as const)]) {
    const text = f === p.valuesFile ? p.valuesText : (texts.get(f) ?? readText(f))
    // The split's own actions; in a chart sharing the values.yaml, the same actions of the same template
    // (linked, or a copy byte for byte): that chart's split reads the value as this one does and takes the same rewrite.
    const mine = (r.own || r.shares) && sameTemplate(f, text, p.own.file)
    const copy = mine && copyRefusal(f, p)
    if (copy) return copy
    const code = template || others.includes(f)
    // A string in an umbrella's values for the chart may be `tpl`'d by the chart, with the chart's own `.Values`.
    const unprefixed = !code && r.prefix.length > 0 ? valueReaders(text, p.path, false) : []
    // A values string as Helm decodes it (escapes undone, `!!binary` decoded), which `tpl` may render.
    const decoded = code ? [] : [full, ...(r.prefix.length > 0 ? [p.path] : [])].flatMap((q) => decodedValueReaders(text, q))
    // A template that changes .Values while the chart renders (`set $c "weight" …` with `$c := .Values.canary`).
    const changes = code ? valueMutations(text, full, roots) : []
    for (const u of [...valueReaders(text, full, code, roots), ...unprefixed, ...decoded, ...changes]) {
      if (mine && p.own.offsets.has(u.offset)) continue
      const plain = /^\.Values[\w.]*$/.test(u.what)
      uses.push(`${place(p.show(f), text, u.offset)}${plain ? '' : ` (${u.what})`}`)
    }
  }
  for (const [f, text] of texts) {
    const read = filesReadOf(text, dir, p.valuesFile)
    if (read) uses.push(`${place(p.show(f), text, read.offset)} (${read.what})`)
  }
  // A file may be both a values file and, with `tpl`, a template: each place once.
  if (uses.length) return `${dotted} is read elsewhere too: ${listed([...new Set(uses)])}`
  return archivedHelpers(dir, [...texts.values()], p)
}

/**
 * A copy of the converted template (another file, byte for byte) in a chart that shares the
 * values.yaml written: it reads the value as the converted one does, but only takes the same
 * rewrite (a literal weight scaled beside the value, the apiVersion) when the run converts it
 * too. Outside the run it would keep its template while the shared value changes under it.
 */
function copyRefusal(f: string, p: ProofInput): string | undefined {
  if (realOrSelf(f) === realOrSelf(p.own.file) || p.runFiles?.has(realOrSelf(f))) return undefined
  return `${p.show(f)}:1:1: a copy of ${p.show(p.own.file)} in a chart that shares ${p.show(p.valuesFile)}, and not converted in this run: its weights would not take the same rewrite; convert both charts in one run`
}

/** Whether `f` (holding `text`) is the converted template `own`: the file, through a link or not, or a copy byte for byte. */
function sameTemplate(f: string, text: string, own: string): boolean {
  return realOrSelf(f) === realOrSelf(own) || text === readText(own)
}

/**
 * `.Files` that may reach the values file written: Helm leaves values.yaml out of `.Files`, but
 * not a link to it under another name (helm pkg/engine/files.go, pkg/chart/loader/directory.go
 * at 018982f177fcc123877307d9cadce3d2e361db0c). A glob, or a path not written out, may name one.
 */
function filesReadOf(text: string, dir: string, valuesFile: string): { offset: number; what: string } | undefined {
  const target = realFile(valuesFile)
  for (const m of text.matchAll(/\.Files\b(?:\.(\w+))?(?:[\s(]*"((?:[^"\\]|\\.)*)")?/g)) {
    const how = m[1]
    const literal = m[2]
    if (how === 'Get' || how === 'GetBytes' || how === 'Lines') {
      if (literal === undefined) return { offset: m.index, what: `.Files.${how} of a path not written out may read the values` }
      if (target !== undefined && realFile(join(dir, literal)) === target)
        return { offset: m.index, what: `.Files.${how} "${literal}" reads the values` }
      continue
    }
    return { offset: m.index, what: `.Files${how ? `.${how}` : ''} may read the values` }
  }
  return undefined
}

/** With a packaged subchart, an include of a template not defined in what was read: its helper may read anything. */
function archivedHelpers(dir: string, texts: readonly string[], p: ProofInput): string | undefined {
  const archive = subchartsOf(dir).find((s) => 'archive' in s)
  if (!archive || !('archive' in archive)) return undefined
  const defined = new Set(texts.flatMap((t) => [...t.matchAll(/\bdefine\s+"([^"]+)"/g)].map((m) => m[1]!)))
  for (const t of texts)
    for (const m of t.matchAll(/\b(?:include|template)\s+(?:"([^"]+)"|(\S))/g))
      if (m[2] !== undefined || !defined.has(m[1]!))
        return `an include of ${m[1] ? `"${m[1]}"` : 'a computed name'} may render a helper of ${p.show(archive.archive)}, which is not read`
  return undefined
}

/** The first values file that may be given with `-f` (or an umbrella's values) and sets the value. */
function setterRefusal(r: Renderer, p: ProofInput, dotted: string): string | undefined {
  const full = [...r.prefix, ...p.path]
  const files = r.shares ? overrideFiles(r.meta.dir) : [join(r.meta.dir, 'values.yaml'), ...overrideFiles(r.meta.dir)]
  const found: string[] = []
  for (const f of files) {
    if (r.shares && realOrSelf(f) === realFile(p.valuesFile)) continue
    const text = readText(f)
    const s = valueSetting(text, full)
    // A template (`{{ … }}` that is no YAML) given with -f fails the install: it sets nothing.
    if (s === 'unreadable' && /\{\{/.test(text)) continue
    if (s === 'unreadable' && !setsInAnyDocument(text, full)) continue
    if (s === 'unreadable') {
      const why = valuesFileProblem(text)
      return `${p.show(f)}${why ? `:${why.line}:${why.column}: ${why.how}` : ' cannot be read'}, so it may set ${dotted}`
    }
    if (s) found.push(`${p.show(f)}:${s.line}:${s.column}${s.how.startsWith('it sets') ? '' : ` (${s.how})`}`)
  }
  if (found.length === 0) return undefined
  return `${listed(found)} set${found.length === 1 ? 's' : ''} ${r.shares ? dotted : `.Values.${full.join('.')}`} too`
}

/** Whether one key path is a part of the other (a block above it, the value, or inside it). */
function overlaps(a: readonly string[], b: readonly string[]): boolean {
  const n = Math.min(a.length, b.length)
  return a.slice(0, n).every((k, i) => k === b[i])
}

/**
 * `file:line:col` of the first `key:` in a Chart.yaml, requirements.yaml or schema (a JSON
 * `"key":` too), or of its first line when it is not written there (Helm 2 lists dependencies
 * in requirements.yaml: that file is tried beside Chart.yaml).
 */
function keyPlace(file: string, key: string, show: (f: string) => string): string {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const pattern = new RegExp(`(?:^|[\\s{,-])(["']?)${escaped}\\1\\s*:`, 'm')
  for (const f of file.endsWith('Chart.yaml') ? [file, join(dirname(file), 'requirements.yaml')] : [file]) {
    const text = readText(f)
    const m = pattern.exec(text)
    if (m) return place(show(f), text, m.index + m[0].lastIndexOf(m[1]! + key))
  }
  return `${show(file)}:1:1`
}

function place(shown: string, text: string, offset: number): string {
  const before = text.slice(0, offset)
  return `${shown}:${before.split('\n').length}:${offset - before.lastIndexOf('\n')}`
}

const MAX_SHOWN = 3

function listed(items: readonly string[]): string {
  const shown = items.slice(0, MAX_SHOWN).join(', ')
  return items.length > MAX_SHOWN ? `${shown} and ${items.length - MAX_SHOWN} more` : shown
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
