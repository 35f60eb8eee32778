/**
 * The changed lines `git diff` finds between two texts, so that `--diff` shows the hunks a
 * reviewer sees from git itself: git's default algorithm (Myers, as git's xdiff runs it) with
 * the indent heuristic git turns on by default (since 2.14).
 *
 * Why git's algorithm over the whole text, rather than a diff of only the ranges the
 * conversion edited: git's answer inside a changed region depends on the whole file. Before
 * its search, xdiff sets aside every line of the middle (what the common prefix and suffix
 * leave) that occurs nowhere in the other file, and a line that occurs there ≥ √(its file's
 * lines) times when it sits in a run of such lines; the search gives up on a minimal answer
 * past a cost of √(lines searched), at least 256; and the sliders move a change over the
 * equal lines around it (an added `- service: web` block that repeats the one above is shown
 * above it). A diff of each edited window alone would differ from git wherever one of these
 * bites, and some conversions (a kustomize tree's files) carry no edit list. So this file
 * takes the same steps as xdiff (xprepare.c's discards, xdiffi.c's split and sliders),
 * re-implemented here, and test/diff-git.test.ts holds the result against the real git.
 *
 * It stays linear for what the conversions produce: lines outside the changed regions are
 * only compared and counted (a string comparison or a Map lookup each), a changed line that
 * does not occur in the other text (a rewritten weight, a new apiVersion) is set aside before
 * the search, and the search then walks equal sequences in one pass. Only lines that move or
 * repeat reach the O(N·D) search, bounded by git's cost limit.
 */

import { bogoSqrt, MyersSearch } from './myers.js'
import { compactGroups } from './sliders.js'

/** One change: `chg1` lines of the old text at `i1` became `chg2` lines of the new at `i2` (0-based). */
export interface LineChange {
  i1: number
  chg1: number
  i2: number
  chg2: number
}

/** The changes between `a` and `b` (lines with their line ends), in order, as `git diff` finds them. */
export function lineChanges(a: readonly string[], b: readonly string[]): LineChange[] {
  const changed1 = new Uint8Array(a.length + 1)
  const changed2 = new Uint8Array(b.length + 1)
  const middle = trimEnds(a, b)
  const { h1, h2, kept1, kept2 } = discardUnmatched(a, b, middle, changed1, changed2)
  new MyersSearch(h1, h2).run(
    (i) => {
      changed1[kept1[i]!] = 1
    },
    (i) => {
      changed2[kept2[i]!] = 1
    },
  )
  compactGroups(a, changed1, changed2, b.length)
  compactGroups(b, changed2, changed1, a.length)
  return buildScript(changed1, a.length, changed2, b.length)
}

/** The lines between the common prefix and the common suffix: `[start, end1)` of `a`, `[start, end2)` of `b`. */
interface Middle {
  start: number
  end1: number
  end2: number
}

function trimEnds(a: readonly string[], b: readonly string[]): Middle {
  const lim = Math.min(a.length, b.length)
  let start = 0
  while (start < lim && a[start] === b[start]) start++
  let tail = 0
  while (tail < lim - start && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  return { start, end1: a.length - tail, end2: b.length - tail }
}

/** Runs of lines longer than this are not scanned to judge a line that repeats (git's window). */
const SIMSCAN_WINDOW = 100
/** A repeated line is dropped when fewer than 1 in this many lines of its run have a match. */
const KPDIS_RUN = 4
/** The cap on how often a line may occur in the other file before it counts as repeated. */
const MAX_EQLIMIT = 1024

interface Searchable {
  /** Class numbers of the lines kept for the search (equal numbers: equal lines). */
  h1: Int32Array
  h2: Int32Array
  /** Where each kept line is in its text. */
  kept1: Int32Array
  kept2: Int32Array
}

/**
 * Sets aside the lines of the middle that cannot be matched: those the other text never holds,
 * and repeated ones amid such lines. They are changed whatever the search finds, and leaving
 * them out keeps the search small. Occurrences are counted over the whole other text,
 * common prefix and suffix included, as git counts them.
 */
function discardUnmatched(a: readonly string[], b: readonly string[], m: Middle, changed1: Uint8Array, changed2: Uint8Array): Searchable {
  const classes = new Map<string, number>()
  const c1 = classify(a, m.start, m.end1, classes)
  const c2 = classifyLike(b, m, a, c1, classes)
  const in1 = new Int32Array(classes.size)
  const in2 = new Int32Array(classes.size)
  // The prefix and suffix are the same lines in both texts: counted once for both.
  const countShared = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const c = classes.get(a[i]!)
      if (c !== undefined) {
        in1[c]++
        in2[c]++
      }
    }
  }
  countShared(0, m.start)
  countShared(m.end1, a.length)
  for (let i = 0; i < c1.length; i++) in1[c1[i]!]++
  for (let i = 0; i < c2.length; i++) in2[c2[i]!]++
  const [h1, kept1] = keep(c1, matchKinds(c1, in2, a.length), m.start, changed1)
  const [h2, kept2] = keep(c2, matchKinds(c2, in1, b.length), m.start, changed2)
  return { h1, h2, kept1, kept2 }
}

