/**
 * Which TrafficSplits of a Helm template cannot be converted statically, and why. Such an
 * object is reported (a warning at the action, `--check` exits 1) and left exactly as it is:
 * converting its literal parts alone would render a v1alpha2 object with quantity weights,
 * or weights on two different scales.
 */
import { type YAMLMap } from 'yaml';
import type { SplitView } from '../convert/view.js';
import { type Action } from './template.js';
export interface Templated {
    action: Action;
    /** What is templated, for the message: "backend 2 weight", "apiVersion", "spec". */
    what: string;
}
/** The apiVersion of a `kind: TrafficSplit` object, when a template action writes (part of) it. */
export declare function templatedApiVersion(map: YAMLMap, actions: readonly Action[]): Templated | undefined;
/**
 * A weight written by an action (`weight: {{ .Values.w }}`), or spec content that an action
 * outside `metadata` generates (`{{- toYaml .Values.backends | nindent 4 }}`), whose weights
 * we cannot see. Conditionals (`{{- if }}` around a backend) are fine: every literal weight
 * is converted with one common factor, so any subset a render picks keeps its ratios.
 */
export declare function templatedSplit(map: YAMLMap, split: SplitView, actions: readonly Action[]): Templated[];
