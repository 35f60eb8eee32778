/**
 * The weight rule: v1alpha1 quantities to v1alpha2+ integers, one common factor per object.
 *
 * A weight is first taken as the mesh that served v1alpha1 applied it (milli.ts): Linkerd
 * reads `MilliValue()`, so a weight finer than 1m counts as the next whole milli-unit
 * (`1n` is 1m, `1.0001m` is 2m), and the result says which weights were rounded so the
 * callers can note it. Then every weight of one TrafficSplit is multiplied by the same 10^k,
 * with k the smaller of 0 and 3 that makes all of them whole numbers. Weights are relative,
 * so one factor for the whole object keeps every ratio Linkerd applied: `1` + `500m` become
 * 1000 + 500 (the SMI spec's own rewrite), `90` + `10` stay 90 + 10, and `1` + `1n` become
 * 1000 + 1 (Linkerd sent 1000:1 to its proxy, never 10^9:1).
 *
 * When a scaled weight is above the target's maximum (int32 for TrafficSplit), all of the
 * object's weights are divided by their greatest common divisor, which again keeps every
 * ratio exact: `3000000` + `500m` scale to 3000000000 + 500 and divide (by 500) to
 * 6000000 + 1. Only if they still do not fit is the object refused (a target with its own `max`
 * and no sum bound; TrafficSplit's bound below writes them in proportion). The division happens
 * only when needed, so weights that fit keep their familiar scaled values. Negative values
 * are refused, never clamped.
 *
 * TrafficSplit's integers must also add up to what Linkerd sums without wrapping
 * (LINKERD_MILLI_SUM): v1alpha1 `["500000", "1n"]` scales to 500000000 + 1, which Linkerd,
 * reading it back as v1alpha1, would add up past 32 bits. Weights whose sum is past it are
 * divided by their greatest common divisor too, and if that is not enough they are written
 * in proportion within the sum (withinSum: each share rounded down, a non-zero weight at
 * least 1), which the result says (`bounded`) for the callers' note. Never wrapped. Weights
 * above int32 even divided (`["2147484", "1n"]`, `["1e999", "1"]`) add up past the sum too,
 * so they are written in proportion the same way: with a sum bound, outside a tree, the rule
 * refuses only a negative weight. The webhook ends here with that bound.
 *
 * File mode writes where Linkerd may read the integers itself, as whole units (`wholeUnits`,
 * LINKERD_UNIT_SUM, unless the run names another mesh): the same rule with a sum bound a
 * thousand times smaller, and weights still past it even divided are left for a person (a
 * proportion would route otherwise than Linkerd routed the v1alpha1 object). So for large sums
 * file mode and the webhook write different integers, each exact for the Linkerd that reads it.
 *
 * Inside a kustomize tree (a `floor` given), the factor is shared with other documents (the
 * base and the patches that write the same object's weights): dividing one document's
 * weights by their own divisor would break the ratios between documents, so a tree never
 * divides and an overflow there is refused with that reason.
 */
import { type Decimal, digitCount } from '../quantity/quantity.js'
import { asApplied, finerThanMilli } from './milli.js'

/** The largest TrafficSplit weight (Go `int`, int32 in the CRD's practice). */
export const MAX_WEIGHT = 2147483647n
/** The factors of the rule: 10^0 when every weight is whole, 10^3 (milli-units) otherwise. */
export type Scale = 0 | 3

export type ScaleResult =
  /**
   * `divided`: the scaled weights did not fit and were divided by their greatest common divisor;
   * `rounded`: the indexes of the weights finer than 1m, taken as Linkerd applied them (milli.ts).
   */
  | {
      ok: true
      scale: Scale
      weights: bigint[]
      divided?: boolean
      rounded?: number[]
      /** The weights added up past `sum` even divided, and were written in proportion within it (withinSum). */
      bounded?: boolean
      /** They fit the largest weight but added up past `sum`, and were divided by their greatest common divisor for it. */
      dividedForSum?: boolean
    }
  /** `leave`: the object is for a person (a pending warning), not an error in its input. */
  | { ok: false; index: number; reason: string; leave?: boolean }

