import type { Readable, Writable } from 'node:stream';
import type { ConvertOptions, Finding } from '../model.js';
export interface StreamSummary {
    findings: Finding[];
    changed: boolean;
}
export declare function migrateStream(input: Readable, output: Writable, opts: ConvertOptions, path: string, onFinding?: (f: Finding) => void): Promise<StreamSummary>;
