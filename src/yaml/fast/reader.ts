/**
 * The fast reader: one block-style document as kubectl, Helm and people write it (block
 * mappings and sequences, one-line plain and quoted scalars, comments, CRLF) read in one pass
 * into the `yaml` package's nodes, with the values and source ranges the package's own parser
 * gives them, so the locator and the kinds' readers (convert/locate.ts, kinds/* /read.ts) read
 * the same views from either. The root mapping may stand indented, its keys at its first
 * line's column, as a List item's does when the stream path gives it to the converter (the
 * dash a space: pipeline/list.ts). It is a second reader of one grammar: anything outside the
 * shapes it knows declines (undefined), and the document goes to the general path
 * (documents.ts). Declined: flow collections, anchors, aliases, tags, explicit keys, block
 * scalars, multi-line scalars, empty values, duplicate keys, indentation that is not a
 * mapping's or a sequence's own, comment lines not at the indentation of the line below them,
 * directives, a second document, byte order marks and the line breaks only YAML 1.1 has.
 * test/fast-reader.test.ts holds the two readers equal.
 */
import type { Scalar, YAMLMap, YAMLSeq } from 'yaml'
import { map as newMap, type Node, pair, seq as newSeq } from './nodes.js'
import { Lines } from './lines.js'
import { DECLINED, decline, keyAt, keyClose, keyEnd, valueAt } from './scalars.js'

/**
 * What makes the fast reader decline at once: a tab, the indicators of anchors, aliases, tags,
 * block scalars, flow collections, directives and explicit keys (anywhere: the reader does not
 * tell a value's `&` from a key's), a `\r` that does not start a CRLF, `...`, a byte order mark
 * and the line breaks only YAML 1.1 has (documents.ts refuses them outside quotes). One regular
 * expression: V8 runs it as native code, two to three times as fast as a loop over the
 * characters on a stream of small TrafficSplits.
 */
const REFUSED = /[\t&*!|>[{%?\u0085\u2028\u2029\ufeff]|\r(?!\n)|\.\.\./

/** The root mapping of `text`'s one document, or undefined when the general path must read it. */
export function readBlockDocument(text: string): YAMLMap | undefined {
  if (REFUSED.test(text)) return undefined
  try {
    return new Reader(text).document()
  } catch (err) {
    if (err === DECLINED) return undefined
    throw err
  }
}

const DASH = 45
const SPACE = 32

class Reader {
  private readonly lines: Lines
  /** The next content line after the block read last. */
  private at = 0

  constructor(private readonly text: string) {
    this.lines = new Lines(text)
  }

  document(): YAMLMap {
    const { lines, text } = this
    let i = 0
    let marker = false
    for (; i < lines.count; i++) {
      if (lines.isBlank(i) || lines.isComment(i)) continue
      const c = lines.content[i]!
      // The marker line: `---` and spaces only (a YAML space is ' ', not every space String#trim knows).
      if (marker || lines.indent(i) !== 0 || !text.startsWith('---', c) || !/^ *$/.test(text.slice(c + 3, lines.end[i]))) break
      marker = true
    }
    if (i === lines.count || this.isDash(i)) decline()
    // The root may stand indented, its keys at its first line's column: a List item as the
    // stream path gives it to the converter (pipeline/list.ts), its dash a space.
    const root = this.map(i, lines.indent(i), lines.content[i]!)
    if (this.at !== lines.count) decline()
    return root
  }

  /** The next line that is neither blank nor a comment, from `from`; a comment line must stand at its indentation. */
  private nextContent(from: number): number {
    const { lines } = this
    let comment = -1
    let i = from
    for (; i < lines.count; i++) {
      if (lines.isBlank(i)) continue
      if (!lines.isComment(i)) break
      if (comment >= 0 && lines.indent(i) !== lines.indent(comment)) decline()
      comment = i
    }
    if (comment >= 0 && (i === lines.count || lines.indent(i) !== lines.indent(comment))) decline()
    return i
  }

  /**
   * Ends a collection before content line `next`. The parser gives comment lines between a
   * collection's last entry and a line that ends it to the collection (its range grows) or
   * to what follows, by rules of its own: declined.
   */
  private leave(next: number): void {
    for (let i = next - 1; i >= 0 && (this.lines.isBlank(i) || this.lines.isComment(i)); i--) if (this.lines.isComment(i)) decline()
    this.at = next
  }

  private isDash(i: number): boolean {
    const c = this.lines.content[i]!
    return this.text.charCodeAt(c) === DASH && (c + 1 === this.lines.end[i] || this.text.charCodeAt(c + 1) === SPACE)
  }

  /** A block collection whose first line is `i`, at column `col`. */
  private block(i: number, col: number): Node {
    return this.isDash(i) ? this.seq(i, col) : this.map(i, col, this.lines.content[i]!)
  }

  /** A block mapping whose first key is at `first` on line `i`, its keys at column `col`. */
  private map(i: number, col: number, first: number): YAMLMap<Scalar, Node> {
    const { lines, text } = this
    const map = newMap()
    let line = i
    let at = first
    let end: number
    for (;;) {
      // A line that starts with `---` or `...` is a document marker (`---#` too, for kubectl).
      if (col === 0 && (text.startsWith('---', at) || text.startsWith('...', at))) decline()
      const key = keyAt(text, at, lines.end[line]!)
      if (!key) return decline()
      for (const p of map.items) if (p.key.value === key.value) decline()
      const after = keyEnd
      let v = after
      while (v < lines.end[line]! && text.charCodeAt(v) === SPACE) v++
      let value: Node
      let next: number
      if (v < lines.end[line]! && (v === after || text.charCodeAt(v) !== 35)) {
        if (v === after) decline()
        value = valueAt(text, v, lines.end[line]!, lines.next[line]!)
        next = this.nextContent(line + 1)
        if (next < lines.count && lines.indent(next) > col) decline()
      } else {
        const below = this.nextContent(line + 1)
        if (below === lines.count) decline()
        const indent = lines.indent(below)
        if (indent > col) value = this.block(below, indent)
        else if (indent === col && this.isDash(below)) value = this.seq(below, col)
        else return decline()
        next = this.at
      }
      map.items.push(pair(key, value))
      end = value.range![2]
      if (next === lines.count || lines.indent(next) < col) {
        this.leave(next)
        break
      }
      if (lines.indent(next) > col || this.isDash(next)) decline()
      line = next
      at = lines.content[line]!
    }
    map.range = [first, end, end]
    return map
  }

  /** A block sequence whose first `-` is on line `i`, at column `col`. */
  private seq(i: number, col: number): YAMLSeq<Node> {
    const { lines, text } = this
    const seq = newSeq()
    let line = i
    let end: number
    for (;;) {
      const dash = lines.content[line]!
      let at = dash + 1
      while (at < lines.end[line]! && text.charCodeAt(at) === SPACE) at++
      if (at === dash + 1 || at === lines.end[line]) decline()
      let item: Node
      let next: number
      if (keyClose(text, at, lines.end[line]!) >= 0) {
        item = this.map(line, at - lines.start[line]!, at)
        next = this.at
      } else {
        item = valueAt(text, at, lines.end[line]!, lines.next[line]!)
        next = this.nextContent(line + 1)
        if (next < lines.count && lines.indent(next) > col) decline()
      }
      seq.items.push(item)
      end = item.range![2]
      if (next < lines.count && lines.indent(next) > col) decline()
      if (next === lines.count || lines.indent(next) < col || !this.isDash(next)) {
        this.leave(next)
        break
      }
      line = next
    }
    seq.range = [lines.content[i]!, end, end]
    return seq
  }
}
