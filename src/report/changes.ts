/**
 * The changed lines of a file, from the edits the run made to it. A conversion knows every
 * byte range it replaces, so no search over the whole file is needed: each edit widens to the
 * whole lines it touches (a block), blocks that will share a hunk join, and inside a block the
 * old and new lines are compared. Lines equal at a block's start or end are context; a middle
 * with lines on both sides and more than one on either (a key moved or wrapped, a document
 * replaced, a route written in place of a split) is compared line by line with the `diff`
 * package, so a rewritten object shows only the lines that differ.
 *
 * Lines are `latin1` strings: one character per byte, so any byte (a Latin-1 comment, a CR,
 * a BOM) is kept as it was and compared as a byte.
 */
import { diffArrays } from 'diff'
import type { ByteEdit } from '../model.js'

/** One change: `oldCount` lines of the old text at line `old` became `added` at line `new` of the new text (0-based). */
export interface LineChange {
  old: number
  oldCount: number
  new: number
  added: string[]
}

/** The old text's lines: where each starts, and the text itself (`latin1`). */
export class OldLines {
  readonly starts: number[] = [0]
  constructor(readonly bytes: Buffer) {
    for (let nl = bytes.indexOf(10); nl >= 0 && nl + 1 < bytes.length; nl = bytes.indexOf(10, nl + 1)) this.starts.push(nl + 1)
    if (bytes.length === 0) this.starts.length = 0
  }

  get count(): number {
    return this.starts.length
  }

  /** Line `i` with its line end, as `latin1`. */
  line(i: number): string {
    return this.bytes.toString('latin1', this.starts[i], this.end(i))
  }

  /** Where line `i` ends (after its `\n`, or at the end of the text). */
  end(i: number): number {
    return i + 1 < this.starts.length ? this.starts[i + 1]! : this.bytes.length
  }
}

/** Edits whose lines meet or are near: old lines `[first, last]` and the edits in them. */
interface Block {
  first: number
  last: number
  edits: ByteEdit[]
}

/**
 * The changes `edits` (sorted by start, not overlapping) make to `old`, in order. Each
 * change's `new` counts the lines the changes before it added and removed.
 */
export function lineChanges(old: OldLines, edits: readonly ByteEdit[], near = 6): LineChange[] {
  const out: LineChange[] = []
  let shift = 0 // new line index minus old line index, past the blocks so far
  for (const block of blocks(old, edits, near)) {
    const before = linesOf(old.bytes.toString('latin1', old.starts[block.first] ?? old.bytes.length, old.end(block.last)))
    const after = linesOf(newText(old, block))
    for (const c of blockChanges(before, after)) {
      const change = { old: block.first + c.old, oldCount: c.oldCount, new: block.first + shift + c.new, added: c.added }
      // Blocks on lines next to each other: one change (all its old lines, then all its new ones).
      const prev = out[out.length - 1]
      if (prev && prev.old + prev.oldCount === change.old && prev.new + prev.added.length === change.new) {
        prev.oldCount += change.oldCount
        prev.added.push(...change.added)
      } else out.push(change)
    }
    shift += after.length - before.length
  }
  return slideDown(out, old)
}

/**
 * A change that only adds lines, or only removes them, can stand anywhere along the equal lines
 * around it. It is moved down as far as they go, where diff(1) and git put it by default, so
 * that it meets a change below it in one hunk where it can (a route written after a split, then
 * the `---` of the next document). Changes that then meet become one.
 */
function slideDown(changes: LineChange[], old: OldLines): LineChange[] {
  const out: LineChange[] = []
  for (const [k, c] of changes.entries()) {
    const limit = changes[k + 1]?.old ?? old.count
    if (c.oldCount === 0)
      while (c.old < limit && old.line(c.old) === c.added[0]) {
        c.added.push(c.added.shift()!)
        c.old++
        c.new++
      }
    else if (c.added.length === 0)
      while (c.old + c.oldCount < limit && old.line(c.old) === old.line(c.old + c.oldCount)) {
        c.old++
        c.new++
      }
    const prev = out[out.length - 1]
    if (prev && prev.old + prev.oldCount === c.old && prev.new + prev.added.length === c.new) {
      prev.oldCount += c.oldCount
      prev.added.push(...c.added)
    } else out.push(c)
  }
  return out
}

