/**
 * The weight rule: v1alpha1 quantities to v1alpha2+ integers, one common factor per object.
 *
 * Every weight of one TrafficSplit is multiplied by the same 10^k, with k the smallest of
 * 0, 3, 6, 9 that makes all of them whole numbers. Weights are relative, so one factor for
 * the whole object keeps every ratio exact: `1` + `500m` become 1000 + 500 (the SMI spec's
 * own rewrite), and `90` + `10` stay 90 + 10. Values finer than 1n, negative values and
 * results above the int32 range are refused, never rounded or clamped.
 */
import { type Decimal, digitCount } from '../quantity/quantity.js'

export const MAX_WEIGHT = 2147483647n
const SCALES = [0, 3, 6, 9] as const
export type Scale = (typeof SCALES)[number]

export type ScaleResult =
  | { ok: true; scale: Scale; weights: bigint[] }
  | { ok: false; index: number; reason: string }

/**
 * Applies the weight rule to the weights of one object, in order. `floor` raises the factor
 * when other documents must share it (a kustomize base and the patches that set its weights).
 */
export function scaleWeights(values: readonly Decimal[], floor: Scale = 0): ScaleResult {
  let need: number = floor
  for (const [index, v] of values.entries()) {
    if (v.negative) return { ok: false, index, reason: 'is negative' }
    if (v.n !== 0n && -v.e > 9) {
      return { ok: false, index, reason: 'is finer than 1n, the smallest unit a quantity keeps' }
    }
    if (v.n !== 0n) need = Math.max(need, -v.e)
  }
  const scale = SCALES.find((k) => k >= need)!
  const weights: bigint[] = []
  for (const [index, v] of values.entries()) {
    const shift = v.e + scale
    // digitCount(n) + shift > 10 already means more than 10 digits: over int32 for sure,
    // and checking first keeps a hostile `1e999999` from building a huge BigInt.
    if (v.n !== 0n && digitCount(v.n) + shift > 10) return { ok: false, index, reason: tooLarge(scale) }
    const w = v.n === 0n ? 0n : v.n * 10n ** BigInt(shift)
    if (w > MAX_WEIGHT) return { ok: false, index, reason: tooLarge(scale) }
    weights.push(w)
  }
  return { ok: true, scale, weights }
}

/** The smallest factor that makes every one of `values` whole (never fails; 9 at most). */
export function neededScale(values: readonly Decimal[]): Scale {
  const need = Math.max(0, ...values.filter((v) => v.n !== 0n).map((v) => -v.e))
  return SCALES.find((k) => k >= need) ?? 9
}

function tooLarge(scale: Scale): string {
  const by = scale === 0 ? '' : ` after scaling the object's weights by 10^${scale}`
  return `is above ${MAX_WEIGHT}, the largest integer weight${by}`
}

/** Whether a weight already is what v1alpha2+ wants: a plain decimal integer literal. */
export function isIntegerLiteral(text: string): boolean {
  return /^(0|[1-9][0-9]{0,9})$/.test(text)
}
