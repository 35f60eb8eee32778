/**
 * Values a command line sets (files/helm/repo-values.ts asks): `--set`, `--set-string`,
 * `--set-file`, `--set-json`, `--set-literal` (and Argo CD's `--helm-set…`) in a script, a
 * Makefile recipe, a CI step, anywhere in a text. Each argument is read as the shell reads one
 * word (quotes, backslashes; a Makefile's `$$` is `$`), then as Helm's strvals parser reads its
 * value: a backslash is dropped and the character after it kept (`can\ary` is `canary`), a
 * `--set-json` value is JSON (its `\u0024` escapes undone), a `--set-literal` value is as given.
 * A value the shell computes (`$T`, `$(cat t)`, a backtick) is marked: what it is cannot be read.
 */

export interface SetValue {
  /** Where the flag starts. */
  offset: number
  flag: string
  /** The value as Helm takes it (for `--set-file`, the file's path). */
  text: string
  /** Whether the shell computes part of it (an expansion outside single quotes). */
  computed: boolean
}

/** The flag, quoted too (`"--set" "t=…"`, a YAML or JSON list's `["--set", "t=…"]`). */
const FLAG = /(["']?)(?<![\w-])--(?:helm-)?set(-string|-file|-json|-literal)?\1(?=[=\s\\,])/g

/** Every `--set`-family value of `text` (`makefile`: `$$` is a literal `$`). */
export function setValues(text: string, makefile: boolean): SetValue[] {
  const out: SetValue[] = []
  for (const m of text.matchAll(FLAG)) {
    let i = m.index + m[0].length
    if (text[i] === '=') i++
    // Blanks, a line continuation, a list's comma between the flag and its argument.
    else
      while (i < text.length && /^(?:[ \t,]|\\\r?\n)/.test(text.slice(i, i + 3))) i += text[i] === '\\' ? (text[i + 1] === '\r' ? 3 : 2) : 1
    const word = shellWord(text, i, makefile)
    const eq = word.text.indexOf('=')
    const kind = m[2] ?? ''
    // `--set-json '{"t": …}'` (a whole object) holds no `=` before its JSON.
    const whole = eq < 0 || (kind === '-json' && /^\s*[{[]/.test(word.text))
    out.push({
      offset: m.index + m[1]!.length,
      flag: `--set${kind}`,
      text: helmValue(whole ? word.text : word.text.slice(eq + 1), kind),
      computed: word.computed,
    })
  }
  return out
}

/** The value as strvals reads it for `kind` (`-json`: JSON strings, `-literal`: as given; else backslashes dropped). */
function helmValue(raw: string, kind: string): string {
  if (kind === '-literal') return raw
  if (kind === '-json') {
    try {
      return strings(JSON.parse(raw)).join('\n')
    } catch {
      return raw
    }
  }
  return raw.replace(/\\([\s\S])/g, '$1')
}

function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v]
  if (Array.isArray(v)) return v.flatMap(strings)
  if (v !== null && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [k, ...strings(x)])
  return []
}

/**
 * One shell word from `at`: its text with quotes and backslashes undone, and whether an expansion
 * computes part of it. In a Makefile, make reads the line first: `$$` is a `$` the shell then
 * sees, any other `$(X)`/`$X` is make's own expansion, inside single quotes too.
 */
function shellWord(text: string, at: number, makefile: boolean): { text: string; computed: boolean } {
  let out = ''
  let computed = false
  let quote: "'" | '"' | undefined
  const name = (c: string | undefined) => c !== undefined && /[\w{(@*#?!$-]/.test(c)
  for (let i = at; i < text.length; i++) {
    const c = text[i]!
    if (makefile && c === '$') {
      const shell = text[i + 1] === '$'
      if (shell) i++
      if (shell ? quote !== "'" && name(text[i + 1]) && text[i + 1] !== '$' : name(text[i + 1])) computed = true
      if (shell) out += '$'
      continue
    }
    if (quote === "'") {
      if (c === "'") quote = undefined
      else out += c
    } else if (quote === '"') {
      if (c === '"') quote = undefined
      else if (c === '\\' && /[$`"\\\n]/.test(text[i + 1] ?? '')) out += text[++i] === '\n' ? '' : text[i]
      else {
        if ((c === '$' && name(text[i + 1])) || c === '`') computed = true
        out += c
      }
    } else if (/[\s;&|)<>]/.test(c)) break
    else if (c === "'" || c === '"') quote = c
    else if (c === '\\') {
      if (text[i + 1] !== '\n') out += text[i + 1] ?? ''
      i++
    } else {
      if ((c === '$' && name(text[i + 1])) || c === '`') computed = true
      out += c
    }
  }
  return { text: out, computed }
}
