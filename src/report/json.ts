/**
 * `--format json`: one JSON array with an object per finding (findingJson's fields), printed
 * when the run is over, then one summary record (`"record": "summary"`: the counts, the
 * summary line, the exit code and its reason). A conversion's record says whether it was
 * made (`"applied": true`) or only found (`false`: --check and --diff convert nothing).
 */
import { findingJson, formatSummary, isConversion, type Mode, type Totals } from './format.js'
import type { Out, Sink } from './sink.js'

export function jsonSink(target: () => Out, mode: Mode = 'write'): Sink {
  const records: Record<string, unknown>[] = []
  const applied = mode !== 'check' && mode !== 'diff'
  return {
    finding: (f) => void records.push(isConversion(f.code) ? { ...findingJson(f), applied } : findingJson(f)),
    finish: (totals) => {
      records.push(summaryRecord(totals, mode))
      target().write(JSON.stringify(records, null, 2) + '\n')
    },
  }
}

function summaryRecord(t: Totals, mode: Mode): Record<string, unknown> {
  return {
    record: 'summary',
    mode,
    files: mode === 'stream' ? undefined : t.files,
    changedFiles: mode === 'stream' ? undefined : t.changedFiles,
    converted: Object.fromEntries(t.kinds),
    patches: t.patches || undefined,
    errors: t.errors,
    warnings: t.warnings,
    pending: t.pending,
    suppressed: t.suppressed || undefined,
    exitCode: t.exit?.code,
    exitReason: t.exit?.reason,
    message: formatSummary(t, mode),
  }
}
