/**
 * The streaming engine: bytes in, converted bytes out, with no per-document copies.
 *
 * Input lands in one buffer (callers read straight into it with `space`/`commit`). The
 * boundary scanner finds document cuts in place; runs of documents that never spell
 * `TrafficSplit` are handed to the sink as views of that buffer, one call per run, without
 * being decoded or copied. Only candidate documents are decoded, parsed and spliced. A
 * `kind: List` dump in the layout `kubectl get -o yaml` prints is taken item by item
 * (list.ts), so memory stays bounded even though the whole dump is one document.
 *
 * The engine is synchronous. When it meets the first candidate it stops and names what it
 * `wants` (the lazily loaded YAML half); the driver loads it and calls `drain` again.
 */
import type { ConvertOptions, Finding } from '../model.js';
import { type ListInspector } from './list.js';
import { type Converter } from './segment.js';
/** Receives output bytes; must write or copy them before it returns (they are reused). */
export type Sink = (bytes: Uint8Array) => void;
export interface EngineSummary {
    findings: Finding[];
    changed: boolean;
    /** The most input bytes held at once (one read plus the unfinished document or List item). */
    peakBuffer: number;
}
export declare class StreamEngine {
    private readonly opts;
    private readonly path;
    private readonly sink;
    private readonly onFinding;
    private readonly keepFindings;
    private buf;
    private len;
    /** Absolute stream offset of buf[0]. */
    private base;
    /** Start of the current, still undecided segment (or List item). */
    private pos;
    /** Start of pass-through bytes not yet handed to the sink. */
    private passFrom;
    /** The end found for the current segment, kept while the engine waits for a loader. */
    private cut;
    private headCheckedAt;
    /** 1-based line number at buffer position `linesTo`. */
    private line;
    private linesTo;
    private final;
    private readonly scanner;
    private readonly needle;
    private readonly processor;
    /** List mode: the dump being taken item by item, where its items are scanned, its tail. */
    private list;
    private listScan;
    private tailStart;
    /** List bytes before this buffer position are already in the spool. */
    private spooledTo;
    /**
     * A UTF-16/32 stream (told by its first four bytes): copied through unchanged while it is
     * searched for TrafficSplit in its own encoding, never decoded (see encoding.ts).
     */
    private wide;
    private sniffed;
    private wideReported;
    /** What the engine stopped for; load it, set it, and call drain() again. */
    wants: 'converter' | 'inspector' | undefined;
    inspector: ListInspector | undefined;
    readonly summary: EngineSummary;
    /** With keepFindings false, findings only go to onFinding (memory stays flat on long streams). */
    constructor(opts: ConvertOptions, path: string, sink: Sink, onFinding?: (f: Finding) => void, keepFindings?: boolean);
    get converter(): Converter | undefined;
    set converter(c: Converter | undefined);
    /** A writable view of at least `min` free bytes at the end of the buffer; fill it, then commit. */
    space(min: number): Buffer;
    commit(n: number): void;
    /** Copies a chunk in and processes what it completes. */
    push(chunk: Uint8Array): void;
    /** Marks the end of the input; drain() then processes the rest. */
    end(): void;
    /** Processes every complete segment in the buffer (all of it after end()). */
    drain(): void;
    /**
     * One step through a List dump: finds the next item boundary (a `- ` line at column 0)
     * or the first other line at column 0 (the wrapper's tail: `kind: List`, `metadata:`…),
     * then the document's end. Returns false when it needs more bytes or a loader.
     */
    private stepList;
    /** Hands List item [start, end) to the List; false if a loader is needed first. */
    private takeItem;
    private drainWide;
    private report;
    /** Hands pass-through bytes [passFrom, upTo) to the sink in one call. */
    private flush;
    private spoolUpTo;
    /** The line number at buffer position p (p never moves backwards). */
    private lineAt;
    /** Drops the bytes every reader is done with, so the buffer holds one segment or item. */
    private compact;
}
