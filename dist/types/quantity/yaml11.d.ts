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
 * content (quotes removed, escapes and folding applied).
 */
export declare function readWeight(style: ScalarStyle, text: string): WeightReading;
