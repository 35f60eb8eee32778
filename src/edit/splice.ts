import type { Edit } from '../model.js'

/**
 * Applies non-overlapping edits to `text`. With no edits the very same string comes back,
 * so untouched input is byte-identical by construction. Overlapping edits are a planner
 * bug and throw rather than corrupt the output.
 */
export function splice(text: string, edits: readonly Edit[]): string {
  if (edits.length === 0) return text
  const sorted = [...edits].sort((a, b) => a.start - b.start)
  let out = ''
  let pos = 0
  for (const e of sorted) {
    if (e.start < pos || e.end < e.start || e.end > text.length) {
      throw new Error(`internal error: overlapping or out-of-range edit at ${e.start}`)
    }
    out += text.slice(pos, e.start) + e.text
    pos = e.end
  }
  return out + text.slice(pos)
}
