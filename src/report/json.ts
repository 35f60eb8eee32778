/**
 * `--format json`: one JSON array with an object per finding (findingJson's fields), printed
 * when the run is over. Findings only: no summary, no --verbose lines.
 */
import { findingJson } from './format.js'
import type { Out, Sink } from './sink.js'

export function jsonSink(target: () => Out): Sink {
  const records: Record<string, unknown>[] = []
  return {
    finding: (f) => void records.push(findingJson(f)),
    finish: () => void target().write(JSON.stringify(records, null, 2) + '\n'),
  }
}
