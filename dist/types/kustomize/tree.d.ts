import type { Target } from '../model.js';
import { type Scale } from '../convert/weights.js';
import { type Kustomization } from './kustomization.js';
export type Floors = Map<string, Scale>;
export interface TreePlan {
    kustomizations: Map<string, Kustomization>;
    /** JSON 6902 patch files that write TrafficSplit weights: file -> target name (`*`: any). All keys are real paths. */
    opFiles: Map<string, string>;
    /** Per file of a tree: the factors of its tree. */
    floors: Map<string, Floors>;
    /** Per file of a tree: the tree's id (an error anywhere in a tree stops all its writes). */
    tree: Map<string, number>;
}
/**
 * Plans the trees of `kustomizations` (those among the run's files, and those of the
 * repository, so that a pre-commit batch holding only a base still sees the overlays that
 * patch it). Trees are followed on disk through their references; files outside the run are
 * read to compute the factors, never written.
 */
export declare function planTrees(kustomizations: readonly string[], read: (file: string) => string | undefined, to: Target, focus?: ReadonlySet<string>): TreePlan;
