/**
 * Whole-input conversion: split, process each segment, join. Used for files (which are
 * read whole so they can be written atomically) and by the library API.
 */
import type { ConvertOptions, Finding } from '../model.js';
import { type Converter } from './segment.js';
export interface BytesResult {
    output: Buffer;
    changed: boolean;
    findings: Finding[];
}
export declare function migrateBytes(input: Buffer, opts: ConvertOptions, path: string, converter: Converter): BytesResult;
