/**
 * Offsets to `line:column` for findings produced outside the segment pipeline (kustomization
 * files, JSON 6902 patch files), which are small and read whole.
 */
import type { Finding } from '../model.js';
export declare function locateFindings(findings: readonly Finding[], text: string, path: string): Finding[];
