/**
 * Plans the edits for the TrafficSplits of one document: the apiVersion's version part and
 * each weight scalar that must change, nothing else. An object with any problem gets no
 * edits at all (never half a conversion) and an error finding at the offending scalar.
 */
import { type Edit, type Finding, type Target } from '../model.js';
import type { SplitView } from './view.js';
export interface Plan {
    edits: Edit[];
    findings: Finding[];
}
export declare function planSplits(splits: readonly SplitView[], to: Target): Plan;
