import type { Edit, Finding } from '../model.js';
import type { ScalarRef } from '../convert/view.js';
import { type Scale } from '../convert/weights.js';
import type { Decimal } from '../quantity/quantity.js';
export interface OpWeight {
    scalar: ScalarRef;
    /** Where the operation is, for messages. */
    path: string;
}
/** The weight scalars a list of JSON 6902 operations writes; undefined when `text` is not such a list. */
export declare function readOpWeights(text: string): OpWeight[] | undefined;
export interface OpsReading {
    values: Decimal[];
    findings: Finding[];
}
/** Reads the weights as v1alpha1 quantities; errors point at the bad scalar. */
export declare function readOpValues(weights: readonly OpWeight[]): OpsReading;
export declare function opsScale(weights: readonly OpWeight[]): Scale;
/** Edits that write each weight as an integer on the scale `floor` (raised if they need more). */
export declare function opEdits(weights: readonly OpWeight[], floor: Scale, target: string): {
    edits: Edit[];
    findings: Finding[];
};
