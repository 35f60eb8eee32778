/**
 * When the TrafficSplit in the input cannot be taken as the source of a ServiceProfile's
 * split (profiles/backends.ts): linkerd-smi writes one split into a profile's dstOverrides, so
 * two TrafficSplits of one Service have no single state to carry onto the profile's routes, and
 * dstOverrides that differ from the split say the split that applied is not the one in the input.
 * Either is left for a person (pending, nothing written), never resolved in silence.
 */
import type { PlainValue } from '../../../edit/emit.js'
import type { Problem } from '../../../model.js'
import type { Located } from '../../../kinds/serviceprofile/read.js'
import { factKey, nearest } from '../facts.js'
import type { GatewayFacts } from '../model.js'
import type { Profile } from './objects.js'

/** Two TrafficSplits (by name) of the profile's Service, as seen from the profile: left for a person. */
export function splitsDiffer(profile: Profile, facts: GatewayFacts, at: number): { problems: Problem[] } | undefined {
  const list = facts.splits?.get(factKey(profile.namespace, profile.service)) ?? []
  const names = [...new Set(nearest(list, facts.from).map((c) => String(record(c.fact.metadata)?.name ?? '')))]
  if (names.length < 2) return undefined
  return leave(
    at,
    `Service ${profile.service} has ${names.length} TrafficSplits (${names.join(', ')}), and linkerd-smi wrote one set of dstOverrides into its profile, which every route of the profile took: ` +
      "which one applied is not known, and the profile's routes cannot carry one split's backends while the other's route takes the rest: " +
      'left for a person, with the splits (keep one TrafficSplit per Service, then convert again)',
  )
}

export interface OverrideRef {
  name: string
  namespace?: string
  weight: number
}

/**
 * The profile's dstOverrides against the split's backends (as its route carries them): the
 * same backends in the same proportions (zero weights left out, as the proxy drops them), or a
 * problem that leaves the profile for a person.
 */
export function overridesDiffer(
  profile: Profile,
  split: string,
  overrides: readonly OverrideRef[],
  refs: readonly PlainValue[],
  at: number,
): { problems: Problem[] } | undefined {
  const mine = weights(overrides.map((r) => ({ key: r.namespace !== undefined ? `${r.namespace}/${r.name}` : r.name, weight: r.weight })))
  const theirs = weights(
    refs.map((r) => {
      const ref = record(r) ?? {}
      const ns = typeof ref.namespace === 'string' && ref.namespace !== profile.serviceNamespace ? `${ref.namespace}/` : ''
      return { key: `${ns}${String(ref.name)}`, weight: ref.weight === undefined ? 1 : Number(ref.weight) }
    }),
  )
  if (same(mine, theirs)) return undefined
  return leave(
    at,
    `its dstOverrides (${show(mine)}) are not the split of TrafficSplit ${split} in the input (${show(theirs)}), which linkerd-smi writes into them: ` +
      'the split that applied is not the one the TrafficSplit says (linkerd-smi no longer reconciled it, or they were set by hand): ' +
      'left for a person, with the split: make the TrafficSplit say the split meant (or delete the dstOverrides), then convert again',
  )
}

/**
 * dstOverrides whose authority has a port, or another cluster domain than the profile's name:
 * linkerd-smi writes `<backend>.<namespace>.svc.<domain>` with no port (the proxy adds the
 * request's), so such overrides were set by hand (a port pins every request to it): they are not
 * the split in the input, and are left for a person with it.
 */
export function authoritiesDiffer(profile: Profile, split: string, overrides: Located): { problems: Problem[] } | undefined {
  const domain = profile.name.slice(profile.name.indexOf('.svc.') + '.svc.'.length)
  for (const o of overrides.seq ?? []) {
    const authority = o.map?.authority?.value
    const m = typeof authority === 'string' ? /^[^.]+\.[^.]+\.svc\.([^:]+)(?::(\d+))?$/.exec(authority) : null
    if (!m) continue
    const why =
      m[2] !== undefined
        ? `names port ${m[2]}, which every request to the Service then went to, whatever its port`
        : m[1] !== domain
          ? `names cluster domain ${m[1]}, not the profile's ${domain}`
          : undefined
    if (why)
      return leave(
        o.offset,
        `its dstOverrides authority ${authority as string} ${why}: linkerd-smi writes the authority of a TrafficSplit backend with no port, under the profile's cluster domain, so these dstOverrides are not the split of TrafficSplit ${split} in the input (they were set by hand): ` +
          'left for a person, with the split: make the TrafficSplit say the split meant (or delete the dstOverrides), then convert again',
      )
  }
  return undefined
}

function weights(list: ReadonlyArray<{ key: string; weight: number }>): Map<string, bigint> {
  const out = new Map<string, bigint>()
  for (const { key, weight } of list)
    if (Number.isFinite(weight) && weight > 0) out.set(key, (out.get(key) ?? 0n) + BigInt(Math.round(weight)))
  return out
}

/** The same backends in the same proportions. */
function same(a: ReadonlyMap<string, bigint>, b: ReadonlyMap<string, bigint>): boolean {
  if (a.size !== b.size || a.size === 0) return a.size === b.size
  const sa = [...a.values()].reduce((x, y) => x + y, 0n)
  const sb = [...b.values()].reduce((x, y) => x + y, 0n)
  for (const [k, w] of a) {
    const v = b.get(k)
    if (v === undefined || w * sb !== v * sa) return false
  }
  return true
}

function show(m: ReadonlyMap<string, bigint>): string {
  const total = [...m.values()].reduce((x, y) => x + y, 0n)
  if (total === 0n) return 'no backend'
  return [...m].map(([k, w]) => `${k} ${Number((w * 10000n) / total) / 100}%`).join(', ')
}

function leave(offset: number, message: string): { problems: Problem[] } {
  return { problems: [{ code: 'sp-dst-overrides', offset, leave: true, message }] }
}

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
}
