/**
 * Points a templated weight's warning at the chart's values.yaml line that holds the value
 * (`weight: {{ .Values.canary.weight }}` -> `charts/web/values.yaml:11:11 holds 250m`).
 */
import { readFileSync } from 'node:fs'
import type { Finding } from '../model.js'
import { chartValuesFile } from './chart.js'

export async function addValuesHints(findings: Finding[], file: string, show: (file: string) => string): Promise<void> {
  const wanted = findings.filter((f) => f.valuesPath)
  if (wanted.length === 0) return
  const valuesFile = chartValuesFile(file)
  if (!valuesFile) return
  let text: string
  try {
    text = readFileSync(valuesFile, 'utf8')
  } catch {
    return
  }
  const { findValue } = await import('../yaml/values.js')
  for (const f of wanted) {
    const at = findValue(text, f.valuesPath!)
    if (at) f.message += ` (${show(valuesFile)}:${at.line}:${at.column} holds ${at.raw})`
  }
}
