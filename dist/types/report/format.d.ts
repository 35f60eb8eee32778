/**
 * Renders findings for people (`path:line:col: severity: message`, the form editors and CI
 * log parsers link) or for programs (`--format json`: one object per finding).
 */
import type { Finding, FindingCode } from '../model.js';
export type Mode = 'stream' | 'check' | 'diff' | 'write';
export interface Style {
    color: boolean;
}
/** `path:line:col`, or just the path for a finding about a whole file (editors link either). */
export declare function where(f: Finding): string;
export declare function formatFinding(f: Finding, mode: Mode, style: Style): string;
/** The machine-readable form: stable field names, absent values omitted. */
export declare function findingJson(f: Finding): Record<string, unknown>;
export interface Totals {
    files: number;
    changedFiles: number;
    converted: number;
    /** Kustomize patch targets and JSON 6902 values converted. */
    patches: number;
    errors: number;
    warnings: number;
    /** Pending warnings: TrafficSplits left for a person to convert (templated, near-miss group, held-back tree…). */
    pending: number;
}
/** A change the tool makes (or would make): an object, or a kustomize patch target or value. */
export declare function isConversion(code: FindingCode): boolean;
export declare function newTotals(files?: number, changedFiles?: number): Totals;
/** Counts one finding into the run's totals (the CLI's and the Action's summary line). */
export declare function countFinding(t: Totals, f: Finding): void;
export declare function formatSummary(t: Totals, mode: Mode): string;
