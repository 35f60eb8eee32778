import type { Finding, Target } from '../model.js';
export interface FileResult {
    /** Absolute path. */
    file: string;
    /** The path shown in reports and patches: relative to the base directory, with `/`. */
    shown: string;
    input: Buffer;
    output: Buffer;
    findings: Finding[];
    /** True when the file has changes and no error: only then may it be written or patched. */
    writable: boolean;
}
export declare class FileProcessor {
    private readonly to;
    private readonly base;
    private converter;
    constructor(to: Target, base: string);
    process(file: string): Promise<FileResult>;
}
export declare function ioError(path: string, err: unknown): Finding;
export declare function displayPath(file: string, base: string): string;
