import type { CliOptions } from './options.js';
export declare function quickParseArgs(argv: readonly string[], env: NodeJS.ProcessEnv, stdinIsTTY: () => boolean): CliOptions | undefined;
