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
}
export declare function convertFiles(files: readonly string[], opts: ConvertOptions, show: (file: string) => string, cwd: string): Promise<FileResult[]>;
export declare function ioError(path: string, err: unknown): Finding;
