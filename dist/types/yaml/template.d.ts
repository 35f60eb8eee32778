/**
 * Helm chart sources: `templates/*.yaml` are Go templates, not YAML. To read the YAML
 * structure around the template actions, every `{{ ... }}` is masked with a placeholder of
 * exactly its length, so every offset into the masked text is an offset into the source:
 *
 * - an action alone on its line (`{{- if .Values.canary }}`, `{{- include "x" . | nindent 4 }}`)
 *   becomes a comment (`#` and spaces), so the line vanishes from the structure;
 * - an action inside a line (`name: {{ .Release.Name }}-web`) becomes a plain-scalar run of
 *   `x`, so the value stays a value. When such an action runs on over more lines
 *   (`labels: {{ include "x" .` + `    | nindent 4 }}`), only its first line holds `x`: the
 *   rest of it becomes spaces, so its continuation lines vanish from the structure;
 * - a `{{ define "name" }} ... {{ end }}` block renders nothing where it stands (its text is
 *   rendered where it is included), so the whole block becomes a comment. Its body is kept
 *   in `defines` for a look of its own (a TrafficSplit held in a named template is reported).
 *
 * The actions are kept with their ranges: anything planned over an action's bytes (a
 * templated weight or apiVersion) is reported instead of converted, and no edit ever
 * touches an action.
 */
export interface Action {
    start: number;
    end: number;
    /** Alone on its line(s): masked as a comment. */
    standalone: boolean;
    /** Produces text (not `if`/`else`/`end`/`range`/`with`/`define`/a comment/an assignment). */
    output: boolean;
    /** For a plain `{{ .Values.a.b }}` action: `['a', 'b']`. */
    valuesPath?: string[];
    /** Inside a `define` block: renders only where the block is included. */
    inDefine?: boolean;
}
/** A `{{ define "name" }} ... {{ end }}` block; `end` is the text's end when the block is not closed in it. */
export interface Define {
    name: string;
    start: number;
    end: number;
    /** Where the body starts (after the `define` action). */
    bodyStart: number;
}
export interface Masked {
    text: string;
    actions: Action[];
    defines: Define[];
}
/** Masks the template actions of `text`; undefined when it has none. */
export declare function maskTemplate(text: string): Masked | undefined;
/** The first action that overlaps [start, end), if any. */
export declare function actionWithin(actions: readonly Action[], start: number, end: number): Action | undefined;
