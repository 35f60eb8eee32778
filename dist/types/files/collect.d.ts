export interface Collected {
    files: string[];
    /** Paths that named nothing: reported as errors. */
    missing: string[];
}
export declare function collectFiles(paths: readonly string[], cwd?: string): Promise<Collected>;
