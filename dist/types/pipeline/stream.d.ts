import type { Readable, Writable } from 'node:stream';
import type { Finding, Target } from '../model.js';
export interface StreamSummary {
    findings: Finding[];
    changed: boolean;
}
export declare function migrateStream(input: Readable, output: Writable, to: Target, path: string, onFinding?: (f: Finding) => void): Promise<StreamSummary>;
