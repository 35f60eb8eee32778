/**
 * Whether two path regexes, as Linkerd's proxy compiles them (paths.ts `proxyRegex`), can be
 * told apart for sure: no path matches both. The proxy searches a path with the regex (a match
 * anywhere), so each top-level alternative without a leading `^` may be preceded by anything,
 * and without a trailing `$` followed by anything; `$` is the end of the path only (Rust's
 * `regex` without the `m` flag), and `.` is any character but `\n`.
 *
 * Each regex is read into a Thompson NFA for a small part of Rust's syntax: literals, escaped
 * punctuation, `\n` `\t` `\r` `\f` `\v` `\a`, `.`, bracket classes (ranges, negation, the
 * escapes below), `\d` `\w` `\s` and their negations, groups (plain, `(?:`, named), alternation,
 * `*` `+` `?` and counted repetitions with small bounds (greedy or lazy: the same strings). In
 * Unicode mode (Rust's default) `\d` `\w` `\s` also take characters outside ASCII this reader
 * does not list; it takes their ASCII part exactly and every character outside ASCII as
 * possibly in the class, so a class here holds at least what Rust's holds and "disjoint" stays
 * true of Rust's. Then the two NFAs run side by side (a breadth-first search over pairs of
 * their state sets, the characters cut at every class boundary): disjoint when no pair of
 * accepting sets is reached. Anything else (flags, Unicode classes, hex escapes, anchors
 * elsewhere, look-around, nested classes, class set operations `&&` `--` `~~`, large bounds, too
 * many states or pairs) is not read: the answer is then "may overlap", as it was without this
 * reader. `mayMatch` asks the same reader whether one path is searched successfully.
 */

/** Inclusive code point ranges, sorted and apart: `[[lo, hi], …]`. */
type Ranges = Array<[number, number]>

type Node =
  { t: 'set'; set: Ranges } | { t: 'cat'; items: Node[] } | { t: 'alt'; items: Node[] } | { t: 'rep'; node: Node; min: number; max: number }

const MAX_CP = 0x10ffff
const ANY: Ranges = [[0, MAX_CP]]
const NON_ASCII: Ranges = [[0x80, MAX_CP]]
const DOT: Ranges = [
  [0, 9],
  [11, MAX_CP],
]
/** The largest repetition count read (`{m,n}`: both). */
const MAX_COUNT = 32
const MAX_STATES = 4000
const MAX_PAIRS = 2000

/** A part of the syntax this reader does not take. */
class Unsupported extends Error {}

function union(...sets: Ranges[]): Ranges {
  const all = sets.flat().sort((x, y) => x[0] - y[0])
  const out: Ranges = []
  for (const [lo, hi] of all) {
    const last = out[out.length - 1]
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi)
    else out.push([lo, hi])
  }
  return out
}

function complement(set: Ranges): Ranges {
  const out: Ranges = []
  let next = 0
  for (const [lo, hi] of union(set)) {
    if (lo > next) out.push([next, lo - 1])
    next = hi + 1
  }
  if (next <= MAX_CP) out.push([next, MAX_CP])
  return out
}

const one = (c: string): Ranges => [[c.codePointAt(0)!, c.codePointAt(0)!]]

/** The ASCII part of `\d`, `\w`, `\s` (exactly Rust's Unicode classes restricted to ASCII). */
const PERL: Record<string, Ranges> = {
  d: [[0x30, 0x39]],
  w: union([[0x30, 0x39]], [[0x41, 0x5a]], [[0x61, 0x7a]], one('_')),
  s: [
    [9, 13],
    [32, 32],
  ],
}
const CONTROL: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', a: '\x07' }

/** A class, and whether its part outside ASCII is not known here (then taken as all of it). */
interface ClassPart {
  set: Ranges
  wide: boolean
}

class Reader {
  i = 0

  constructor(readonly cs: string[]) {}

  peek(k = 0): string | undefined {
    return this.cs[this.i + k]
  }

  /** The whole regex: its top-level alternatives, each with its own anchors, as the search reads them. */
  pattern(): Node {
    const anyStar: Node = { t: 'rep', node: { t: 'set', set: ANY }, min: 0, max: Infinity }
    const alts: Node[] = []
    for (;;) {
      const start = this.peek() === '^'
      if (start) this.i++
      const items = this.sequence(true)
      const end = this.peek() === '$'
      if (end) this.i++
      alts.push({ t: 'cat', items: [...(start ? [] : [anyStar]), ...items, ...(end ? [] : [anyStar])] })
      const c = this.peek()
      if (c === undefined) return { t: 'alt', items: alts }
      if (c !== '|') throw new Unsupported()
      this.i++
    }
  }

