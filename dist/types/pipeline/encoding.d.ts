/**
 * What an input's bytes are, decided before anything is decoded. smi-migrate converts
 * UTF-8 only; everything else is passed through byte for byte and never written.
 *
 * - UTF-16 and UTF-32 (with or without a BOM) are recognised by the YAML 1.2 rule
 *   (§5.2: a BOM, or the NUL bytes around the first character, which is ASCII in any YAML
 *   stream). Such an input is searched for `TrafficSplit` in its own encoding, without
 *   decoding it: if it mentions one, that is an error (the object cannot be converted and
 *   must not be missed silently); otherwise the input is skipped with a warning.
 * - Any other input with a NUL byte is binary (YAML forbids NUL): an error if the raw
 *   bytes mention `TrafficSplit`, a warning and a skip otherwise (a logo matched by a glob).
 * - Invalid UTF-8 without NUL bytes is left to the segment processor: a document that
 *   mentions TrafficSplit is an error, other documents pass through as they are.
 */
import type { Finding } from '../model.js';
export type WideEncoding = 'UTF-16LE' | 'UTF-16BE' | 'UTF-32LE' | 'UTF-32BE';
/** YAML 1.2 §5.2 encoding detection on the first bytes; undefined means UTF-8. */
export declare function sniffWide(head: Uint8Array): WideEncoding | undefined;
export declare function unitSize(e: WideEncoding): 2 | 4;
/**
 * Reads UTF-16/32 code units as they arrive (chunk boundaries anywhere) and remembers the
 * line and column of the first `TrafficSplit`. Code units are compared as numbers, so
 * nothing is ever decoded into a string.
 */
export declare class WideScanner {
    readonly encoding: WideEncoding;
    private carry;
    private line;
    private column;
    private matched;
    private units;
    private bytes;
    found: {
        line: number;
        column: number;
    } | undefined;
    private readonly unit;
    private readonly be;
    constructor(encoding: WideEncoding);
    push(chunk: Uint8Array): void;
    /** Whether the whole input was a whole number of code units (else it is not that encoding). */
    get aligned(): boolean;
}
/** The finding for an input that is not converted because of its encoding, if any. */
export declare function encodingFinding(input: Buffer, path: string): Finding | undefined;
export declare function wideFinding(scan: WideScanner, path: string): Finding;
/** A NUL byte at `nul`: not YAML text. Located by byte line and column. */
export declare function binaryFinding(bytes: Buffer, nul: number, mentions: boolean, path: string): Finding;
