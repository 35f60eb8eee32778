/**
 * Values a command line sets (files/helm/repo-values.ts asks): `--set`, `--set-string`,
 * `--set-file`, `--set-json`, `--set-literal` (and Argo CD's `--helm-set…`) in a script, a
 * Makefile recipe, a CI step, anywhere in a text. Each argument is read as the shell reads one
 * word (quotes, backslashes; a Makefile's `$$` is `$`), then as Helm's strvals parser reads its
 * value: a backslash is dropped and the character after it kept (`can\ary` is `canary`), a
 * `--set-json` value is JSON (its `\u0024` escapes undone), a `--set-literal` value is as given.
 * A value the shell computes (`$T`, `$(cat t)`, a backtick, bash's `$'…'`) is marked: what it is
 * cannot be read. Each key is compared only when it is plain (`setKeyMayReach`): letters,
 * digits, `_-.` and `[n]`, after the shell's simple quotes (`'…'`, or `"…"` around the word's start).
 * Argo CD's `argocd app set|create -p k=v` is a `--set` too (Argo CD hands it to Helm as one).
 */

export interface SetValue {
  /** Where the flag starts. */
  offset: number
  flag: string
  /** The value as Helm takes it (for `--set-file`, the file's path). */
  text: string
  /** Whether the shell computes part of it (an expansion outside single quotes, `$'…'`). */
  computed: boolean
  /** Each key the argument sets (`a.b=1,c=2`: two) after the shell, and whether it is spelt otherwise than plainly. */
  keys: Array<{ text: string; odd: boolean }>
}

