/**
 * Converts the TrafficSplits of one decoded segment: parse, locate, plan. Returns edits
 * against `text` and findings; never re-serialises anything. This module (and the `yaml`
 * package behind it) is loaded only when a segment is a candidate.
 *
 * Helm template actions are masked first (same length, see template.ts), so the YAML
 * around them is read and every offset still points into the original text.
 */
import type { Edit, Diagnostic, GivenOptions, NeededValuesWrite, ObjectFact } from '../model.js'
import type { Claim, PlannedRewrite, RunOptions } from '../targets/target.js'
import { type Plan, planObjects } from './plan.js'
import { KINDS } from '../kinds/registry.js'
import { versionFor } from '../kinds/kind.js'
import { withVersions } from '../kinds/versions.js'
import { splitVersion } from '../kinds/trafficsplit/entry.js'
import { parseDocuments } from '../yaml/documents.js'
import { spells } from '../yaml/plain.js'
import { fastDocuments } from '../yaml/fast/documents.js'
import { locateObjects, splitGoal } from './locate.js'
import { type Action, maskTemplate } from '../yaml/template.js'
import { type DefinedSplit, definedSplits, keyInBranches } from '../yaml/templated.js'

export interface SegmentConversion {
  edits: Edit[]
  findings: Diagnostic[]
  /** The named objects and the versions they have after the run (kinds/links.ts checks them across documents). */
  objects: ObjectFact[]
  /** What a target's replacements claim: committed to the run's ledger only if this conversion is kept. */
  claims: Claim[]
  /** Objects already in the input that a target's replacements write anew, for the driver (offsets: `refused`'s). */
  rewrites?: PlannedRewrite[]
  /** The values.yaml writes its chart template's conversions need (offsets: `by`'s). */
  valuesWrites?: NeededValuesWrite[]
  /**
   * A List's own server-field removals (`--strip-server-fields`) not in `edits` because none of
   * its items converted in this text: the stream's List path, which converts the items apart,
   * applies them when one did.
   */
  listStrip?: Edit[]
}

/** The driver's edit of objects already in the input (rewrites), loaded with the converter. */
export { replaceExisting } from '../yaml/existing.js'

/** A chart that picks the TrafficSplit version by what the cluster serves. */
const CAPABILITIES = /\.Capabilities\.APIVersions\.Has\s+"split\.smi-spec\.io\//

/** An SMI group: a document that names one may hold a templated kind of it. */
const SMI_GROUP = /(?:split|specs|access)\.smi-spec\.io\//

/**
 * `item`: `text` is one item of a List (the stream's List path, src/pipeline/list.ts), at that
 * index: its bytes as they stand in the List, the bytes before it on its first line (the
 * dash, or a JSON List's bracket) given as spaces, so that offsets and columns are the List's.
 */
