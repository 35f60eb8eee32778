/**
 * Whether Rust's `regex` crate compiles a pattern: Linkerd's proxy drops a ServiceProfile
 * condition whose pathRegex it cannot compile (linkerd2-proxy@29637b64f service-profiles
 * src/proto.rs `convert_req_match`: `Regex::new(..).ok()?`), and Linkerd's admission refuses an
 * HTTPRoute whose RegularExpression it cannot compile (linkerd2@b24cd40 policy-controller
 * k8s/index/src/routes/http.rs `path_match`, `value.parse()`).
 *
 * Written from the crate's documented syntax (docs.rs/regex 1.13.1, "Syntax"), the version the
 * proxy builds with (linkerd2-proxy Cargo.lock @29637b64f: regex 1.13.1, regex-syntax 0.8.11),
 * and from the parse errors the crate reports. Where the documentation leaves a case open, or a
 * case depends on data this reader does not hold (Unicode property names it cannot confirm, the
 * compiled program's size limit, patterns with Unicode mode off), the verdict is `sure: false`:
 * the caller leaves the route for a person rather than guess.
 *
 * `dialect: '1.7'` reads the older grammar (regex 1.7, regex-syntax 0.6: only meta characters
 * may be escaped, no `\<`/`\>`/`\b{start}`, no `(?<name>…)`, no `R` flag, ASCII group names, no
 * empty classes), which the tests compare against a real build of that release.
 */
import { unicodeProperty } from './rust-regex-unicode.js'

export type Dialect = '1.13' | '1.7'

export type RegexVerdict = { ok: true } | { ok: false; sure: boolean; why: string }

/** The crate's default nesting limit is 250; deeper than this is left for a person. */
const NEST_LIMIT = 200
/**
 * A rough count of compiled states (a literal 1, a class more, repetitions multiply). The
 * crate refuses a compiled program over 10 MiB; well under that is sure, above is not judged.
 */
const SIZE_SURE = 20_000
const U32_MAX = 4_294_967_295

class Refused extends Error {
  constructor(
    readonly why: string,
    readonly sure = true,
  ) {
    super(why)
  }
}

export function rustRegex(pattern: string, dialect: Dialect = '1.13'): RegexVerdict {
  const p = new Parser(Array.from(pattern), dialect)
  try {
    const size = p.alternation(false, 0)
    if (size > SIZE_SURE) return { ok: false, sure: false, why: 'it may exceed the compiled size limit' }
    return { ok: true }
  } catch (e) {
    if (e instanceof Refused) return { ok: false, sure: e.sure, why: e.why }
    throw e
  }
}

/** A character a class range may end at, or a set (a named class, a nested class). */
type Item = { char: number } | { set: 'escape' | 'bracket' }

class Parser {
  i = 0
  readonly names = new Set<string>()
  /** Scoped flag state: verbose mode (whitespace and `#` comments ignored). */
  x = false

  constructor(
    readonly cs: string[],
    readonly dialect: Dialect,
  ) {}

  get new(): boolean {
    return this.dialect === '1.13'
  }

  peek(k = 0): string | undefined {
    return this.cs[this.i + k]
  }

  /** Alternatives up to `)` (not consumed) or the end; returns the size estimate. */
  alternation(inGroup: boolean, depth: number): number {
    if (depth > NEST_LIMIT) throw new Refused('it nests deeper than the nesting limit', false)
    const saved = this.x
    // The size of what came before the last atom, and of the last atom (which a repetition multiplies).
    let total = 0
    let last = 0
    let atom = false
    for (;;) {
      const c = this.peek()
      if (c === undefined) {
        if (inGroup) throw new Refused('unclosed group')
        break
      }
      if (this.skipVerbose()) continue
      if (c === ')') {
        if (!inGroup) throw new Refused('unopened group')
        break
      }
      this.i++
      if (c === '|') {
        atom = false
        continue
      }
      if (c === '*' || c === '+' || c === '?') {
        if (!atom) throw new Refused('repetition operator missing expression')
        continue
      }
      if (c === '{') {
        if (!atom) throw new Refused('repetition operator missing expression')
        last *= Math.max(this.counted(), 1)
        continue
      }
      const r = this.atom(c, depth)
      atom = r !== undefined
      total += last
      last = r ?? 0
    }
    this.x = saved
    return total + last
  }

