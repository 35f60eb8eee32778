/**
 * One-line scalars for the fast reader (reader.ts): plain, single- and double-quoted, as keys
 * and as values, made into the `yaml` package's Scalar nodes with the values and ranges the
 * package gives them (failsafe schema: every scalar a string). Anything else on a line
 * declines (`decline()` throws, reader.ts catches): block scalars, anchors, aliases, tags,
 * flow collections, escapes other than `\"` and `\\`, a quoted scalar that goes on to the
 * next line, a comment that follows a value without a space.
 */
import { Scalar } from 'yaml'
import { scalar } from './nodes.js'

/** Thrown to leave the fast reader: the general path reads the document. */
export const DECLINED: unique symbol = Symbol('declined')

export function decline(): never {
  throw DECLINED
}

const SPACE = 32
const HASH = 35
const COLON = 58
const DQ = 34
const SQ = 39
const BACKSLASH = 92
const DASH = 45

/** First characters a plain scalar may not start with here (YAML indicators, and a few it may). */
const NOT_FIRST = new Set([...'-?:,[]{}#&*!|>\'"%@`'].map((c) => c.charCodeAt(0)))

/** The longest implicit key the `yaml` package takes is 1024 characters. */
const MAX_KEY = 1000

/** Where the `:` after the key read last by keyAt ends (its value starts after it). */
export let keyEnd = 0

/**
 * The key of a block mapping entry at `at` (`key:` followed by a space or the end of the
 * line), or undefined when the line holds no key there. `keyEnd` is set to after its `:`.
 */
export function keyAt(text: string, at: number, end: number): Scalar | undefined {
  const close = keyClose(text, at, end)
  if (close < 0) return undefined
  keyEnd = close + 1
  const c = text.charCodeAt(at)
  if (c === DQ || c === SQ)
    return scalar(quoted(text, at, end)!.value, c === DQ ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE, [at, close, close])
  return scalar(text.slice(at, close), Scalar.PLAIN, [at, close, close])
}

/** Where the key at `at` ends (the offset of its `:`), or -1 when the line holds no key there; declines odd keys. */
export function keyClose(text: string, at: number, end: number): number {
  const c = text.charCodeAt(at)
  if (c === DQ || c === SQ) {
    const q = quoted(text, at, end)
    if (q === undefined || text.charCodeAt(q.close) !== COLON) return -1
    if (q.close + 1 < end && text.charCodeAt(q.close + 1) !== SPACE) decline()
    return q.close
  }
  if (!plainStart(text, at, end)) return -1
  for (let i = at + 1; i < end; i++) {
    const ch = text.charCodeAt(i)
    if (ch === COLON && (i + 1 === end || text.charCodeAt(i + 1) === SPACE)) {
      if (text.charCodeAt(i - 1) === SPACE || i - at > MAX_KEY) decline()
      return i
    }
    if (ch === HASH && text.charCodeAt(i - 1) === SPACE) return -1
  }
  return -1
}

/** Whether a plain scalar may start at `at`: not an indicator (`-` followed by a non-space may). */
function plainStart(text: string, at: number, end: number): boolean {
  const c = text.charCodeAt(at)
  if (c === DASH) return at + 1 < end && text.charCodeAt(at + 1) !== SPACE
  return !NOT_FIRST.has(c)
}

/**
 * A scalar value from `at` to the end of its line (`end`), a comment after it allowed; its
 * range runs on to `next`, the start of the next line, as the package's does.
 */
export function valueAt(text: string, at: number, end: number, next: number): Scalar {
  const c = text.charCodeAt(at)
  if (c === DQ || c === SQ) {
    const q = quoted(text, at, end)
    if (q === undefined) return decline()
    let i = q.close
    while (i < end && text.charCodeAt(i) === SPACE) i++
    if (i < end && (i === q.close || text.charCodeAt(i) !== HASH)) decline()
    return scalar(q.value, c === DQ ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE, [at, q.close, next])
  }
  if (!plainStart(text, at, end)) decline()
  const stop = plainEnd(text, at, end)
  return scalar(text.slice(at, stop), Scalar.PLAIN, [at, stop, next])
}

/** Where a one-line plain value ends (before trailing spaces and a comment); declines at `: `. */
function plainEnd(text: string, at: number, end: number): number {
  let last = at + 1
  for (let i = at + 1; i < end; i++) {
    const ch = text.charCodeAt(i)
    if (ch === SPACE) continue
    if (ch === HASH && text.charCodeAt(i - 1) === SPACE) return last
    if (ch === COLON && (i + 1 === end || text.charCodeAt(i + 1) === SPACE)) decline()
    last = i + 1
  }
  return last
}

/** A quoted scalar that closes on its line: its value and the offset after the closing quote. */
function quoted(text: string, at: number, end: number): { value: string; close: number } | undefined {
  const q = text.charCodeAt(at)
  let value = ''
  let from = at + 1
  for (let i = at + 1; i < end; i++) {
    const ch = text.charCodeAt(i)
    if (q === DQ && ch === BACKSLASH) {
      const esc = text.charCodeAt(i + 1)
      if (esc !== DQ && esc !== BACKSLASH) decline()
      value += text.slice(from, i)
      from = i + 1
      i++
    } else if (ch === q) {
      if (q === SQ && text.charCodeAt(i + 1) === SQ) {
        value += text.slice(from, i + 1)
        from = i + 2
        i++
        continue
      }
      return { value: value + text.slice(from, i), close: i + 1 }
    }
  }
  return undefined
}
