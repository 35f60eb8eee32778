/**
 * A shell text read as commands, enough to see what each may write (script-writes.ts): words with
 * their quotes taken off (a substitution, `$(…)`, backticks, kept as written), the redirects of
 * each command, `\` newline joined, comments and heredoc bodies left out, and the text of each
 * `$(…)`, backtick, `bash -c "…"` and `find -exec` read as commands too.
 */

export interface Word {
  w: string
  at: number
}

export interface Command {
  words: Word[]
  /** What each `>`, `>>`, `&>`, `N>` (not `>&N`) names. */
  redirects: Word[]
  /** A `|` stage before this one, when there is one. */
  after?: Command
}

const SEPARATORS = new Set([';', '&', '|', '\n', '(', ')', '{', '}'])

/** The commands of a shell text; `base` is the text's offset in its file. */
export function shellCommands(text: string, base = 0): Command[] {
  const out: Command[] = []
  let words: Word[] = []
  let redirects: Word[] = []
  let pipedFrom: Command | undefined
  let heredocs: string[] = []
  let i = 0
  const end = (pipe: boolean) => {
    const c: Command = { words, redirects, ...(pipedFrom ? { after: pipedFrom } : {}) }
    if (words.length || redirects.length) out.push(c)
    pipedFrom = pipe && words.length ? c : undefined
    words = []
    redirects = []
  }
  while (i < text.length) {
    const c = text[i]!
    if (c === '\\' && text[i + 1] === '\n') {
      i += 2
      continue
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++
      continue
    }
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++
      continue
    }
    if (c === '\n' && heredocs.length) {
      i = skipHeredocs(text, i + 1, heredocs)
      heredocs = []
      end(false)
      continue
    }
    if (SEPARATORS.has(c)) {
      const pipe = c === '|' && text[i + 1] !== '|'
      if (c === '&' && text[i + 1] === '>') {
        i = redirect(text, i + 2, base, redirects)
        continue
      }
      end(pipe)
      i += text[i + 1] === c && (c === '|' || c === '&') ? 2 : 1
      continue
    }
    if (c === '>' || (/\d/.test(c) && /^\d+>/.test(text.slice(i, i + 4)))) {
      i = redirect(text, text.indexOf('>', i) + 1, base, redirects)
      continue
    }
    if (c === '<') {
      const here = /^<<-?[ \t]*(["']?)(\w+)\1/.exec(text.slice(i))
      if (here) heredocs.push(here[2]!)
      i += here ? here[0].length : text[i + 1] === '<' ? (text[i + 2] === '<' ? 3 : 2) : 1
      continue
    }
    const w = readWord(text, i)
    words.push({ w: w.word, at: base + i })
    for (const inner of w.inner) out.push(...shellCommands(inner.text, base + inner.at))
    i = w.next
  }
  end(false)
  return out
}

/** After a `>`: its target (`>>`, `>|` too), or nothing for a descriptor (`>&2`). */
function redirect(text: string, i: number, base: number, into: Word[]): number {
  if (text[i] === '>' || text[i] === '|') i++
  if (text[i] === '&') return i + 2
  while (text[i] === ' ' || text[i] === '\t') i++
  const w = readWord(text, i)
  into.push({ w: w.word || '$?', at: base + i })
  return w.next
}

/** The offset after the heredoc bodies that start at `i`. */
function skipHeredocs(text: string, i: number, tags: readonly string[]): number {
  for (const tag of tags) {
    const m = new RegExp(`^[ \\t]*${tag}[ \\t]*\\r?$`, 'm').exec(text.slice(i))
    if (!m) return text.length
    i += m.index + m[0].length + 1
  }
  return i
}

/** One word from `i`: its text unquoted, where it ends, and the texts of the substitutions in it. */
function readWord(text: string, i: number): { word: string; next: number; inner: Array<{ text: string; at: number }> } {
  let word = ''
  const inner: Array<{ text: string; at: number }> = []
  while (i < text.length) {
    const c = text[i]!
    if (/[\s;&|<>(){}]/.test(c) && !(c === '{' && word.endsWith('$')) && !(c === '}' && word.includes('${'))) break
    if (c === "'") {
      const e = text.indexOf("'", i + 1)
      const to = e < 0 ? text.length : e
      word += text.slice(i + 1, to)
      i = to + 1
    } else if (c === '"') {
      let j = i + 1
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') j++
        else if (text.startsWith('$(', j) || text[j] === '`') {
          const s = substitution(text, j)
          inner.push({ text: text.slice(s.from, s.to), at: s.from })
          j = s.next - 1
        }
        j++
      }
      word += text.slice(i + 1, j)
      i = j + 1
    } else if (text.startsWith('$(', i) || c === '`') {
      const s = substitution(text, i)
      inner.push({ text: text.slice(s.from, s.to), at: s.from })
      word += text.slice(i, s.next)
      i = s.next
    } else if (c === '\\') {
      word += text[i + 1] ?? ''
      i += 2
    } else {
      word += c
      i++
    }
  }
  return { word, next: i, inner }
}

/** A `$(…)` or backtick substitution at `i`: its body and where it ends. */
function substitution(text: string, i: number): { from: number; to: number; next: number } {
  if (text[i] === '`') {
    const e = text.indexOf('`', i + 1)
    const to = e < 0 ? text.length : e
    return { from: i + 1, to, next: to + 1 }
  }
  let depth = 0
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '(') depth++
    else if (text[j] === ')' && --depth === 0) return { from: i + 2, to: j, next: j + 1 }
  }
  return { from: i + 2, to: text.length, next: text.length }
}