export function convertSegment(text: string, given: GivenOptions<RunOptions>, item?: number): SegmentConversion {
  const opts = withVersions(given)
  const result: SegmentConversion = { edits: [], findings: [], objects: [], claims: [] }
  if (onlyIdleKinds(text, opts)) return result
  const masked = maskTemplate(text)
  const source = masked?.text ?? text
  const actions = masked?.actions ?? []
  // TrafficSplits held in `define` blocks (masked as comments): reported where they are written.
  const defined = masked?.defines.length ? definedSplits(text, masked.defines, splitGoal(opts)) : []
  let regionStart = 0
  // The common shapes are read in one pass (yaml/fast/); anything else by the parser.
  const docs = (masked ? undefined : fastDocuments(source, opts)) ?? parseDocuments(source)
  // Only a target's replacements claim anything (route names): no map for a run without one.
  const pending = opts.target ? new Map<string, string>() : undefined
  for (const [i, parsed] of docs.entries()) {
    // A document's actions include those on comment lines before its first node.
    const mine = actions.length ? actions.filter((a) => a.start >= regionStart && a.start < parsed.end) : actions
    regionStart = parsed.end
    while (defined[0] && defined[0].offset < parsed.end) result.findings.push(definedNotice(defined.shift()!))
    const capability = mine.find((a) => CAPABILITIES.test(text.slice(a.start, a.end)))
    if (capability) {
      result.findings.push({
        severity: 'warning',
        code: 'templated',
        offset: capability.start,
        pending: true,
        message:
          `the chart chooses the TrafficSplit apiVersion with ${oneLine(text.slice(capability.start, capability.end))}; ` +
          'left unchanged: update the condition and the TrafficSplits it guards by hand',
      })
      continue
    }
    if (parsed.error) {
      // Only a document that mentions a kind the run converts is our business; any other broken
      // document passes through untouched, as it would had the pre-filter skipped it.
      // The parser may end a broken document early and report the rest as stray tokens: the
      // document's text runs to the next document.
      const end = docs[i + 1]?.start ?? text.length
      const mentioned = activeKindIn(text.slice(parsed.start, Math.max(parsed.end, end)), opts)
      const branches =
        mentioned && parsed.error.message.endsWith('(DUPLICATE_KEY)') ? keyInBranches(source, parsed.error.offset, mine) : undefined
      if (branches) {
        result.findings.push({
          severity: 'warning',
          code: 'templated',
          offset: parsed.error.offset,
          pending: true,
          message:
            `${mentioned}: ${branches.key} is templated (written in each branch of a condition: ` +
            `${oneLine(text.slice(branches.action.start, branches.action.end))}); left unchanged: convert every branch by hand`,
        })
      } else if (mentioned) {
        const templated = mine.length ? ' (after masking its template actions)' : ''
        result.findings.push({
          severity: 'error',
          code: 'invalid-yaml',
          offset: parsed.error.offset,
          message: `invalid YAML${templated} in a document that mentions ${mentioned}: ${parsed.error.message}`,
        })
      }
      continue
    }
    const located = locateObjects(
      parsed.doc,
      source,
      // Object.assign: a spread of the options cost microseconds an item of a List on Node 20.
      item === undefined ? opts : Object.assign({}, opts, { item }),
      mine.length ? { actions: mine, original: text, to: splitVersion(opts) } : undefined,
    )
    // Edits that move text copy the original (actions and all), never the mask.
    const kept = (all: Edit[]) => keepingActions(mine, text, all)
    const planned = planObjects(located.views, text, opts, pending)
    const cut = mine.length ? actionCut(planned.edits, kept) : undefined
    const plan = cut ? leftAlone(planned, cut) : planned
    for (const n of located.release) n.release()
    // One push per item: a List of 45,000 objects would overflow the stack as spread arguments.
    for (const f of located.notices) result.findings.push(f)
    for (const f of plan.findings) result.findings.push(f)
    for (const o of plan.objects) result.objects.push(o)
    for (const o of located.facts) result.objects.push(o)
    for (const c of plan.claims) result.claims.push(c)
    if (plan.rewrites) (result.rewrites ??= []).push(...plan.rewrites)
    if (plan.valuesWrites) (result.valuesWrites ??= []).push(...plan.valuesWrites)
    const stripList = located.listStrip && plan.edits.length > 0
    const edits = stripList ? [...plan.edits, ...located.listStrip!] : plan.edits
    for (const e of kept(edits)) result.edits.push(e)
    if (located.listStrip?.length && !stripList) (result.listStrip ??= []).push(...kept(located.listStrip))
  }
  for (const d of defined) result.findings.push(definedNotice(d))
  return result
}

/**
 * Whether `text` names only kinds a target converts (kinds/kind.ts `replacedOnly`) in a run that
 * does not replace them: such a document is not parsed.
 */
function onlyIdleKinds(text: string, opts: RunOptions): boolean {
  const idle = (k: (typeof KINDS)[number]): boolean => k.replacedOnly === true && !opts.target?.plugin.replaces[k.kind]
  let idleNamed = false
  for (const k of KINDS) if (idle(k) && text.includes(k.kind)) idleNamed = true
  if (!idleNamed) return false
  for (const k of KINDS) if (!idle(k) && text.includes(k.kind)) return false
  return !SMI_GROUP.test(text)
}