  /** Atoms up to `|`, `)`, the end, or (at the top) a `$` that ends an alternative. */
  sequence(top: boolean): Node[] {
    const items: Node[] = []
    for (;;) {
      const c = this.peek()
      if (c === undefined || c === '|' || c === ')') return items
      if (c === '$') {
        const after = this.peek(1)
        if (top && (after === undefined || after === '|')) return items
        throw new Unsupported()
      }
      this.i++
      items.push(this.quantified(this.atom(c)))
    }
  }

  /** Alternatives inside a group, and its `)`. */
  group(): Node {
    if (this.peek() === '?') {
      this.i++
      if (this.peek() === ':') this.i++
      else this.groupName()
    }
    const alts: Node[] = []
    for (;;) {
      alts.push({ t: 'cat', items: this.sequence(false) })
      const c = this.peek()
      this.i++
      if (c === ')') return { t: 'alt', items: alts }
      if (c !== '|') throw new Unsupported()
    }
  }

  /** `P<name>` or `<name>` up to and past the `>`; anything else after `(?` (flags) is not read. */
  groupName(): void {
    if (this.peek() === 'P') this.i++
    if (this.peek() !== '<') throw new Unsupported()
    this.i++
    let n = 0
    while (this.peek() !== undefined && /^[\w.[\]]$/.test(this.peek()!)) {
      this.i++
      n++
    }
    if (n === 0 || this.peek() !== '>') throw new Unsupported()
    this.i++
  }

  atom(c: string): Node {
    if (c === '(') return this.group()
    if (c === '[') return { t: 'set', set: this.bracket() }
    if (c === '.') return { t: 'set', set: DOT }
    if (c === '\\') {
      const e = this.escape()
      return { t: 'set', set: e.wide ? union(e.set, NON_ASCII) : e.set }
    }
    if ('*+?{}^$]'.includes(c)) throw new Unsupported()
    return { t: 'set', set: one(c) }
  }

  /** The repetition after an atom, if any (a lazy `?` after it changes no string matched). */
  quantified(node: Node): Node {
    const c = this.peek()
    let min: number
    let max: number
    if (c === '*') [min, max] = [0, Infinity]
    else if (c === '+') [min, max] = [1, Infinity]
    else if (c === '?') [min, max] = [0, 1]
    else if (c === '{') [min, max] = this.counted()
    else return node
    if (c !== '{') this.i++
    if (this.peek() === '?') this.i++
    if ('*+?{'.includes(this.peek() ?? '-')) throw new Unsupported()
    return { t: 'rep', node, min, max }
  }

  /** `{m}`, `{m,}`, `{m,n}` from the `{` up to and past the `}`. */
  counted(): [number, number] {
    const m = /^\{(\d{1,3})(,(\d{0,3}))?\}/.exec(this.cs.slice(this.i, this.i + 10).join(''))
    if (!m) throw new Unsupported()
    this.i += m[0].length
    const min = Number(m[1])
    const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3])
    if (min > MAX_COUNT || (max !== Infinity && (max > MAX_COUNT || max < min))) throw new Unsupported()
    return [min, max]
  }

  /** After `\`: a literal, a control character, or `\d` `\w` `\s` and their negations. */
  escape(): ClassPart {
    const c = this.peek()
    if (c === undefined) throw new Unsupported()
    this.i++
    if (CONTROL[c]) return { set: one(CONTROL[c]), wide: false }
    const perl = PERL[c.toLowerCase()]
    if (perl) return { set: c === c.toLowerCase() ? perl : complement(perl), wide: true }
    const code = c.codePointAt(0)!
    // Any other ASCII character but a letter, a digit, `<`, `>` stands for itself.
    if (code < 0x80 && !/^[\da-z<>]$/i.test(c)) return { set: one(c), wide: false }
    throw new Unsupported()
  }

  /** A bracketed class after its `[`, up to and past its `]`. */
  bracket(): Ranges {
    const negate = this.peek() === '^'
    if (negate) this.i++
    const parts: Ranges[] = []
    let wide = false
    for (let first = true; ; first = false) {
      const c = this.peek()
      if (c === undefined || c === '[') throw new Unsupported()
      if (c === ']' && !first) {
        this.i++
        break
      }
      this.noSetOperation()
      const item = this.classItem()
      wide ||= item.wide
      if (this.peek() === '-' && this.peek(1) !== ']') {
        // `--` after an item is the difference operator, not a range; nor is `-&&` or `-~~`.
        this.noSetOperation()
        this.i++
        this.noSetOperation()
        const end = this.classItem()
        const [lo, hi] = [single(item), single(end)]
        if (hi < lo) throw new Unsupported()
        parts.push([[lo, hi]])
      } else if (c === '-' && !first && this.peek() !== ']') {
        // A `-` in the middle of a class: read only at its start or end.
        throw new Unsupported()
      } else parts.push(item.set)
    }
    const set = negate ? complement(union(...parts)) : union(...parts)
    return wide ? union(set, NON_ASCII) : set
  }

  /**
   * Rust's class set operations (`&&`, `--`, `~~`) and nested classes are not read: a class with
   * one is "may overlap", never its characters taken one by one (`[^0-9--5]` holds `5`).
   */
  noSetOperation(): void {
    const c = this.peek()
    if (c !== undefined && '&-~'.includes(c) && this.peek(1) === c) throw new Unsupported()
  }

  classItem(): ClassPart {
    const c = this.cs[this.i++]
    if (c === undefined || c === '[') throw new Unsupported()
    if (c === '\\') return this.escape()
    return { set: one(c), wide: false }
  }
}

