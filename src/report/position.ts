/**
 * Offsets to `line:column` for findings produced outside the segment pipeline (kustomization
 * files, JSON 6902 patch files), which are small and read whole.
 */
import type { Finding } from '../model.js'

export function locateFindings(findings: readonly Finding[], text: string, path: string): Finding[] {
  return findings.map((f) => {
    const offset = Math.max(0, Math.min(f.offset, text.length))
    const before = text.slice(0, offset)
    const lineStart = before.lastIndexOf('\n') + 1
    return { ...f, path, line: before.split('\n').length, column: offset - lineStart + 1 }
  })
}
