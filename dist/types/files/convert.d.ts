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
    /**
     * Not among the given files: another file of a kustomize tree the run touches, pulled in
     * by this file of the run (its shown path).
     */
    extraOf?: string;
}
export interface ConvertFilesOptions {
    /** Real paths a written file must lie in (--write): checked for a whole tree before any write. */
    within?: readonly string[];
}
export declare function convertFiles(files: readonly string[], opts: ConvertOptions, show: (file: string) => string, options: ConvertFilesOptions): Promise<FileResult[]>;
/** Where a result may be written: a tree's extra file is inside the run by being in the tree. */
export declare function writableWithin(r: FileResult, within: readonly string[]): readonly string[];
/** A path as reports and patches show it: relative to `base` when inside it, with `/`. */
export declare function displayPath(file: string, base: string): string;
/** A file-level error: it has a path but no line (`path: error: …`). */
export declare function ioError(path: string, err: unknown): Finding;
