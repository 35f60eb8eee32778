export interface Collected {
    files: string[];
    /** Paths that named nothing: reported as errors. */
    missing: string[];
    /** Real paths of the trees named on the command line. */
    roots: string[];
}
export declare function collectFiles(paths: readonly string[], cwd?: string): Promise<Collected>;
