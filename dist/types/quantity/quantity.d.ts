/**
 * Exact parsing of Kubernetes `resource.Quantity` strings.
 *
 * Grammar (k8s.io/apimachinery pkg/api/resource/quantity.go, plus the `n` and `u`
 * suffixes that suffix.go accepts although the doc comment omits them):
 *
 *   <quantity>     ::= <sign>? <number> <suffix>
 *   <number>       ::= <digits> | <digits>.<digits> | <digits>. | .<digits>
 *   <suffix>       ::= Ki|Mi|Gi|Ti|Pi|Ei | n|u|m|""|k|M|G|T|P|E | (e|E)<sign>?<digits>
 *
 * Every value the grammar can express is an integer times a power of ten (binary suffixes
 * are whole multipliers), so a quantity is held as `n × 10^e` with a BigInt `n`: no
 * floating point anywhere. What ParseQuantity does beyond the grammar is reproduced or
 * refused, never guessed (apimachinery pkg/api/resource quantity.go, suffix.go):
 *
 * - A number without digits (`m`, `Ki`, `e3`, `.`, `+`, `-`) is 0 to Go: parseQuantityString
 *   returns num "0" once it has stripped the digits it found (none). It is **refused**
 *   here: a weight written as `m` is a typo, not a deliberate zero (write `0` for that).
 * - Values finer than 1n are rounded up to 1n by Go; they are returned exactly and the
 *   weight rule refuses them.
 * - A binary-suffixed value above 2^63-1 is capped at 2^63-1 by Go (`16Ei` reads as
 *   9223372036854775807): reproduced, so ratios are the ones Kubernetes computes.
 * - The exponent of `e<int>` is parsed as int64 and then truncated to int32 by Go
 *   (`1e4294967296` reads as 1): an exponent outside int64 is not a quantity, one outside
 *   int32 is refused rather than wrapped.
 */
/** An exact decimal: `sign × n × 10^e`, with `n >= 0`. */
export interface Decimal {
    negative: boolean;
    n: bigint;
    e: number;
}
export type QuantityResult = {
    ok: true;
    value: Decimal;
} | {
    ok: false;
    reason: string;
};
/** Parses `text` exactly as a Quantity; never rounds, never uses floating point. */
export declare function parseQuantity(text: string): QuantityResult;
/** Strips trailing zeros from `n` so that `e` is as large as possible (zero becomes 0×10^0). */
export declare function normalize(d: Decimal): Decimal;
/** Number of decimal digits of a positive BigInt. */
export declare function digitCount(n: bigint): number;
