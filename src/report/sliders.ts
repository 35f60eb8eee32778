/**
 * git's sliders, the step of its line diff (src/report/lines.ts) after the search: a run of
 * changed lines whose lines repeat just above or below it can be shown in several places, and
 * git picks one: level with a change of the other text where it can, else where the indent
 * heuristic (git's default since 2.14) finds the clearest edges.
 */

/**
 * A run of changed lines of one text, `[start, end)`; empty (start = end) above an unchanged
 * line. Walking the groups of both texts in step pairs each with its counterpart.
 */
interface Group {
  start: number
  end: number
}

/** Walks the groups of one text, given which of its `n` lines are changed. */
class Groups {
  constructor(
    protected readonly changed: Uint8Array,
    protected readonly n: number,
  ) {}

  first(): Group {
    const g = { start: 0, end: 0 }
    while (this.changed[g.end]) g.end++
    return g
  }

  next(g: Group): boolean {
    if (g.end === this.n) return false
    g.start = g.end + 1
    for (g.end = g.start; this.changed[g.end]; g.end++);
    return true
  }

  previous(g: Group): boolean {
    if (g.start === 0) return false
    g.end = g.start - 1
    for (g.start = g.end; g.start > 0 && this.changed[g.start - 1]; g.start--);
    return true
  }
}

/** The groups of the text being compacted, which can also be moved over equal lines. */
class SlidingGroups extends Groups {
  constructor(
    changed: Uint8Array,
    private readonly lines: readonly string[],
  ) {
    super(changed, lines.length)
  }

  /** Moves the group one line down when the line after it equals its first, merging into a group it meets. */
  slideDown(g: Group): boolean {
    if (g.end >= this.n || this.lines[g.start] !== this.lines[g.end]) return false
    this.changed[g.start++] = 0
    this.changed[g.end++] = 1
    while (this.changed[g.end]) g.end++
    return true
  }

  /** Moves the group one line up when the line before it equals its last, merging into a group it meets. */
  slideUp(g: Group): boolean {
    if (g.start === 0 || this.lines[g.start - 1] !== this.lines[g.end - 1]) return false
    this.changed[--g.start] = 1
    this.changed[--g.end] = 0
    while (g.start > 0 && this.changed[g.start - 1]) g.start--
    return true
  }
}

/** The most lines the indent heuristic slides a group (git's INDENT_HEURISTIC_MAX_SLIDING). */
const MAX_SLIDING = 100

/**
 * git's sliders: each group of changed lines in `lines` that can move (its lines repeat just
 * above or below it) is slid as far down as it goes, merging with groups it meets, then placed
 * level with a change in the other text if it can be, else where the indent heuristic scores
 * its two edges best.
 */
export function compactGroups(lines: readonly string[], changed: Uint8Array, otherChanged: Uint8Array, otherLength: number): void {
  const mine = new SlidingGroups(changed, lines)
  const other = new Groups(otherChanged, otherLength)
  const indents = new Indents(lines)
  const g = mine.first()
  const go = other.first()
  const sync = (moved: boolean) => {
    if (!moved) throw new Error('diff: the groups of the two texts went out of step')
  }
  for (;;) {
    if (g.end !== g.start) {
      let size: number
      let earliestEnd: number
      let endMatchingOther: number
      do {
        size = g.end - g.start
        endMatchingOther = -1
        while (mine.slideUp(g)) sync(other.previous(go))
        earliestEnd = g.end
        if (go.end > go.start) endMatchingOther = g.end
        while (mine.slideDown(g)) {
          sync(other.next(go))
          if (go.end > go.start) endMatchingOther = g.end
        }
      } while (size !== g.end - g.start)
      if (g.end === earliestEnd) {
        // Nothing moved: the group stays.
      } else if (endMatchingOther !== -1) {
        // Level with the lowest change of the other text it can face.
        while (go.end === go.start) {
          sync(mine.slideUp(g))
          sync(other.previous(go))
        }
      } else {
        const target = bestShift(indents, g.end, size, earliestEnd)
        while (g.end > target) {
          sync(mine.slideUp(g))
          sync(other.previous(go))
        }
      }
    }
    if (!mine.next(g)) break
    sync(other.next(go))
  }
}

/** Indentation is measured up to this many columns (git's MAX_INDENT). */
const MAX_INDENT = 200
/** Blank lines are counted up to this many around a split (MAX_BLANKS). */
const MAX_BLANKS = 20

/** Each line's indentation (TAB to the next multiple of 8; -1 for a blank line), measured once. */
class Indents {
  private readonly known: Int16Array

  constructor(private readonly lines: readonly string[]) {
    this.known = new Int16Array(lines.length).fill(-2)
  }

  get length(): number {
    return this.lines.length
  }

  of(i: number): number {
    let v = this.known[i]!
    if (v === -2) this.known[i] = v = indentOf(this.lines[i]!)
    return v
  }
}

