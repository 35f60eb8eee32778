/**
 * The values pass: the values.yaml files that chart templates' conversions write (values.ts)
 * join the run's results, changed, after the files named and pulled in. A values.yaml that
 * the run also converted on its own cannot take both: it is refused.
 */
import { realOrSelf } from '../../paths.js'
import { type FileResult, ioError } from '../result.js'
import type { ValuesFile } from './values.js'

export function withValuesFiles(
  ordered: readonly FileResult[],
  values: ReadonlyMap<string, ValuesFile>,
  show: (file: string) => string,
): FileResult[] {
  const out = [...ordered]
  // By real path, once, and only when a values file is written: a run may write many values
  // files among many results, and most runs write none (a realpath of each of 20,000 files
  // was a third of a --check of them).
  let index: Map<string, number> | undefined
  for (const v of values.values()) {
    index ??= new Map(out.map((o, i) => [realOrSelf(o.file), i]))
    const output = Buffer.from(v.log.text, 'utf8')
    const edits = v.log.edits
    const findings = [...v.findings].sort((a, b) => a.line - b.line)
    const i = index.get(realOrSelf(v.file)) ?? -1
    const r = out[i]
    if (!r) {
      out.push({ file: v.file, shown: show(v.file), candidate: false, input: v.input, output, changed: true, findings, objects: [], edits })
    } else if (r.changed) {
      const refused = {
        ...ioError(r.shown, new Error('converted twice')),
        message: `${r.shown}: its own conversion and a chart's values cannot be combined; not written`,
      }
      out[i] = { ...r, findings: [...r.findings, refused] }
    } else out[i] = { ...r, input: v.input, output, edits, changed: true, findings: [...findings, ...r.findings] }
  }
  return out
}
