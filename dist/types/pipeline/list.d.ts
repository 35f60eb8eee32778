import type { ConvertOptions, Finding } from '../model.js';
import type { WrapperInfo } from '../yaml/wrapper.js';
import type { Sink } from './engine.js';
import { type Converter, type SegmentProcessor } from './segment.js';
export type ListInspector = (text: string) => WrapperInfo;
/**
 * Where the List's items start if a document at `pos` opens in kubectl's layout; 0 if it
 * does not; undefined while too few bytes are in to tell.
 */
export declare function matchListHead(view: Buffer, pos: number, final: boolean): number | undefined;
export interface ListResult {
    findings: Finding[];
    changed: boolean;
}
export declare class ListDocument {
    private readonly head;
    private readonly startAbs;
    private readonly startLine;
    private readonly opts;
    private readonly path;
    private readonly store;
    private readonly patches;
    private readonly notices;
    private readonly others;
    private candidates;
    /** Set when only the whole-document path can be trusted with this document. */
    private fallback;
    constructor(head: Buffer, startAbs: number, startLine: number, opts: ConvertOptions, path: string);
    /** The List's bytes after the head, in order, up to the tail. */
    spool(bytes: Uint8Array): void;
    /** One item, at absolute offset `abs`; a candidate comes with the converter and its line. */
    addItem(item: Buffer, abs: number, line: number, converter: Converter | undefined): void;
    /** What finish() needs loaded first, if anything. */
    needs(tail: Buffer, converter: Converter | undefined, inspector: ListInspector | undefined): 'converter' | 'inspector' | undefined;
    /**
     * Writes the whole List (head, spooled items, `tail`) to the sink with the edits that
     * apply, and returns its findings in the order the general path gives them.
     */
    finish(tail: Buffer, tailAbs: number, tailLine: number, processor: SegmentProcessor, inspector: ListInspector, sink: Sink): ListResult;
    private mentionsSplits;
    /** The general path on the whole document (read back from the spool). */
    private whole;
    private copyOut;
}
