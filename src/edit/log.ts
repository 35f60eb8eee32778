import type { Edit } from '../model.js'

/**
 * Edits made one after another on a text, each found in the text as the ones before left it
 * (a chart's values.yaml, written template by template), kept as edits of the original text:
 * what file mode writes and patches. A later edit that meets an earlier one is merged with it.
 */
export class EditLog {
  /** The text with every edit made. */
  text: string
  private readonly made: Edit[] = []

  constructor(readonly original: string) {
    this.text = original
  }

  /** The edits of the original text, sorted, not overlapping. */
  get edits(): readonly Edit[] {
    return this.made
  }

  /** Replaces `[start, end)` of the current text by `text`. */
  replace(start: number, end: number, text: string): void {
    // Walk the earlier edits in the current text's offsets: `shift` is current minus original.
    let shift = 0
    let first = 0
    while (first < this.made.length && this.currentEnd(this.made[first]!, shift) < start) shift += growth(this.made[first++]!)
    let last = first
    let from = start
    let to = end
    let endShift = shift
    // The earlier edits this one meets (touching counts): merged into one.
    while (last < this.made.length && this.made[last]!.start + endShift <= end) {
      const m = this.made[last]!
      from = Math.min(from, m.start + endShift)
      to = Math.max(to, this.currentEnd(m, endShift))
      endShift += growth(m)
      last++
    }
    const merged: Edit = {
      start: first < last ? Math.min(this.made[first]!.start, start - shift) : start - shift,
      end: first < last ? Math.max(this.made[last - 1]!.end, end - endShift) : end - shift,
      text: this.text.slice(from, start) + text + this.text.slice(end, to),
    }
    this.made.splice(first, last - first, merged)
    this.text = this.text.slice(0, start) + text + this.text.slice(end)
  }

  private currentEnd(m: Edit, shift: number): number {
    return m.start + shift + m.text.length
  }
}

/** How much longer an edit makes the text. */
function growth(e: Edit): number {
  return e.text.length - (e.end - e.start)
}
