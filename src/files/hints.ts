/**
 * Points a templated weight's warning at the chart's values.yaml line that holds the value
 * (`weight: {{ .Values.canary.weight }}` -> `charts/web/values.yaml:11:11 holds 250m`), and
 * says what the template renders when that differs from what the line holds
 * (`weight: {{ .Values.canary.weight }}m` with `250` renders `250m`).
 */
import { readFileSync } from 'node:fs'
import type { Finding, ValuesAffix } from '../model.js'
import { chartValuesFile } from './helm/chart.js'

/** The findings, each templated weight's warning with its hint (new findings; those given are not changed). */
export async function withValuesHints(findings: Finding[], file: string, show: (file: string) => string): Promise<Finding[]> {
  if (!findings.some((f) => f.valuesPath)) return findings
  const valuesFile = chartValuesFile(file)
  if (!valuesFile) return findings
  let text: string
  try {
    text = readFileSync(valuesFile, 'utf8')
  } catch {
    return findings
  }
  const { findValue } = await import('../yaml/values.js')
  return findings.map((f) => {
    const at = f.valuesPath && findValue(text, f.valuesPath)
    if (!at) return f
    const affix = f.valuesAffix
    const reads = !affix && at.reads ? `; the template renders ${at.rendered}, ${at.reads} by Kubernetes` : ''
    const hint = `${show(valuesFile)}:${at.line}:${at.column} holds ${at.raw}${reads || rendering(at.raw, at.rendered, affix)}`
    return { ...f, message: `${f.message} (${hint})` }
  })
}

/** What the template makes of the value, when that is not what the line holds. */
function rendering(raw: string, rendered: string | undefined, affix: ValuesAffix | undefined): string {
  if (affix?.more) return '; the weight has more template text around it'
  const around = (affix?.prefix ?? '') + (affix?.suffix ?? '')
  if (rendered === undefined) {
    if (!affix) return ''
    const parts = [affix.prefix && `"${affix.prefix}" before it`, affix.suffix && `"${affix.suffix}" after it`].filter(Boolean)
    return `; the template writes ${parts.join(' and ')}`
  }
  const text = `${affix?.prefix ?? ''}${rendered}${affix?.suffix ?? ''}`
  // A quoted string renders as its content: `"1"` is `1`, nothing to say.
  if (!around && (text === raw || text === raw.slice(1, -1))) return ''
  return `; the template renders ${text}`
}
