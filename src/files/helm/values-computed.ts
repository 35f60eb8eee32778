/**
 * The second guard of the values proof's writers (docs/helm.md#values-driven-weights). The first
 * (values-reach.ts) reads a file that names a values source; a program or script that writes a
 * file whose name it does not spell (taken from its arguments, the environment, standard input, a
 * variable, a directory walk or a glob) names none, yet may write any. Such a writer holds every
 * chart it could reach when it may also edit YAML: it names a YAML library or `yaml`/`yml`, the
 * word `values`, the value's leaf key or its current text. A program computing names that touches
 * no YAML (a report generator, a build tool) does not hold.
 */
import { logicalLines, readOnly, type Unproven } from './values-reach.js'

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Programs read as code, not as lines of commands (by name or by shebang). */
const CODE = /\.(?:py|pyw|rb|js|mjs|cjs|jsx|ts|mts|cts|tsx|go|rs|java|kt|kts|scala|groovy|php|lua|cs|swift|pl|pm|dart|ex|exs|clj)$/i
const CODE_SHEBANG = /^#!.*\b(?:python\d*(?:\.\d+)?|node|deno|bun|ruby|perl|php|lua)\b/

/** Whether `text` (named `name`) is a program in a language other than a shell's. */
export function isCode(name: string, text: string): boolean {
  return CODE.test(name) || CODE_SHEBANG.test(text)
}

/** Whether `text` may edit YAML: a YAML library or extension, `values`, the leaf key or the current text. */
export function mayEditYaml(text: string, words: readonly string[]): boolean {
  const alts = [
    'ya?ml',
    'psych',
    '(?<![\\w.$])values(?!\\w)',
    ...words.filter((w) => w.length >= 3).map((w) => `(?<![\\w-])${esc(w)}(?![\\w-])`),
  ]
  return new RegExp(alts.join('|'), 'i').test(text)
}

