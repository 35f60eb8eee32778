/**
 * The kustomize half of file mode, loaded only when a kustomization file is among the files.
 */
import type { ConvertOptions } from '../model.js';
import type { TreePlan } from './tree.js';
export { planTrees } from './tree.js';
export type { TreePlan } from './tree.js';
/** Converts a kustomization or JSON 6902 patch file of a tree; undefined for any other file. */
export declare function convertTreeFile(plan: TreePlan, file: string, input: Buffer, opts: ConvertOptions, shown: string): {
    output: Buffer<ArrayBufferLike>;
    changed: boolean;
    findings: import("../model.js").Finding[];
} | undefined;
