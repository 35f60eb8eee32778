/**
 * A TrafficSplit and the ServiceProfile of its Service (the profile in the split's namespace,
 * named `<root service>.<namespace>.svc.<domain>`) are one unit of writing: converted together,
 * or neither. Once a route is attached to the Service, Linkerd ignores the profile's routes, so a
 * split written as a route while its profile is left for a person (its order, a refused regex, an
 * edited route, any error) would drop the profile's timeouts and retries in silence; and a profile
 * written while its split is left would carry backends the split's route does not have. This file
 * is the one place that decides it, for both directions, in a fresh run and in a rerun:
 *
 * - `profileHolds`: at a split that would write routes, whether its profile's own conversion
 *   leaves the profile (then nothing is written for the split either: a pending `sp-held`);
 * - `splitHolds`: at a profile, whether the split's own conversion (profiles/splits.ts
 *   `splitRoutes`, the split mapped as its conversion maps it) leaves the split.
 *
 * The profile's conversion is run here on its own document, read as the converter reads it, with
 * no claims of the run: what it decides for the profile is what the profile's conversion decides
 * (the split's conversion passes it in, so that this file, which profiles/backends.ts asks, does not
 * import it back).
 */
import type { Diagnostic, Problem } from '../../../model.js'
import type { ObjectView } from '../../../kinds/kind.js'
import { profileInText, type ProfileData } from '../../../kinds/serviceprofile/read.js'
import type { Replacement, RunView } from '../../target.js'
import { factKey, scopeFacts } from '../facts.js'
import type { GatewayFacts, GatewayOptions, Left, ProfileDoc, SourceFile } from '../model.js'
import { elsewhereMessage, unitScope } from './scope.js'
import { UNREAD } from './left.js'

/** Why a split is left for a person because its Service's profile is: undefined when the profile converts (or is not in the input). */
export function profileHolds(
  split: { offset: number; namespace?: string; root: string },
  opts: GatewayOptions,
  facts: GatewayFacts,
  convert: ProfileConversion,
): Diagnostic | undefined {
  const { namespace: ns, root } = split
  const scoped = unitScope(splitProfiles(facts, ns, root), facts, factKey(ns, root), 'split')
  if ('elsewhere' in scoped)
    return {
      severity: 'warning',
      code: 'sp-held',
      offset: split.offset,
      pending: true,
      message: `is left for a person: ${elsewhereMessage('ServiceProfile', root, scoped.elsewhere)}`,
    }
  const why = unitVerdict(scoped.near, facts, opts, convert)
  if (!why) return undefined
  return {
    severity: 'warning',
    code: 'sp-held',
    offset: split.offset,
    pending: true,
    message:
      `is held back by the ServiceProfile${why.domains ? 's' : ''} ${why.name} of Service ${root}${why.file ? ` (${why.file.shown})` : ''}, which ${which(why.code)} (${why.code}: ${why.message}); ` +
      "the split and its profile are converted together or not at all (once a route is attached to the Service, Linkerd ignores the profile's routes, and their timeouts and retries would be lost): nothing is written for the split either",
  }
}

/**
 * At a profile whose own conversion writes routes: whether another profile of its unit holds it
 * (the same profile in another document, left or held; the Service's profile under another
 * cluster domain). Its split holds it in its own conversion (backends.ts, `splitHolds`).
 */
export function siblingsHold(
  profile: { offset: number; name: string; namespace?: string; service: string; serviceNamespace?: string },
  run: RunView<GatewayOptions, GatewayFacts>,
  convert: ProfileConversion,
): { skip: Diagnostic } | undefined {
  const facts = run.context
  if (facts.alone || profile.serviceNamespace === undefined) return undefined
  const scoped = unitScope(
    allProfiles(facts, profile.namespace, profile.service, profile.serviceNamespace),
    facts,
    factKey(profile.serviceNamespace, profile.service),
  )
  const copies = 'near' in scoped ? scoped.near : []
  // The one copy is this profile, whose own conversion writes.
  if (copies.length <= 1) return undefined
  const why = unitVerdict(copies, facts, run.options, convert)
  if (!why) return undefined
  const other = why.name === profile.name ? 'another copy of it' : `the ServiceProfile ${why.name}`
  const domains = why.domains === true || why.copies === true
  return {
    skip: {
      severity: 'warning',
      code: 'sp-held',
      offset: profile.offset,
      pending: true,
      message: domains
        ? `is left for a person: ${why.message}`
        : `is held back by ${other}${why.file ? ` (${why.file.shown})` : ''}, which ${which(why.code)} (${why.code}: ${why.message}); the profiles of a Service and its TrafficSplit are converted together or not at all: nothing is written for this profile either`,
    },
  }
}

