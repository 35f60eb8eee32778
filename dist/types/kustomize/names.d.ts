/** The file names kustomize reads as a kustomization (no YAML needed to tell). */
export declare const KUSTOMIZATION_NAMES: Set<string>;
export declare function isKustomizationFile(file: string): boolean;