  /** One atom after its first character; undefined for a flag group, which nothing may repeat. */
  atom(c: string, depth: number): number | undefined {
    if (c === '(') return this.group(depth)
    if (c === '[') return this.classSize(this.bracket(depth + 1))
    if (c === '\\') return this.escape(false).size
    if (c === '.') return 4
    return 1
  }

  /** Whitespace and comments in verbose mode. */
  skipVerbose(): boolean {
    const c = this.peek()
    if (!this.x || c === undefined) return false
    if (/\s/u.test(c)) {
      this.i++
      return true
    }
    if (c === '#') {
      while (this.peek() !== undefined && this.peek() !== '\n') this.i++
      return true
    }
    return false
  }

  /** `{n}`, `{n,}`, `{n,m}` after the `{`; returns the largest count that matters for size. */
  counted(): number {
    const min = this.decimal()
    let max = min
    if (this.spaces() === ',') {
      this.i++
      max = this.spaces() === '}' ? min : this.decimal()
      if (max < min) throw new Refused('invalid repetition count range, the start must be <= the end')
    }
    if (this.spaces() !== '}') throw new Refused('unclosed counted repetition')
    this.i++
    return max
  }

  /** Skips whitespace (allowed in a counted repetition in any mode); the next character. */
  spaces(): string | undefined {
    while (this.peek() !== undefined && /\s/u.test(this.peek()!)) this.i++
    return this.peek()
  }

  decimal(): number {
    let digits = ''
    this.spaces()
    while (/^\d$/.test(this.peek() ?? '')) digits += this.cs[this.i++]
    if (digits === '') {
      if (this.peek() === undefined) throw new Refused('unclosed counted repetition')
      throw new Refused('repetition quantifier expects a valid decimal')
    }
    const n = Number(digits)
    if (n > U32_MAX) throw new Refused('decimal literal invalid')
    return n
  }

  /** After `(`: a group, or a flag group (undefined). */
  group(depth: number): number | undefined {
    if (this.peek() !== '?') return this.body(depth)
    this.i++
    const c = this.peek()
    if (c === 'P' && this.peek(1) === '<') {
      this.i += 2
      this.captureName()
      return this.body(depth)
    }
    if (c === '<' && this.new) {
      this.i++
      this.captureName()
      return this.body(depth)
    }
    const on = this.flags()
    if (this.peek() === ')') {
      this.i++
      if (on.x !== undefined) this.x = on.x
      return undefined
    }
    this.i++
    const saved = this.x
    if (on.x !== undefined) this.x = on.x
    const size = this.body(depth)
    this.x = saved
    return size
  }

  /** A group's alternatives and its `)`. */
  body(depth: number): number {
    const saved = this.x
    const size = this.alternation(true, depth + 1)
    this.x = saved
    this.i++
    return size
  }

  /** The flags of `(?flags)` or `(?flags:`, up to (not past) the `)` or `:`. */
  flags(): { x?: boolean } {
    const known = this.new ? 'imsRUux' : 'imsUux'
    const seen = new Set<string>()
    let negate = false
    let afterMinus = false
    let any = false
    let x: boolean | undefined
    for (;;) {
      const c = this.peek()
      if (c === undefined) throw new Refused('expected flag but got end of regex')
      if (c === ')' || c === ':') {
        if (afterMinus) throw new Refused('dangling flag negation operator')
        if (!any && c === ')') throw new Refused('empty flag group')
        return x === undefined ? {} : { x }
      }
      if (c === '-') {
        if (negate) throw new Refused('flag negation operator repeated')
        negate = afterMinus = true
      } else {
        if (!known.includes(c)) throw new Refused('unrecognized flag')
        if (seen.has(c)) throw new Refused('duplicate flag')
        seen.add(c)
        if (c === 'u' && negate) throw new Refused('Unicode mode switched off: not judged', false)
        if (c === 'x') x = !negate
        afterMinus = false
        any = true
      }
      this.i++
    }
  }

