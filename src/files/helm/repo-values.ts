/**
 * The repository's YAML and JSON files as values a run cannot see given (values-proof.ts):
 * `helm -f` reads whatever path it is given (helm pkg/cli/values/options.go at
 * 018982f177fcc123877307d9cadce3d2e361db0c), so any of them, anywhere in the chart's
 * repository (chart-world.ts lists them once a run), may be an override of any chart there.
 * A file that sets the value's path stops the proof, and so does a file that is a link to the
 * values file written under another name: a chart given it with `-f` reads the value too.
 */
import { existsSync, lstatSync, readFileSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { isInside, realOrSelf } from '../../paths.js'
import { rendersFiles, valueMutations, valueReaders } from '../../yaml/readers.js'
import { valuesTextMutation } from '../../yaml/decoded-texts.js'
import { textUse, valuesTextUses } from '../../yaml/values-texts.js'
import { type SetValue, setKeyMayReach, setValues } from '../../yaml/set-values.js'
import { valueSetting, valuesFileProblem } from '../../yaml/values.js'
import { fluxValuesFrom, releaseSettings } from '../../yaml/release-values.js'
import { handedTexts, handedValues } from '../../yaml/handed-values.js'
import { repositoryOf } from '../boundary.js'
import { filesUnder, realFile } from './chart-layout.js'

/**
 * `files` without another chart's own values and overrides (`otherChartsValues`). Giving one
 * chart's own files to another with -f (`helm -f api/values.yaml web/`) is taken not to happen
 * unless a deployment file says so (setter-scan.ts handedAway): otherwise every chart of a
 * monorepo with the usual `canary:` block would stop every other's proof. Files in no chart
 * (environment folders, helmfile or Argo CD values), files of the charts that render the value,
 * and files of a chart that holds one of them (a repository whose root is a chart) stay
 * setters; links are judged apart.
 */
export function outsideOtherCharts(files: readonly string[], chartDirs: readonly string[], renderers: ReadonlySet<string>): string[] {
  const dirs = new Set(chartDirs.map(realOrSelf))
  return files.filter((f) => otherChartsFile(realOrSelf(f), dirs, renderers) === undefined)
}

/**
 * Whether `real` (a real path) is a YAML or JSON file of another chart: its nearest chart among
 * `charts` (real directories) is none of `renderers` and holds none of them. `values` are the
 * chart's own values and overrides as the -f logic takes them (chart-layout.ts overrideFiles:
 * its tree but for templates/ and charts/); `templates` what Helm renders or loads there.
 */
export function otherChartsFile(
  real: string,
  charts: ReadonlySet<string>,
  renderers: ReadonlySet<string>,
): 'values' | 'templates' | undefined {
  if (!/\.(?:ya?ml|json)$/i.test(real)) return undefined
  let near: string | undefined
  for (let d = dirname(real); d !== dirname(d) && near === undefined; d = dirname(d)) if (charts.has(d)) near = d
  if (near === undefined || renderers.has(near) || [...renderers].some((r) => isInside(r, near))) return undefined
  return isInside(real, join(near, 'templates')) || isInside(real, join(near, 'charts')) ? 'templates' : 'values'
}

/** Where one of `files` sets `path` (a mapping path, or a non-mapping, alias or merge key above it), or undefined. */
export function repoSetting(
  files: readonly string[],
  path: readonly string[],
  readText: (f: string) => string,
): { file: string; line: number; column: number; how: string } | undefined {
  for (const file of files) {
    const s = settingsOf(readText(file), path, file)[0]
    if (s && 'unreadable' in s) return { file, line: s.line, column: s.column, how: `: ${s.unreadable}, so it may set` }
    if (s) return { file, line: s.line, column: s.column, how: s.plain ? ' sets' : ` (${s.how}) sets` }
  }
  return undefined
}

/**
 * A name `helm -f` may well be given though it is no YAML or JSON name: one that says `values`
 * (`values.prod`, `prod.values`, `values-prod.txt`) or a YAML name with a suffix (`prod.yaml.tpl`,
 * `.yaml.j2`, `.yaml.example`, helm-secrets' `secrets.yaml.dec`). Helm reads any path as YAML
 * (pkg/cli/values/options.go), so such a file that parses as a mapping setting the path is a
 * setter; one that does not parse is taken for what its name says it is not, and sets nothing.
 */
export function looseValuesName(name: string): boolean {
  const base = basename(name)
  return !/\.(?:ya?ml|json|gotmpl)$/i.test(base) && (/values/i.test(base) || /\.(?:ya?ml|json)\.[^.\\/]+$/i.test(base))
}

/** A document of a file that may be given with -f and sets a path: its text, and how it sets it (or why it cannot be read). */
export type DocSetting = { doc: string; line: number; column: number } & ({ how: string; plain: boolean } | { unreadable: string })

/**
 * Each document of `text` (a file that may be given with -f) that sets `path`, or cannot be
 * read. A template (`{{ … }}` that is no YAML) and a document that is no mapping (a list of
 * patches, a manifest list) fail `helm -f`: they set nothing.
 */
export function settingsOf(text: string, path: readonly string[], file?: string): DocSetting[] {
  // helmfile renders a `.gotmpl` file (and a helmfile.yaml) as a template before it reads the
  // values: what that renders cannot be read here, so it may set anything.
  if (file !== undefined && text.includes('{{') && ((/\.gotmpl$/i.test(file) && !DOCS_TEMPLATE.test(file)) || HELMFILE.test(file)))
    return [{ doc: text, line: 1, column: 1, unreadable: 'a helmfile template, whose values helmfile renders and this run cannot read' }]
  const out: DocSetting[] = []
  // A deployer may set values the file does not spell (an ApplicationSet's generator parameters,
  // a Flux valuesFrom, a Secret's base64 data): release-values.ts reads those files whole.
  const deployer = DEPLOYER.test(text)
  // The top key is spelt in the file unless written with an escape (`"\x63anary"`, a set name's
  // `can\ary`) or a tag (`!!binary Y2FuYXJ5`): the rest need not be parsed.
  if (!text.includes(path[0]!) && !/\\|![!<\w]/.test(text)) return deployer ? releaseOnly(text, path) : []
  for (const doc of documents(text)) {
    const s = valueSetting(doc, path)
    if (s === 'unreadable' && (/\{\{/.test(doc) || (file !== undefined && looseValuesName(file)))) continue
    if (s === 'unreadable') {
      const why = valuesFileProblem(doc)
      out.push({ doc, line: why?.line ?? 1, column: why?.column ?? 1, unreadable: why?.how ?? 'it cannot be read' })
    } else if (s && s.how !== 'it sets .Values to a non-mapping')
      out.push({ doc, line: s.line, column: s.column, how: s.how, plain: s.how === `it sets .Values.${path.join('.')}` })
  }
  // A helmfile release or Argo CD Application in the file gives values of its own (release-values.ts).
  out.push(...releaseOnly(text, path))
  return out
}

/** Words of the deployers whose values a file need not spell: ApplicationSet, templatePatch, valuesFrom, valuesSecrets, a Secret. */
const DEPLOYER = /ApplicationSet|templatePatch|valuesFrom|valuesSecrets|kind:\s*["']?Secret/

function releaseOnly(text: string, path: readonly string[]): DocSetting[] {
  return releaseSettings(text, path).map((r) => ({ doc: text, line: r.line, column: r.column, how: r.how, plain: false }))
}

/**
 * A documentation template, no helmfile file: helm-docs renders a chart's `README.md.gotmpl`
 * (norwoodj/helm-docs README, "--template-files", default `README.md.gotmpl`) into its README.
 */
export const DOCS_TEMPLATE = /(?:^|[\\/])README[^\\/]*\.gotmpl$|\.(?:md|markdown|mdx|rst|adoc|txt|html)\.gotmpl$/i

/** A helmfile state file (helmfile.yaml, helmfile.d/*.yaml): helmfile renders it as a template. */
const HELMFILE = /(?:^|[\\/])(?:helmfile\.ya?ml|helmfile\.d[\\/][^\\/]+)$/i

/**
 * Whether a file that is no single YAML document may set `full`: a stream whose documents each
 * read as YAML (a helmfile's `environments:` `---` `releases:`, a stream of Namespaces) sets it
 * only when one of them does, whichever one Helm reads; a text that does not parse may set anything.
 */
export function setsInAnyDocument(text: string, full: readonly string[]): boolean {
  if (valuesFileProblem(text)?.how.startsWith('a second YAML document') !== true) return true
  return documents(text).some((doc) => {
    const s = valueSetting(doc, full)
    return s === 'unreadable' || (s !== undefined && s.how !== 'it sets .Values to a non-mapping')
  })
}

/**
 * Each YAML document of a stream, the text before it blanked to its newlines so lines and
 * columns still point into the file. Helm reads the first of a file given with -f; every one
 * is looked at, so a file whose later documents set the value stops the proof as well.
 */
function documents(text: string): string[] {
  const starts = [0]
  for (const m of text.matchAll(/^---(?=[ \t\r\n]|$)/gm)) {
    // A `---` after nothing but directives (`%YAML 1.2`), comments and blank lines starts the first document.
    const before = text.slice(starts[starts.length - 1], m.index)
    if (before.split('\n').some((l) => !/^\s*(?:[#%].*)?$/.test(l))) starts.push(m.index)
  }
  return starts.map((start, i) => text.slice(0, start).replace(/[^\n]/g, '') + text.slice(start, starts[i + 1] ?? text.length))
}

/**
 * A file among `files` that is the values file written through a link, under a path that is
 * not the values.yaml of one of the charts proved (`proved`, their real directories).
 */
export function linkToValues(files: readonly string[], valuesFile: string, proved: ReadonlySet<string>): string | undefined {
  const target = realFile(valuesFile)
  if (target === undefined) return undefined
  // The file the links lead to is not one: like the values file, it is given with -f by name.
  const link = (f: string) => lstatSync(f, { throwIfNoEntry: false })?.isSymbolicLink() === true
  return files.find(
    (f) => f !== valuesFile && link(f) && realFile(f) === target && !(basename(f) === 'values.yaml' && proved.has(realOrSelf(dirname(f)))),
  )
}

/**
 * Template text in one of `files` that reads one of `paths` (`note: "{{ .Values.canary.weight }}"`):
 * given with -f to a chart that renders its values with `tpl`, it reads the value. Its strings
 * are read as Helm decodes them (yaml/values-texts.ts: escapes, `!!binary`, a values text inside
 * a string); when one of `charts` (those that render the value) calls `tpl`, each is judged as a template's
 * actions are: a read of the root or a change of `.Values` counts too. And a value a command line
 * in one of `scripts` sets (`--set t='{{ … }}'`, `--set-file`: set-values.ts), judged the same way.
 */
export function repoTemplateText(
  files: readonly string[],
  paths: readonly (readonly string[])[],
  charts: readonly string[] = [],
  scripts: readonly string[] = [],
): { file: string; offset: number; what?: string } | undefined {
  const tpl = charts.some(chartCallsTpl)
  for (const file of withTexts(files, scripts)) {
    const text = readFile(file)
    for (const path of paths) {
      const u = text.includes('{{') ? valueReaders(text, path, false)[0] : undefined
      if (u) return { file, offset: u.offset }
    }
    const d = valuesTextUses(text, paths, tpl, tpl)[0]
    if (d) return { file, offset: d.offset, ...(d.what === 'a read of .Values' ? {} : { what: d.what }) }
  }
  return (
    (tpl ? (unseenValuesFrom(files) ?? handedUse(scripts, (t) => paths.map((p) => textUse(t, p, tpl)).find(Boolean))) : undefined) ??
    scriptTemplateText(scripts, paths, tpl)
  )
}

/** A file handed to a chart as values (`handedFiles`), placed where it is handed. */
export interface HandedFile {
  file: string
  /** Whether its whole text is one value (Argo CD `fileParameters`, a `--set-file`). */
  whole: boolean
  by: string
  offset: number
  /** The name as written, when no such file is found (or the shell computes it). */
  missing?: string
}

/**
 * Every file that one of `all` hands a chart as values, whatever its name or place: a script's
 * `helm … -f`/`--values` (looked for beside the script and in the directories above it), a
 * helmfile `values:`, Argo CD `valueFiles` and `fileParameters`, Flux `valuesFiles`, a kustomize
 * generator's `files:` (what a Flux `valuesFrom` reads). Helm reads any of them as values.
 */
export function handedFiles(all: readonly string[]): HandedFile[] {
  const out: HandedFile[] = []
  for (const by of all) {
    if (DOCUMENT.test(by)) continue
    const text = readFile(by)
    if (/\.(?:ya?ml|json)$/i.test(by) && /releases|valueFiles|valuesFiles|helmCharts|fileParameters|Generator/.test(text)) {
      const root = repositoryOf(dirname(by)) ?? dirname(by)
      const offset = (h: { line: number; column: number }) =>
        text
          .split('\n')
          .slice(0, h.line - 1)
          .join('\n').length + h.column
      for (const h of [...handedValues(by, text, root).map((h) => ({ ...h, whole: false })), ...handedTexts(by, text, root)])
        out.push(
          existsSync(h.file)
            ? { file: h.file, whole: h.whole, by, offset: offset(h) - 1 }
            : { file: h.file, whole: h.whole, by, offset: offset(h) - 1, missing: h.file },
        )
    }
    if (!/\bhelm/.test(text)) continue
    for (const m of text.matchAll(/^.*\bhelm(?:file)?\b.*$/gm))
      for (const f of m[0].matchAll(/(?<=[ \t])(?:-f|--values)(?:[ \t]+|=)(["']?)([^\s"';|&]+)\1/g)) {
        const name = f[2]!
        const found = /[$`*?]/.test(name)
          ? undefined
          : [dirname(by), ...ancestors(dirname(by))].map((d) => join(d, name)).find((x) => existsSync(x))
        out.push({ file: found ?? name, whole: false, by, offset: m.index + f.index, ...(found ? {} : { missing: name }) })
      }
  }
  return out
}

/** `files` and every file of another name handed to a chart as values by one of the `worlds`' files, found: a values file too. */
export function withHanded(files: readonly string[], worlds: ReadonlyArray<{ allFiles: readonly string[] }>): string[] {
  // A YAML or JSON name is read already, or is another chart's own file (setter-scan.ts judges it handed away).
  const handed = handedFiles(worlds.flatMap((w) => w.allFiles)).filter(
    (h) => !h.whole && h.missing === undefined && !/\.(?:ya?ml|json)$/i.test(h.file),
  )
  return [...new Set([...files, ...handed.map((h) => h.file)])]
}

/** `files` and every file handed to a chart as values (another chart's too), found: its strings are values texts. */
function withTexts(files: readonly string[], all: readonly string[]): string[] {
  return [...new Set([...files, ...handedFiles(all).flatMap((h) => (h.whole || h.missing !== undefined ? [] : [h.file]))])]
}

/** A handed file that cannot be found (with `tpl`, any template text) or whose whole-text value `judge` finds a use in. */
function handedUse(
  all: readonly string[],
  judge: (text: string) => string | undefined,
): { file: string; offset: number; what: string } | undefined {
  for (const h of handedFiles(all)) {
    if (h.missing !== undefined)
      return {
        file: h.by,
        offset: h.offset,
        what: `values from ${h.missing}, a file this run cannot find, which may hold any template text`,
      }
    const use = h.whole ? judge(readFile(h.file)) : undefined
    if (use)
      return {
        file: h.by,
        offset: h.offset,
        what: `a file handed as a value (${relative(dirname(h.by), h.file)}) whose text decodes to ${use}`,
      }
  }
  return undefined
}

/**
 * A Flux `valuesFrom` entry in one of `files` whose ConfigMap or Secret no other of them defines
 * (a manifest of that kind and name, or a kustomize generator of that name): its text, unknown to
 * the run, is a values text a chart calling `tpl` may render, as a `--set` the shell computes is.
 */
function unseenValuesFrom(files: readonly string[]): { file: string; offset: number; what: string } | undefined {
  for (const file of files) {
    for (const f of fluxValuesFrom(readFile(file))) {
      const named = new RegExp(`^[ \\t-]*name:[ \\t]*["']?${f.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?[ \\t]*(?:#.*)?$`, 'm')
      const kind = new RegExp(
        `kind:[ \\t]*["']?${f.kind === 'Secret' ? 'Secret' : 'ConfigMap'}\\b|${f.kind === 'Secret' ? 'secret' : 'configMap'}Generator`,
      )
      const seen = f.name !== '' && files.some((o) => o !== file && kind.test(readFile(o)) && named.test(readFile(o)))
      if (!seen)
        return {
          file,
          offset: f.offset,
          what: `a Flux valuesFrom ${f.kind || 'entry'} ${f.name} this run cannot find, which may hold any template text`,
        }
    }
  }
  return undefined
}

/** A `--set`-family value in one of `files` that reads one of `paths` (or, with `tpl`, the root or a change), or that cannot be read. */
function scriptTemplateText(
  files: readonly string[],
  paths: readonly (readonly string[])[],
  tpl: boolean,
  judge: (text: string, path: readonly string[]) => string | undefined = (t, path) => textUse(t, path, tpl),
): { file: string; offset: number; what: string } | undefined {
  for (const file of files) {
    const text = readFile(file)
    if (!text.includes('-set') && !text.includes('argocd')) continue
    const makefile = /(?:^|[\\/])(?:GNUmakefile|[Mm]akefile|[^\\/]*\.mk)$/.test(file)
    for (const s of setValues(text, makefile)) {
      const what = setValueUse(file, s, paths, tpl, judge)
      if (what) return { file, offset: s.offset, what: `${s.flag} ${what}` }
    }
  }
  return undefined
}

/**
 * For the v1alpha2 gate, when one of `renderers` (the charts that render the value) calls `tpl`: a
 * values text in one of `files` (as written, or hidden: yaml/values-texts.ts) or a `--set`-family
 * value in a file of `worlds` that may change `.Values` on one of `paths` while the chart renders, or cannot be read.
 */
export function repoTextChange(
  files: readonly string[],
  worlds: ReadonlyArray<{ allFiles: readonly string[] }>,
  path: readonly string[],
  renderers: ReadonlyArray<{ meta: { dir: string }; prefix: readonly string[] }>,
): { file: string; offset: number; what: string } | undefined {
  if (!renderers.some((r) => chartCallsTpl(r.meta.dir))) return undefined
  const paths = [path, ...renderers.map((r) => [...r.prefix, ...path])]
  const scripts = worlds.flatMap((w) => w.allFiles)
  for (const file of withTexts(files, scripts)) {
    const text = readFile(file)
    for (const path of paths) {
      const m = valuesTextMutation(text, path)
      if (m) return { file, ...m }
    }
  }
  const unseen =
    unseenValuesFrom(files) ??
    handedUse(scripts, (t) => paths.map((p) => (t.includes('{{') ? valueMutations(t, p)[0]?.what : undefined)).find(Boolean))
  if (unseen) return unseen
  return scriptTemplateText(scripts, paths, true, (t, path) => {
    const m = t.includes('{{') ? valueMutations(t, path)[0] : undefined
    return m && `a values text tpl may render: ${m.what}`
  })
}

/**
 * A `--set`-family key in one of `files` (a script, a Makefile, a CI step; Argo CD's `-p`) that is
 * not plainly spelt (a backslash, a quote inside it, `$'…'`, an expansion) and may name one of
 * `paths`: the mention rule cannot see it (set-values.ts setKeyMayReach).
 */
export function scriptSetKey(
  files: readonly string[],
  paths: readonly (readonly string[])[],
): { file: string; offset: number; flag: string; key: string } | undefined {
  for (const file of files) {
    if (DOCUMENT.test(file)) continue
    const text = readFile(file)
    if (!text.includes('-set') && !text.includes('argocd')) continue
    const makefile = /(?:^|[\\/])(?:GNUmakefile|[Mm]akefile|[^\\/]*\.mk)$/.test(file)
    for (const s of setValues(text, makefile))
      for (const k of s.keys)
        if (k.odd && paths.some((p) => setKeyMayReach(k.text, p))) return { file, offset: s.offset, flag: s.flag, key: k.text }
  }
  return undefined
}

/** What a `--set`-family value does with `paths` (`judge`), or why it cannot be read when a chart renders it with `tpl`. */
function setValueUse(
  file: string,
  s: SetValue,
  paths: readonly (readonly string[])[],
  tpl: boolean,
  judge: (text: string, path: readonly string[]) => string | undefined,
): string | undefined {
  // A document's example (`helm install … --set auth.password=$PASSWORD` in a README or NOTES.txt) is not run.
  if (s.computed && tpl && !DOCUMENT.test(file)) return 'of a value the shell computes, which may hold any template text'
  let text = s.text
  if (s.flag.endsWith('-file')) {
    const found = [dirname(file), ...ancestors(dirname(file))].map((d) => join(d, s.text)).find((f) => existsSync(f))
    if (found === undefined) return tpl ? `of ${s.text}, a file this run cannot find, which may hold any template text` : undefined
    text = readFile(found)
  }
  for (const path of paths) {
    const use = judge(text, path)
    if (use) return `of a text that decodes to ${use}`
  }
  return undefined
}

/** Documentation, which shows commands but runs none. */
const DOCUMENT = /\.(?:md|markdown|mdx|rst|adoc|txt|html?)$/i

function ancestors(dir: string): string[] {
  const out: string[] = []
  for (let d = dirname(dir); d !== dirname(d) && out.length < 16; d = dirname(d)) out.push(d)
  return out
}

/** Whether a template of the chart at `dir` (or of a subchart directory) renders text with `tpl`. */
export function chartCallsTpl(dir: string): boolean {
  return [...filesUnder(join(dir, 'templates')), ...filesUnder(join(dir, 'charts')).filter((f) => !f.endsWith('.tgz'))].some((f) =>
    rendersFiles(readFile(f)),
  )
}

function readFile(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
