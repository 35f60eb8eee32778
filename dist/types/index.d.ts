import type { Finding, MigrateOptions } from './model.js';
export type { Finding, FindingCode, MigrateOptions, ObjectRef, Severity, Target, Version } from './model.js';
export { TARGETS, VERSIONS } from './model.js';
export { parseQuantity } from './quantity/quantity.js';
export interface MigrateResult {
    /** The converted text; the same string when nothing changed. */
    output: string;
    changed: boolean;
    /** Conversions (info), things left alone (warning) and errors, with line and column; `offset` indexes `text`. */
    findings: Finding[];
    /** Whether any finding is an error: then nothing should be written. */
    failed: boolean;
}
/**
 * Converts every SMI TrafficSplit in a YAML/JSON stream. Never throws on bad input. The
 * edits are spliced into `text` itself, so every character outside the edited scalars
 * comes back as it was, even one UTF-8 cannot carry (a lone surrogate).
 */
export declare function migrate(text: string, options?: MigrateOptions & {
    path?: string;
}): MigrateResult;
