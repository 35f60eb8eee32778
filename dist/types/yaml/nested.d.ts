/**
 * TrafficSplits nested inside another document's values: a Helm chart's values.yaml holding
 * manifests for `{{ toYaml .Values.extraDeploy }}`, a HelmRelease's `spec.values`, an
 * `extraObjects` list. They are applied when something renders them, not where they stand,
 * and the values can be overridden at install time: they are reported (a pending warning at
 * their `kind`), never converted.
 */
import { type Document, type YAMLMap } from 'yaml';
import { type Target } from '../model.js';
export interface NestedSplit {
    map: YAMLMap;
    /** Where it is, as `extraDeploy[1]` or `spec.values.objects[0]`. */
    path: string;
    /** The kind key's offset. */
    offset: number;
}
/**
 * Every mapping below the root (and below the root's `items`, which are top-level objects) with
 * `kind: TrafficSplit` and an apiVersion of the split group older than `to`. The walk keeps
 * its own stack: a deeply nested document must not exhaust the call stack here.
 */
export declare function nestedSplits(doc: Document.Parsed, to: Target): NestedSplit[];
