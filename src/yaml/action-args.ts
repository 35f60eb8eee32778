/** Arguments of a call inside a template action's body, read as text (yaml/readers.ts, yaml/values-expr.ts). */

/** The first `n` arguments after `from` in `body`: a token, or a parenthesized group with any field chain after it. */
export function leadingArgs(body: string, from: number, n: number): string[] {
  const out: string[] = []
  let i = from
  while (out.length < n) {
    while (i < body.length && /\s/.test(body[i]!)) i++
    if (i >= body.length || body[i] === '|' || body[i] === ')') break
    const begin = i
    if (body[i] === '(') {
      let depth = 0
      for (; i < body.length; i++) {
        const c = body[i]!
        if (c === '"' || c === '`') i = closingQuote(body, i)
        else if (c === '(') depth++
        else if (c === ')' && --depth === 0) break
      }
      i++
      while (i < body.length && /[\w.]/.test(body[i]!)) i++
    } else if (body[i] === '"' || body[i] === '`') i = closingQuote(body, i) + 1
    else while (i < body.length && !/[\s()|]/.test(body[i]!)) i++
    out.push(body.slice(begin, i))
  }
  return out
}

function closingQuote(body: string, at: number): number {
  const q = body[at]!
  for (let i = at + 1; i < body.length; i++) {
    if (q === '"' && body[i] === '\\') i++
    else if (body[i] === q) return i
  }
  return body.length
}

/** `body` with the contents of its string literals blanked (same length), so no word in a string is read as code. */
export function blankStrings(body: string): string {
  return body.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, (s) => s[0] + ' '.repeat(s.length - 2) + s[0])
}