/** The one character of a class item that ends a range. */
function single(p: ClassPart): number {
  const [r] = p.set
  if (p.wide || p.set.length !== 1 || r![0] !== r![1]) throw new Unsupported()
  return r![0]
}

/** A Thompson NFA: state 0 the start, `accept` the one accepting state. */
class Nfa {
  eps: number[][] = []
  edges: Array<Array<{ set: Ranges; to: number }>> = []
  accept: number

  constructor(root: Node) {
    this.accept = this.build(root, this.state())
  }

  state(): number {
    if (this.eps.length >= MAX_STATES) throw new Unsupported()
    this.eps.push([])
    this.edges.push([])
    return this.eps.length - 1
  }

  /** The fragment for `node` from state `from`; its end state. */
  build(node: Node, from: number): number {
    if (node.t === 'set') {
      const to = this.state()
      this.edges[from]!.push({ set: node.set, to })
      return to
    }
    if (node.t === 'cat') return node.items.reduce((at, item) => this.build(item, at), from)
    if (node.t === 'alt') {
      const end = this.state()
      for (const item of node.items) {
        const start = this.state()
        this.eps[from]!.push(start)
        this.eps[this.build(item, start)]!.push(end)
      }
      return end
    }
    let at = from
    for (let k = 0; k < node.min; k++) at = this.build(node.node, at)
    if (node.max === Infinity) {
      const loop = this.state()
      this.eps[at]!.push(loop)
      this.eps[this.build(node.node, loop)]!.push(loop)
      return loop
    }
    for (let k = node.min; k < node.max; k++) {
      const next = this.state()
      this.eps[at]!.push(next)
      this.eps[this.build(node.node, at)]!.push(next)
      at = next
    }
    return at
  }

  /** Each state's closure under the empty moves (the states in it that matter), worked out when first asked. */
  readonly closures: Array<number[] | undefined> = []
  /** Marks for `closure` (a state is in the set being built when its mark is `stamp`). */
  marks = new Uint32Array(0)
  stamp = 0

  /** The states `states` reach by empty moves, themselves included, in order. */
  closure(states: number[]): number[] {
    if (this.marks.length < this.eps.length) this.marks = new Uint32Array(this.eps.length)
    const stamp = ++this.stamp
    const out: number[] = []
    for (const s of states)
      for (const t of this.closureOf(s))
        if (this.marks[t] !== stamp) {
          this.marks[t] = stamp
          out.push(t)
        }
    return out.sort((x, y) => x - y)
  }

  closureOf(state: number): number[] {
    const known = this.closures[state]
    if (known) return known
    const seen = new Set<number>()
    const stack = [state]
    while (stack.length > 0) {
      const s = stack.pop()!
      if (seen.has(s)) continue
      seen.add(s)
      stack.push(...this.eps[s]!)
    }
    // Only the states a character leaves, and the accepting one, tell sets apart.
    const out = [...seen].filter((s) => this.edges[s]!.length > 0 || s === this.accept)
    this.closures[state] = out
    return out
  }

