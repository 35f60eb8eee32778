export interface Collected {
    files: string[];
    /** Paths and globs that named nothing: reported as errors. */
    problems: PathProblem[];
    /** Real paths of the trees named on the command line. */
    roots: string[];
}
export interface PathProblem {
    path: string;
    message: string;
}
export declare function collectFiles(paths: readonly string[], cwd?: string, exclude?: readonly string[]): Promise<Collected>;
/**
 * Where a path physically is: a directory's real path, or for a file its directory's real
 * path plus its own name (a named symlink is the link, not its target).
 */
export declare function physical(abs: string, isDirectory?: boolean): string;
/** The real path of `p`, or `p` itself when it does not resolve. */
export declare function realOrSelf(p: string): string;
