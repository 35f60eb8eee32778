import type { ConvertOptions, Finding } from '../model.js';
import { type Totals } from '../report/format.js';
export type FileMode = 'check' | 'diff' | 'write';
export interface FileRunOptions {
    paths: readonly string[];
    exclude?: readonly string[];
    /** Where relative paths start; report paths are shown relative to it. */
    cwd: string;
    mode: FileMode;
    convert: ConvertOptions;
    /** Build the unified diff of every change (always in diff mode). */
    patch?: boolean;
}
export interface FileReport {
    file: string;
    /** The path as reports show it (relative to cwd when inside it). */
    shown: string;
    /** Whether the file mentions TrafficSplit (was parsed at all). */
    candidate: boolean;
    /** Located findings, in order; conversions only when the file is (or would be) changed. */
    findings: Finding[];
    /** Would change (check, diff) or was written (write). */
    changed: boolean;
    /** Not named by the run: pulled in as part of this run file's kustomize tree. */
    extraOf?: string;
}
export interface FileRun {
    files: FileReport[];
    /** Findings about the command line itself: paths and globs that named nothing. */
    general: Finding[];
    /** Every finding in report order (general first, then file by file). */
    findings: Finding[];
    totals: Totals;
    /** The unified diff of every change, paths relative to the repository's top level (see patchRoot). */
    patch: string;
    exitCode: 0 | 1 | 2;
}
export declare const EXIT_CLEAN = 0;
export declare const EXIT_CHANGES = 1;
export declare const EXIT_ERROR = 2;
/** Receives the run's results as they happen (a CLI prints each file once it is written). */
export interface FileSink {
    general?(findings: readonly Finding[]): void;
    file?(report: FileReport): void;
}
export declare function runFiles(o: FileRunOptions, sink?: FileSink): Promise<FileRun>;
/**
 * The exit-code contract, for every surface. Stream mode is a filter (`… | smi-migrate - |
 * kubectl apply -f -`): it fails only on errors; its warnings go to stderr.
 */
export declare function exitCode(t: Totals, mode: FileMode | 'stream'): 0 | 1 | 2;
/**
 * Where patch paths start: the top level of the git work tree holding `cwd` (as `git diff`
 * names files, whatever the current directory), or `cwd` itself outside a repository.
 */
export declare function patchRoot(cwd: string): Promise<string>;