  /** Where the characters fall into classes: each boundary starts a run of characters every class treats alike. */
  boundaries(into: Set<number>): void {
    for (const list of this.edges)
      for (const e of list)
        for (const [lo, hi] of e.set) {
          into.add(lo)
          if (hi < MAX_CP) into.add(hi + 1)
        }
  }
}

const cache = new Map<string, Nfa | undefined>()

function nfaOf(compiled: string): Nfa | undefined {
  if (cache.has(compiled)) return cache.get(compiled)
  let nfa: Nfa | undefined
  try {
    nfa = new Nfa(new Reader(Array.from(compiled)).pattern())
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e
  }
  if (cache.size > 1000) cache.clear()
  cache.set(compiled, nfa)
  return nfa
}

/**
 * The sets of an NFA's states met so far, each by number, and their moves on each run of
 * characters (`cuts`: the first character of each run), worked out when first asked: a DFA
 * built as far as the search needs it.
 */
class Subsets {
  readonly index = new Map<string, number>()
  readonly sets: number[][] = []
  readonly moves: Int32Array[] = []
  readonly accepting: boolean[] = []
  /** For each state, the targets of its edges on each run, worked out when first asked. */
  readonly targets: Array<number[][] | undefined> = []

  constructor(
    readonly nfa: Nfa,
    readonly cuts: number[],
  ) {}

  targetsOf(state: number): number[][] {
    let t = this.targets[state]
    if (!t) {
      const edges = this.nfa.edges[state]!
      t = this.cuts.map((c) => edges.filter((e) => e.set.some(([lo, hi]) => lo <= c && c <= hi)).map((e) => e.to))
      this.targets[state] = t
    }
    return t
  }

  /** The number of a set of states (already closed), -1 for none. */
  id(states: number[]): number {
    if (states.length === 0) return -1
    const k = states.join(',')
    let n = this.index.get(k)
    if (n === undefined) {
      n = this.sets.length
      this.index.set(k, n)
      this.sets.push(states)
      this.moves.push(new Int32Array(this.cuts.length).fill(-2))
      this.accepting.push(states.includes(this.nfa.accept))
    }
    return n
  }

  move(id: number, run: number): number {
    const known = this.moves[id]![run]!
    if (known !== -2) return known
    const next = this.sets[id]!.flatMap((s) => this.targetsOf(s)[run]!)
    const n = next.length === 0 ? -1 : this.id(this.nfa.closure(next))
    this.moves[id]![run] = n
    return n
  }
}

/**
 * True only when no string is searched successfully by both compiled regexes (the proxy's
 * reading); false when some is, or when that cannot be told here.
 */
export function provenDisjoint(p: string, q: string): boolean {
  const [a, b] = [nfaOf(p), nfaOf(q)]
  if (!a || !b) return false
  const cuts = new Set<number>([0])
  a.boundaries(cuts)
  b.boundaries(cuts)
  const runs = [...cuts].sort((x, y) => x - y)
  const [da, db] = [new Subsets(a, runs), new Subsets(b, runs)]
  const start = [da.id(a.closure([0])), db.id(b.closure([0]))] as const
  const pair = (x: number, y: number): number => x * MAX_PAIRS * 8 + y
  const seen = new Set<number>([pair(...start)])
  const queue: Array<readonly [number, number]> = [start]
  for (let at = 0; at < queue.length; at++) {
    const [x, y] = queue[at]!
    if (da.accepting[x] && db.accepting[y]) return false
    for (let run = 0; run < runs.length; run++) {
      const nx = da.move(x, run)
      if (nx < 0) continue
      const ny = db.move(y, run)
      if (ny < 0 || seen.has(pair(nx, ny))) continue
      if (seen.size >= MAX_PAIRS) return false
      seen.add(pair(nx, ny))
      queue.push([nx, ny])
    }
  }
  return true
}

/**
 * Whether the proxy's search with a compiled regex may succeed on `path`: false only when the
 * regex is read here and no match exists; true when it matches or cannot be read.
 */
export function mayMatch(compiled: string, path: string): boolean {
  const nfa = nfaOf(compiled)
  if (!nfa) return true
  let at = nfa.closure([0])
  for (const ch of path) {
    const cp = ch.codePointAt(0)!
    const next = at.flatMap((s) => nfa.edges[s]!.filter((e) => e.set.some(([lo, hi]) => lo <= cp && cp <= hi)).map((e) => e.to))
    if (next.length === 0) return false
    at = nfa.closure(next)
  }
  return at.includes(nfa.accept)
}
