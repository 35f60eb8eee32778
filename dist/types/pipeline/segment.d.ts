import type { ConvertOptions, Edit, Finding } from '../model.js';
import type { SegmentConversion } from '../yaml/convert.js';
import type { WrapperInfo } from '../yaml/wrapper.js';
export type Converter = (text: string, opts: ConvertOptions) => SegmentConversion;
/** The pre-filter: a document that never spells TrafficSplit cannot hold one. */
export declare const NEEDLE: Buffer<ArrayBuffer>;
/** The SMI group: with a template action beside it, a templated `kind:` may still be a TrafficSplit. */
export declare const GROUP_NEEDLE: Buffer<ArrayBuffer>;
export declare function isCandidate(segment: Buffer): boolean;
/** Loads the YAML-parsing half of the pipeline on first use (keeps start-up fast). */
export declare function loadConverter(): Promise<Converter>;
/** Loads the reader of a List dump's wrapper (same lazily loaded half). */
export declare function loadListInspector(): Promise<(text: string) => WrapperInfo>;
export interface SegmentResult {
    bytes: Buffer;
    findings: Finding[];
    edits: Edit[];
}
export declare class SegmentProcessor {
    private readonly opts;
    private readonly path;
    /** 1-based line number at which the next segment starts. */
    private line;
    converter: Converter | undefined;
    constructor(opts: ConvertOptions, path: string, converter?: Converter);
    process(segment: Buffer): SegmentResult;
    /** Processes a segment that starts at 1-based `line` (for callers that count lines themselves). */
    processAt(segment: Buffer, line: number): SegmentResult;
}
/**
 * Adds path, line and column to findings whose offsets point into `text`, which starts at
 * 1-based line `baseLine`. Line starts are indexed once per text, so a List dump with
 * thousands of findings is not rescanned for each of them.
 */
export declare function locateFindings(findings: Finding[], text: string, baseLine: number, path: string): Finding[];
export declare function countNewlines(b: Buffer): number;