/** The flag, quoted too (`"--set" "t=…"`, a YAML or JSON list's `["--set", "t=…"]`). */
const FLAG = /(["']?)(?<![\w-])--(?:helm-)?set(-string|-file|-json|-literal)?\1(?=[=\s\\,])/g

/** Argo CD's parameter flag, on a line of `argocd app set` or `argocd app create`. */
const ARGO_LINE = /^.*\bargocd[ \t].*$/gm
const ARGO_FLAG = /[ \t](-p|--parameter)(?=[=\s])/g

/** Every `--set`-family value of `text` (`makefile`: `$$` is a literal `$`). */
export function setValues(text: string, makefile: boolean): SetValue[] {
  const out: SetValue[] = []
  const flags = [...text.matchAll(FLAG)].map((m) => ({ at: m.index + m[1]!.length, end: m.index + m[0].length, kind: m[2] ?? '' }))
  for (const line of text.matchAll(ARGO_LINE))
    if (/\bapp[ \t]+(?:set|create)\b/.test(line[0]))
      for (const m of line[0].matchAll(ARGO_FLAG))
        flags.push({ at: line.index + m.index + 1, end: line.index + m.index + m[0].length, kind: '' })
  for (const f of flags) {
    let i = f.end
    if (text[i] === '=') i++
    // Blanks, a line continuation, a list's comma between the flag and its argument.
    else
      while (i < text.length && /^(?:[ \t,]|\\\r?\n)/.test(text.slice(i, i + 3))) i += text[i] === '\\' ? (text[i + 1] === '\r' ? 3 : 2) : 1
    const word = shellWord(text, i, makefile)
    const eq = word.text.indexOf('=')
    const kind = f.kind
    // `--set-json '{"t": …}'` (a whole object) holds no `=` before its JSON.
    const whole = eq < 0 || (kind === '-json' && /^\s*[{[]/.test(word.text))
    out.push({
      offset: f.at,
      flag: `--set${kind}`,
      text: helmValue(whole ? word.text : word.text.slice(eq + 1), kind),
      computed: word.computed,
      keys: whole ? [] : pairKeys(word, kind),
    })
  }
  return out
}

/** A key strvals compares as written: letters, digits, `_-.` and list indexes. */
const PLAIN_KEY = /^(?:[\w.-]|\[\d+\])+$/

/**
 * The keys of a `--set` argument (the shell's word): the first, and for `--set`, `--set-string`
 * and `--set-file` each after an unescaped comma. A key holding a character the shell or strvals
 * decodes (a backslash, a quote inside it, `$'…'`) is odd: it may spell any key.
 */
function pairKeys(word: { text: string; odd: number[] }, kind: string): Array<{ text: string; odd: boolean }> {
  const out: Array<{ text: string; odd: boolean }> = []
  const more = kind === '' || kind === '-string' || kind === '-file'
  for (let start = 0; start <= word.text.length;) {
    const eq = word.text.indexOf('=', start)
    if (eq < 0) break
    const key = word.text.slice(start, eq)
    const odd = word.odd.slice(start + 1, eq).some((o) => o > 0) || word.odd[start] === 2
    out.push({ text: key, odd: odd || !PLAIN_KEY.test(key) })
    if (!more) break
    const comma = /(?<!\\),/g
    comma.lastIndex = eq
    const c = comma.exec(word.text)
    if (!c) break
    start = c.index + 1
  }
  return out
}

/**
 * Whether a `--set`-style key (a command line's after the shell, a deployer's set name: Argo CD
 * `helm.parameters`, k3s `spec.set`, helmfile `set:`) may reach `path` or a block above or inside
 * it. A plain key is compared key by key (`[n]` dropped); any other (a backslash strvals drops, an
 * escape) may spell any key, unless its first key is plain and another than `path`'s.
 */
export function setKeyMayReach(key: string, path: readonly string[]): boolean {
  if (!PLAIN_KEY.test(key)) {
    const head = /^([\w-]+)[.[]/.exec(key)
    return head === null || head[1] === path[0]
  }
  const keys = key.split('.').map((k) => (k.includes('[') ? k.slice(0, k.indexOf('[')) : k))
  const n = Math.min(keys.length, path.length)
  return keys.slice(0, n).every((k, i) => k === path[i])
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
 * One shell word from `at`: its text with quotes and backslashes undone, whether an expansion
 * computes part of it, and for each character whether it came from an escape or `$'…'` (2)
 * or follows a quote opened or closed inside the word (1). In a Makefile, make reads the
 * line first: `$$` is a `$` the shell then sees, any other `$(X)`/`$X` is make's own expansion,
 * inside single quotes too.
 */
function shellWord(text: string, at: number, makefile: boolean): { text: string; computed: boolean; odd: number[] } {
  let out = ''
  const odd: number[] = []
  let computed = false
  let quote: "'" | '"' | "$'" | undefined
  let toggled = false
  const put = (c: string, esc = false) => {
    out += c
    for (let k = 0; k < c.length; k++) odd.push(esc ? 2 : toggled && out.length > c.length ? 1 : 0)
    toggled = false
  }
  const turn = (q: typeof quote) => {
    quote = q
    toggled = true
  }
  const name = (c: string | undefined) => c !== undefined && /[\w{(@*#?!$-]/.test(c)
  for (let i = at; i < text.length; i++) {
    const c = text[i]!
    if (makefile && c === '$') {
      const shell = text[i + 1] === '$'
      if (shell) i++
      if (shell ? quote !== "'" && name(text[i + 1]) && text[i + 1] !== '$' : name(text[i + 1])) computed = true
      if (shell) put('$')
      continue
    }
    if (quote === "'" || quote === "$'") {
      if (c === "'") turn(undefined)
      else if (quote === "$'" && c === '\\') put(text.slice(i, (i += 1) + 1), true)
      else put(c, quote === "$'")
    } else if (quote === '"') {
      if (c === '"') turn(undefined)
      else if (c === '\\' && /[$`"\\\n]/.test(text[i + 1] ?? '')) put(text[++i] === '\n' ? '' : text[i]!, true)
      else {
        if ((c === '$' && name(text[i + 1])) || c === '`') computed = true
        put(c)
      }
    } else if (/[\s;&|)<>]/.test(c)) break
    else if (c === "'" || c === '"') turn(c)
    else if (c === '$' && text[i + 1] === "'") {
      // bash's ANSI-C quoting decodes escapes (`$'can\x61ry'`): the shell computes the word.
      computed = true
      turn("$'")
      i++
    } else if (c === '\\') {
      if (text[i + 1] !== '\n') put(text[i + 1] ?? '', true)
      i++
    } else {
      if ((c === '$' && name(text[i + 1])) || c === '`') computed = true
      put(c)
    }
  }
  return { text: out, computed, odd }
}
