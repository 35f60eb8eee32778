import type { Edit } from '../model.js';
/**
 * Applies non-overlapping edits to `text`. With no edits the very same string comes back,
 * so untouched input is byte-identical by construction. Overlapping edits are a planner
 * bug and throw rather than corrupt the output.
 */
export declare function splice(text: string, edits: readonly Edit[]): string;
