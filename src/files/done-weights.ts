/**
 * No pass for a half-converted chart (docs/helm.md#values-driven-weights): a TrafficSplit
 * template already at the version asked for (v1alpha2 or newer: integer weights) whose weight
 * renders from a value passes only when that value renders an integer with the chart's
 * values.yaml and with every values file beside it that sets it (chart-layout.ts
 * overrideFiles). Otherwise the weight is left for a person, with the file, line and column of
 * the value and what it renders: a pending warning, so `--check` exits 1. The locator's notes
 * (`valuesDone`) are consumed here, never reported.
 */
import { readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Finding } from '../model.js'
import { chartValuesFile } from './chart.js'

/** The findings, each `valuesDone` note dropped or made a pending warning (new findings; those given are not changed). */
export async function withDoneWeights(
  findings: Finding[],
  file: string,
  template: string,
  show: (f: string) => string,
): Promise<Finding[]> {
  if (!findings.some((f) => f.valuesDone)) return findings
  const { findValue } = await import('../yaml/values.js')
  const { parseValueForm, renderForm } = await import('../yaml/chartweight.js')
  const { overrideFiles } = await import('./chart-layout.js')
  const valuesFile = chartValuesFile(file)
  const sources = valuesFile ? [valuesFile, ...overrideFiles(dirname(valuesFile))] : []
  const texts = sources.map((f) => ({ f, text: readText(f) }))
  const lines = template.split('\n')
  const out: Finding[] = []
  for (const f of findings) {
    if (f.code !== 'templated' || f.severity !== 'info' || !f.valuesDone) {
      out.push(f)
      continue
    }
    const at = lines.slice(0, f.line - 1).reduce((n, l) => n + l.length + 1, 0) + f.column - 1
    const action = /^\{\{[\s\S]*?\}\}/.exec(template.slice(at))?.[0] ?? ''
    const form = parseValueForm(action)
    const problems: string[] = []
    for (const [i, { f: vf, text }] of texts.entries()) {
      const value = form && findValue(text, form.path)
      // An override file that does not set the value leaves values.yaml's.
      if (i > 0 && !value) continue
      const rendered = form ? renderForm(form, value?.json) : { reason: 'the action is not one this run reads' }
      const where = value ? `${show(vf)}:${value.line}:${value.column} holds ${value.raw}` : `${show(vf)}`
      if ('reason' in rendered) problems.push(`${where}: ${rendered.reason}`)
      else if (!/^\d+$/.test(rendered.text)) problems.push(`${where}, which renders ${rendered.text}`)
    }
    if (!valuesFile) problems.push('the chart has no values.yaml')
    if (problems.length === 0) continue
    const { valuesDone: _done, valuesPath: _path, ...rest } = f
    out.push({
      ...rest,
      severity: 'warning',
      pending: true,
      message: `${f.message}; the split's version takes integer weights, but ${problems.join('; ')}: convert the value by hand`,
    })
  }
  return out
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
