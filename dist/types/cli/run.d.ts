import { type Readable, Writable } from 'node:stream';
import type { CliOptions } from './options.js';
export interface Io {
    stdin: Readable;
    stdout: Writable;
    stderr: Writable;
    cwd: string;
}
export declare const EXIT_CLEAN = 0;
export declare const EXIT_CHANGES = 1;
export declare const EXIT_ERROR = 2;
export declare function run(opts: CliOptions, io: Io): Promise<number>;
