/**
 * Which TrafficSplits of a Helm template cannot be converted statically, and why. Such an
 * object is reported (a pending warning at the action, `--check` exits 1) and left exactly
 * as it is: converting its literal parts alone would render a v1alpha2 object with quantity
 * weights, or weights on two different scales.
 */
import { type YAMLMap } from 'yaml';
import { type Target } from '../model.js';
import type { SplitView } from '../convert/view.js';
import { type Action, type Define } from './template.js';
export interface Templated {
    action: Action;
    /** What is templated, for the message: "backend 2 weight", "apiVersion", "kind", "spec". */
    what: string;
    /** For a weight: the scalar the action is part of (its prefix and suffix render around the value). */
    scalar?: {
        start: number;
        end: number;
        quoted: boolean;
    };
}
/** The apiVersion of a `kind: TrafficSplit` object, when a template action writes (part of) it. */
export declare function templatedApiVersion(map: YAMLMap, actions: readonly Action[]): Templated | undefined;
/**
 * A templated kind (`kind: {{ .Values.kind }}`) next to an SMI split apiVersion older than
 * `to` (or itself templated): the object may render as a TrafficSplit.
 */
export declare function templatedKind(map: YAMLMap, actions: readonly Action[], original: string, to: Target | undefined): Templated | undefined;
/** Whether an SMI split version (as written) may need converting to `to`. An unknown one may. */
export declare function olderThan(version: string, to: Target | undefined): boolean;
/**
 * A weight written by an action (`weight: {{ .Values.w }}`), or content that an action
 * generates inside the object outside `metadata` (`{{- toYaml .Values.backends | nindent 4 }}`,
 * `backends: {{ toYaml .Values.b | nindent 4 }}`), whose weights we cannot see. Conditionals
 * (`{{- if }}` around a backend) are fine: every literal weight is converted with one common
 * factor, so any subset a render picks keeps its ratios.
 *
 * `masked` is the masked text the map was parsed from; `root` says the map is the
 * document's root (not an item of a List), so every action of the document is inside it.
 */
export declare function templatedSplit(map: YAMLMap, split: SplitView, actions: readonly Action[], source: {
    masked: string;
    original: string;
}, root: boolean): Templated[];
/** A TrafficSplit held in a `define` block: where its kind is written. */
export interface DefinedSplit {
    offset: number;
    define: Define;
    /** The split apiVersion written in the block, if any. */
    apiVersion?: string;
}
/**
 * The TrafficSplits written inside `define` blocks: a named template renders where it is
 * included, possibly indented into other structure, so it is reported, never converted. A
 * block whose split apiVersions are all literal and not older than `to` is done.
 */
export declare function definedSplits(original: string, defines: readonly Define[], to: Target | undefined): DefinedSplit[];