/** git counts only space, TAB, CR and LF as white space here (its own ctype table). */
function indentOf(line: string): number {
  let ret = 0
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i)
    if (c === 0x20) ret += 1
    else if (c === 0x09) ret += 8 - (ret % 8)
    else if (c !== 0x0a && c !== 0x0d) return ret
    if (ret >= MAX_INDENT) return MAX_INDENT
  }
  return -1
}

/** What the indent heuristic looks at around a split above line `split`. */
interface SplitShape {
  endOfFile: boolean
  /** The indent of the line after the split (-1 blank). */
  indent: number
  /** Blank lines just above the split, and the indent of the first non-blank one (-1: none). */
  preBlank: number
  preIndent: number
  /** Blank lines after the line after the split, and the indent of the next non-blank one. */
  postBlank: number
  postIndent: number
}

function measureSplit(ind: Indents, split: number): SplitShape {
  const endOfFile = split >= ind.length
  const m: SplitShape = { endOfFile, indent: endOfFile ? -1 : ind.of(split), preBlank: 0, preIndent: -1, postBlank: 0, postIndent: -1 }
  for (let i = split - 1; i >= 0; i--) {
    m.preIndent = ind.of(i)
    if (m.preIndent !== -1) break
    if (++m.preBlank === MAX_BLANKS) {
      m.preIndent = 0
      break
    }
  }
  for (let i = split + 1; i < ind.length; i++) {
    m.postIndent = ind.of(i)
    if (m.postIndent !== -1) break
    if (++m.postBlank === MAX_BLANKS) {
      m.postIndent = 0
      break
    }
  }
  return m
}

/** git's weights (from its corpus study of diff sliders): larger is a worse place to split. */
const START_OF_FILE_PENALTY = 1
const END_OF_FILE_PENALTY = 21
const TOTAL_BLANK_WEIGHT = -30
const POST_BLANK_WEIGHT = 6
const RELATIVE_INDENT_PENALTY = -4
const RELATIVE_INDENT_WITH_BLANK_PENALTY = 10
const RELATIVE_OUTDENT_PENALTY = 24
const RELATIVE_OUTDENT_WITH_BLANK_PENALTY = 17
const RELATIVE_DEDENT_PENALTY = 23
const RELATIVE_DEDENT_WITH_BLANK_PENALTY = 17
const INDENT_WEIGHT = 60

interface Score {
  effectiveIndent: number
  penalty: number
}

function addSplitScore(m: SplitShape, s: Score): void {
  if (m.preIndent === -1 && m.preBlank === 0) s.penalty += START_OF_FILE_PENALTY
  if (m.endOfFile) s.penalty += END_OF_FILE_PENALTY
  const postBlank = m.indent === -1 ? 1 + m.postBlank : 0
  const totalBlank = m.preBlank + postBlank
  s.penalty += TOTAL_BLANK_WEIGHT * totalBlank + POST_BLANK_WEIGHT * postBlank
  const indent = m.indent !== -1 ? m.indent : m.postIndent
  const anyBlanks = totalBlank !== 0
  s.effectiveIndent += indent
  if (indent === -1 || m.preIndent === -1 || indent === m.preIndent) return
  if (indent > m.preIndent) s.penalty += anyBlanks ? RELATIVE_INDENT_WITH_BLANK_PENALTY : RELATIVE_INDENT_PENALTY
  else if (m.postIndent !== -1 && m.postIndent > indent)
    s.penalty += anyBlanks ? RELATIVE_OUTDENT_WITH_BLANK_PENALTY : RELATIVE_OUTDENT_PENALTY
  else s.penalty += anyBlanks ? RELATIVE_DEDENT_WITH_BLANK_PENALTY : RELATIVE_DEDENT_PENALTY
}

function compareScores(a: Score, b: Score): number {
  const indents = Math.sign(a.effectiveIndent - b.effectiveIndent)
  return INDENT_WEIGHT * indents + (a.penalty - b.penalty)
}

/**
 * Where the end of a group of `size` lines, slid down to `end`, should go: the shift whose two
 * edges score best (the lowest one on a tie), no higher than `earliestEnd` and than the
 * heuristic's reach.
 */
function bestShift(ind: Indents, end: number, size: number, earliestEnd: number): number {
  let best = -1
  let bestScore: Score = { effectiveIndent: 0, penalty: 0 }
  for (let shift = Math.max(earliestEnd, end - size - 1, end - MAX_SLIDING); shift <= end; shift++) {
    const score: Score = { effectiveIndent: 0, penalty: 0 }
    addSplitScore(measureSplit(ind, shift), score)
    addSplitScore(measureSplit(ind, shift - size), score)
    if (best === -1 || compareScores(score, bestScore) <= 0) {
      best = shift
      bestScore = score
    }
  }
  return best
}
