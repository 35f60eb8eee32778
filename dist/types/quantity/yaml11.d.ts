/**
 * Reads a weight scalar the way kubectl does before Kubernetes sees it.
 *
 * kubectl turns YAML into JSON with go-yaml v2, a YAML 1.1 reader, and the Quantity's
 * UnmarshalJSON then parses the JSON token (domain.md §3.2). So a plain `010` is octal 8,
 * `1_000` is 1000, `0x10` is 16, `0.5` and `1e3` are float64 numbers, `yes` is a boolean
 * and `~` is null, while any quoted scalar is a string that is trimmed and parsed as a
 * quantity. This module reproduces that resolution for one scalar; it never consults the
 * JavaScript YAML library's own (YAML 1.2) typing, which disagrees on several of these.
 */
import { type Decimal } from './quantity.js';
export type ScalarStyle = 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED';
export type WeightReading = {
    ok: true;
    value: Decimal;
    note?: string;
} | {
    ok: false;
    reason: string;
};
/**
 * Resolves one weight scalar: `style` is its YAML presentation and `text` its string
 * content (quotes removed, escapes and folding applied). `raw`, the scalar's source text,
 * lets a quoted scalar be checked for characters written literally.
 */
export declare function readWeight(style: ScalarStyle, text: string, raw?: string): WeightReading;
type Resolved = {
    kind: 'null' | 'bool' | 'special' | 'string';
} | {
    kind: 'int';
    value: bigint;
} | {
    kind: 'float';
    value: number;
};
/** go-yaml v2 `resolve("", in)` for a plain scalar, down to the Go type it yields. */
export declare function resolvePlain(text: string): Resolved;
/** Go strconv's underscoreOK: every `_` sits between digits (or after a base prefix). */
export declare function underscoreOK(s: string): boolean;
export {};