  /** A capture group's name up to its `>`. */
  captureName(): void {
    let name = ''
    for (;;) {
      const c = this.peek()
      if (c === undefined) throw new Refused('unclosed capture group name')
      this.i++
      if (c === '>') break
      const ok = name === '' ? this.nameStart(c) : this.nameStart(c) || this.nameRest(c)
      if (!ok) throw new Refused('invalid capture group character')
      name += c
    }
    if (name === '') throw new Refused('empty capture group name')
    if (this.names.has(name)) throw new Refused('duplicate capture group name')
    this.names.add(name)
  }

  nameStart(c: string): boolean {
    return c === '_' || (this.new ? /^\p{Alphabetic}$/u.test(c) : /^[A-Z]$/i.test(c))
  }

  nameRest(c: string): boolean {
    if ('.[]'.includes(c)) return true
    return this.new ? /^[\p{Nd}\p{Nl}\p{No}]$/u.test(c) : /^\d$/.test(c)
  }

  /** After `\`. `size`: undefined for an assertion that cannot be in a class; `item`: as a range end. */
  escape(inClass: boolean): { size: number; item: Item } {
    const c = this.peek()
    if (c === undefined) throw new Refused('incomplete escape sequence, reached end of pattern prematurely')
    this.i++
    const lit = (ch: string): { size: number; item: Item } => ({ size: 1, item: { char: ch.codePointAt(0)! } })
    const SPECIAL: Record<string, string> = { a: '\x07', f: '\f', t: '\t', n: '\n', r: '\r', v: '\v' }
    if (SPECIAL[c]) return lit(SPECIAL[c])
    if ('AzbB<>'.includes(c) && (c !== '<' && c !== '>' ? true : this.new)) {
      if (inClass) throw new Refused('invalid escape sequence found in character class')
      if (c === 'b' && this.new && this.peek() === '{') this.wordBoundary()
      return { size: 1, item: { set: 'escape' } }
    }
    if (c === 'x' || c === 'u' || c === 'U') return { size: 1, item: { char: this.hex(c) } }
    if (c === 'p' || c === 'P') {
      this.property()
      return { size: 400, item: { set: 'escape' } }
    }
    if ('dswDSW'.includes(c)) return { size: c.toLowerCase() === 'd' ? 60 : 400, item: { set: 'escape' } }
    if (/^\d$/.test(c)) throw new Refused('backreferences are not supported')
    if (this.escapable(c)) return lit(c)
    throw new Refused('unrecognized escape sequence')
  }

  /** A character a backslash makes literal. */
  escapable(c: string): boolean {
    // regex 1.7: meta characters, and in verbose mode whitespace (else ignored).
    if (!this.new) return '\\.+*?()|[]{}^$#&-~'.includes(c) || (this.x && /^\s$/u.test(c))
    const code = c.codePointAt(0)!
    return code < 0x80 && !/^[0-9A-Z<>]$/i.test(c)
  }

  /** `\b{start}`, `\b{end}`, `\b{start-half}`, `\b{end-half}`; anything else after `\b{` is not judged. */
  wordBoundary(): void {
    const rest = this.cs.slice(this.i).join('')
    const m = /^\{(start|end|start-half|end-half)\}/.exec(rest)
    if (!m) throw new Refused('\\b followed by { is not one the documented forms', false)
    this.i += m[0].length
  }