/** Where a program takes a name it does not spell: arguments, environment, standard input, walks and globs. */
const NAME_SOURCES =
  /\bsys\.argv\b|\bprocess\.argv\b|\bos\.Args\b|\benv::args\b|\bARGV\b|\$argv\b|\bDeno\.args\b|\bBun\.argv\b|\bargparse\b|\bflag\.(?:String|Arg|Args|Parse)\b|\bgetopt|\boptparse\b|\bclap\b|\byargs\b|\bcommander\b|\bString\[\]\s*args\b|\bos\.environ\b|\bgetenv\b|\bGetenv\b|\bLookupEnv\b|\bprocess\.env\b|\benv::var|\bENV\[|\$ENV\b|%ENV|\bDeno\.env\b|\bBun\.env\b|stdin|\binput\s*\(|\breadline\b|ReadLine|[wW]alk|[gG]lob|readdir|ReadDir|read_dir|listdir|scandir|iterdir|opendir|\bDir\[|\bDir\.(?:children|entries|each_child)|\bFiles\.(?:list|walk|find|newDirectoryStream)|["'`][\w./-]*\*[\w./*-]*["'`]/
/** A call that may open or write a file, its first argument no literal (an expression: a variable, a call, a join). */
const WRITE_CALL =
  /\b(?:open|fopen|write\w*|Write\w*|dump\w*|save\w*|create|Create|copy\w*|Copy\w*|rename|Rename|move\w*|Move\w*|put\w*|output\w*|append\w*|truncate)\s*\(\s*(?![\s"'`)\d]|[bfr]["'])/
/** An argument list handing a command an in-place or output flag, then an expression (`["sed", "-i", expr, path]`). */
const FLAGGED_ARG = /["'](?:-[a-zA-Z]*i|--in-place|-o|--output|-O)["']\s*,\s*(?:["'][^"'\n]*["']\s*,\s*)*(?![\s"'`\d\]])/
/** Words of a program that may write a file at all. */
const MAY_WRITE =
  /write|Write|dump|Dump|save|Save|rename|Rename|copy|Copy|move|Move|creat|Creat|put_contents|truncat|append|O_WRONLY|O_RDWR|["'][wax]\+?b?["']|inplace|in_place|\bsed\b|\btee\b|\byq\b/

/** A program that writes a name it computes, where it does so, or undefined. */
function codeWrite(text: string): Unproven | undefined {
  if (!MAY_WRITE.test(text)) return undefined
  const m = WRITE_CALL.exec(text) ?? FLAGGED_ARG.exec(text) ?? NAME_SOURCES.exec(text)
  if (!m) return undefined
  const start = text.lastIndexOf('\n', m.index) + 1
  const end = text.indexOf('\n', m.index)
  const line = text.slice(start, end < 0 ? undefined : end).trim()
  return { at: m.index, why: `${line.slice(0, 60)}: a program that may edit YAML writes a file by a name it computes` }
}

/** Commands that write no file's content (or whose output the first guard and the post-render rule judge). */
const NO_WRITE =
  /^(?:rm|rmdir|mkdir|cd|pushd|popd|export|local|readonly|set|unset|shift|trap|source|\.|exit|return|true|false|wait|sleep|printf|echo|test|\[|\[\[|if|then|else|elif|fi|for|while|until|do|done|case|esac|in|function)$/
/** A word that names no file by itself: a variable, a command's output, a glob. */
const COMPUTED = /[$`*?]|\[[^\]\s[]*\]/

/**
 * Whether a shell word may be a name computed when it runs: unquoted, a variable, a substitution
 * or a glob; in double quotes, a variable or a substitution. A quoted word holding a space (a sed
 * program, a message) and a single-quoted one are no names computed.
 */
function computedWord(word: string): boolean {
  if (/^(?:"[^\s"]*\s[^"]*"|'[^']*')$/.test(word)) return false
  const unquoted = word.replace(/'[^']*'/g, '').replace(/"([^"]*)"/g, (_, d: string) => d.replace(/[*?[\]]/g, ''))
  return COMPUTED.test(unquoted)
}

/** A segment's words, quoted strings kept whole. */
function shellWords(seg: string): string[] {
  return seg.match(/(?:[^\s"']|"(?:[^"\\]|\\.)*"|'[^']*')+/g) ?? []
}

const MASK: Record<string, string> = { '|': '\uE000', ';': '\uE001', '&': '\uE002', '<': '\uE003', '>': '\uE004' }
const UNMASK = Object.fromEntries(Object.entries(MASK).map(([k, v]) => [v, k]))

/** A shell line's write of a name it computes, and with what, or undefined. */
function shellLineWrite(line: string): string | undefined {
  const text = line
    .trim()
    .replace(/^(?:-\s+|RUN\s+|[@+-]+|\t+)/, '')
    .trim()
  // Operators inside quotes are no operators: masked while the line is split.
  const masked = text.replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, (q) => q.replace(/[|;&<>]/g, (c) => MASK[c]!))
  for (const raw of masked.split(/\|\||&&|\||;|&(?!>)/)) {
    const seg = raw.trim()
    const words = shellWords(seg).map((w) => w.replace(/[\uE000-\uE004]/g, (c) => UNMASK[c]!))
    while (
      /^\w+=/.test(words[0] ?? '') ||
      /^(?:sudo|time|command|exec|nohup|env|then|do|else|while|until|if|elif|[!{()}])$/.test(words[0] ?? '')
    )
      words.shift()
    const p = words[0]
    if (p === undefined) continue
    const renders = readOnly(words) === 'renders'
    for (const r of seg.matchAll(/(?:\d|&)?>>?\|?\s*([^\s;|&<>]+)/g))
      if (!renders && computedWord(r[1]!) && !/^["']?\/dev\//.test(r[1]!)) return `a redirect into ${r[1]!}`
    if (p === 'xargs' || p === 'read' || (p === 'find' && words.some((w) => /^-(?:exec|ok|fprint)/.test(w))))
      return `${p}, which hands on names it reads`
    if (NO_WRITE.test(p) || readOnly(words) === true || renders) continue
    const arg = words.slice(1).find(computedWord)
    if (arg !== undefined || computedWord(p)) return `${p.slice(0, 40)} given ${(arg ?? p).slice(0, 40)}`
  }
  return undefined
}

/**
 * Where `text` (a file named `name`, or a command string of a YAML file) writes a file by a name
 * it computes while it may edit YAML (`words`: the value's leaf key and current text), with why.
 */
export function computedWrite(name: string, text: string, words: readonly string[]): Unproven | undefined {
  if (!mayEditYaml(text, words)) return undefined
  if (isCode(name, text)) return codeWrite(text)
  for (const l of logicalLines(text)) {
    if (/^\s*(?:#|\/\/|REM\b|rem\b)/.test(l.text)) continue
    const why = shellLineWrite(l.text)
    if (why !== undefined) return { at: l.at, why: `${why}, in a script that may edit YAML` }
  }
  return undefined
}
