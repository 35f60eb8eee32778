/**
 * What a script may write (docs/helm.md#values-driven-weights): every write of a shell text (a
 * script, a Makefile's or justfile's recipes, a Dockerfile's `RUN`, a CI step) or of a program
 * (Python, Ruby, Node, Go, and the commands in its strings, code-writes.ts), with the name it
 * writes as a pattern: a redirect (`>`, `>>`, `&>`), `tee`, `sponge`, `dd of=`, `mv`, `cp`,
 * `install`, `ln`, `rsync`, `rm`, `truncate`, an in-place editor (`sed -i`, `perl -i`, `ruby -i`,
 * `gawk -i inplace`, `yq -i`), `ex`, `vi`, `ed`, `patch`, `git apply`. A variable, a substitution
 * or a template action in a name may be anything (`*`); so may the names an editor is given by
 * `xargs` or `find -exec` (unless `find -name` says them) or none at all (`grep -rl … | xargs sed -i`).
 */
import { posix } from 'node:path'
import { type Command, shellCommands, type Word } from './shell-words.js'

export interface Write {
  /** The command, as a person names it (`sed -i`, `mv`, `>`). */
  editor: string
  /** The name written, with `$VAR`, `$(…)` and `{{ … }}` as `*`. */
  name: string
  at: number
}

/** Names that are never a file of the repository. */
const SAFE = /^(?:\/dev\/(?:null|stdout|stderr|fd\/\d+|tty)|-|\$\{?GITHUB_(?:OUTPUT|ENV|STEP_SUMMARY|PATH|STATE)\}?)$/

/** The writes of a shell text at `base` in its file. */
export function shellWrites(text: string, base = 0): Write[] {
  const cmds = shellCommands(text, base)
  const vars = assignments(cmds)
  const out: Write[] = []
  for (const c of cmds) {
    for (const r of c.redirects) out.push({ editor: '>', name: named(r.w, vars), at: r.at })
    out.push(...commandWrites(c, vars))
  }
  return out.filter((w) => !SAFE.test(w.name))
}

