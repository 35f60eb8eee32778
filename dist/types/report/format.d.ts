/**
 * Renders findings for people (`path:line:col: severity: message`, the form editors and CI
 * log parsers link) or for programs (`--format json`: one object per finding).
 */
import type { Finding } from '../model.js';
export type Mode = 'stream' | 'check' | 'diff' | 'write';
export interface Style {
    color: boolean;
}
export declare function formatFinding(f: Finding, mode: Mode, style: Style): string;
/** The machine-readable form: stable field names, absent values omitted. */
export declare function findingJson(f: Finding): Record<string, unknown>;
export interface Totals {
    files: number;
    changedFiles: number;
    converted: number;
    errors: number;
    warnings: number;
    /** Warnings about templated weights/apiVersions: changes a person must make. */
    templated: number;
}
export declare function formatSummary(t: Totals, mode: Mode): string;