export interface ScaleOptions {
  /**
   * The factor other documents impose (a kustomize base and the patches that set its
   * weights). Given means "in a tree": the weights are never divided by a common divisor.
   */
  floor?: Scale
  /** The largest weight the target accepts; MAX_WEIGHT unless given (Gateway API HTTPRoute: 1000000). */
  max?: bigint
  /**
   * The largest sum of the weights: LINKERD_MILLI_SUM for TrafficSplit (no `max` given), no
   * bound for a target that gives its own `max` (Gateway API routes bound each weight only).
   */
  sum?: bigint
  /**
   * The integers are written where Linkerd may read them as whole units (file mode, Linkerd or no
   * mesh named): their sum is bounded by LINKERD_UNIT_SUM instead, and weights that still add up
   * past it divided by their greatest common divisor are refused with `leave` (never written in
   * a proportion Linkerd did not route).
   */
  wholeUnits?: boolean
}

/**
 * The largest sum of an object's weights in milli-units that Linkerd handles: its
 * destination service sends each weight as `MilliValue() * 10` in a uint32
 * (linkerd/linkerd2@b24cd40 controller/api/destination/profile_translator.go), and the proxy
 * adds them up in a uint32 (docs/weights-reference.md, "Linkerd `MilliValue()*10`"), so
 * 10 × the sum must stay within 2^32 - 1. Past it the sum wraps and traffic goes where the
 * object says it should not. v1alpha2+ integers within it go down to v1alpha1 exactly.
 */
export const LINKERD_MILLI_SUM = 429_496_729n

/**
 * The largest sum of an object's v1alpha2+ integers that Linkerd handles when it reads them
 * itself. Its TrafficSplit CRD serves v1alpha2 beside the v1alpha1 storage version with
 * `conversion: None` (linkerd/linkerd2 PR #6003, afdbfeb3b), and linkerd-smi reads only v1alpha1
 * (linkerd/linkerd-smi pkg/adaptor/controller.go, `Weight: *backend.Weight`): a stored `weight: w`
 * is the Quantity `w` whole units, w × 1000 milli-units, so LINKERD_MILLI_SUM / 1000. Not the
 * webhook's bound: its v1alpha1 view writes v1alpha2 integers as milli-quantities (`"500m"`).
 */
export const LINKERD_UNIT_SUM = LINKERD_MILLI_SUM / 1000n

/**
 * Applies the weight rule to the weights of one object, in order. A number is the `floor`
 * of a kustomize tree (kept for the callers that pass one).
 */
export function scaleWeights(given: readonly Decimal[], options: Scale | ScaleOptions = {}): ScaleResult {
  const opts: ScaleOptions = typeof options === 'number' ? { floor: options } : options
  const max = opts.max ?? MAX_WEIGHT
  const inTree = opts.floor !== undefined
  let need: number = opts.floor ?? 0
  for (const [index, v] of given.entries()) {
    if (v.negative) return { ok: false, index, reason: 'is negative' }
    if (v.n !== 0n) need = Math.max(need, -v.e)
  }
  const { values, rounded } = need > 3 ? applied(given) : { values: given, rounded: undefined }
  const scale: Scale = need > 0 ? 3 : 0
  const units = opts.wholeUnits === true && opts.max === undefined
  const sum = opts.sum ?? (opts.max !== undefined ? undefined : units ? LINKERD_UNIT_SUM : LINKERD_MILLI_SUM)
  const r = sum === undefined ? scaled(values, scale, max, inTree) : summed(values, scale, max, inTree, sum, units)
  return rounded && r.ok ? { ...r, rounded } : r
}