/** Shell variables set only to literal words (`F=values.yaml`, `for f in a b`), and `$(mktemp)`. */
function assignments(cmds: readonly Command[]): Map<string, string[] | undefined> {
  const vars = new Map<string, string[] | undefined>()
  const add = (k: string, v: string | undefined) => {
    const known = vars.has(k) ? vars.get(k) : []
    vars.set(k, known && v !== undefined && !/[$`]/.test(v) ? [...known, v] : v?.startsWith('$(mktemp') ? known : undefined)
  }
  for (const c of cmds) {
    const w = c.words.map((x) => x.w)
    for (const a of w) {
      const m = /^(\w+)=(.*)$/s.exec(a)
      if (!m) break
      add(m[1]!, m[2]!)
    }
    const k = w[0] === 'export' || w[0] === 'local' || w[0] === 'readonly' ? 1 : 0
    for (const a of w.slice(k)) {
      const m = k && /^(\w+)=(.*)$/s.exec(a)
      if (m) add(m[1]!, m[2]!)
    }
    if (w[0] === 'for' && w[2] === 'in') for (const v of w.slice(3)) add(w[1]!, v)
    if (w[0] === 'read' || w[0] === 'select') for (const v of w.slice(1)) if (!v.startsWith('-')) add(v, undefined)
  }
  return vars
}

/** A written name as a pattern: variables known to hold literals are one of them (the first that may reach), others `*`. */
function named(word: string, vars: ReadonlyMap<string, string[] | undefined>): string {
  if (SAFE.test(word)) return '/dev/null'
  const one = (s: string) =>
    s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a?: string, b?: string) => {
      const v = vars.get((a ?? b)!)
      return v && v.length === 1 ? v[0]! : '*'
    })
  return one(word)
    .replace(/\$\([^)]*\)?|`[^`]*`?|\$\{[^}]*\}?|%\w+%/g, '*')
    .split('{{')
    .map((part, i) => (i === 0 ? part : `*${part.slice(part.indexOf('}}') + 2)}`))
    .join('')
    .replace(/\$\W?/g, '*')
}

/** Words of a command after the ones that only run it (`sudo`, `env X=y`, `nohup`, `then`, `do`, …). */
function program(c: Command): { words: Word[]; fed: boolean } {
  let ws = c.words
  let fed = false
  for (;;) {
    const w = ws[0]?.w ?? ''
    if (/^\w+=/.test(w) || /^(?:sudo|env|nohup|time|exec|command|builtin|then|do|else|elif|if|while|until|!|-)$/.test(w)) ws = ws.slice(1)
    else if (w === 'xargs') {
      fed = true
      ws = ws.slice(1)
      while (ws[0]?.w.startsWith('-')) ws = ws.slice(/^-[IinLPsd]$/.test(ws[0].w) ? 2 : 1)
    } else break
  }
  return { words: ws, fed }
}

/** The `-name`, `-iname`, `-path` patterns of a `find` stage, or `*` when it has none. */
function findNames(c: Command | undefined, at: number): Word[] {
  if (!c || posix.basename(program(c).words[0]?.w ?? '') !== 'find') return [{ w: '*', at }]
  const ws = c.words
  const names = ws.flatMap((w, i) => (/^-(?:i?name|i?path|i?wholename)$/.test(w.w) && ws[i + 1] ? [ws[i + 1]!] : []))
  return names.length ? names : [{ w: '*', at }]
}

/** The in-place flag of sed, perl, ruby (`-i`, `-pi`, `-i.bak`, `--in-place`). */
const IN_PLACE = /^(?:-[a-zA-Z]*i|--in-?place)/

/** The writes of one command by what it runs. */
function commandWrites(c: Command, vars: ReadonlyMap<string, string[] | undefined>): Write[] {
  const { words, fed } = program(c)
  const prog = posix.basename(words[0]?.w ?? '').replace(/^g(?=sed$|awk$)/, '')
  const args = words.slice(1)
  const at = words[0]?.at ?? 0
  const w = (editor: string, names: Word[], feeds = fed): Write[] => [
    ...names.map((n) => ({ editor, name: named(n.w, vars), at: n.at })),
    ...(feeds || names.length === 0 ? findNames(c.after, at).map((n) => ({ editor, name: n.w, at: n.at })) : []),
  ]
  const positional = args.filter((a) => !a.w.startsWith('-'))
  switch (prog) {
    case 'sed':
      if (!args.some((a) => IN_PLACE.test(a.w))) return []
      return w(
        'sed -i',
        args.some((a) => /^(?:-[a-zA-Z]*[ef]$|--expression|--file)/.test(a.w))
          ? afterFlagArgs(args, /^-[a-zA-Z]*[ef]$/)
          : positional.slice(1),
      )
    case 'perl':
    case 'ruby':
      if (!args.some((a) => IN_PLACE.test(a.w))) return []
      return w(`${prog} -i`, afterFlagArgs(args, /^-[a-zA-Z0-9.]*e$/).slice(args.some((a) => /^-[a-zA-Z0-9.]*e$/.test(a.w)) ? 0 : 1))
    case 'awk':
      if (!args.some((a, i) => /^-i(?:nplace)?$/.test(a.w) && /inplace/.test(args[i + 1]?.w ?? a.w))) return []
      return w('awk -i inplace', positional.filter((a) => a.w !== 'inplace').slice(1))
    case 'yq':
      if (!args.some((a) => /^(?:-[a-zA-Z]*i$|--inplace)/.test(a.w))) return []
      return w('yq -i', positional.filter((a, i) => !(i === 0 && /^(?:e|eval|ea|eval-all)$/.test(a.w))).slice(1))
    case 'tee':
    case 'sponge':
    case 'mv':
    case 'cp':
    case 'install':
    case 'ln':
    case 'rsync':
    case 'rm':
    case 'truncate':
    case 'ex':
    case 'vi':
    case 'vim':
    case 'nvim':
    case 'ed':
      if (!positional.length && !fed && /^(?:ex|vi|vim|nvim|ed|sponge|tee)$/.test(prog)) return []
      // A tree copied into the directory it runs in may hold any name.
      return w(
        prog,
        /^(?:cp|mv|rsync|install|ln)$/.test(prog) ? positional.map((a) => (/^\.{1,2}\/?$/.test(a.w) ? { ...a, w: '*' } : a)) : positional,
      )
    case 'dd':
      return args.filter((a) => a.w.startsWith('of=')).map((a) => ({ editor: 'dd', name: named(a.w.slice(3), vars), at: a.at }))
    case 'patch':
      return [{ editor: 'patch', name: '*', at }]
    case 'git':
      return /^(?:apply|am)$/.test(args[0]?.w ?? '') ? [{ editor: `git ${args[0]!.w}`, name: '*', at }] : []
    case 'find':
      return findExec(c, vars)
    case 'bash':
    case 'sh':
    case 'zsh':
    case 'eval': {
      const s = prog === 'eval' ? args[0] : args[args.findIndex((a) => /^-[a-z]*c$/.test(a.w)) + 1]
      return s && (prog === 'eval' || args.some((a) => /^-[a-z]*c$/.test(a.w))) ? shellWrites(s.w, s.at) : []
    }
    default:
      return []
  }
}

/** The positional words after the values of flags `flag` takes (`-e script`, `-f file`). */
function afterFlagArgs(args: readonly Word[], flag: RegExp): Word[] {
  const out: Word[] = []
  for (let i = 0; i < args.length; i++) {
    if (flag.test(args[i]!.w) || /^--(?:expression|file)$/.test(args[i]!.w)) i++
    else if (!args[i]!.w.startsWith('-')) out.push(args[i]!)
  }
  return out
}

/** `find … -exec CMD {} \;`: CMD's writes, `{}` one of the names `find -name` gives (or any). */
function findExec(c: Command, vars: ReadonlyMap<string, string[] | undefined>): Write[] {
  const i = c.words.findIndex((w) => /^-(?:exec|execdir|ok|okdir)$/.test(w.w))
  if (i < 0) return []
  const names = findNames(c, c.words[i]!.at)
  const rest = c.words.slice(i + 1).filter((w) => w.w !== ';' && w.w !== '+')
  return names.flatMap((n) =>
    commandWrites({ words: rest.map((w) => (w.w.includes('{}') ? { w: w.w.replace('{}', n.w), at: n.at } : w)), redirects: [] }, vars),
  )
}

/**
 * Whether a written name (a pattern, script-writes.ts) may be `target` (a real path), from any
 * directory: its path segments, after any leading `/`, `./`, `../` or `~/`, are the end of the
 * target's, each a glob (a `*` standing for a variable may be several segments), or they name a
 * directory the target is in (`cp -r build/ web`).
 */
export function mayReach(name: string, target: string): boolean {
  const n = posix.normalize(name.replace(/\\/g, '/')).replace(/^(?:\.\.?\/|~\/|\/)+/, '')
  if (n === '' || n === '.') return false
  let re = ''
  for (let i = 0; i < n.length; i++) {
    const ch = n[i]!
    if (ch === '*') re += '.*'
    else if (ch === '?') re += '[^/]'
    else if (ch === '[') {
      const e = n.indexOf(']', i + 1)
      if (e < 0) return true
      re += `[${n
        .slice(i + 1, e)
        .replace(/^!/, '^')
        .replace(/\\/g, '\\\\')}]`
      i = e
    } else if (ch === '{') re += '(?:'
    else if (ch === '}') re += ')'
    else if (ch === ',' && re.includes('(?:')) re += '|'
    else re += ch.replace(/[.+^$()|\\]/g, '\\$&')
  }
  try {
    return new RegExp(`(?:^|/)${re}(?:/.*)?$`).test(target.replace(/\\/g, '/'))
  } catch {
    return true
  }
}
