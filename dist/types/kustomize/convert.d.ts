/**
 * Converts the kustomize-specific files of a tree:
 * - a kustomization's patch targets that select TrafficSplit by `group: split.smi-spec.io`
 *   and an older `version` move to the new version (or the patches would stop matching);
 * - its inline patches (`patch: |-`): JSON 6902 weights, or strategic-merge TrafficSplits;
 * - JSON 6902 patch files that write TrafficSplit weights.
 * All weights use the tree's factor for the object they patch (see tree.ts).
 */
import type { ConvertOptions, Edit, Finding } from '../model.js';
import type { Kustomization } from './kustomization.js';
import type { Floors } from './tree.js';
export interface FileConversion {
    edits: Edit[];
    findings: Finding[];
}
export declare function convertKustomization(k: Kustomization, opts: ConvertOptions, floors: Floors): FileConversion;
export declare function convertOpFile(text: string, target: string, floors: Floors): FileConversion;
