/**
 * Weights as the mesh that served v1alpha1 applied them. Linkerd (in-tree up to 2.11, then
 * linkerd-smi, which copies the Quantity into a ServiceProfile's dstOverrides) hands each
 * weight to its proxy as `uint32(weight.MilliValue() * 10)`
 * (linkerd/linkerd2@b24cd40 controller/api/destination/profile_translator.go), and
 * MilliValue() is ceil(q × 1000), rounded away from zero
 * (kubernetes/apimachinery@eed236c pkg/api/resource/quantity.go, MilliValue and ScaledValue).
 * So a weight finer than 1m was applied as the next whole milli-unit: `1n` beside `1` was
 * 1m : 1000m, `1.0001m` was 2m. No other mesh read v1alpha1 quantities to route by
 * (docs/weights-reference.md, "Consumers"). This file is that reading, in exact decimals.
 */
import { type Decimal, digitCount, normalize } from './quantity.js'

/**
 * Go's `MilliValue()` of `d`: its value in milli-units, rounded away from zero. A value below
 * 1m (`1e-1000000` too) is ±1 without writing out its power of ten; `cap` (when given) is
 * returned for a magnitude above it, told by its digits before the product is built.
 */
export function milliValue(d: Decimal, cap?: bigint): bigint {
  if (d.n === 0n) return 0n
  const at = d.e + 3
  const sign = d.negative ? -1n : 1n
  if (cap !== undefined && digitCount(d.n) + at > digitCount(cap)) return sign * (cap + 1n)
  if (digitCount(d.n) + at <= 0) return sign
  const m = at >= 0 ? d.n * 10n ** BigInt(at) : (d.n + 10n ** BigInt(-at) - 1n) / 10n ** BigInt(-at)
  return cap !== undefined && m > cap ? sign * (cap + 1n) : sign * m
}

/** Whether `d` is finer than 1m (its MilliValue() rounds it). */
export function finerThanMilli(d: Decimal): boolean {
  return d.n !== 0n && d.e < -3 && normalize(d).e < -3
}

/** `d` as Linkerd applied it: finer than 1m, rounded away from zero to whole milli-units; else as it is. */
export function asApplied(d: Decimal): Decimal {
  return finerThanMilli(d) ? normalize({ negative: d.negative, n: milliValue(d) * (d.negative ? -1n : 1n), e: -3 }) : d
}

/** What a note says of a weight `asApplied` rounded: the milli-quantity it was read as, and why. */
export function roundedNote(d: Decimal): string {
  return `read as ${milliValue(d)}m, as Linkerd applied it (MilliValue(), rounded up)`
}
