/**
 * Converts the TrafficSplits of one decoded segment: parse, locate, plan. Returns edits
 * against `text` and findings; never re-serialises anything. This module (and the `yaml`
 * package behind it) is loaded only when a segment is a candidate.
 */
import type { ConvertOptions, Edit, Finding } from '../model.js';
export interface SegmentConversion {
    edits: Edit[];
    findings: Finding[];
}
export declare function convertSegment(text: string, opts: ConvertOptions): SegmentConversion;
