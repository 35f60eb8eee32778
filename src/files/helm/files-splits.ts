/**
 * A chart file outside `templates/` that a template may render through `.Files` (`tpl
 * (.Files.Get "files/split.tmpl") .`, `.Files.Glob`, …) and that holds an SMI TrafficSplit,
 * whatever its name (`.tmpl`, `.txt`, `.yaml.tpl`) and notation (JSON, a templated kind or
 * apiVersion: `splitAt`): Helm renders it as the chart's output (helm
 * pkg/engine/files.go at 018982f177fcc123877307d9cadce3d2e361db0c gives templates every file of
 * the chart but templates/), but the run reads it only when it is among the run's files (a YAML
 * name). One not read is said: a pending warning at its TrafficSplit (`--check` exits 1), so a
 * chart is never passed with a split it did not look at.
 */
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Finding } from '../../model.js'
import { realOrSelf } from '../../paths.js'
import { unchanged, type FileResult } from '../result.js'
import { filesUnder } from './chart-layout.js'

/** One result per such file of the charts `charts` (their directories), not among `read` (the run's files). */
export function filesSplits(charts: readonly string[], read: readonly string[], show: (file: string) => string): FileResult[] {
  const known = new Set(read.map(realOrSelf))
  const out: FileResult[] = []
  const seen = new Set<string>()
  for (const dir of charts) {
    const templates = filesUnder(join(dir, 'templates'))
    if (!templates.some((t) => /\.Files\b/.test(readText(t)))) continue
    const inside = new Set(templates.map(realOrSelf))
    const named = templates.map(readText).join('\n')
    for (const f of filesUnder(dir, (n) => n === '.git')) {
      const real = realOrSelf(f)
      if (known.has(real) || inside.has(real) || seen.has(real) || f.endsWith('.tgz')) continue
      // Documentation is taken as such unless a template names it.
      if (/\.(?:md|markdown|rst|adoc)$/i.test(f) && !named.includes(relative(dir, f))) continue
      seen.add(real)
      const text = readText(f)
      const at = splitAt(text)
      if (at === undefined || text.includes('\0')) continue
      const before = text.slice(0, at)
      const path = show(f)
      const message = `a chart file a template may render through .Files (tpl, .Files.Get) holds an SMI TrafficSplit, and this run does not read it (no YAML name): convert it by hand, or name it *.yaml`
      const finding: Finding = {
        severity: 'warning',
        code: 'templated',
        message,
        offset: at,
        pending: true,
        path,
        line: before.split('\n').length,
        column: at - before.lastIndexOf('\n'),
      }
      out.push(unchanged(f, path, [finding]))
    }
  }
  return out
}

/** `kind: TrafficSplit`, in YAML or JSON (`"kind": "TrafficSplit"`). */
const KIND = /\bkind["']?\s*:\s*["']?TrafficSplit\b/
/** The SMI split group, in an apiVersion or anywhere. */
const GROUP = /\bsplit\.smi-spec\.io\b/
/**
 * The first line with a template action that may write a `kind` or an `apiVersion`: the key
 * named on the line (`kind: Traffic{{ "Split" }}`, `apiVersion: split.{{ .Values.g }}/v1alpha1`,
 * `"kind": "{{ .k }}"`), or a key written by an action (`{{ "kind" }}: TrafficSplit`,
 * `ki{{ "" }}nd: …`, counted when `built`). What an action renders there is not read, so it may be either.
 */
function templatedAt(text: string, key: string, built: boolean): number | undefined {
  let from = 0
  for (const line of text.split('\n')) {
    const action = line.indexOf('{{')
    const colon = line.indexOf(':')
    const keyed = new RegExp(`(?<![\\w-])${key}(?![\\w-])`).test(line)
    if (action >= 0 && (keyed || (built && colon >= 0 && action < colon))) return from + Math.max(0, line.search(/\S/))
    from += line.length + 1
  }
  return undefined
}

/**
 * Where `text` holds an SMI TrafficSplit, in any notation a template may render: the kind and
 * the SMI group spelt out (YAML or JSON), or either of them possibly written by an action
 * (`templatedAt`: `kind: {{ .Values.kind }}` or `kind: Traffic{{ "Split" }}` beside
 * `split.smi-spec.io/…`, `apiVersion: {{ … }}` beside `kind: TrafficSplit`, both templated): the
 * first of them, or undefined.
 */
export function splitAt(text: string): number | undefined {
  const kind = KIND.exec(text)?.index
  const group = GROUP.exec(text)?.index
  // A key written by an action (`{{ $k }}: {{ $v }}` in a range) counts beside the other spelt out.
  const k = kind ?? templatedAt(text, 'kind', group !== undefined)
  const g = group ?? templatedAt(text, 'apiVersion', kind !== undefined)
  if (k === undefined || g === undefined) return undefined
  // Said at what is spelt out, when one of them is.
  return kind !== undefined && group !== undefined ? Math.min(kind, group) : (kind ?? group ?? Math.min(k, g))
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
