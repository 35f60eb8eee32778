/**
 * Unified diffs of one file, in the form `git apply` and `patch -p1` accept: `a/` and `b/`
 * prefixes, 3 lines of context, `\ No newline at end of file` where needed, every line with
 * its own bytes (CRLF, a BOM, a byte that is not UTF-8). File names are written as git writes
 * them: C-quoted when they hold a quote, a backslash, a control character or a byte above
 * 0x7f, and followed by a TAB when they hold a space (GNU patch reads a header name up to a
 * TAB, so without it a name with a space is cut short).
 *
 * The changed lines come from the run's own edits (changes.ts); changes at most 2×context
 * unchanged lines apart share a hunk (their contexts would touch), and a hunk header leaves out
 * a count of 1, as diff(1) and git write them.
 */
import type { ByteEdit } from '../model.js'
import { type LineChange, lineChanges, OldLines } from './changes.js'

/** The patch that turns `input` into `input` with `edits` made (byte ranges, sorted, not overlapping). */
export function unifiedDiff(path: string, input: Buffer, edits: readonly ByteEdit[], context = 3): Buffer {
  const old = new OldLines(input)
  const changes = lineChanges(old, edits, 2 * context)
  if (changes.length === 0) return Buffer.alloc(0)
  const tab = path.includes(' ') ? '\t' : ''
  let out = `--- ${gitQuote(`a/${path}`)}${tab}\n+++ ${gitQuote(`b/${path}`)}${tab}\n`
  for (const hunk of hunksOf(changes, old.count, context)) out += hunkText(hunk, old)
  // Every line is latin1 (a character per byte): the patch's bytes are the file's.
  return Buffer.from(out, 'latin1')
}

/** Old lines `[from, to)` shown together: the changes in them and their context. */
interface Hunk {
  from: number
  to: number
  /** Where `from` is in the new text. */
  newFrom: number
  changes: LineChange[]
}

/** Each change with `context` lines around it; changes whose context lines meet or touch share a hunk. */
function hunksOf(changes: readonly LineChange[], lines: number, context: number): Hunk[] {
  const hunks: Hunk[] = []
  for (const c of changes) {
    const from = Math.max(0, c.old - context)
    const to = Math.min(lines, c.old + c.oldCount + context)
    const open = hunks[hunks.length - 1]
    if (open && from <= open.to) {
      open.to = to
      open.changes.push(c)
    } else hunks.push({ from, to, newFrom: c.new - (c.old - from), changes: [c] })
  }
  return hunks
}

function hunkText(h: Hunk, old: OldLines): string {
  let body = ''
  let newLines = h.to - h.from
  let at = h.from
  for (const c of h.changes) {
    while (at < c.old) body += line(' ', old.line(at++))
    for (; at < c.old + c.oldCount; at++) body += line('-', old.line(at))
    for (const l of c.added) body += line('+', l)
    newLines += c.added.length - c.oldCount
  }
  while (at < h.to) body += line(' ', old.line(at++))
  return `@@ -${range(h.from, h.to - h.from)} +${range(h.newFrom, newLines)} @@\n${body}`
}

function range(start: number, count: number): string {
  // An empty range is numbered by the line before it, and a count of 1 is left out.
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

/** A path as git quotes it in a patch (core.quotePath on, git's default). */
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
