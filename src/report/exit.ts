/**
 * The exit-code contract, for every surface that converts manifests (the CLI's file and stream
 * modes, the GitHub Action, and the KRM function's validator, which fails exactly where
 * `--check` does): 2 for any error; 1 when anything would change (check, diff) or a
 * TrafficSplit is left for a person (a pending warning); else 0. Stream mode is a filter
 * (`… | smi-migrate - | kubectl apply -f -`): it fails on errors and on objects left for a
 * person (exit 1: its output holds them unconverted); its other warnings go to stderr.
 */
import type { Totals } from './format.js'

export type ExitMode = 'check' | 'diff' | 'write' | 'stream'

export const EXIT_CLEAN = 0
export const EXIT_CHANGES = 1
export const EXIT_ERROR = 2

/** The exit code and why (the JSON report's summary record says both). */
export function exitOf(t: Totals, mode: ExitMode): NonNullable<Totals['exit']> {
  if (t.errors > 0) return { code: EXIT_ERROR, reason: 'errors' }
  // In a stream too: an object left for a person went to stdout unconverted, so a pipeline
  // (`set -o pipefail; … | smi-migrate - | kubectl apply -f -`) must not apply it as if converted.
  if (t.pending > 0) return { code: EXIT_CHANGES, reason: 'left-for-a-person' }
  if (mode === 'stream') return { code: EXIT_CLEAN, reason: 'converted' }
  if (t.changedFiles > 0 && (mode === 'check' || mode === 'diff')) return { code: EXIT_CHANGES, reason: 'would-convert' }
  return { code: EXIT_CLEAN, reason: mode === 'write' && t.changedFiles > 0 ? 'converted' : 'nothing-to-convert' }
}
