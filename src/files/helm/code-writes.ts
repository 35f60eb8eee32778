/**
 * What a program may write (script-writes.ts, docs/helm.md#values-driven-weights): the file calls
 * of Python, Ruby, Node and Go that write (`open(…, "w")`, `write_text`, `shutil.copy`,
 * `os.rename`, `File.write`, `FileUtils.mv`, `writeFileSync`, `copyFile`, `os.WriteFile`, …),
 * with the name as a pattern when it is spelt by string literals alone (joined by `/`, `+`,
 * `os.path.join`, `Path`), else `*`; and the commands in its strings, each string and each list
 * of strings (`["sed", "-i", …]`, other items `*`) read as a shell command.
 */
import { shellWrites, type Write } from './script-writes.js'

/** Calls that write the file their arguments name (all of them: a copy's source may be a values file too). */
const WRITERS =
  /(?<![\w$])(?:(?:shutil\.)?(?:copy|copy2|copyfile|copytree|move)|os\.(?:rename|replace|remove|unlink|truncate)|(?:fs\.)?(?:writeFile|writeFileSync|appendFile|appendFileSync|copyFile|copyFileSync|rename|renameSync|createWriteStream|cpSync|outputFile|outputFileSync|writeJson|writeJsonSync|outputJson|outputJsonSync|rmSync|unlinkSync|truncateSync|writeTextFile|writeTextFileSync)|(?:File|IO)\.(?:write|binwrite|rename|delete)|FileUtils\.\w+|(?:os|ioutil)\.(?:WriteFile|Create|Rename|Remove))[ \t]*(\(|[ \t](?=["'\w]))/g
/** Calls that write what they are called on (`p.write_text(…)`): the name is not read. */
const ON_RECEIVER = /\.(?:write_text|write_bytes|rename|unlink|touch|writeFileSync|writeText)\(/g
/** `open` with a mode (Python, Ruby, Node's `fs.open`, Go's `os.OpenFile`), or a method `open` (`Path(…).open("w")`). */
const OPEN = /(?:(?<![\w$.])(?:(?:io|codecs|File|fs|os)\.)?(?:open|openSync|OpenFile)|\.open)\(/g

/** The writes of a program's text. */
export function codeWrites(text: string): Write[] {
  const out: Write[] = []
  for (const m of text.matchAll(WRITERS)) {
    const args = callArgs(text, m.index + m[0].length - (m[1] === '(' ? 0 : 1), m[1] === '(')
    const editor = m[0].slice(0, m[0].length - m[1]!.length).trimEnd()
    out.push(...(args.length ? args : ['']).map((a) => ({ editor, name: literalPath(a), at: m.index })))
  }
  for (const m of text.matchAll(ON_RECEIVER)) out.push({ editor: m[0].slice(1, -1), name: '*', at: m.index })
  for (const m of text.matchAll(OPEN)) {
    const args = callArgs(text, m.index + m[0].length, true)
    const receiver = m[0].startsWith('.')
    const mode = receiver ? args[0] : args[1]
    if (!writesMode(mode ?? '', args.slice(receiver ? 1 : 2).join(','))) continue
    out.push({ editor: 'open', name: receiver ? '*' : literalPath(args[0] ?? ''), at: m.index })
  }
  for (const s of stringCommands(text)) out.push(...shellWrites(s.text, s.at))
  return out
}

/** Whether an open mode (a literal or an expression) may write: any but a literal read mode. */
function writesMode(mode: string, rest: string): boolean {
  const kw = /\bmode\s*=\s*(["'][^"']*["'])/.exec(rest)?.[1]
  const m = (kw ?? mode).trim()
  if (m === '' && !kw) return false
  const lit = /^[bfru]*(["'])(.*)\1$/s.exec(m)
  if (!lit) return !/O_RDONLY/.test(m) || /O_(?:WRONLY|RDWR|CREAT|TRUNC|APPEND)/.test(m)
  return /[wax+]/.test(lit[2]!)
}

/** The top-level arguments of a call from `i` (after its `(`, or a Ruby call without one to the end of the line). */
function callArgs(text: string, i: number, paren: boolean): string[] {
  const out: string[] = []
  let depth = 0
  let cur = ''
  for (let j = i; j < text.length; j++) {
    const c = text[j]!
    if (c === '"' || c === "'" || c === '`') {
      const e = stringEnd(text, j)
      cur += text.slice(j, e)
      j = e - 1
    } else if ('([{'.includes(c)) {
      depth++
      cur += c
    } else if (')]}'.includes(c) && depth === 0) break
    else if (')]}'.includes(c)) {
      depth--
      cur += c
    } else if (c === ',' && depth === 0) {
      out.push(cur.trim())
      cur = ''
    } else if (c === '\n' && !paren && depth === 0) break
    else cur += c
  }
  if (cur.trim()) out.push(cur.trim())
  return out
}

/** The offset after the string literal that starts at `i`. */
function stringEnd(text: string, i: number): number {
  const q = text[i]!
  const triple = text.startsWith(q.repeat(3), i)
  const close = triple ? q.repeat(3) : q
  for (let j = i + close.length; j < text.length; j++) {
    if (text[j] === '\\') j++
    else if (text.startsWith(close, j)) return j + close.length
    else if (text[j] === '\n' && !triple && q !== '`') return j
  }
  return text.length
}

/** A path argument as a pattern: string literals alone, joined; any other expression `*`. */
function literalPath(arg: string): string {
  const parts: string[] = []
  let rest = arg
  for (const m of arg.matchAll(/(?<![fbrux])[fbrux]*(["'`])((?:\\.|(?!\1).)*)\1/gs)) {
    parts.push(m[2]!.replace(/[$#]?\{[^{}]*\}/g, '*'))
    rest = rest.replace(m[0], ' ')
  }
  const glue = rest.replace(/(?:os\.)?path\.join|path\.resolve|(?:pathlib\.)?Path|filepath\.Join|File\.join|__dirname|[\s()+/,]/g, '')
  if (parts.length === 0 || glue !== '') return '*'
  return parts.join('/')
}

/** The strings of a program read as shell commands: each literal, and each list of literals joined. */
function stringCommands(text: string): Array<{ text: string; at: number }> {
  const out: Array<{ text: string; at: number }> = []
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === '#' && /(?:^|\s)$/.test(text.slice(Math.max(0, i - 1), i))) {
      const e = text.indexOf('\n', i)
      i = e < 0 ? text.length : e
    } else if (c === '"' || c === "'" || c === '`') {
      const e = stringEnd(text, i)
      const q = text.startsWith(c.repeat(3), i) ? 3 : 1
      out.push({ text: text.slice(i + q, e - q).replace(/\$\{[^}]*\}|#\{[^}]*\}/g, '*'), at: i + q })
      i = e - 1
    } else if (c === '[') {
      const args = callArgs(text, i + 1, true)
      if (args.length > 1 && args.some((a) => /^(["'])[^"']+\1$/.test(a)))
        out.push({
          text: args.map((a) => (/^(["'])[^"'\s]*\1$/.test(a) ? a.slice(1, -1) : /^(["'])[^"']*\1$/.test(a) ? a : '*')).join(' '),
          at: i,
        })
    }
  }
  return out
}

const SHELL_NAMES =
  /^(?:Makefile|GNUmakefile|makefile|justfile|Justfile|\.justfile|Dockerfile|Containerfile|\.envrc)$|\.(?:sh|bash|zsh|ksh|mk|make|just|dockerfile|ps1|bat|cmd)$|^(?:Dockerfile|Containerfile)\./
const CODE_NAMES = /\.(?:py|rb|js|mjs|cjs|ts|mts|cts|go|pl|groovy|star|bzl)$|^(?:Rakefile|Jenkinsfile|Tiltfile|Gemfile)$/

/**
 * The writes of a file of the world, by its kind: a shell text (by name, or a shebang of a shell),
 * a program (by extension or shebang), the programs in a YAML or JSON file's strings (`programs`:
 * a CI step's `run`, a Taskfile's `cmds`); none for any other file.
 */
export function writesOf(name: string, text: string, programs: () => Array<{ offset: number; value: string }>): Write[] {
  const bang = /^#!.*\b(sh|bash|zsh|ksh|dash|python\d?|ruby|node|perl|deno|bun)\b/.exec(text)?.[1]
  if (SHELL_NAMES.test(name) || (bang && /sh$/.test(bang))) return shellWrites(text)
  if (CODE_NAMES.test(name) || bang) return codeWrites(text)
  if (/\.(?:ya?ml|json)$/i.test(name))
    return programs().flatMap((p) => shellWrites(p.value).map((w) => ({ ...w, at: rawOffset(text, p, w.at) })))
  return []
}

/** Where an offset in a YAML string's value is in the file: its line found as spelt after the string's start. */
function rawOffset(text: string, p: { offset: number; value: string }, at: number): number {
  const lines = p.value.slice(0, at).split('\n')
  const line = p.value.split('\n')[lines.length - 1] ?? ''
  let from = p.offset
  for (const l of p.value.split('\n').slice(0, lines.length - 1)) {
    const i = l.trim() ? text.indexOf(l.trim(), from) : -1
    if (i >= 0) from = i + l.trim().length
  }
  const i = text.indexOf(line.trim(), from)
  return i < 0 ? p.offset : i + lines.at(-1)!.length - (line.length - line.trimStart().length)
}
