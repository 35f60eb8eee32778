/**
 * Converts the TrafficSplits of one decoded segment: parse, locate, plan. Returns edits
 * against `text` and findings; never re-serialises anything. This module (and the `yaml`
 * package behind it) is loaded only when a segment is a candidate.
 *
 * Helm template actions are masked first (same length, see template.ts), so the YAML
 * around them is read and every offset still points into the original text.
 */
import type { ConvertOptions, Edit, Finding } from '../model.js';
export interface SegmentConversion {
    edits: Edit[];
    findings: Finding[];
}
export declare function convertSegment(text: string, opts: ConvertOptions): SegmentConversion;