/**
 * `scaled`, then the weights' sum within `sum`: divided by their greatest common divisor, else in
 * proportion (withinSum); with `units` (LINKERD_UNIT_SUM) refused for a person instead (`leave`).
 */
function summed(values: readonly Decimal[], scale: Scale, max: bigint, inTree: boolean, sum: bigint, units: boolean): ScaleResult {
  const r = scaled(values, scale, max, inTree)
  const largestOf = (ws: readonly bigint[]) => ws.indexOf(ws.reduce((a, b) => (b > a ? b : a), 0n))
  const lossy = (): ScaleResult =>
    units
      ? { ok: false, index: largestValue(values), reason: pastUnitSum(), leave: true }
      : { ok: true, scale, weights: withinSum(values, sum), bounded: true }
  // A weight above `max` even divided (scaled refuses only for size: negatives are refused before)
  // makes a sum past `sum` too (max > sum): outside a tree, in proportion as any such sum.
  if (!r.ok) return inTree ? r : lossy()
  if (total(r.weights) <= sum) return r
  if (inTree) return { ok: false, index: largestOf(r.weights), reason: pastSum(sum) }
  if (!r.divided) {
    const d = divided(values, scale, max)
    if (d.ok && total(d.weights) <= sum) return { ...d, dividedForSum: true }
  }
  return lossy()
}

/** The index of the largest value (the first of equals), for a refusal to point at. */
function largestValue(values: readonly Decimal[]): number {
  const top = (v: Decimal) => (v.n === 0n ? -Infinity : digitCount(v.n) + v.e)
  const digits = (v: Decimal, len: number) => v.n * 10n ** BigInt(len - digitCount(v.n))
  let best = 0
  for (const [i, v] of values.entries()) {
    const b = values[best]!
    const len = Math.max(digitCount(v.n), digitCount(b.n))
    if (top(v) > top(b) || (top(v) === top(b) && digits(v, len) > digits(b, len))) best = i
  }
  return best
}

const total = (ws: readonly bigint[]) => ws.reduce((a, b) => a + b, 0n)

function pastSum(sum: bigint): string {
  return (
    `makes the object's weights add up past ${sum}, what Linkerd adds up without wrapping${sum === LINKERD_UNIT_SUM ? UNITS : ''}; in a kustomize tree the factor is ` +
    "shared with the other documents that write this object's weights, so they are not divided or rescaled: write smaller weights"
  )
}

/** Why LINKERD_UNIT_SUM, in a message. */
const UNITS = ', which reads v1alpha2 integers as whole units without a conversion webhook'

/** Why weights past LINKERD_UNIT_SUM even divided are left for a person (`leave`). */
function pastUnitSum(): string {
  return (
    `makes the object's weights add up past ${LINKERD_UNIT_SUM} even divided by their greatest common divisor: Linkerd reads ` +
    'v1alpha2 integers as whole units (its CRD has no conversion webhook) and adds them up × 10000 in 32 bits, so it would ' +
    'wrap them, and written in proportion they would not route as before; left unchanged: keep v1alpha1, or install ' +
    '`smi-migrate webhook` (Linkerd sums its v1alpha1 view exactly) and convert by hand'
  )
}

/**
 * Whether v1alpha2+ integers, as written, add up past what Linkerd sums when it reads them as
 * whole units (LINKERD_UNIT_SUM; file mode, which cannot know that a webhook serves them).
 */
export function pastLinkerdSum(weights: readonly bigint[]): boolean {
  return total(weights) > LINKERD_UNIT_SUM
}

/** What a note says of weights the rule divided by their greatest common divisor for the sum (`dividedForSum`). */
export function dividedForSumNote(sum: bigint = LINKERD_MILLI_SUM): string {
  return `divided by their greatest common divisor to add up to at most ${sum}, what Linkerd adds up without wrapping${sum === LINKERD_UNIT_SUM ? UNITS : ''}`
}

