/**
 * Whole-input conversion: split, process each segment, join. Used for files (which are
 * read whole so they can be written atomically) and by the library API.
 */
import type { ConvertOptions, Edit, Finding } from '../model.js';
import { type Converter } from './segment.js';
export interface BytesResult {
    output: Buffer;
    changed: boolean;
    /** Located findings; `offset` is a UTF-16 index into the whole decoded input. */
    findings: Finding[];
    /** The edits made, as UTF-16 ranges of the whole decoded input (what the library splices into its string). */
    edits: Edit[];
}
export declare function migrateBytes(input: Buffer, opts: ConvertOptions, path: string, converter: Converter): BytesResult;
