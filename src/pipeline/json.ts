/**
 * Byte-level scanning of JSON values, for `kubectl get -o json` List dumps read item by
 * item (engine.ts). Nothing is decoded: brackets are counted outside strings, and a string
 * ends at an unescaped quote. JSON is ASCII in every byte that matters here, and UTF-8
 * never uses ASCII bytes inside a multi-byte character.
 */
import { BACKSLASH, COMMA, CR, LBRACE, LBRACKET, LF, QUOTE, RBRACE, RBRACKET, SP, TAB } from './ascii.js'

export function isJsonBlank(c: number): boolean {
  return c === SP || c === TAB || c === LF || c === CR
}

/** Finds the end of one JSON value, across calls as bytes arrive. */
export class JsonValueScan {
  private depth = 0
  private inString = false
  private escaped = false
  private kind: 'nest' | 'string' | 'scalar' | undefined
  private end = -1
  at: number

  /** A value that starts at `start`, or (with `depth`) the inside of a collection already open. */
  constructor(
    public start: number,
    depth = 0,
  ) {
    this.at = start
    if (depth > 0) {
      this.kind = 'nest'
      this.depth = depth
    }
  }

  /** The end of the value (exclusive), or -1 until more bytes are in. */
  run(view: Buffer, final: boolean): number {
    if (this.end < 0) this.end = this.scan(view, final)
    return this.end
  }

  private scan(view: Buffer, final: boolean): number {
    const len = view.length
    let i = this.at
    if (this.kind === undefined) {
      if (i >= len) return final ? len : -1
      const c = view[i]!
      if (c === LBRACE || c === LBRACKET) {
        this.kind = 'nest'
        this.depth = 1
        i++
      } else if (c === QUOTE) {
        this.kind = 'string'
        this.inString = true
        i++
      } else {
        this.kind = 'scalar'
      }
    }
    if (this.kind === 'scalar') {
      while (i < len) {
        const c = view[i]!
        if (c === COMMA || c === RBRACKET || c === RBRACE || isJsonBlank(c)) return (this.at = i)
        i++
      }
      this.at = i
      return final ? len : -1
    }
    while (i < len) {
      const c = view[i++]!
      if (this.inString) {
        if (this.escaped) this.escaped = false
        else if (c === BACKSLASH) this.escaped = true
        else if (c === QUOTE) {
          this.inString = false
          if (this.kind === 'string') return (this.at = i)
        }
        continue
      }
      if (c === QUOTE) this.inString = true
      else if (c === LBRACE || c === LBRACKET) this.depth++
      else if (c === RBRACE || c === RBRACKET) {
        if (--this.depth === 0) return (this.at = i)
      }
    }
    this.at = i
    return final ? len : -1
  }

  shift(n: number): void {
    this.start -= n
    this.at -= n
    if (this.end >= 0) this.end -= n
  }
}

const HEAD_LIMIT = 4096

/**
 * Where the first item starts if a JSON value at `pos` opens as kubectl's `-o json` List
 * does (`{ "apiVersion": "v1", "items": [ {`, any blanks between); 0 if it does not;
 * undefined while too few bytes are in to tell.
 */
export function matchJsonListHead(view: Buffer, pos: number, final: boolean): number | undefined {
  const parts = ['{', '"apiVersion"', ':', '"v1"', ',', '"items"', ':', '[', '{']
  let i = pos
  for (const [n, part] of parts.entries()) {
    while (i < view.length && isJsonBlank(view[i]!) && i - pos < HEAD_LIMIT) i++
    if (i - pos >= HEAD_LIMIT) return 0
    const have = Math.min(part.length, view.length - i)
    if (view.toString('latin1', i, i + have) !== part.slice(0, have)) return 0
    if (have < part.length) return final ? 0 : undefined
    if (n === parts.length - 1) return i
    i += part.length
  }
  return 0
}

/** After a value that ends at `end`: the end of its line if only blanks follow on it, else `end`; -1 until known. */
export function endOfValueLine(view: Buffer, end: number, final: boolean): number {
  let i = end
  while (i < view.length && (view[i] === SP || view[i] === TAB || view[i] === CR)) i++
  if (i >= view.length) return final ? i : -1
  return view[i] === LF ? i + 1 : end
}
