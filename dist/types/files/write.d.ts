/** Prefix of our temp files, so a later run (or a person) can recognise leftovers. */
export declare const TEMP_PREFIX = ".smi-migrate-";
/** A write the tool declines to do; its message is the whole explanation. */
export declare class WriteRefused extends Error {
}
export interface WriteOptions {
    /** Real paths of the trees being processed: a symlink's target must lie inside one. */
    within?: readonly string[];
}
/** Throws WriteRefused (or the file system's error) when `path` would not be written. */
export declare function checkWritable(path: string, opts?: WriteOptions): {
    target: string;
    st: import("fs").Stats;
};
export declare function writeFileAtomic(path: string, data: Uint8Array, opts?: WriteOptions): void;
/** `path` is `root` or below it (both real, absolute paths). */
export declare function isInside(path: string, root: string): boolean;
/** The pid in one of our temp file names, or undefined when the name is not ours. */
export declare function tempOwner(name: string): number | undefined;
export declare function isTempName(name: string): boolean;
/**
 * Deletes the temp files that runs killed mid-write left beside `files` (in the directory
 * of each file's real path, where writeFileAtomic puts them). A temp file whose pid is
 * alive belongs to a run in progress (pre-commit starts several at once) and stays.
 * Returns the paths removed.
 */
export declare function removeStaleTemps(files: readonly string[]): string[];
