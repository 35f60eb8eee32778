/**
 * Unified diffs of one file's old and new text, in the form `git apply` and `patch -p1`
 * accept: `a/` and `b/` prefixes, 3 lines of context, `\ No newline at end of file` where
 * needed, line endings (CRLF included) kept inside the lines. File names are written as
 * git writes them: C-quoted when they hold a quote, a backslash, a control character or a
 * byte above 0x7f, and followed by a TAB when they hold a space (GNU patch reads a header
 * name up to a TAB, so without it a name with a space is cut short).
 *
 * Our edits replace scalars inside lines, so the line count almost always stays the same
 * and the changed lines are simply the lines that differ: an exact, linear-time diff with
 * no LCS search. When an edit did change the line count, the block between the common
 * prefix and the common suffix becomes one change, which is still a correct patch.
 */

interface Change {
  /** Half-open line ranges [aStart, aEnd) in the old text and [bStart, bEnd) in the new. */
  aStart: number
  aEnd: number
  bStart: number
  bEnd: number
}

export function unifiedDiff(path: string, before: string, after: string, context = 3): string {
  if (before === after) return ''
  const a = splitLines(before)
  const b = splitLines(after)
  const changes = a.length === b.length ? changedLines(a, b) : [middleBlock(a, b)]
  const tab = path.includes(' ') ? '\t' : ''
  let out = `--- ${gitQuote(`a/${path}`)}${tab}\n+++ ${gitQuote(`b/${path}`)}${tab}\n`
  for (const hunk of groupHunks(changes, context)) out += renderHunk(hunk, a, b, context)
  return out
}

function splitLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/)
  if (lines.length && lines[lines.length - 1] === '') lines.pop()
  return lines
}

function changedLines(a: string[], b: string[]): Change[] {
  const out: Change[] = []
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue
    const last = out[out.length - 1]
    if (last && last.aEnd === i) {
      last.aEnd = i + 1
      last.bEnd = i + 1
    } else out.push({ aStart: i, aEnd: i + 1, bStart: i, bEnd: i + 1 })
  }
  return out
}

function middleBlock(a: string[], b: string[]): Change {
  let p = 0
  while (p < a.length && p < b.length && a[p] === b[p]) p++
  let s = 0
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++
  return { aStart: p, aEnd: a.length - s, bStart: p, bEnd: b.length - s }
}

/** Changes closer than 2×context lines share a hunk, as diff(1) does. */
function groupHunks(changes: Change[], context: number): Change[][] {
  const hunks: Change[][] = []
  for (const c of changes) {
    const cur = hunks[hunks.length - 1]
    if (cur && c.aStart - cur[cur.length - 1]!.aEnd <= 2 * context) cur.push(c)
    else hunks.push([c])
  }
  return hunks
}

function renderHunk(hunk: Change[], a: string[], b: string[], context: number): string {
  const first = hunk[0]!
  const last = hunk[hunk.length - 1]!
  const aFrom = Math.max(0, first.aStart - context)
  const aTo = Math.min(a.length, last.aEnd + context)
  const bFrom = first.bStart - (first.aStart - aFrom)
  const bTo = last.bEnd + (aTo - last.aEnd)
  let body = ''
  let pos = aFrom
  for (const c of hunk) {
    for (; pos < c.aStart; pos++) body += line(' ', a[pos]!)
    for (let i = c.aStart; i < c.aEnd; i++) body += line('-', a[i]!)
    for (let i = c.bStart; i < c.bEnd; i++) body += line('+', b[i]!)
    pos = c.aEnd
  }
  for (; pos < aTo; pos++) body += line(' ', a[pos]!)
  return `@@ -${range(aFrom, aTo - aFrom)} +${range(bFrom, bTo - bFrom)} @@\n${body}`
}

function range(start: number, count: number): string {
  // diff(1) numbers an empty range by the line before it.
  return `${count === 0 ? start : start + 1},${count}`
}

function line(mark: string, text: string): string {
  return text.endsWith('\n') ? mark + text : `${mark}${text}\n\\ No newline at end of file\n`
}

const C_ESCAPES: Record<number, string> = { 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r', 34: '\\"', 92: '\\\\' }

/** A path as git's quote_c_style writes it (core.quotePath on, git's default). */
export function gitQuote(name: string): string {
  const bytes = Buffer.from(name, 'utf8')
  if (!bytes.some((b) => b < 0x20 || b >= 0x7f || b === 34 || b === 92)) return name
  let out = '"'
  for (const b of bytes) {
    if (C_ESCAPES[b]) out += C_ESCAPES[b]
    else if (b < 0x20 || b >= 0x7f) out += '\\' + b.toString(8).padStart(3, '0')
    else out += String.fromCharCode(b)
  }
  return out + '"'
}