/**
 * The edits grouped by the old lines they touch. An edit touches the lines from the one it
 * starts in to the one its end is in; an edit that ends at a line start touches that line
 * too (what it writes may run into it), which then shows as context. Edits whose lines are at
 * most `near` lines apart share a block (they will share a hunk): compared together, a line one
 * of them removes can match a line another writes (two splits replaced by routes side by side).
 */
function blocks(old: OldLines, edits: readonly ByteEdit[], near: number): Block[] {
  const out: Block[] = []
  let line = 0
  const lineOf = (at: number) => {
    // Edits come sorted: the line only moves forward.
    while (line + 1 < old.count && old.starts[line + 1]! <= at) line++
    return line
  }
  for (const e of edits) {
    const first = lineOf(e.start)
    const last = Math.max(first, lineOf(e.end))
    const prev = out[out.length - 1]
    if (prev && first <= prev.last + near + 1) {
      prev.last = Math.max(prev.last, last)
      prev.edits.push(e)
    } else out.push({ first, last, edits: [e] })
  }
  return out
}

/** The block's lines as the edits leave them. */
function newText(old: OldLines, b: Block): string {
  let pos = old.starts[b.first] ?? old.bytes.length
  let text = ''
  for (const e of b.edits) {
    text += old.bytes.toString('latin1', pos, e.start) + e.bytes.toString('latin1')
    pos = e.end
  }
  return text + old.bytes.toString('latin1', pos, old.end(b.last))
}

/** Lines with their line ends; a last line without one is a line too. */
function linesOf(text: string): string[] {
  const lines: string[] = []
  let pos = 0
  for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', pos)) {
    lines.push(text.slice(pos, nl + 1))
    pos = nl + 1
  }
  if (pos < text.length) lines.push(text.slice(pos))
  return lines
}

/**
 * Past this many lines on each side of a block's middle, its lines are shown removed and
 * added as they are: comparing them costs up to the product of the two counts.
 */
const MAX_COMPARED = 5000

/** The changes between a block's old and new lines (indices within the block). */
function blockChanges(a: readonly string[], b: readonly string[]): LineChange[] {
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) head++
  let tail = 0
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++
  const oldMid = a.slice(head, a.length - tail)
  const newMid = b.slice(head, b.length - tail)
  if (oldMid.length === 0 && newMid.length === 0) return []
  // One line each side (they differ, or the ends would have taken them), or one side empty: one change.
  const single = oldMid.length === 0 || newMid.length === 0 || (oldMid.length === 1 && newMid.length === 1)
  if (single || oldMid.length + newMid.length > MAX_COMPARED) return [{ old: head, oldCount: oldMid.length, new: head, added: newMid }]
  const paired = pairedChanges(oldMid, newMid, head)
  if (paired) return paired
  const out: LineChange[] = []
  let i = head
  let j = head
  let open: LineChange | undefined
  for (const part of diffArrays(oldMid, newMid)) {
    const n = part.count ?? part.value.length
    if (!part.added && !part.removed) {
      open = undefined
      i += n
      j += n
      continue
    }
    if (!open) out.push((open = { old: i, oldCount: 0, new: j, added: [] }))
    if (part.removed) {
      open.oldCount += n
      i += n
    } else {
      open.added.push(...part.value)
      j += n
    }
  }
  return out
}

/**
 * The changes of two middles of one length whose lines can only match where they stand: the
 * lines edited in place (a weight, an apiVersion), the common case, without the comparison.
 * When no line of one side equals a line of the other at another position, every common
 * subsequence pairs line k with line k, so the lines left unchanged in place are a longest
 * one and the result is as small as the comparison's; otherwise undefined.
 */
function pairedChanges(a: readonly string[], b: readonly string[], head: number): LineChange[] | undefined {
  if (a.length !== b.length) return undefined
  // Each line of `a` at its one position, or -1 when it stands at more than one (then it stands elsewhere than any j).
  const at = new Map<string, number>()
  for (const [i, line] of a.entries()) at.set(line, at.has(line) ? -1 : i)
  for (const [j, line] of b.entries()) {
    const i = at.get(line)
    if (i !== undefined && i !== j) return undefined
  }
  const out: LineChange[] = []
  let open: LineChange | undefined
  for (let k = 0; k < a.length; k++) {
    if (a[k] === b[k]) {
      open = undefined
      continue
    }
    if (!open) out.push((open = { old: head + k, oldCount: 0, new: head + k, added: [] }))
    open.oldCount++
    open.added.push(b[k]!)
  }
  return out
}
