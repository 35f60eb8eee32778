/**
 * The CLI's work once the options are known: stream mode (stdin to stdout) or file mode
 * (check, diff, write: the shared driver in run/files.ts). All I/O goes through `io`, so
 * tests can run it in-process.
 *
 * Where the report goes: stdout carries the primary output (the converted stream, the
 * patch, or for --check/--write the report itself); anything else goes to stderr.
 */
import type { Readable, Writable } from 'node:stream';
import type { CliOptions } from './args.js';
export { EXIT_CHANGES, EXIT_CLEAN, EXIT_ERROR } from '../run/files.js';
export interface Io {
    stdin: Readable;
    stdout: Writable;
    stderr: Writable;
    cwd: string;
    /**
     * The descriptors behind stdin and stdout, when the process owns them: stream mode then
     * reads and writes them directly (much faster than Node's streams), and touches
     * `stdin`/`stdout` only if a descriptor is non-blocking.
     */
    fds?: {
        stdin: number;
        stdout: number;
    };
}
export declare function run(opts: CliOptions, io: Io): Promise<number>;
