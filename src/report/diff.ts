/**
 * Unified diffs of one file's old and new text, in the form `git apply` and `patch -p1`
 * accept: `a/` and `b/` prefixes, 3 lines of context, `\ No newline at end of file` where
 * needed, line endings (CRLF included) kept inside the lines. File names are written as
 * git writes them: C-quoted when they hold a quote, a backslash, a control character or a
 * byte above 0x7f, and followed by a TAB when they hold a space (GNU patch reads a header
 * name up to a TAB, so without it a name with a space is cut short).
 *
 * The hunks are git's: the changed lines come from lines.ts (git's line diff, so a moved or
 * wrapped key shows as the lines git shows, not as a rewrite of everything between the first
 * and the last change), changes at most 2×context lines apart share a hunk, and a hunk header
 * leaves out a count of 1, as `git diff -U3` writes them (test/diff-git.test.ts holds the two
 * side by side).
 */
import { type LineChange, lineChanges } from './lines.js'

export function unifiedDiff(path: string, before: string, after: string, context = 3): string {
  if (before === after) return ''
  const a = splitLines(before)
  const b = splitLines(after)
  const tab = path.includes(' ') ? '\t' : ''
  let out = `--- ${gitQuote(`a/${path}`)}${tab}\n+++ ${gitQuote(`b/${path}`)}${tab}\n`
  for (const hunk of groupHunks(lineChanges(a, b), context)) out += renderHunk(hunk, a, b, context)
  return out
}

function splitLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/)
  if (lines.length && lines[lines.length - 1] === '') lines.pop()
  return lines
}

/** Changes at most 2×context unchanged lines apart share a hunk (their contexts would touch), as git and diff(1) group them. */
function groupHunks(changes: LineChange[], context: number): LineChange[][] {
  const hunks: LineChange[][] = []
  for (const c of changes) {
    const cur = hunks[hunks.length - 1]
    const last = cur?.[cur.length - 1]
    if (cur && last && c.i1 - (last.i1 + last.chg1) <= 2 * context) cur.push(c)
    else hunks.push([c])
  }
  return hunks
}

function renderHunk(hunk: LineChange[], a: string[], b: string[], context: number): string {
  const first = hunk[0]!
  const last = hunk[hunk.length - 1]!
  const aFrom = Math.max(0, first.i1 - context)
  const bFrom = Math.max(0, first.i2 - context)
  const after = Math.min(context, a.length - (last.i1 + last.chg1), b.length - (last.i2 + last.chg2))
  const aTo = last.i1 + last.chg1 + after
  const bTo = last.i2 + last.chg2 + after
  let body = ''
  let pos = aFrom
  for (const c of hunk) {
    for (; pos < c.i1; pos++) body += line(' ', a[pos]!)
    for (let i = c.i1; i < c.i1 + c.chg1; i++) body += line('-', a[i]!)
    for (let i = c.i2; i < c.i2 + c.chg2; i++) body += line('+', b[i]!)
    pos = c.i1 + c.chg1
  }
  for (; pos < aTo; pos++) body += line(' ', a[pos]!)
  return `@@ -${range(aFrom, aTo - aFrom)} +${range(bFrom, bTo - bFrom)} @@\n${body}`
}

function range(start: number, count: number): string {
  // diff(1) numbers an empty range by the line before it, and leaves out a count of 1.
  const from = count === 0 ? start : start + 1
  return count === 1 ? `${from}` : `${from},${count}`
}

function line(mark: string, text: string): string {
  return text.endsWith('\n') ? mark + text : `${mark}${text}\n\\ No newline at end of file\n`
}

const C_ESCAPES: Record<number, string> = {
  7: '\\a',
  8: '\\b',
  9: '\\t',
  10: '\\n',
  11: '\\v',
  12: '\\f',
  13: '\\r',
  34: '\\"',
  92: '\\\\',
}

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
