/** The file names kustomize reads as a kustomization (no YAML needed to tell). */
export const KUSTOMIZATION_NAMES = new Set(['kustomization.yaml', 'kustomization.yml', 'Kustomization'])

export function isKustomizationFile(file: string): boolean {
  const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'))
  return KUSTOMIZATION_NAMES.has(file.slice(slash + 1))
}
