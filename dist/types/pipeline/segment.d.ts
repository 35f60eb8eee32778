import type { ConvertOptions, Edit, Finding } from '../model.js';
import type { SegmentConversion } from '../yaml/convert.js';
export type Converter = (text: string, opts: ConvertOptions) => SegmentConversion;
export declare function isCandidate(segment: Buffer): boolean;
/** Loads the YAML-parsing half of the pipeline on first use (keeps start-up fast). */
export declare function loadConverter(): Promise<Converter>;
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
    /**
     * Adds path, line and column to findings. Line starts are indexed once per segment, so a
     * List dump with thousands of findings is not rescanned for each of them.
     */
    private locateAll;
}
export declare function countNewlines(b: Buffer): number;
