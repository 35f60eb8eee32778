/**
 * The version chain. One step per hop, composed in order: v1alpha1 → v1alpha2 turns the
 * quantity weights into integers, the later hops only rename the apiVersion (their schemas
 * differ only by the optional `spec.matches`, which the older versions never had).
 */
import { type Target, type Version } from '../model.js';
export interface Step {
    from: Version;
    to: Version;
    /** Whether this hop rewrites the weights (quantity → integer). */
    convertsWeights: boolean;
}
export declare const STEPS: readonly Step[];
/** The steps from `from` up to `to`; empty when `from` is already `to` or newer. */
export declare function stepsBetween(from: Version, to: Target): Step[];
export declare function isNewer(version: Version, than: Target): boolean;
