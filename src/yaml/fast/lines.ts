/**
 * The lines of a document for the fast reader (reader.ts): where each starts, its
 * indentation, where its content ends (before `\n` or `\r\n`) and where the next line
 * starts, and whether it is blank or a comment. Plain numbers in typed arrays, one pass; the
 * arrays are reused from one document to the next (the reader runs to its end before it
 * returns, and keeps nothing of them), so a stream of small documents allocates none.
 */

let capacity = 0
let starts = new Int32Array(0)
let contents = new Int32Array(0)
let ends = new Int32Array(0)
let nexts = new Int32Array(0)

/** Doubles the arrays, keeping what they hold. */
function grow(): void {
  capacity = Math.max(capacity * 2, 64)
  const bigger = (a: Int32Array) => {
    const b = new Int32Array(capacity)
    b.set(a)
    return b
  }
  starts = bigger(starts)
  contents = bigger(contents)
  ends = bigger(ends)
  nexts = bigger(nexts)
}

export class Lines {
  readonly count: number
  /** Line start offsets (the first `count` entries are this text's). */
  readonly start: Int32Array
  /** Offset of the first non-space character (content start); equals `end` for a blank line. */
  readonly content: Int32Array
  /** End of the line's content, before its line break. */
  readonly end: Int32Array
  /** Start of the next line (after the line break), or the text's length. */
  readonly next: Int32Array

  constructor(readonly text: string) {
    let i = 0
    for (let from = 0; ; i++) {
      if (i === capacity) grow()
      const nl = text.indexOf('\n', from)
      const next = nl < 0 ? text.length : nl + 1
      let end = nl < 0 ? text.length : nl
      if (end > from && text.charCodeAt(end - 1) === 13) end--
      let c = from
      while (c < end && text.charCodeAt(c) === 32) c++
      starts[i] = from
      contents[i] = c
      ends[i] = end
      nexts[i] = next
      // A line break at the very end starts no line.
      if (next >= text.length) break
      from = next
    }
    this.count = i + 1
    this.start = starts
    this.content = contents
    this.end = ends
    this.next = nexts
  }

  indent(i: number): number {
    return this.content[i]! - this.start[i]!
  }

  isBlank(i: number): boolean {
    return this.content[i] === this.end[i]
  }

  isComment(i: number): boolean {
    return this.text.charCodeAt(this.content[i]!) === 35 // '#'
  }
}
