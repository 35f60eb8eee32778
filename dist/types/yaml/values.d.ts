export interface ValueAt {
    line: number;
    column: number;
    /** The scalar as written. */
    raw: string;
    /** What `{{ .Values.a.b }}` prints, when that is certain; see `renderedValue`. */
    rendered?: string;
}
export declare function findValue(text: string, path: readonly string[]): ValueAt | undefined;
/**
 * What Helm prints for a values.yaml scalar: a string as it is; a number through JSON, so a
 * float64 printed by Go's %v (`250`, `0.25`, `1e+06` for 1000000). Undefined for values whose
 * rendering is not certain here (null, booleans, octal, hex, sexagesimal, underscores).
 */
export declare function renderedValue(value: string, plain: boolean): string | undefined;
/**
 * Go's `fmt.Sprint(float64)` (text/template prints values with it): the shortest digits that
 * read back exactly, in `%e` form (`1e+06`, `1.5e-05`) when the exponent is < -4 or >= 6.
 */
export declare function goFloat(x: number): string;
