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
 * floating point anywhere. Two deliberate departures from ParseQuantity, both refusals
 * rather than guesses: a number needs at least one digit (Go reads `.`, `+` and `e3` as 0),
 * and nothing is rounded (Go rounds values finer than 1n up to 1n; the weight rule reports
 * them instead).
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