/** What a note says of weights the rule wrote in proportion within `sum` (`bounded`). */
export function boundedNote(sum: bigint = LINKERD_MILLI_SUM): string {
  return (
    `the weights add up past ${sum}, what Linkerd adds up without wrapping (milli-units × 10 in 32 bits), even divided by ` +
    `their greatest common divisor: written in proportion within it (each weight × (${sum} - the number of backends) / their sum, rounded down; a non-zero weight at least 1)`
  )
}

/**
 * Shares of `values` (non-negative) that add up to at most `sum`, in their proportions:
 * each is floor(value × (sum - count) / total), exactly, and a non-zero value whose share
 * rounds to 0 gets 1, so no backend that had traffic loses all of it, and the count added back
 * keeps the total within `sum`.
 *
 * `1e999999` beside `1` must not build a million-digit number. From the largest value down,
 * each value is summed exactly (B, in units of 10^base, the lowest exponent summed) unless
 * all of its digits are 20 places or more below that unit: those (`tiny`, and every smaller
 * one) get a share of 0, so 1, and add up to t < count × 10^-20 units. For a summed value v,
 * with v × room = k × B + r, the exact share floor(v × room / (B + t)) is then k, or k - 1
 * when r is 0 and t is not (a remainder r ≥ 1 exceeds k × t < room × count × 10^-20).
 */
export function withinSum(values: readonly Decimal[], sum: bigint): bigint[] {
  const room = sum - BigInt(values.length)
  const order = values.flatMap((v, i) => (v.n === 0n ? [] : [{ i, top: digitCount(v.n) + v.e, e: v.e }]))
  if (order.length === 0) return values.map(() => 0n)
  order.sort((a, b) => b.top - a.top)
  let base = order[0]!.e
  let summed = 0
  for (const o of order) {
    if (o.top <= base - 20) break
    base = Math.min(base, o.e)
    summed++
  }
  const exact = new Set(order.slice(0, summed).map((o) => o.i))
  const big = values.map((v, i) => (exact.has(i) ? v.n * 10n ** BigInt(v.e - base) : 0n))
  const all = total(big)
  const cut = summed < order.length
  return big.map((b, i) => {
    if (values[i]!.n === 0n) return 0n
    const k = (b * room) / all
    const share = cut && k > 0n && (b * room) % all === 0n ? k - 1n : k
    return share > 0n ? share : 1n
  })
}

/** n × 10^by, truncated; a shift past all of n's digits is 0 without writing out 10^-by. */
export const shift = (n: bigint, by: number) => (by >= 0 ? n * 10n ** BigInt(by) : -by > digitCount(n) ? 0n : n / 10n ** BigInt(-by))

/** The weights as Linkerd applied them (milli.ts), and which of them that rounded. */
export function applied(given: readonly Decimal[]): { values: Decimal[]; rounded: number[] | undefined } {
  const rounded: number[] = []
  const values = given.map((v, i) => (finerThanMilli(v) ? (rounded.push(i), asApplied(v)) : v))
  return { values, rounded: rounded.length ? rounded : undefined }
}

function scaled(values: readonly Decimal[], scale: Scale, max: bigint, inTree: boolean): ScaleResult {
  const maxDigits = max === MAX_WEIGHT ? MAX_WEIGHT_DIGITS : digitCount(max)
  const weights: bigint[] = []
  for (let index = 0; index < values.length; index++) {
    const v = values[index]!
    if (v.n === 0n) {
      weights.push(0n)
      continue
    }
    // Told by its digits before the product is built: `1e300` would build a 300-digit number.
    const w = digitCount(v.n) + v.e + scale > maxDigits ? max + 1n : v.n * pow10(v.e + scale)
    if (w > max) return inTree ? { ok: false, index, reason: tooLarge(max, scale, 'tree') } : divided(values, scale, max)
    weights.push(w)
  }
  return { ok: true, scale, weights }
}