  /** `\xHH`, `\uHHHH`, `\UHHHHHHHH` or the braced form; a Unicode scalar value. */
  hex(kind: string): number {
    let digits = ''
    if (this.peek() === '{') {
      this.i++
      for (;;) {
        const c = this.peek()
        if (c === undefined) throw new Refused('unclosed hexadecimal literal')
        this.i++
        if (c === '}') break
        if (!/^[0-9A-F]$/i.test(c)) throw new Refused('invalid hexadecimal digit')
        digits += c
      }
      if (digits === '') throw new Refused('hexadecimal literal empty')
    } else {
      const n = kind === 'x' ? 2 : kind === 'u' ? 4 : 8
      for (let k = 0; k < n; k++) {
        const c = this.peek()
        if (c === undefined) throw new Refused('incomplete escape sequence, reached end of pattern prematurely')
        if (!/^[0-9A-F]$/i.test(c)) throw new Refused('invalid hexadecimal digit')
        digits += c
        this.i++
      }
    }
    const significant = digits.replace(/^0+(?=.)/, '')
    const v = significant.length > 8 ? Infinity : parseInt(significant, 16)
    if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) throw new Refused('hexadecimal literal is not a Unicode scalar value')
    return v
  }

  /** `\pX` or `\p{…}` after the `p`. */
  property(): void {
    let name: string
    if (this.peek() === '{') {
      const end = this.cs.indexOf('}', this.i)
      if (end < 0) throw new Refused('unclosed Unicode class literal')
      name = this.cs.slice(this.i + 1, end).join('')
      this.i = end + 1
    } else {
      const c = this.peek()
      if (c === undefined) throw new Refused('incomplete escape sequence, reached end of pattern prematurely')
      name = c
      this.i++
    }
    const known = unicodeProperty(name)
    if (known === 'unknown') throw new Refused('Unicode property not found')
    if (known === 'unsure') throw new Refused(`Unicode property ${name}: not one this reader can confirm`, false)
  }

  /** A bracketed class after its `[`, up to and past its `]`. */
  bracket(depth: number): { sized: number } {
    if (depth > NEST_LIMIT) throw new Refused('it nests deeper than the nesting limit', false)
    if (this.peek() === '^') this.i++
    let sized = 0
    let first = true
    for (;;) {
      const c = this.peek()
      if (c === undefined) throw new Refused('unclosed character class')
      if (this.skipVerbose()) continue
      if (c === ']' && !first) {
        this.i++
        return { sized }
      }
      first = false
      const two = c + (this.peek(1) ?? '')
      if (two === '&&' || two === '--' || two === '~~') {
        // regex 1.7 refuses a class that ends up empty; whether it does is not worked out here.
        if (!this.new) throw new Refused('a class set operation (regex 1.7 refuses empty results): not judged', false)
        this.i += 2
        continue
      }
      const item = this.classItem(depth)
      sized += 'set' in item ? 20 : 1
      // `-` then `-` is the difference operator; `-` before `]` a member.
      const dash = this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== '-' && this.peek(1) !== undefined
      if (dash && 'set' in item && item.set === 'escape') throw new Refused('invalid range boundary, must be a literal')
      if (dash && 'char' in item) {
        this.i++
        const end = this.rangeEnd(depth)
        if (end < item.char) throw new Refused('invalid character class range, the start must be <= the end')
        sized += 2
      }
    }
  }

  /** One member of a class: a character (a possible range start) or a set. */
  classItem(depth: number): Item {
    const c = this.cs[this.i++]!
    if (c === '\\') return this.escape(true).item
    if (c !== '[') return { char: c.codePointAt(0)! }
    const ascii = /^:\^?(alnum|alpha|ascii|blank|cntrl|digit|graph|lower|print|punct|space|upper|word|xdigit):\]/.exec(
      this.cs.slice(this.i, this.i + 12).join(''),
    )
    if (ascii) {
      this.i += ascii[0].length
      return { set: 'bracket' }
    }
    this.bracket(depth + 1)
    return { set: 'bracket' }
  }

  /** The end of a range after its `-`: a character. */
  rangeEnd(depth: number): number {
    while (this.skipVerbose()) {
      /* whitespace between `-` and the end */
    }
    if (this.peek() === undefined) throw new Refused('unclosed character class')
    // A `[` ending a range is the character, not a nested class.
    if (this.peek() === '[') return this.cs[this.i++]!.codePointAt(0)!
    const item = this.classItem(depth)
    if (!('char' in item)) throw new Refused('invalid range boundary, must be a literal')
    return item.char
  }

  classSize(r: { sized: number }): number {
    return Math.max(r.sized, 1)
  }
}
