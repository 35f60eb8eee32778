/**
 * A TrafficSplit becomes Gateway API routes (routes.ts has the mapping). Here are the
 * split's own parts: its weights through the weight rule, with the routes' limit (1000000)
 * instead of int32, and the optional lossy rescaling.
 */
import type { Problem, ScalarRef } from '../../model.js'
import { version } from '../../version.js'
import { type Decimal } from '../../quantity/quantity.js'
import { applied, neededScale, scaleWeights } from '../../quantity/weights.js'
import { roundedNote } from '../../quantity/milli.js'
import type { ObjectView } from '../../kinds/kind.js'
import type { SplitData } from '../../kinds/trafficsplit/read.js'
import { readValues, show } from '../../kinds/trafficsplit/steps.js'
import { linkerdWrapIndex } from './linkerd.js'
import type { Replacement, Rewrite, RunView } from '../target.js'
import type { GatewayFacts, GatewayOptions, SourceFile } from './model.js'
import { mapSplit, type Rewrite as RouteRewrite } from './routes.js'
import type { RouteOut } from './parts.js'
import { MAX_ROUTE_WEIGHT, routeApis } from './presets.js'
import { serviceName } from './services.js'
import { profileHolds } from './profiles/unit.js'
import { profileToRoutes } from './profiles/profile.js'

export function splitToRoutes(view: ObjectView<SplitData>, run: RunView<GatewayOptions, GatewayFacts>): Replacement {
  const gateway = run.options
  const notes: string[] = []
  const read = readValues(view.data.weights, notes)
  if ('problems' in read) return read
  const weights = routeWeights(read.values, gateway.rescaleWeights === true, notes)
  if ('index' in weights) {
    const s = read.scalars[weights.index]!
    const problem: Problem = {
      code: weights.overflow ? 'weight-overflow' : 'invalid-weight',
      offset: s.start,
      message: `backend ${weights.index + 1} weight ${show(s)} ${weights.reason}${weights.overflow ? ' (--rescale-weights rounds them, reporting the largest change)' : ''}`,
    }
    return { problems: [problem] }
  }
  const wrapped = linkerdWraps(read, gateway)
  if (wrapped) return { problems: [wrapped] }
  let source = view.data.fields()
  // v1alpha1 and v1alpha2 have no spec.matches: linkerd-smi's and OSM's CRDs prune it, so the cluster split all traffic.
  const pruned = (view.version === 'v1alpha1' || view.version === 'v1alpha2') && source.matches.length > 0 ? source.matches[0] : undefined
  if (pruned) source = { ...source, matches: [] }
  if (source.comments)
    notes.push(
      `its ${source.comments === 1 ? 'comment is' : `${source.comments} comments are`} not carried over: the routes are written anew`,
    )
  const mapped = mapSplit(source, weights.weights, gateway, run.context, run.claimed, routeApis(gateway), `smi-migrate-${version}`)
  if (!('routes' in mapped)) return mapped
  // Its Service's profile left for a person holds the split too: one unit of writing (profiles/unit.ts).
  const root = serviceName(source.service, source.namespace)
  const held =
    root && 'name' in root
      ? profileHolds({ offset: view.offset, ...opt(source.namespace), root: root.name }, gateway, run.context, profileToRoutes)
      : undefined
  if (held) return { skip: held }
  if (pruned)
    mapped.findings.unshift({
      severity: 'warning',
      code: 'no-matches',
      offset: pruned.offset,
      message: `spec.matches never took effect: ${view.version} has no matches, and the SMI CRDs (linkerd-smi, OSM) prune them, so the split sent all traffic to its backends; its routes do the same (convert it to v1alpha3 or later first if the matches are meant)`,
    })
  if (weights.rescaled) {
    mapped.findings.push({
      severity: 'warning',
      code: 'weights-rescaled',
      offset: view.offset,
      message: `weights rounded to fit ${MAX_ROUTE_WEIGHT}: ${weights.rescaled}`,
    })
  }
  const before = read.scalars.map((s) => s.raw)
  const after = weights.weights.map(String)
  const changed = before.some((b, i) => b !== after[i]) ? `, weights ${before.join(', ')} -> ${after.join(', ')}` : ''
  const noted = notes.length ? ` (${notes.join('; ')})` : ''
  const message = (routes: readonly RouteOut[]): string =>
    `${view.version} -> ${routes.map((r) => `${r.kind} ${r.name} (port ${r.port})`).join(', ')}${changed}${noted}`
  // Every route written anew in its place (the split goes, its routes were in the input): the line names them.
  const main = mapped.routes.length
    ? message(mapped.routes)
    : `${message(mapped.rewrites.map((w) => w.route))}: each written in place of the route smi-migrate wrote from it before`
  return {
    objects: mapped.routes.map((r) => r.value),
    findings: mapped.findings,
    message: main,
    weights: { before, after },
    claims: mapped.claims,
    rewrites: mapped.rewrites.map((w) => rewrite(w, view, message([w.route]), run.context.from)),
  }
}