/**
 * The kind the run converts (to a version, or a target's replacement) whose name `text` spells
 * first; else the first such kind it spells by escapes (the pre-filter reads those too).
 */
function activeKindIn(text: string, opts: RunOptions): string | undefined {
  const active = KINDS.filter((k) => versionFor(k, opts) !== undefined || opts.target?.plugin.replaces[k.kind] !== undefined)
  let first: { kind: string; at: number } | undefined
  for (const k of active) {
    const at = text.indexOf(k.kind)
    if (at >= 0 && (!first || at < first.at)) first = { kind: k.kind, at }
  }
  return first?.kind ?? active.find((k) => spells(text, k.kind))?.kind
}

function definedNotice(d: DefinedSplit): Diagnostic {
  const version = d.apiVersion ? ` (${oneLine(d.apiVersion)})` : ''
  return {
    severity: 'warning',
    code: 'templated',
    offset: d.offset,
    pending: true,
    object: { kind: 'TrafficSplit' },
    message:
      `TrafficSplit${version} in {{ define "${d.define.name}" }}: ${d.why ? `${d.why}; ` : ''}a named template renders where it is included; ` +
      `left unchanged: ${d.why ? 'check' : 'convert'} it by hand`,
  }
}

/**
 * No edit ever changes a template action (a removal of server fields spanning one is dropped);
 * a move carries the actions inside it along, as written: the edit that writes the block anew
 * holds them, and the edit that removes the block from its old place is kept with it (dropping
 * it alone would leave the block twice).
 */
function keepingActions(actions: readonly Action[], text: string, all: Edit[]): Edit[] {
  return actions.length ? all.filter((e) => !overlaps(actions, e, text) || carried(actions, e, text, all)) : all
}

/**
 * An object's edits are all made or none: when one would cut an action (an action left
 * unclosed on a moved line runs into the lines after it), the document is left for a person.
 */
function actionCut(planned: Edit[], kept: (all: Edit[]) => Edit[]): Diagnostic | undefined {
  const keep = kept(planned)
  const cut = planned.find((e) => !keep.includes(e))
  if (!cut) return undefined
  return {
    severity: 'warning',
    code: 'templated',
    offset: cut.start,
    pending: true,
    message: 'a template action runs across lines this conversion moves or rewrites; left unchanged: convert it by hand',
  }
}

/** A document's plan when none of its edits may be made: no conversion reported, its objects at the versions they have, `why` said. */
function leftAlone(plan: Plan, why: Diagnostic): Plan {
  const conversion = new Set<Diagnostic['code']>(['converted', 'repaired', 'patch-converted'])
  return {
    edits: [],
    findings: [...plan.findings.filter((f) => !conversion.has(f.code)), why],
    objects: plan.objects.map((o) => ({ ...o, version: o.before, needs: o.needsBefore })),
    claims: [],
  }
}

function overlaps(actions: readonly Action[], e: Edit, text: string): boolean {
  return actions.some(
    (a) =>
      a.start < Math.max(e.end, e.start + 1) &&
      a.end > e.start &&
      !(a.start >= e.start && a.end <= e.end && e.text.includes(text.slice(a.start, a.end))),
  )
}

/**
 * Whether the actions an edit removes are each wholly inside it and written again by the other
 * edits of its set at least as often as the set removes them: a block moved elsewhere.
 */
function carried(actions: readonly Action[], e: Edit, text: string, edits: readonly Edit[]): boolean {
  const inside = actions.filter((a) => a.start < Math.max(e.end, e.start + 1) && a.end > e.start)
  if (inside.some((a) => a.start < e.start || a.end > e.end)) return false
  return inside.every((a) => {
    const action = text.slice(a.start, a.end)
    const removed = edits.reduce((n, x) => n + occurrences(text.slice(x.start, x.end), action), 0)
    const written = edits.reduce((n, x) => n + occurrences(x.text, action), 0)
    return written >= removed && edits.some((x) => x !== e && x.text.includes(action))
  })
}

function occurrences(haystack: string, needle: string): number {
  let n = 0
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) n++
  return n
}

function oneLine(s: string): string {
  const flat = s.replace(/\s+/g, ' ')
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat
}
