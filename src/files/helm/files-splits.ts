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
/** A `kind:` or `apiVersion:` whose value is (or starts with) a template action. */
const TEMPLATED = (key: string) => new RegExp(`\\b${key}["']?\\s*:\\s*["']?\\{\\{`)

/**
 * Where `text` holds an SMI TrafficSplit, in any notation a template may render: the kind and
 * the SMI group spelt out (YAML or JSON), or one of them with the other written by an action
 * (`kind: {{ .Values.kind }}` beside `split.smi-spec.io/…`, `apiVersion: {{ … }}` beside `kind:
 * TrafficSplit`): the first of them, or undefined.
 */
export function splitAt(text: string): number | undefined {
  const kind = KIND.exec(text)
  const group = GROUP.exec(text)
  const both = kind && group ? Math.min(kind.index, group.index) : undefined
  if (both !== undefined) return both
  if (group && TEMPLATED('kind').test(text)) return group.index
  if (kind && TEMPLATED('apiVersion').test(text)) return kind.index
  return undefined
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
