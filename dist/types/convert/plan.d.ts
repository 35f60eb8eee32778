/**
 * Plans the edits for the TrafficSplits of one document: the apiVersion's version part and
 * each weight scalar that must change, nothing else. An object with any problem gets no
 * edits at all (never half a conversion) and an error finding at the offending scalar.
 */
import { type ConvertOptions, type Edit, type Finding } from '../model.js';
import type { SplitView } from './view.js';
import { type Scale } from './weights.js';
export interface Plan {
    edits: Edit[];
    findings: Finding[];
}
export declare function planSplits(splits: readonly SplitView[], opts: Pick<ConvertOptions, 'to' | 'scaleFloor'>): Plan;
/** The factor other documents impose on this object's weights (kustomize trees). */
export declare function floorFor(floors: ConvertOptions['scaleFloor'], name: string | undefined): Scale;
