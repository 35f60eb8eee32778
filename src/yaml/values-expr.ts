/**
 * Whether an expression of a template is a values text (yaml/readers.ts asks, for `tpl`): ONE
 * allow-list of syntactic forms, everything else computed (docs/helm.md#values-driven-weights).
 * A values text is `.Values.<path>` where `.` is the root (`$.Values…`, `$root.Values…`,
 * `.root.Values…` with `.root` given only the root), `index` of one or of `.Values` by plain
 * literal keys, `first`/`toYaml`/`toJson`/`toString`/`default "lit"` of one, `ternary`/`cat` of
 * them, `.` (or a field of it) inside `with`/`range` over one, a variable every binding of which
 * in its file is one (a field of it too), a helper's context field every caller gives one in a
 * `dict` with plain keys, a string literal, `.Files.Get` of a literal path. What it is made of is
 * its sources (values paths; `*` a helper field, any): a template that may `set`/`merge` into a
 * values block under a source makes it computed too. Pure text.
 */
import { blankStrings, leadingArgs } from './action-args.js'
import { KEEPS, LITERAL, literalReachesValues, topLevel } from './tpl-text.js'

/** What `.` is at an action. */
export interface Dot {
  kind: 'root' | 'define' | 'values' | 'other'
  sources?: string[][]
  /** The `define` the action is in. */
  helper?: string
}

/** What the chart's templates say together (computed by rootNames in yaml/readers.ts). */
export interface TextWorld {
  /** Dict keys only ever given the root (`dict "root" $`). */
  rootKeys: Set<string>
  /** Dict keys some caller gives a computed text; `all` when some key is not a plain literal. */
  badKeys: Set<string> | 'all'
  /** Helpers some caller gives other than the root. */
  nonRootHelpers: Set<string> | 'all'
  /** Values blocks a template may `set`/`merge` into; `all` when the block may be any. */
  mutated: string[][] | 'all'
}

export const EMPTY_WORLD: TextWorld = { rootKeys: new Set(), badKeys: new Set(), nonRootHelpers: new Set(), mutated: [] }

interface Binding {
  expr: string
  dot: Dot
  kind: 'bind' | 'elem' | 'key'
}

/** One file's scopes: the dot at each action start, and every variable's bindings. */
export interface FileScopes {
  dots: Map<number, Dot>
  binds: Map<string, Binding[]>
  world: TextWorld
}

const BIND = /^(?:(range|with|if)\s+)?\$(\w+)\s*(?:,\s*\$(\w+)\s*)?:?=(?!=)([\s\S]*)$/
const PLAIN_KEY = /^(?:"[\w-]*"|`[\w-]*`|\d+)$/
const VALUES_METHOD = /^(?:PathValue|Table|YAML|AsMap)$/
const BUILTIN = /^(?:Release|Chart|Capabilities|Template)$/