/** What became of the object that holds the unit, by the code of its reason. */
function which(code: string): string {
  if (code === ASIDE) return 'this run does not write'
  if (code === 'invalid-yaml') return 'the run cannot read'
  return code === 'suppressed' || code === 'invalid-suppression' || code === 'templated'
    ? 'the run leaves as it is'
    : 'is left for a person'
}

/** A profile of the unit in a file read beside the files given, which its conversion would change. */
const ASIDE = 'not-in-run'

type Copy = ProfileDoc & { name: string }

/** Every profile of Service `service` (in `serviceNs`) kept in namespace `ns`, under any cluster domain, every copy in the run (scope.ts picks the unit's). */
function allProfiles(facts: GatewayFacts, ns: string | undefined, service: string, serviceNs: string): Copy[] {
  if (!facts.profileDocs) return []
  const prefixes = spaces(facts, ns, service, serviceNs).map((n) => `${factKey(n, service)}.${serviceNs}.svc.`)
  const all: Copy[] = []
  for (const [key, list] of facts.profileDocs)
    if (prefixes.some((p) => key.startsWith(p))) for (const c of list) all.push({ ...c, name: key.slice(key.indexOf('/') + 1) })
  // A document that names ServiceProfile, cannot be read, and gives no name: it may be this Service's profile.
  for (const key of ns === undefined ? [UNREAD] : [UNREAD, `${UNREAD}${ns}`])
    for (const c of facts.profileDocs.get(key) ?? []) all.push({ ...c, name: UNNAMED })
  return all
}

/** The profiles of the unit of a split of Service `root` in `ns` (none: every profile of `root` whose unit has none, unitNamespaces). */
function splitProfiles(facts: GatewayFacts, ns: string | undefined, root: string): Copy[] {
  if (ns !== undefined) return allProfiles(facts, ns, root, ns)
  const named = new Set<string>()
  for (const key of facts.profileDocs?.keys() ?? []) {
    const m = /^[^/]*\/([^.]+)\.([^.]+)\.svc\./.exec(key)
    if (m && m[1] === root) named.add(m[2]!)
  }
  const all = [...named].flatMap((serviceNs) => allProfiles(facts, undefined, root, serviceNs).filter((c) => c.name !== UNNAMED))
  return [...all, ...(facts.profileDocs?.get(UNREAD) ?? []).map((c) => ({ ...c, name: UNNAMED }))]
}

const UNNAMED = '(a document whose name cannot be read)'

/**
 * The namespaces whose profiles of the Service are one object: `ns`, and, when the Service is in
 * the input (without a namespace, applied where kubectl is told, or in the namespace the profile's
 * name says, `serviceNs`), a profile without one and one in `serviceNs`: the conversion puts the
 * routes of both on that Service, so they are the same profile applied there.
 */
function spaces(facts: GatewayFacts, ns: string | undefined, service: string, serviceNs: string): Array<string | undefined> {
  return unitNamespaces(facts, ns, service, serviceNs) ?? [ns]
}

/**
 * The namespaces (undefined: none) of the split and profiles of one unit, for an object of it in
 * `ns` (a profile named for Service `service` in `serviceNs`, or a split of that Service in `ns`):
 * the one place that says which namespaces pair. Objects without a namespace are in one unknown
 * namespace, as each other: they pair as if they shared one. A namespaced object pairs with an
 * unnamespaced one only by the documented rule: when the Service is in the input without a
 * namespace or in `serviceNs`, none and `serviceNs` are one namespace (the run puts the routes of
 * both on that Service). Undefined for a profile of a client namespace (a unit of its own, no split).
 */
