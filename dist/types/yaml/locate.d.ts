/**
 * Finds SMI TrafficSplit objects in a parsed document and reads them into views.
 *
 * A TrafficSplit is recognised by its apiVersion group (exactly `split.smi-spec.io`) and its
 * kind, at the top level or as an item of a `kind: List` / `*List` document. Everything the
 * planner needs is copied out as plain source ranges; nothing here edits or re-serialises.
 */
import { type Document, type Scalar } from 'yaml';
import { type ConvertOptions, type Edit, type Finding, type Target } from '../model.js';
import type { ScalarRef, SplitView } from '../convert/view.js';
import { type Action } from './template.js';
export interface Located {
    splits: SplitView[];
    notices: Finding[];
    /** Server-field removals for a List wrapper, applied if any of its items is converted. */
    listStrip?: Edit[];
}
/** Reads every TrafficSplit of `doc`; `text` is the source the document was parsed from. */
/** A masked Helm template: its actions, and the original text for messages. */
export interface TemplateSource {
    actions: readonly Action[];
    original: string;
    /** The target version: a templated kind next to an older split apiVersion is reported. */
    to?: Target;
}
export declare function locateSplits(doc: Document.Parsed, text: string, opts?: Pick<ConvertOptions, 'stripServerFields'> & {
    to?: Target;
}, template?: TemplateSource): Located;
/** A weight's text around its action, `m` in `{{ .Values.w }}m`: it renders next to the value. */
export interface ValuesAffix {
    prefix: string;
    suffix: string;
    /** Another action is part of the scalar: what it renders is not known here. */
    more: boolean;
}
export declare function scalarRef(node: Scalar, text: string): ScalarRef;
