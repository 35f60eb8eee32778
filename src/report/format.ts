/**
 * Renders findings for people (`path:line:col: severity: message`, the form editors and CI
 * log parsers link) or for programs (`--format json`: one object per finding), and counts
 * them into the run's totals. The sinks (text.ts, json.ts, sarif.ts, annotations.ts,
 * summary.ts) are built on these.
 */
import type { Finding, FindingCode } from '../model.js'

export type Mode = 'stream' | 'check' | 'diff' | 'write'

const VERB: Record<Mode, string> = { stream: 'converted', check: 'would convert', diff: 'would convert', write: 'converted' }
const REPAIR_VERB: Record<Mode, string> = { stream: 'repaired', check: 'would repair', diff: 'would repair', write: 'repaired' }

export interface Style {
  color: boolean
}

const paint = (on: boolean, code: number, s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s)

/** `path:line:col`, or just the path for a finding about a whole file (editors link either). */
export function where(f: Finding): string {
  return f.line ? `${f.path}:${f.line}:${f.column}` : f.path
}

export function formatFinding(f: Finding, mode: Mode, style: Style): string {
  const at = paint(style.color, 2, where(f))
  if (f.severity === 'info') return `${at}: ${findingText(f, mode)}`
  const label = f.severity === 'error' ? paint(style.color, 31, 'error') : paint(style.color, 33, 'warning')
  return `${at}: ${label}: ${findingText(f, mode)}`
}

/**
 * What a finding says, without its location or severity label: the message, after a verb for
 * the information lines (`would convert TrafficSplit …`, `note …`). Annotations and SARIF
 * results carry the location and severity as fields of their own and take this text.
 */
export function findingText(f: Finding, mode: Mode): string {
  if (f.severity !== 'info' || OWN_WORDS.has(f.code)) return f.message
  const verb =
    f.code === 'converted' || f.code === 'patch-converted' || f.code === 'values-converted'
      ? VERB[mode]
      : f.code === 'repaired'
        ? REPAIR_VERB[mode]
        : f.code === 'same-tree'
          ? `also ${VERB[mode]}:`
          : f.code === 'suppressed'
            ? 'suppressed'
            : 'note'
  return `${verb} ${f.message}`
}

/** Information lines that say what happens in their own words, with no verb before them (helm-release/codes.ts). */
const OWN_WORDS: ReadonlySet<string> = new Set(['helm-release', 'helm-record', 'helm-record-kept', 'helm-split-removed'])

/** The machine-readable form: stable field names, absent values omitted. */
export function findingJson(f: Finding): Record<string, unknown> {
  return {
    // A finding about a file as a whole (line 0) has no line or column.
    path: f.path,
    line: f.line || undefined,
    column: f.line ? f.column : undefined,
    severity: f.severity,
    code: f.code,
    kind: f.object?.kind,
    namespace: f.object?.namespace,
    name: f.object?.name,
    from: f.from,
    to: f.to,
    weightsBefore: f.weightsBefore,
    // After conversion weights are integers (below 2^31): JSON numbers, as the manifest now holds them.
    weightsAfter: f.weightsAfter?.map(Number),
    pending: f.pending,
    reason: f.suppression?.reason,
    suppressedBy: f.suppression?.by,
    message: f.message,
  }
}

export interface Totals {
  files: number
  changedFiles: number
  converted: number
  /** The conversions by kind, in the order the kinds first appear. */
  kinds: Map<string, number>
  /** `<Kind>List`s whose own apiVersion moved, by kind: named only when no object was converted (an empty List). */
  lists?: Map<string, number>
  /** Kustomize patch targets and JSON 6902 values converted. */
  patches: number
  errors: number
  warnings: number
  /** Pending warnings: TrafficSplits left for a person to convert (templated, near-miss group, held-back tree…). */
  pending: number
  /** Objects left alone by a suppression with its reason (never pending). */
  suppressed: number
  /** The summary line, when the command words its own (helm-release counts releases and records). */
  line?: string
  /** The run's exit code and why, when the surface has decided it (the JSON summary record). */
  exit?: { code: 0 | 1 | 2; reason: 'errors' | 'left-for-a-person' | 'would-convert' | 'converted' | 'nothing-to-convert' }
}

/** A change the tool makes (or would make): an object, or a kustomize patch target or value. */
export function isConversion(code: FindingCode): boolean {
  return code === 'converted' || code === 'repaired' || code === 'patch-converted' || code === 'values-converted'
}

export function newTotals(files = 0, changedFiles = 0): Totals {
  return { files, changedFiles, converted: 0, kinds: new Map(), patches: 0, errors: 0, warnings: 0, pending: 0, suppressed: 0 }
}

/** Counts one finding into the run's totals (the CLI's and the Action's summary line). */
export function countFinding(t: Totals, f: Finding): void {
  if (f.severity === 'error') t.errors++
  else if (f.severity === 'warning') t.warnings++
  else if (f.code === 'suppressed') t.suppressed++
  else if (f.code === 'patch-converted') t.patches++
  else if (f.code === 'values-converted') return
  else if (isConversion(f.code)) {
    // A route written anew for an object counted already: its line, not another object.
    if (f.severity === 'info' && 'further' in f && f.further) return
    t.converted++
    // A List's own apiVersion moves with its items: not an object of its own in the count.
    const kind = f.object?.kind ?? 'TrafficSplit'
    if (!kind.endsWith('List')) t.kinds.set(kind, (t.kinds.get(kind) ?? 0) + 1)
    else (t.lists ??= new Map()).set(kind, (t.lists.get(kind) ?? 0) + 1)
  }
  if (f.pending) t.pending++
}

export function formatSummary(t: Totals, mode: Mode): string {
  if (t.line !== undefined) return t.line
  const patches = t.patches ? `${t.patches} kustomize patch value${t.patches === 1 ? '' : 's'}/target${t.patches === 1 ? '' : 's'}` : ''
  // A List converted with no item (`items: []`) is what there is to count.
  const counted = t.kinds.size || !t.lists ? t.kinds : t.lists
  const kinds = [...counted].map(([kind, n]) => `${n} ${kind}${n === 1 ? '' : 's'}`)
  const parts = [...kinds, patches].filter(Boolean)
  const objects = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts.join('')
  const inFiles = mode === 'stream' ? '' : ` in ${t.changedFiles} file${t.changedFiles === 1 ? '' : 's'}`
  const tail = [
    t.errors && `${t.errors} error${t.errors === 1 ? '' : 's'}`,
    t.warnings && `${t.warnings} warning${t.warnings === 1 ? '' : 's'}`,
    t.pending && `${t.pending} left for a person to convert`,
    t.suppressed && `${t.suppressed} suppressed`,
  ]
    .filter(Boolean)
    .join(', ')
  const checked = mode === 'stream' ? '' : ` (${t.files} file${t.files === 1 ? '' : 's'} checked)`
  let head: string
  if (t.converted === 0 && t.patches === 0) head = `nothing to convert${t.pending ? ' automatically' : ''}${checked}`
  else if (mode === 'check' || mode === 'diff') head = `${objects}${inFiles} would be converted${checked}`
  else head = `converted ${objects}${inFiles}${checked}`
  return tail ? `${head}; ${tail}` : head
}