export function unitNamespaces(
  facts: GatewayFacts,
  ns: string | undefined,
  service: string,
  serviceNs: string,
): Array<string | undefined> | undefined {
  if (ns !== undefined && ns !== serviceNs) return undefined
  const there = facts.services.has(factKey(undefined, service)) || facts.services.has(factKey(serviceNs, service))
  return there ? [undefined, serviceNs] : [ns]
}

/** `domains`: profiles of one Service under two cluster domains; `copies`: copies of one profile that differ. */
type Why = Held & { name: string; file?: SourceFile; domains?: true; copies?: true }

/** Why the unit of these profiles is left: two cluster domains, a copy left before conversion, held by its conversion, aside, or copies that differ. */
function unitVerdict(copies: readonly Copy[], facts: GatewayFacts, opts: GatewayOptions, convert: ProfileConversion): Why | undefined {
  const at = (c: Copy) => ({ name: c.name, ...(c.file ? { file: c.file } : {}) })
  const unread = copies.find((c) => c.left?.code === 'invalid-yaml')
  if (unread) return { ...at(unread), code: unread.left!.code, message: unread.left!.message }
  const names = [...new Set(copies.map((c) => c.name))]
  if (names.length > 1)
    return {
      name: names.join(' and '),
      code: 'sp-held',
      domains: true,
      message:
        `ServiceProfiles ${names.join(' and ')} all name Service ${copies[0]!.name.split('.')[0]!}, one per cluster domain; Linkerd reads only the one of its cluster's domain, ` +
        "and routes from all would attach to the Service, so the inert one's routes (timeouts, retries) would apply: delete the profiles of the other domains (or convert each cluster's manifests in a run of its own)",
    }
  const left = copies.find((c) => c.left)
  if (left) return { ...at(left), code: left.left!.code, message: left.left!.message }
  for (const c of copies) {
    const v = verdict(c.fact, c.name, c.file ? scopeFacts(facts, c.file) : facts, opts, convert)
    if (v === 'writes' && c.file?.aside)
      return {
        ...at(c),
        code: ASIDE,
        message: `it is in a file read beside the files given, never written, and its routes must be written with the split's: pass ${c.file.shown} too`,
      }
    if (v !== 'writes' && v !== undefined) return { ...at(c), ...v }
  }
  // No copy is left or held: copies that differ still leave the unit, since which one is live is not known.
  return differingCopies(copies)
}

/**
 * Copies of one profile (one namespace and name) whose specs differ: `kubectl apply` leaves the
 * one applied last, which depends on the order of the files (or of the documents in a file or
 * a stream), and Linkerd reads that one; the run does not know it, and converted, every copy's
 * routes would be written under the same names. Identical copies convert alike.
 */
function differingCopies(copies: readonly Copy[]): Why | undefined {
  if (new Set(copies.map((c) => c.spec)).size <= 1) return undefined
  const name = copies[0]!.name
  const lines = copies.map((c) => c.line)
  const where = copies.every((c) => !c.file)
    ? `(lines ${lines.slice(0, -1).join(', ')} and ${lines.at(-1)!} of the input)`
    : `(${copies.map((c) => `${c.file?.shown ?? '<input>'}:${c.line}`).join(', ')})`
  return {
    name,
    code: 'sp-held',
    copies: true,
    message:
      `ServiceProfile ${name} is in the input ${copies.length} times ${where}, and the copies differ: the one applied last is live, which depends on the order they are applied in and is not known here, ` +
      'and the routes of every copy would be written under the same names: delete the copies but the live one, then convert again',
  }
}

