/**
 * The pieces of a `tpl` call's text read as text (yaml/values-expr.ts decides whether it is a
 * values text): string literals, the filters that keep a values text one, splitting at the
 * top level, and each `tpl` call of an action with its text and context arguments.
 */

/** A string literal: a raw one, or a quoted one whose only escapes are `\"` and `\\` (no `\x2e` spelling a path). */
export const LITERAL = /^(?:`[^`]*`|"(?:[^"\\]|\\["\\])*")$/
/** What a text literal may not hold: a function that changes the dict it is given. */
export const MUTATES_TEXT = /\b(?:set|unset|merge|mergeOverwrite|mustMerge|mustMergeOverwrite)\b/
/**
 * Whether literal template text (the pieces a `tpl` is given, joined as `cat` joins them) may
 * reach values other than by a path the proof reads: an action holding the root as an operand
 * (`{{ toJson $ }}`, `{{ range $k, $v := . }}`, `{{ $r := . }}`), `Values` without a path
 * (`{{ toYaml .Values }}`, `index $ "Values"`), or a change (`set`, `merge`). Literals are
 * source text: `"…"` with `\"` and `\\` undone, or raw.
 */
export function literalReachesValues(literals: readonly string[]): boolean {
  const text = literals.map((l) => (l.startsWith('`') ? l.slice(1, -1) : l.slice(1, -1).replace(/\\(["\\])/g, '$1'))).join(' ')
  if (MUTATES_TEXT.test(text)) return true
  for (const action of text.split('{{').slice(1)) {
    const body = action
      .split('}}')[0]!
      .replace(/^-|-$/g, ' ')
      .replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""')
    if (/(?:^|[\s(|,=])[.$](?=$|[\s)|,])/.test(body) || /\bValues\b(?!\.\w)/.test(body)) return true
  }
  return false
}

/** Filters that keep a referenced text what the proof reads of it. */
export const KEEPS = /^(?:toYaml|toString|trim|nindent\s+\d+|indent\s+\d+|default\s+(?:"(?:[^"\\]|\\["\\])*"|`[^`]*`))$/

/** `s` split at `sep` (`|` or a space) outside parentheses and string literals, empty parts left out. */
export function topLevel(s: string, sep: '|' | ' '): string[] {
  const out: string[] = []
  let depth = 0
  let from = 0
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!
    if (c === '"') {
      for (i++; i < s.length && s[i] !== '"'; i++) if (s[i] === '\\') i++
    } else if (c === '`') i = s.indexOf('`', i + 1) < 0 ? s.length : s.indexOf('`', i + 1)
    else if (c === '(') depth++
    else if (c === ')') depth--
    else if (depth === 0 && (sep === ' ' ? /\s/.test(c) : c === sep)) {
      out.push(s.slice(from, i))
      from = i + 1
    }
  }
  out.push(s.slice(from))
  return out.map((p) => p.trim()).filter(Boolean)
}

/** Each `tpl` call of an action's body: its text and context arguments. */
export function tplCalls(
  body: string,
  leadingArgs: (body: string, from: number, n: number) => string[],
): Array<{ text: string; context: string }> {
  const plain = body.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, (s) => s[0] + ' '.repeat(s.length - 2) + s[0])
  const out: Array<{ text: string; context: string }> = []
  for (const m of plain.matchAll(/(?<![\w.$])tpl\b/g)) {
    const [text = '', context = ''] = leadingArgs(body, m.index + 3, 2)
    out.push({ text, context })
  }
  return out
}
