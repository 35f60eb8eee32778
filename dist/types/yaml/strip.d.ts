/**
 * `--strip-server-fields`: the removals that make a `kubectl get -o yaml|json` dump safe to
 * re-apply. Whole pairs are cut out of the source text (their comments and nested blocks
 * with them), a mapping left empty is removed with its key, and every other byte stays.
 *
 * Block mappings lose whole lines; flow mappings (and JSON) lose `key: value` with exactly
 * one neighbouring comma, so the result is still valid YAML, and valid JSON when it was.
 */
import { type YAMLMap } from 'yaml';
import type { Edit } from '../model.js';
/** The edits that strip one object (an item or a top-level object) of server-owned fields. */
export declare function serverFieldRemovals(obj: YAMLMap, text: string): Edit[];
