/**
 * The weight rule: v1alpha1 quantities to v1alpha2+ integers, one common factor per object.
 *
 * Every weight of one TrafficSplit is multiplied by the same 10^k, with k the smallest of
 * 0, 3, 6, 9 that makes all of them whole numbers. Weights are relative, so one factor for
 * the whole object keeps every ratio exact: `1` + `500m` become 1000 + 500 (the SMI spec's
 * own rewrite), and `90` + `10` stay 90 + 10. Values finer than 1n, negative values and
 * results above the int32 range are refused, never rounded or clamped.
 */
import { type Decimal } from '../quantity/quantity.js';
export declare const MAX_WEIGHT = 2147483647n;
declare const SCALES: readonly [0, 3, 6, 9];
export type Scale = (typeof SCALES)[number];
export type ScaleResult = {
    ok: true;
    scale: Scale;
    weights: bigint[];
} | {
    ok: false;
    index: number;
    reason: string;
};
/**
 * Applies the weight rule to the weights of one object, in order. `floor` raises the factor
 * when other documents must share it (a kustomize base and the patches that set its weights).
 */
export declare function scaleWeights(values: readonly Decimal[], floor?: Scale): ScaleResult;
/** The smallest factor that makes every one of `values` whole (never fails; 9 at most). */
export declare function neededScale(values: readonly Decimal[]): Scale;
/** Whether a weight already is what v1alpha2+ wants: a plain decimal integer literal. */
export declare function isIntegerLiteral(text: string): boolean;
export {};