/** What the profile is told when its split's own conversion leaves the split (profiles/splits.ts `splitRoutes`). */
export function splitHolds(
  split: string,
  outcome:
    | { problem: string }
    | { held: string }
    | { pending: { code: string; message: string } }
    | { left: Left; file?: SourceFile | undefined }
    | { aside: SourceFile },
  at: number,
): { skip: Diagnostic } | { problems: Problem[] } {
  const unit =
    "the split and its profile are converted together or not at all (a profile's routes written alone carry the split's backends, and no catch-all takes the other requests): nothing is written for the profile either"
  if ('pending' in outcome)
    return {
      skip: {
        severity: 'warning',
        // A controller's split: the profile is the controller's to carry too (docs/gateway.md, Flagger and Argo Rollouts).
        code: outcome.pending.code === 'owned-by-controller' ? 'owned-by-controller' : 'sp-held',
        offset: at,
        pending: true,
        message: `is held back by TrafficSplit ${split} of its Service, which is left for a person (${outcome.pending.code}: ${outcome.pending.message}); ${unit}`,
      },
    }
  if ('left' in outcome)
    return {
      skip: {
        severity: 'warning',
        code: 'sp-held',
        offset: at,
        pending: true,
        message: `is held back by TrafficSplit ${split} of its Service${outcome.file ? ` (${outcome.file.shown})` : ''}, which the run leaves as it is (${outcome.left.code}: ${outcome.left.message}); ${unit}`,
      },
    }
  if ('aside' in outcome)
    return {
      skip: {
        severity: 'warning',
        code: 'sp-held',
        offset: at,
        pending: true,
        message: `is held back by TrafficSplit ${split} of its Service (${outcome.aside.shown}), a file read beside the files given and never written, whose routes must be written with the profile's: pass ${outcome.aside.shown} too; ${unit}`,
      },
    }
  if ('held' in outcome)
    return {
      skip: {
        severity: 'warning',
        code: 'route-drift',
        offset: at,
        pending: true,
        message: `is held back by TrafficSplit ${split} of its Service, which is left for a person (route-drift): it changed since its ${outcome.held} was written, and that route was edited by hand since: nothing is written for the profile either, whose routes would carry the split's new backends while the catch-all keeps the old`,
      },
    }
  return {
    problems: [
      {
        code: 'sp-dst-overrides',
        offset: at,
        message: `is held back by TrafficSplit ${split} of its Service, the source of its split, which cannot become routes: ${outcome.problem}; the split and its profile are converted together or not at all, so nothing is written for the profile either`,
      },
    ],
  }
}

/** The profile's own conversion (profile.ts `profileToRoutes`), passed in by the split's (no import cycle). */
export type ProfileConversion = (view: ObjectView<ProfileData>, run: RunView<GatewayOptions, GatewayFacts>) => Replacement

type Held = { code: string; message: string }

const verdicts = new WeakMap<Map<string, unknown>, Map<string, Held | 'writes' | null>>()

/** The profile's own conversion (alone: no unit check from there), once per document and file: held (with its first reason), writes, or neither. */
function verdict(
  text: string,
  name: string,
  facts: GatewayFacts,
  opts: GatewayOptions,
  convert: ProfileConversion,
): Held | 'writes' | undefined {
  const memo = verdicts.get(facts.profileDocs!) ?? new Map<string, Held | 'writes' | null>()
  verdicts.set(facts.profileDocs!, memo)
  const id = `${facts.from?.path ?? ''}\0${name}\0${text}`
  if (!memo.has(id)) {
    const view = profileView(text, name)
    memo.set(id, view ? left(convert(view, { options: opts, context: { ...facts, alone: true }, claimed: () => undefined })) : null)
  }
  return memo.get(id) ?? undefined
}

/** Whether a replacement leaves its object for a person (refused, or left with a pending or error finding), or writes something. */
function left(r: Replacement): Held | 'writes' | null {
  if ('problems' in r) return { code: r.problems[0]!.code, message: r.problems[0]!.message }
  if ('skip' in r && (r.skip.pending === true || r.skip.severity === 'error')) return { code: r.skip.code, message: r.skip.message }
  if ('objects' in r && (r.objects.length > 0 || (r.rewrites?.length ?? 0) > 0)) return 'writes'
  return null
}

/** The profile of that name in its document, as the converter's view of it (the last one, as kubectl applies them). */
function profileView(text: string, name: string): ObjectView<ProfileData> | undefined {
  const found = profileInText(text, name)
  return found ? ({ ...found } as unknown as ObjectView<ProfileData>) : undefined
}
