/**
 * Lines of a text: where the line holding an offset starts, its column, and an index for
 * many offset → line:column lookups. One place for what every stage that points at the
 * source needs.
 */

/** Where the line holding `at` starts (after the previous `\n`). */
export function lineStart(text: string, at: number): number {
  // lastIndexOf reads a negative start as 0 and would find a `\n` at offset 0 itself.
  return at <= 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1
}

/** The 0-based column of `at` in its line. */
export function columnOf(text: string, at: number): number {
  return at - lineStart(text, at)
}

/** locate() of one offset, without an index: a text with a finding or two is read up to it once. */
export function locateOnce(text: string, offset: number): { line: number; start: number } {
  let line = 0
  let start = 0
  for (let nl = text.indexOf('\n'); nl >= 0 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
    line++
    start = nl + 1
  }
  return { line, start }
}

/** The line starts of one text: `locate` finds an offset's line by binary search. */
export class LineIndex {
  private readonly starts = [0]
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1)
  }

  /** The 0-based line of `offset`, and where that line starts. */
  locate(offset: number): { line: number; start: number } {
    let lo = 0
    let hi = this.starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (this.starts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    return { line: lo, start: this.starts[lo]! }
  }
}