const MAX_WEIGHT_DIGITS = digitCount(MAX_WEIGHT)
/** 10^0 to 10^40: an object's weights are scaled by one of these (a bigint power costs more than a lookup). */
const POWERS: readonly bigint[] = Array.from({ length: 41 }, (_, k) => 10n ** BigInt(k))

function pow10(k: number): bigint {
  return k < POWERS.length ? POWERS[k]! : 10n ** BigInt(k)
}

/**
 * The scaled weights divided by their greatest common divisor, or why they cannot fit.
 * Each scaled weight is n × 10^s; writing m for the smallest s, the divisor is 10^m times
 * gcd(n × 10^(s-m)). That gcd divides the n of a weight with s = m, so it is below 10^84
 * (quantities keep at most 64 significant digits, times 2^60 for `Ei`): a weight whose
 * s - m exceeds 100 stays above any int64 maximum and is refused without building it.
 */
function divided(values: readonly Decimal[], scale: Scale, max: bigint): ScaleResult {
  const nonzero = values.filter((v) => v.n !== 0n)
  const m = Math.min(...nonzero.map((v) => v.e + scale))
  const far = values.findIndex((v) => v.n !== 0n && v.e + scale - m > 100)
  if (far >= 0) return { ok: false, index: far, reason: tooLarge(max, scale, 'divided') }
  const reduced = values.map((v) => (v.n === 0n ? 0n : v.n * 10n ** BigInt(v.e + scale - m)))
  const g = reduced.reduce((a, b) => gcd(a, b), 0n)
  const weights = reduced.map((w) => w / g)
  const still = weights.findIndex((w) => w > max)
  if (still >= 0) return { ok: false, index: still, reason: tooLarge(max, scale, 'divided') }
  return { ok: true, scale, weights, divided: true }
}

export function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b]
  return a
}

/** The smallest factor that makes every one of `values` whole as Linkerd applied them (never fails; 3 at most). */
export function neededScale(values: readonly Decimal[]): Scale {
  return values.some((v) => v.n !== 0n && v.e < 0) ? 3 : 0
}

function tooLarge(max: bigint, scale: Scale, why: 'tree' | 'divided'): string {
  const by = scale === 0 ? '' : ` after scaling the object's weights by 10^${scale}`
  const then =
    why === 'divided'
      ? ", even divided by the greatest common divisor of the object's weights"
      : "; in a kustomize tree the factor is shared with the other documents that write this object's weights, " +
        'so they are not divided by a common divisor: write smaller weights'
  return `is above ${max}, the largest integer weight${by}${then}`
}

/**
 * What v1alpha2+ holds, on both sides of the bound: a YAML scalar (isIntegerLiteral) and a
 * JSON value (readIntegerWeight) are integer weights only within 0..MAX_WEIGHT, the bound the
 * weight rule writes to.
 */

/** Whether a weight already is what v1alpha2+ wants: a plain decimal integer literal within MAX_WEIGHT. */
export function isIntegerLiteral(text: string): boolean {
  return /^(0|[1-9]\d{0,9})$/.test(text) && BigInt(text) <= MAX_WEIGHT
}

export type IntegerReading = { ok: true; value: number } | { ok: false; reason: string }

/**
 * A v1alpha2+ weight in a JSON object (a ConversionReview): an integer, as the CRDs' schemas
 * and the Go `int` say. Unlike a manifest's weight (the TrafficSplit kind's text steps repair
 * a v1alpha2 quantity string there), nothing else is read as one: a webhook must give back what it was given, and a
 * value it rewrote could not be restored on the way back.
 */
export function readIntegerWeight(value: unknown): IntegerReading {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return { ok: false, reason: 'is not a non-negative integer' }
  // Larger integers could be written down to v1alpha1 but never read back up.
  if (BigInt(value) > MAX_WEIGHT) return { ok: false, reason: `is above ${MAX_WEIGHT}, the largest TrafficSplit weight` }
  return { ok: true, value }
}