/** The scopes of a file's action bodies (in order), to a fixed point of its variables' bindings. */
export function fileScopes(bodies: ReadonlyArray<{ body: string; start: number }>, world: TextWorld): FileScopes {
  const out: FileScopes = { dots: new Map(), binds: new Map(), world }
  for (let pass = 0, was = ''; pass < 6; pass++) {
    const binds = new Map<string, Binding[]>()
    const add = (name: string, b: Binding) => binds.set(name, [...(binds.get(name) ?? []), b])
    const stack: Array<{ word: string; dot: Dot }> = []
    const top = (): Dot => stack.at(-1)?.dot ?? { kind: 'root' }
    const dotOf = (expr: string): Dot => {
      const here = top()
      const sources = valuesSources(expr, here, out)
      if (sources) return { kind: 'values', sources, helper: here.helper }
      return { kind: isRoot(expr, here, out) ? 'root' : 'other', helper: here.helper }
    }
    for (const { body, start } of bodies) {
      out.dots.set(start, top())
      const head = /^(if|else|end|range|with|define|block)\b/.exec(body)?.[1]
      const b = BIND.exec(body)
      if (b) {
        const ranged = b[1] === 'range'
        if (b[3]) add(b[2]!, { expr: '', dot: top(), kind: 'key' })
        add(b[3] ?? b[2]!, { expr: b[4]!.trim(), dot: top(), kind: ranged ? 'elem' : 'bind' })
      }
      const expr = body.slice(head?.length ?? 0).replace(/^[^"`]*?:=/, '')
      if (head === 'end') stack.pop()
      else if (head === 'if') stack.push({ word: 'if', dot: top() })
      else if (head === 'define' || head === 'block') {
        const name = /^\w+\s+"([^"\\]*)"/.exec(body)?.[1] ?? ''
        stack.push({ word: head, dot: { kind: 'define', helper: name } })
      } else if (head === 'range' || head === 'with') stack.push({ word: head, dot: dotOf(expr) })
      else if (head === 'else') {
        const outer = stack.at(-2)?.dot ?? { kind: 'root' }
        const w = /^else\s+with\b([\s\S]*)$/.exec(body)
        if (stack.length > 0)
          stack[stack.length - 1]!.dot = w ? dotOf(w[1]!.replace(/^[^"`]*?:=/, '')) : stack.at(-1)!.word === 'with' ? outer : top()
      }
    }
    out.binds = binds
    const now = JSON.stringify([...out.dots.values()].map((d) => [d.kind, d.sources]))
    if (now === was) break
    was = now
  }
  return out
}

/** Whether `expr` is the root context at `dot`. */
export function isRoot(expr: string, dot: Dot, f: FileScopes, seen = new Set<string>()): boolean {
  const e = expr.trim()
  if (e === '$') return true
  if (e === '.') return dot.kind === 'root' || (dot.kind === 'define' && rootedHelper(dot, f.world))
  const k = /^\.(\w+)$/.exec(e)
  if (k) return dot.kind === 'define' && f.world.rootKeys.has(k[1]!)
  const v = /^\$(\w+)$/.exec(e)
  if (!v || seen.has(v[1]!)) return false
  const binds = f.binds.get(v[1]!) ?? []
  return binds.length > 0 && binds.every((b) => b.kind === 'bind' && isRoot(b.expr, b.dot, f, new Set([...seen, v[1]!])))
}

const rootedHelper = (dot: Dot, world: TextWorld) => world.nonRootHelpers !== 'all' && !world.nonRootHelpers.has(dot.helper ?? '')

/** The values paths a values text `expr` is made of, or undefined when it is computed (see the file's comment). */
export function valuesSources(expr: string, dot: Dot, f: FileScopes, seen = new Set<string>()): string[][] | undefined {
  let t = expr.trim()
  while (wrapped(t)) t = t.slice(1, -1).trim()
  if (LITERAL.test(t)) return literalReachesValues([t]) ? undefined : []
  const src = (e: string) => valuesSources(e, dot, f, seen)
  const stages = topLevel(t, '|')
  if (stages.length > 1) {
    const last = topLevel(stages.at(-1)!, ' ')
    if (stages.length === 2 && last[0] === 'ternary' && last.length === 3) return union([src(last[1]!), src(last[2]!)])
    const first = src(stages[0]!)
    return first && stages.slice(1).every((s) => KEEPS.test(s.trim()) || /^(?:toJson|first)$/.test(s.trim())) ? first : undefined
  }
  const w = topLevel(t, ' ')
  if (w.length === 1) return refSources(w[0]!, dot, f, seen)
  const op = w[0]!
  if (op === 'index' && w.length >= 3 && w.slice(2).every((k) => PLAIN_KEY.test(k))) {
    const keys = w.slice(2).map((k) => k.replace(/^["`]|["`]$/g, ''))
    const base = src(w[1]!) ?? (/^(?:\$\w*)?\.Values$/.test(w[1]!) ? refSources(w[1]!, dot, f, seen) : undefined)
    return base?.map((p) => (p[0] === '*' ? p : [...p, ...keys]))
  }
  if (/^(?:first|toYaml|toJson|toString)$/.test(op) && w.length === 2) return src(w[1]!)
  if (op === 'default' && w.length === 3 && LITERAL.test(w[1]!) && !/\\/.test(w[1]!)) return src(w[2]!)
  if (op === 'ternary' && w.length === 4) return union([src(w[1]!), src(w[2]!)])
  if (op === 'cat') {
    // The pieces joined as cat joins them: `cat "{{ toYaml" "$ }}"` is `{{ toYaml $ }}`.
    const literals = w.slice(1).filter((a) => LITERAL.test(a))
    if (literalReachesValues(literals)) return undefined
    return union(w.slice(1).map((a) => (LITERAL.test(a) ? (/Values|\\/.test(a) ? undefined : []) : src(a))))
  }
  if (/^\$?\.Files\.Get$/.test(op) && w.length === 2 && /^(?:"[^"\\]*"|`[^`]*`)$/.test(w[1]!)) return []
  return undefined
}

function refSources(ref: string, dot: Dot, f: FileScopes, seen: Set<string>): string[][] | undefined {
  const m = /^(\$\w*)?((?:\.[A-Z_]\w*)*|\.)$/i.exec(ref)
  if (!m) return undefined
  const chain = m[2] === '.' ? [] : (m[2] ?? '').split('.').slice(1)
  const head = m[1]
  if (head === '$') return rootChain(chain)
  if (head === undefined) {
    if (dot.kind === 'values') return dot.sources
    if (dot.kind === 'root') return rootChain(chain)
    if (dot.kind !== 'define' || chain.length === 0) return undefined
    // A helper's `.Values…` is the chart's only when every caller gives it the root; another field
    // is a context field: `.root.Values…` with `.root` given only the root, or one no caller gives a computed text.
    if (rootedHelper(dot, f.world) && (chain[0] === 'Values' || BUILTIN.test(chain[0]!))) return rootChain(chain)
    if (f.world.rootKeys.has(chain[0]!)) return rootChain(chain.slice(1))
    const bad = f.world.badKeys
    return !/^(?:Values|Files|Subcharts)$/.test(chain[0]!) && bad !== 'all' && !bad.has(chain[0]!) ? [['*']] : undefined
  }
  const name = head.slice(1)
  if (seen.has(name)) return undefined
  const binds = f.binds.get(name) ?? []
  if (binds.length === 0) return undefined
  if (chain.length > 0 && isRoot(head, dot, f)) return rootChain(chain)
  const next = new Set([...seen, name])
  return union(binds.map((b) => (b.kind === 'key' ? undefined : valuesSources(b.expr, b.dot, f, next))))
}

/** `.Values.a.b` of the root: the values path; the root's other objects (`.Release.Name`) are no values, and change nothing. */
function rootChain(chain: readonly string[]): string[][] | undefined {
  if (chain[0] === 'Values') return chain[1] !== undefined && VALUES_METHOD.test(chain[1]) ? undefined : [chain.slice(1)]
  return chain.length > 0 && BUILTIN.test(chain[0]!) ? [] : undefined
}

function union(parts: ReadonlyArray<string[][] | undefined>): string[][] | undefined {
  return parts.every((p) => p !== undefined) ? parts.flat() : undefined
}

function wrapped(t: string): boolean {
  if (!t.startsWith('(') || !t.endsWith(')')) return false
  return topLevel(t, ' ').length === 1 && topLevel(t.slice(1, -1), ' ').length > 0 && closes(t) === t.length - 1
}

/** Where the parenthesis opening `t` closes. */
function closes(t: string): number {
  let depth = 0
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!
    if (c === '"' || c === '`') {
      const q = c
      for (i++; i < t.length && t[i] !== q; i++) if (q === '"' && t[i] === '\\') i++
    } else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return i
  }
  return -1
}

/** Whether a values text with `sources` lies under a block a template may change (TextWorld.mutated). */
export function underMutated(sources: readonly string[][], world: TextWorld): boolean {
  if (sources.length === 0) return false
  if (world.mutated === 'all') return true
  const blocks = world.mutated
  return sources.some((p) => (p[0] === '*' ? blocks.length > 0 : blocks.some((q) => q.every((k, i) => i >= p.length || p[i] === k))))
}

/** What one file's actions add to the world: dict keys, helper callers, changed values blocks (see TextWorld). */
export function scanWorld(bodies: ReadonlyArray<{ body: string; start: number }>, f: FileScopes, acc: WorldAcc): void {
  for (const { body, start } of bodies) {
    const dot = f.dots.get(start) ?? { kind: 'root' }
    const plain = blankStrings(body)
    const give = (key: string, value: string | undefined) => {
      const k = /^"(\w+)"$|^`(\w+)`$/.exec(key)
      if (!k) return void (acc.allBad = true)
      const name = k[1] ?? k[2]!
      if (value !== undefined && isRoot(value, dot, f)) acc.rootGiven.add(name)
      else acc.otherGiven.add(name)
      if (value === undefined || !valuesSources(value, dot, f)) acc.bad.add(name)
    }
    for (const d of plain.matchAll(/(?<![\w.$])dict\b/g)) {
      const args = leadingArgs(body, d.index + 4, 64)
      for (let i = 0; i < args.length; i += 2) give(args[i]!, args[i + 1])
    }
    for (const m of plain.matchAll(/(?<![\w.$])(set|unset|merge|mergeOverwrite|mustMerge|mustMergeOverwrite)\b/g)) {
      const args = leadingArgs(body, m.index + m[0].length, 64)
      const piped = /\|\s*$/.test(plain.slice(0, m.index).replace(/\(\s*$/, ''))
      if (m[1] === 'set') give(args[1] ?? '', piped ? undefined : args[2])
      const merge = /erge/.test(m[1]!)
      if (merge && (piped || !args.slice(1).every((s) => mergeable(s, dot, f)))) acc.allBad = true
      mutate(acc, args[0] ?? '', merge ? undefined : args[1], dot, f)
    }
    for (const c of plain.matchAll(/(?<![\w.$])(?:include|template)\b/g)) {
      const [name = '', arg = ''] = leadingArgs(body, c.index + c[0].length, 2)
      const n = /^"([^"\\]*)"$/.exec(name)
      if (!n) acc.allNonRoot = true
      else if (!isRoot(arg, dot, f)) acc.nonRoot.add(n[1]!)
      if (/\b(?:fromYaml|fromJson|mustFromJson|fromYamlArray|fromJsonArray)\b/.test(arg)) acc.allBad = true
    }
  }
}

export interface WorldAcc {
  rootGiven: Set<string>
  otherGiven: Set<string>
  bad: Set<string>
  allBad: boolean
  nonRoot: Set<string>
  allNonRoot: boolean
  mutated: string[][]
  allMutated: boolean
}

export const newAcc = (): WorldAcc => ({
  rootGiven: new Set(),
  otherGiven: new Set(),
  bad: new Set(),
  allBad: false,
  nonRoot: new Set(),
  allNonRoot: false,
  mutated: [],
  allMutated: false,
})

/** The world a scan found: fields given only the root, among those assumed so (`was`), stay root keys. */
export function accWorld(a: WorldAcc): TextWorld {
  return {
    rootKeys: new Set([...a.rootGiven].filter((k) => !a.otherGiven.has(k))),
    badKeys: a.allBad ? 'all' : a.bad,
    nonRootHelpers: a.allNonRoot ? 'all' : a.nonRoot,
    mutated: a.allMutated ? 'all' : a.mutated,
  }
}

/** A merge source whose keys are known: a dict literal, the root, a values text. */
function mergeable(s: string, dot: Dot, f: FileScopes): boolean {
  return /^\(\s*dict\b/.test(s) || isRoot(s, dot, f) || valuesSources(s, dot, f) !== undefined || fresh(s, f)
}

/** A new dict, or a variable bound only to new dicts (`$d := dict …`, `$d = merge $d …`). */
function fresh(target: string, f: FileScopes): boolean {
  if (/^\(\s*(?:dict|list|deepCopy|mustDeepCopy|pick|omit)\b/.test(target)) return true
  const v = /^\$(\w+)$/.exec(target)
  if (!v) return false
  const self = new RegExp(`(?:^|\\|)\\s*(?:must)?[mM]erge(?:Overwrite)?\\s+\\$${v[1]}(?![\\w.])[^|]*$`)
  const binds = (f.binds.get(v[1]!) ?? []).filter((b) => !self.test(b.expr))
  return binds.length > 0 && binds.every((b) => b.kind === 'bind' && /^\(?\s*(?:dict|list|deepCopy|mustDeepCopy|pick|omit)\b/.test(b.expr))
}

/** Record the values block a `set`/`merge`/`unset` of `target` may change. */
function mutate(acc: WorldAcc, target: string, key: string | undefined, dot: Dot, f: FileScopes): void {
  if (target === '') return void (acc.allMutated = true)
  if (fresh(target, f)) return
  if (isRoot(target, dot, f)) {
    if (key !== undefined && /^"\w+"$|^`\w+`$/.test(key) && key.slice(1, -1) !== 'Values') return
    return void (acc.allMutated = true)
  }
  const sources = valuesSources(target, dot, f)
  if (!sources || sources.some((p) => p[0] === '*')) return void (acc.allMutated = true)
  acc.mutated.push(...sources)
}
