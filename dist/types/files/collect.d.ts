export interface Collected {
    files: string[];
    /** Paths that named nothing: reported as errors. */
    missing: string[];
    /** Real paths of the trees named on the command line. */
    roots: string[];
}
export declare function collectFiles(paths: readonly string[], cwd?: string): Promise<Collected>;
/** The real path of `p`, or `p` itself when it does not resolve. */
export declare function realOrSelf(p: string): string;
