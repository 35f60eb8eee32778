/**
 * What text a `tpl` call renders (yaml/readers.ts asks). `tpl TEXT CTX` renders TEXT as a
 * template with CTX as its data, so with the root as CTX it may read or `set` any value. The
 * proof reads what TEXT can be only when TEXT is one of the texts it reads anyway: a reference
 * (`.Values.t`, `$.Values.t`, a helper's `.value`), `toYaml`/`toString`/`default` of one, a
 * `.Files.Get` of a literal path (every chart file is then read as a template), or a string
 * literal written out (read in place). Anything else is computed (`print` of pieces, `replace`,
 * `b64dec`, `lookup` data, an `include`'s output, a variable) and may spell any path.
 */

/** A reference chain: `.a.b`, `$.a.b`, `$root.Values.a`. */
const REF = /^(?:\$\w*)?(?:\.[A-Z_]\w*)+$/i
/** A string literal: a raw one, or a quoted one whose only escapes are `\"` and `\\` (no `\x2e` spelling a path). */
const LITERAL = /^(?:`[^`]*`|"(?:[^"\\]|\\["\\])*")$/
/** What a text literal may not hold: a function that changes the dict it is given. */
const MUTATES = /\b(?:set|unset|merge|mergeOverwrite|mustMerge|mustMergeOverwrite)\b/
/** Filters that keep a referenced text what the proof reads of it. */
const KEEPS = /^(?:toYaml|toString|trim|nindent\s+\d+|indent\s+\d+|default\s+(?:"(?:[^"\\]|\\["\\])*"|`[^`]*`))$/

/** Whether `text` (the first argument of a `tpl`) is a text the proof reads (see the file's comment). */
export function readTplText(text: string): boolean {
  const t = text.trim()
  if (LITERAL.test(t)) return !MUTATES.test(t)
  if (REF.test(t)) return true
  if (!t.startsWith('(') || !t.endsWith(')')) return false
  const inner = t.slice(1, -1).trim()
  if (/^\$?\.Files\.Get\s+(?:"[^"\\]*"|`[^`]*`)$/.test(inner)) return true
  // `index .Values.m "key"`: an element of a text the proof reads, by literal keys, is read with it.
  const index = /^index\s+(\S+)((?:\s+(?:"[^"\\]*"|`[^`]*`|\d+))+)$/.exec(inner)
  if (index) return readTplText(index[1]!)
  // `toYaml X`, `default "" X`: the last operand is the text, piped on.
  const call = /^(toYaml|toString|default\s+(?:"(?:[^"\\]|\\["\\])*"|`[^`]*`))\s+(\S+)$/.exec(inner)
  const stages = (call ? [call[2]!, call[1]!] : topLevel(inner, '|')).map((s) => s.trim())
  if (!call && chosen(stages)) return true
  return readTplText(stages[0]!) && stages.slice(1).every((s) => KEEPS.test(s))
}

/** Whether an operand is a text the proof reads, bare or parenthesized (`.value`, `.value | toYaml`). */
const read = (a: string): boolean => readTplText(a) || readTplText(`(${a})`)

/**
 * A choice among, or a joining of, texts the proof reads: `COND | ternary A B` and `ternary A B
 * COND` with A and B read (Bitnami's `typeIs "string" .value | ternary .value (.value | toYaml)`),
 * and `cat` of read texts and string literals that spell no values path and change nothing.
 */
function chosen(stages: readonly string[]): boolean {
  const last = topLevel(stages.at(-1)!, ' ')
  if (last[0] === 'ternary' && stages.length <= 2 && last.length === (stages.length === 2 ? 3 : 4)) return read(last[1]!) && read(last[2]!)
  if (last[0] !== 'cat' || stages.length !== 1) return false
  return last.slice(1).every((a) => (LITERAL.test(a) ? !MUTATES.test(a) && !/Values|\\/.test(a) : read(a)))
}

/** `s` split at `sep` (`|` or a space) outside parentheses and string literals, empty parts left out. */
function topLevel(s: string, sep: '|' | ' '): string[] {
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

/**
 * Variables bound only to texts the proof reads (`$a := .Values.podAnnotations`; `$v` of `range $k, $v
 * := .Values.env`, `with $c := …`), each with what it is bound to: a `tpl` of one reads that text.
 * A variable bound anywhere in the file to anything else, or a range's key, is not one.
 */
export function valueVariables(bodies: readonly string[]): Map<string, string[]> {
  const binds = new Map<string, string[]>()
  const add = (name: string, expr: string) => binds.set(name, [...(binds.get(name) ?? []), expr.trim()])
  for (const body of bodies) {
    const m = /^(?:(range|with|if)\s+)?\$(\w+)\s*(?:,\s*\$(\w+)\s*)?:?=(?!=)([\s\S]*)$/.exec(body)
    if (!m) continue
    if (m[3]) add(m[2]!, '')
    add(m[3] ?? m[2]!, m[4]!)
  }
  return new Map([...binds].filter(([, exprs]) => exprs.every((e) => e !== '' && (readTplText(e) || readTplText(`(${e})`)))))
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
