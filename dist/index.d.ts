/**
 * Plain records shared by the pipeline stages. No logic lives here.
 */
/** The TrafficSplit versions, oldest first. */
declare const VERSIONS: readonly ["v1alpha1", "v1alpha2", "v1alpha3", "v1alpha4"];
type Version = (typeof VERSIONS)[number];
/** The versions `--to` accepts: every version with integer weights. */
declare const TARGETS: readonly ["v1alpha2", "v1alpha3", "v1alpha4"];
type Target = (typeof TARGETS)[number];
type Severity = 'error' | 'warning' | 'info';
/**
 * One thing the run has to say about an input: a conversion (info), something left alone
 * that a person should look at (warning), or something that stops a file from being
 * written (error). `offset` is where it points, in the same text as the edits.
 */
interface Finding {
    severity: Severity;
    code: FindingCode;
    message: string;
    offset: number;
    /** Filled in by the stage that knows them. */
    path?: string;
    line?: number;
    column?: number;
    /** For findings about one TrafficSplit object. */
    object?: ObjectRef;
    from?: string;
    to?: string;
    weightsBefore?: string[];
    weightsAfter?: string[];
    /** For a weight written by `{{ .Values.a.b }}`: `['a', 'b']` (the CLI names the values.yaml line). */
    valuesPath?: string[];
    /** The text around that action in the scalar (`m` in `{{ .Values.w }}m`), for the rendered value in the hint. */
    valuesAffix?: ValuesAffix;
    /**
     * Set on a warning that leaves an SMI object older than `--to` (or with non-integer weights)
     * for a person to fix: templated fields, a near-miss group, a missing apiVersion, a
     * kustomize tree held back. `--check`, `--diff` and `--write` exit 1 when any finding is pending.
     */
    pending?: boolean;
}
type FindingCode = 'converted' | 'repaired' | 'patch-converted' | 'newer-than-target' | 'no-api-version' | 'near-miss-group' | 'unknown-version' | 'templated' | 'invalid-weight' | 'invalid-structure' | 'invalid-yaml' | 'unsupported-alias' | 'not-utf8' | 'binary' | 'io' | 'not-written' | 'same-tree';
/** A weight's text around its action, `m` in `{{ .Values.w }}m`: it renders next to the value. */
interface ValuesAffix {
    prefix: string;
    suffix: string;
    /** Another action is part of the scalar: what it renders is not known here. */
    more: boolean;
}
interface ObjectRef {
    kind: string;
    namespace?: string;
    name?: string;
}
interface MigrateOptions {
    /** The apiVersion to move TrafficSplits to. Default `v1alpha2`. */
    to?: Target;
    /**
     * Remove what the API server owns from converted objects (and from a List wrapper holding
     * them): metadata.creationTimestamp, generation, resourceVersion, selfLink, uid,
     * managedFields, the last-applied-configuration annotation, and status.
     */
    stripServerFields?: boolean;
}

/**
 * Exact parsing of Kubernetes `resource.Quantity` strings.
 *
 * Grammar (k8s.io/apimachinery pkg/api/resource/quantity.go, plus the `n` and `u`
 * suffixes that suffix.go accepts although the doc comment omits them):
 *
 *   <quantity>     ::= <sign>? <number> <suffix>
 *   <number>       ::= <digits> | <digits>.<digits> | <digits>. | .<digits>
 *   <suffix>       ::= Ki|Mi|Gi|Ti|Pi|Ei | n|u|m|""|k|M|G|T|P|E | (e|E)<sign>?<digits>
 *
 * Every value the grammar can express is an integer times a power of ten (binary suffixes
 * are whole multipliers), so a quantity is held as `n × 10^e` with a BigInt `n`: no
 * floating point anywhere. What ParseQuantity does beyond the grammar is reproduced or
 * refused, never guessed (apimachinery pkg/api/resource quantity.go, suffix.go):
 *
 * - A number without digits (`m`, `Ki`, `e3`, `.`, `+`, `-`) is 0 to Go: parseQuantityString
 *   returns num "0" once it has stripped the digits it found (none). It is **refused**
 *   here: a weight written as `m` is a typo, not a deliberate zero (write `0` for that).
 * - Values finer than 1n are rounded up to 1n by Go; they are returned exactly and the
 *   weight rule refuses them.
 * - A binary-suffixed value above 2^63-1 is capped at 2^63-1 by Go (`16Ei` reads as
 *   9223372036854775807): reproduced, so ratios are the ones Kubernetes computes.
 * - The exponent of `e<int>` is parsed as int64 and then truncated to int32 by Go
 *   (`1e4294967296` reads as 1): an exponent outside int64 is not a quantity, one outside
 *   int32 is refused rather than wrapped.
 */
/** An exact decimal: `sign × n × 10^e`, with `n >= 0`. */
interface Decimal {
    negative: boolean;
    n: bigint;
    e: number;
}
type QuantityResult = {
    ok: true;
    value: Decimal;
} | {
    ok: false;
    reason: string;
};
/** Parses `text` exactly as a Quantity; never rounds, never uses floating point. */
declare function parseQuantity(text: string): QuantityResult;

interface MigrateResult {
    /** The converted text; the same string when nothing changed. */
    output: string;
    changed: boolean;
    /** Conversions (info), things left alone (warning) and errors, with line and column; `offset` indexes `text`. */
    findings: Finding[];
    /** Whether any finding is an error: then nothing should be written. */
    failed: boolean;
}
/**
 * Converts every SMI TrafficSplit in a YAML/JSON stream. Never throws on bad input. The
 * edits are spliced into `text` itself, so every character outside the edited scalars
 * comes back as it was, even one UTF-8 cannot carry (a lone surrogate).
 */
declare function migrate(text: string, options?: MigrateOptions & {
    path?: string;
}): MigrateResult;

export { TARGETS, VERSIONS, migrate, parseQuantity };
export type { Decimal, Finding, FindingCode, MigrateOptions, MigrateResult, ObjectRef, QuantityResult, Severity, Target, Version };
