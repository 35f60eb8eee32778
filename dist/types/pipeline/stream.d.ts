import type { Readable, Writable } from 'node:stream';
import type { ConvertOptions, Finding } from '../model.js';
export interface StreamSummary {
    findings: Finding[];
    changed: boolean;
    /** The most input bytes held at once. */
    peakBuffer?: number;
}
export declare function migrateStream(input: Readable, output: Writable, opts: ConvertOptions, path: string, onFinding?: (f: Finding) => void): Promise<StreamSummary>;
/**
 * The CLI's stream mode: `inFd` to `outFd` (or to nowhere, for --check -). `streams` gives
 * the Node streams to fall back to when a descriptor is non-blocking.
 */
export declare function migrateFd(inFd: number, outFd: number | undefined, opts: ConvertOptions, path: string, streams: {
    input: () => Readable;
    output: () => Writable;
}, onFinding?: (f: Finding) => void): Promise<StreamSummary>;
