/**
 * What a plain scalar written in place of a quoted one reads on into. A quoted scalar ends at
 * its closing quote; a plain one does not: kubectl's YAML reader (go-yaml) goes on over the
 * blanks and line breaks after it, looking for a continuation line, and inside a flow
 * collection it refuses a tab it meets there, after a line break, left of the block
 * indentation around the flow collection plus one ("found a tab character that violates
 * indentation"). The same tab after the quoted scalar is plain whitespace to it. So a weight
 * `"900m"` that becomes `900` can make a file kubectl read unreadable.
 */

/** A tab in the blank lines after a scalar: where it is and its 0-based column. */
export interface TabAfter {
  offset: number
  column: number
}

/**
 * The tabs that start lines (among their leading blanks) after a plain scalar ending at
 * `end`, up to the first character that is neither a blank nor a line break (a comment or
 * the next token ends the scalar: nothing after it matters). Tabs on the scalar's own line
 * are not among them: go-yaml checks only blanks that follow a line break.
 */
export function tabsAfterPlain(text: string, end: number): TabAfter[] {
  const tabs: TabAfter[] = []
  let broken = false
  let column = 0
  for (let i = end; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x20) column++
    else if (c === 0x09) {
      if (broken) tabs.push({ offset: i, column })
      column++
    } else if (c === 0x0a || c === 0x0d || c === 0x85 || c === 0x2028 || c === 0x2029) {
      // go-yaml breaks lines at NEL, LS and PS too (YAML 1.1).
      broken = true
      column = 0
    } else break
  }
  return tabs
}

/**
 * The first tab go-yaml refuses after a plain scalar ending at `end` inside a flow
 * collection whose surrounding block indentation is `indent` (the column of the innermost
 * block collection holding it, -1 when there is none): one left of `indent + 1`, or
 * undefined.
 */
export function tabRefusedAfterPlain(text: string, end: number, indent: number): TabAfter | undefined {
  return tabsAfterPlain(text, end).find((t) => t.column <= indent)
}
