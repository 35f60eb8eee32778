import { type Target } from '../model.js';
import type { Mode } from '../report/format.js';
export interface CliOptions {
    mode: Mode;
    /** Files, directories and globs; empty in stream mode. */
    paths: string[];
    /** Globs of files to leave alone (relative to the current directory). */
    exclude: string[];
    stdin: boolean;
    to: Target;
    format: 'text' | 'json';
    quiet: boolean;
    /** Color allowed (flags and environment); used only when the report goes to a terminal. */
    color: boolean;
    stdinName: string;
    stripServerFields: boolean;
    /** List every file with what happened to it, skipped ones included. */
    verbose: boolean;
}
export declare class UsageError extends Error {
}
export declare function helpText(): string;
/**
 * Reads argv. Returns undefined after printing the help or the version (exit 0); throws
 * UsageError for anything invalid.
 */
export declare function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv, stdinIsTTY: () => boolean, write: {
    out: (s: string) => void;
}): CliOptions | undefined;
