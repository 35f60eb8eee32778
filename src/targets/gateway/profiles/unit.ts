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
import { factKey, lookup, scopeFacts } from '../facts.js'
import type { GatewayFacts, GatewayOptions } from '../model.js'

/** Why a split is left for a person because its Service's profile is: undefined when the profile converts (or is not in the input). */
export function profileHolds(
  split: { offset: number; namespace?: string; root: string },
  opts: GatewayOptions,
  facts: GatewayFacts,
  convert: ProfileConversion,
): Diagnostic | undefined {
  const { namespace: ns, root } = split
  if (ns === undefined || !facts.profileDocs) return undefined
  const prefix = `${factKey(ns, root)}.${ns}.svc.`
  const key = [...facts.profileDocs.keys()].find((k) => k.startsWith(prefix))
  if (key === undefined) return undefined
  const found = lookup(facts.profileDocs, key, facts.from)
  if (!found || !('fact' in found)) return undefined
  const name = key.slice(ns.length + 1)
  const held = verdict(found.fact, name, found.file ? scopeFacts(facts, found.file) : facts, opts, convert)
  if (!held) return undefined
  return {
    severity: 'warning',
    code: 'sp-held',
    offset: split.offset,
    pending: true,
    message:
      `is held back by the ServiceProfile ${name} of Service ${root}${found.file ? ` (${found.file.shown})` : ''}, which is left for a person (${held.code}: ${held.message}); ` +
      "the split and its profile are converted together or not at all (once a route is attached to the Service, Linkerd ignores the profile's routes, and their timeouts and retries would be lost): nothing is written for the split either",
  }
}

/** What the profile is told when its split's own conversion leaves the split (profiles/splits.ts `splitRoutes`). */
export function splitHolds(
  split: string,
  outcome: { problem: string } | { held: string },
  at: number,
): { skip: Diagnostic } | { problems: Problem[] } {
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

const verdicts = new WeakMap<Map<string, unknown>, Map<string, Held | null>>()

/** The profile's own conversion, once per document and file: held (with its first reason) or not. */
function verdict(text: string, name: string, facts: GatewayFacts, opts: GatewayOptions, convert: ProfileConversion): Held | undefined {
  const memo = verdicts.get(facts.profileDocs!) ?? new Map<string, Held | null>()
  verdicts.set(facts.profileDocs!, memo)
  const id = `${facts.from?.path ?? ''}\0${name}\0${text}`
  if (!memo.has(id)) {
    const view = profileView(text, name)
    memo.set(id, view ? left(convert(view, { options: opts, context: facts, claimed: () => undefined })) : null)
  }
  return memo.get(id) ?? undefined
}

/** Whether a replacement leaves its object for a person: refused, or left with a pending (or error) finding. */
function left(r: Replacement): Held | null {
  if ('problems' in r) return { code: r.problems[0]!.code, message: r.problems[0]!.message }
  if ('skip' in r && (r.skip.pending === true || r.skip.severity === 'error')) return { code: r.skip.code, message: r.skip.message }
  return null
}

/** The profile of that name in its document, as the converter's view of it (the last one, as kubectl applies them). */
function profileView(text: string, name: string): ObjectView<ProfileData> | undefined {
  const found = profileInText(text, name)
  return found ? ({ ...found } as unknown as ObjectView<ProfileData>) : undefined
}