/** The class number of each line of `lines[from, to)`: equal lines, equal numbers (shared by both texts). */
function classify(lines: readonly string[], from: number, to: number, classes: Map<string, number>): Int32Array {
  const out = new Int32Array(to - from)
  for (let i = from; i < to; i++) out[i - from] = classOf(lines[i]!, classes)
  return out
}

/**
 * The same for the middle of `b`, taking the class of the line of `a` it faces (at the same
 * index, or as far from the end) when it is equal: most lines of a conversion stay where they
 * were, and comparing two strings is cheaper than hashing one.
 */
function classifyLike(b: readonly string[], m: Middle, a: readonly string[], c1: Int32Array, classes: Map<string, number>): Int32Array {
  const out = new Int32Array(m.end2 - m.start)
  const shift = m.end1 - m.end2
  for (let i = m.start; i < m.end2; i++) {
    const line = b[i]!
    const j = i + shift
    out[i - m.start] =
      i < m.end1 && a[i] === line
        ? c1[i - m.start]!
        : j >= m.start && j < m.end1 && a[j] === line
          ? c1[j - m.start]!
          : classOf(line, classes)
  }
  return out
}

function classOf(line: string, classes: Map<string, number>): number {
  let c = classes.get(line)
  if (c === undefined) classes.set(line, (c = classes.size))
  return c
}

/** Per line: 0 when the other text never holds it, 2 when it holds it too often (against `lines`, the line's own text), else 1. */
function matchKinds(classes: Int32Array, inOther: Int32Array, lines: number): Uint8Array {
  const limit = Math.min(bogoSqrt(lines), MAX_EQLIMIT)
  const dis = new Uint8Array(classes.length)
  for (let i = 0; i < classes.length; i++) {
    const n = inOther[classes[i]!]!
    dis[i] = n === 0 ? 0 : n >= limit ? 2 : 1
  }
  return dis
}

/** Keeps the lines with matches (the repeated ones unless a run of unmatched lines surrounds them); marks the others changed. */
function keep(classes: Int32Array, dis: Uint8Array, offset: number, changed: Uint8Array): [Int32Array, Int32Array] {
  const h = new Int32Array(classes.length)
  const at = new Int32Array(classes.length)
  let n = 0
  for (let i = 0; i < classes.length; i++) {
    if (dis[i] === 1 || (dis[i] === 2 && !amidUnmatched(dis, i))) {
      h[n] = classes[i]!
      at[n++] = offset + i
    } else changed[offset + i] = 1
  }
  return [h.subarray(0, n), at.subarray(0, n)]
}

/**
 * Whether repeated line `i` sits in a run of unmatched and repeated lines that has unmatched
 * lines on both sides and few repeated ones (git looks at most SIMSCAN_WINDOW lines each way).
 */
function amidUnmatched(dis: Uint8Array, i: number): boolean {
  const before = runAround(dis, i, -1, Math.max(0, i - SIMSCAN_WINDOW))
  if (before.unmatched === 0) return false
  const after = runAround(dis, i, 1, Math.min(dis.length - 1, i + SIMSCAN_WINDOW))
  if (after.unmatched === 0) return false
  // Each side counts the line itself once among its repeated lines, as git does.
  const repeated = before.repeated + after.repeated + 2
  return repeated * KPDIS_RUN < repeated + before.unmatched + after.unmatched
}

/** The unmatched and repeated lines next to `i` in direction `step`, up to `limit` or the first matched line. */
function runAround(dis: Uint8Array, i: number, step: 1 | -1, limit: number): { unmatched: number; repeated: number } {
  const run = { unmatched: 0, repeated: 0 }
  for (let j = i + step; step < 0 ? j >= limit : j <= limit; j += step) {
    if (dis[j] === 0) run.unmatched++
    else if (dis[j] === 2) run.repeated++
    else break
  }
  return run
}

/** The changed lines of both texts as changes, in order (a change pairs the runs that meet at the same place). */
function buildScript(changed1: Uint8Array, n1: number, changed2: Uint8Array, n2: number): LineChange[] {
  const out: LineChange[] = []
  for (let i1 = n1, i2 = n2; i1 >= 0 || i2 >= 0; i1--, i2--) {
    if (!changed1[i1 - 1] && !changed2[i2 - 1]) continue
    const l1 = i1
    const l2 = i2
    while (changed1[i1 - 1]) i1--
    while (changed2[i2 - 1]) i2--
    out.push({ i1, chg1: l1 - i1, i2, chg2: l2 - i2 })
  }
  return out.reverse()
}
