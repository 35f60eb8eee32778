/**
 * The weight rule: v1alpha1 quantities to v1alpha2+ integers, one common factor per object.
 *
 * Every weight of one TrafficSplit is multiplied by the same 10^k, with k the smallest of
 * 0, 3, 6, 9 that makes all of them whole numbers. Weights are relative, so one factor for
 * the whole object keeps every ratio exact: `1` + `500m` become 1000 + 500 (the SMI spec's
 * own rewrite), and `90` + `10` stay 90 + 10.
 *
 * When a scaled weight is above the target's maximum (int32 for TrafficSplit), all of the
 * object's weights are divided by their greatest common divisor, which again keeps every
 * ratio exact: `3000000` + `500m` scale to 3000000000 + 500 and divide (by 500) to
 * 6000000 + 1. Only if they still do not fit is the object refused. The division happens
 * only when needed, so weights that fit keep their familiar scaled values. Values finer
 * than 1n and negative values are refused, never rounded or clamped.
 *
 * Inside a kustomize tree (a `floor` given), the factor is shared with other documents (the
 * base and the patches that write the same object's weights): dividing one document's
 * weights by their own divisor would break the ratios between documents, so a tree never
 * divides and an overflow there is refused with that reason.
 */
import { type Decimal } from '../quantity/quantity.js';
/** The largest TrafficSplit weight (Go `int`, int32 in the CRD's practice). */
export declare const MAX_WEIGHT = 2147483647n;
declare const SCALES: readonly [0, 3, 6, 9];
export type Scale = (typeof SCALES)[number];
export type ScaleResult = 
/** `divided`: the scaled weights did not fit and were divided by their greatest common divisor. */
{
    ok: true;
    scale: Scale;
    weights: bigint[];
    divided?: boolean;
} | {
    ok: false;
    index: number;
    reason: string;
};
export interface ScaleOptions {
    /**
     * The factor other documents impose (a kustomize base and the patches that set its
     * weights). Given means "in a tree": the weights are never divided by a common divisor.
     */
    floor?: Scale;
    /** The largest weight the target accepts; MAX_WEIGHT unless given (Gateway API HTTPRoute: 1000000). */
    max?: bigint;
}
/**
 * Applies the weight rule to the weights of one object, in order. A number is the `floor`
 * of a kustomize tree (kept for the callers that pass one).
 */
export declare function scaleWeights(values: readonly Decimal[], options?: Scale | ScaleOptions): ScaleResult;
/** The smallest factor that makes every one of `values` whole (never fails; 9 at most). */
export declare function neededScale(values: readonly Decimal[]): Scale;
/** Whether a weight already is what v1alpha2+ wants: a plain decimal integer literal. */
export declare function isIntegerLiteral(text: string): boolean;
export {};
