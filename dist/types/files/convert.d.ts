/**
 * File mode's conversion: every collected file read whole and converted in memory, before
 * anything is written.
 *
 * Kustomize trees are planned first: every document that describes the same TrafficSplit
 * across a base and its overlays gets one weight factor, and a tree is converted whole or
 * not at all. A run that touches a tree converts the tree's other files too (pre-commit
 * passes only some of them, in parallel batches: each batch then writes the same bytes), a
 * tree with an error anywhere is written nowhere, and with `within` (--write) a tree whose
 * files cannot all be written is not written at all.
 */
import type { ConvertOptions, Finding } from '../model.js';
export interface FileResult {
    file: string;
    /** The path as the report shows it. */
    shown: string;
    /** Whether the file mentions TrafficSplit (was parsed at all). */
    candidate: boolean;
    /** Input and output are kept only for changed files; others hold empty buffers. */
    input: Buffer;
    output: Buffer;
    changed: boolean;
    findings: Finding[];
    /** Not among the given files: another file of a kustomize tree the run touches. */
    extra?: boolean;
}
export interface ConvertFilesOptions {
    /** Real paths a written file must lie in (--write): checked for a whole tree before any write. */
    within?: readonly string[];
}
export declare function convertFiles(files: readonly string[], opts: ConvertOptions, show: (file: string) => string, options: ConvertFilesOptions): Promise<FileResult[]>;
/** Where a result may be written: a tree's extra file is inside the run by being in the tree. */
export declare function writableWithin(r: FileResult, within: readonly string[]): readonly string[];
export declare function ioError(path: string, err: unknown): Finding;
