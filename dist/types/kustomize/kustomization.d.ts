import { type Document, type Scalar } from 'yaml';
export { KUSTOMIZATION_NAMES } from './names.js';
export interface PatchTarget {
    name?: string;
    group?: Scalar;
    version?: Scalar;
    kind?: string;
}
export interface PatchEntry {
    /** The entry's list: `patches` (SMP or JSON 6902, told by content), `patchesJson6902`, `patchesStrategicMerge`. */
    field: 'patches' | 'patchesJson6902' | 'patchesStrategicMerge';
    /** A patch file, absolute. */
    file?: string;
    /** An inline patch (`patch: |-` or a patchesStrategicMerge string). */
    inline?: Scalar;
    target?: PatchTarget;
}
export interface Kustomization {
    file: string;
    text: string;
    doc: Document.Parsed;
    /** Files and directories it names, absolute; remote URLs are left out. */
    references: string[];
    patches: PatchEntry[];
}
export declare function readKustomization(file: string, text: string): Kustomization | undefined;
/** Whether a patch target can select an SMI TrafficSplit (a missing field selects anything). */
export declare function targetsTrafficSplit(t: PatchTarget | undefined): boolean;