/**
 * A route smi-migrate wrote for the split before, which no longer routes as the split does:
 * written anew in its place, or (where the driver cannot) left for a person as before.
 */
function rewrite(
  { route, file, replaces, carried }: RouteRewrite,
  view: ObjectView<SplitData>,
  message: string,
  from: SourceFile | undefined,
): Rewrite {
  const metadata = route.value.metadata as { namespace?: string }
  const where = file ? ` (${file.shown})` : ''
  const { kind, name } = replaces ?? route
  return {
    kind,
    name,
    ...(metadata.namespace !== undefined ? { namespace: metadata.namespace } : {}),
    ...(file ? { file } : {}),
    object: route.value,
    message:
      `${message}${from ? ` (${from.shown})` : ''}: written in place of this ${kind} ${name}, which smi-migrate wrote ${carried ? '' : 'from it before '}` +
      (carried
        ? "from the Service's ServiceProfile before, and which no longer carries the TrafficSplit's backends and port (the split changed since, or the profile was converted without it)"
        : `and which no longer routes as the TrafficSplit does (${replaces ? "the Service's ports or the port's route kind" : 'its weights, backends, matches or port'} changed since)`),
    refused: {
      severity: 'warning',
      code: 'route-drift',
      offset: view.offset,
      pending: true,
      message:
        `has changed since smi-migrate wrote its ${kind} ${name}${where}: the route no longer routes as the split does ` +
        '(weights, backends, matches or port), and deleting the TrafficSplit now would send its traffic by the old rules; the route ' +
        'cannot be written anew where it is, so delete it and run the conversion again, which writes it anew',
    },
  }
}

type Weights = { weights: bigint[]; rescaled?: string } | { index: number; reason: string; overflow: boolean }

/** The weight rule with the routes' maximum; with `rescale`, weights that do not fit are rounded. */
function routeWeights(values: readonly Decimal[], rescale: boolean, notes: string[]): Weights {
  const scaled = scaleWeights(values, { max: MAX_ROUTE_WEIGHT })
  if (scaled.ok) {
    for (const i of scaled.rounded ?? []) notes.push(`backend ${i + 1} weight ${roundedNote(values[i]!)}`)
    if (scaled.divided) notes.push(`divided by their greatest common divisor to stay within ${MAX_ROUTE_WEIGHT}`)
    return { weights: scaled.weights }
  }
  const overflow = scaled.reason.startsWith('is above')
  if (!overflow || !rescale) return { ...scaled, overflow }
  // Lossy, on request: each weight (as Linkerd applied it) times 1000000 / the largest, rounded, never to 0.
  const scale = neededScale(values)
  const exact = applied(values).values.map((v) => (v.n === 0n ? 0n : v.n * 10n ** BigInt(v.e + scale)))
  const max = exact.reduce((a, b) => (b > a ? b : a), 0n)
  const weights = exact.map((w) => {
    if (w === 0n) return 0n
    const r = (w * MAX_ROUTE_WEIGHT * 2n + max) / (max * 2n)
    return r === 0n ? 1n : r
  })
  const sum = (ws: readonly bigint[]): number => Number(ws.reduce((a, b) => a + b, 0n))
  const total = sum(exact)
  const totalAfter = sum(weights)
  let worst = 0
  for (const [i, w] of exact.entries()) {
    if (w === 0n) continue
    const share = Number(w) / total
    worst = Math.max(worst, Math.abs(Number(weights[i]!) / totalAfter - share) / share)
  }
  return { weights, rescaled: `the largest change of a backend's share of traffic is ${Number((worst * 100).toPrecision(3))}%` }
}

/**
 * On Linkerd, linkerd-smi wrote each weight into its ServiceProfile as it is, and the destination
 * service wrapped one past 32 bits (linkerd.ts): the split that applied was not the nominal one,
 * so routes with the nominal weights would change it. Refused as the same weight in a profile's
 * dstOverrides is.
 */
function linkerdWraps(read: { values: Decimal[]; scalars: ScalarRef[] }, o: GatewayOptions): Problem | undefined {
  if (routeApis(o).notLinkerd) return undefined
  const i = linkerdWrapIndex(read.values)
  if (i === undefined) return undefined
  return {
    code: 'invalid-weight',
    offset: read.scalars[i]!.start,
    message: `backend ${i + 1} weight ${show(read.scalars[i]!)} overflows Linkerd's weight (milli value x 10 must fit 32 bits, and Linkerd wraps it): on Linkerd, linkerd-smi's split was not what the TrafficSplit says (pass --mesh for another mesh)`,
  }
}

function opt(namespace: string | undefined): { namespace?: string } {
  return namespace === undefined ? {} : { namespace }
}
