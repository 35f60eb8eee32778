/**
 * Helm chart sources: `templates/*.yaml` are Go templates, not YAML. To read the YAML
 * structure around the template actions, every `{{ ... }}` is masked with a placeholder of
 * exactly its length, so every offset into the masked text is an offset into the source:
 *
 * - an action alone on its line (`{{- if .Values.canary }}`, `{{- include "x" . | nindent 4 }}`)
 *   becomes a comment (`#` and spaces), so the line vanishes from the structure;
 * - an action inside a line (`name: {{ .Release.Name }}-web`) becomes a plain-scalar run of
 *   `x`, so the value stays a value. When such an action runs on over more lines
 *   (`labels: {{ include "x" .` + `    | nindent 4 }}`), only its first line holds `x`: the
 *   rest of it becomes spaces, so its continuation lines vanish from the structure;
 * - a `{{ define "name" }} ... {{ end }}` block renders nothing where it stands (its text is
 *   rendered where it is included), so the whole block becomes a comment. Its body is kept
 *   in `defines` for a look of its own (a TrafficSplit held in a named template is reported).
 *
 * The actions are kept with their ranges: anything planned over an action's bytes (a
 * templated weight or apiVersion) is reported instead of converted, and no edit ever
 * touches an action.
 */
import { lineStart } from '../edit/lines.js'
import { parseValueForm } from './chartweight.js'

export interface Action {
  start: number
  end: number
  /** Alone on its line(s): masked as a comment. */
  standalone: boolean
  /** Produces text (not `if`/`else`/`end`/`range`/`with`/`define`/a comment/an assignment). */
  output: boolean
  /** For a value action (`{{ .Values.a.b }}`, maybe with `| default X`, `| int`, `quote`: chartweight.ts): `['a', 'b']`. */
  valuesPath?: string[]
  /** Inside a `define` block: renders only where the block is included. */
  inDefine?: boolean
}

/** A `{{ define "name" }} ... {{ end }}` block; `end` is the text's end when the block is not closed in it. */
export interface Define {
  name: string
  start: number
  end: number
  /** Where the body starts (after the `define` action). */
  bodyStart: number
}

export interface Masked {
  text: string
  actions: Action[]
  defines: Define[]
}

const CONTROL = /^(?:if|else|end|range|with|define|break|continue)\b/
/** Actions that open a block closed by `{{ end }}`. */
const OPENER = /^(?:if|range|with|define|block)\b/
const DEFINE = /^define\s+(?:"((?:[^"\\]|\\.)*)"|`([^`]*)`)/
const ASSIGNMENT = /^\$\w*\s*:?=/

/** Masks the template actions of `text`; undefined when it has none. */
export function maskTemplate(text: string): Masked | undefined {
  if (!text.includes('{{')) return undefined
  const actions: Action[] = []
  for (let at = text.indexOf('{{'); at >= 0; at = text.indexOf('{{', at)) {
    const end = actionEnd(text, at + 2)
    // An unterminated action is left as it is: the YAML parser reports where it breaks.
    if (end < 0) break
    actions.push(describe(text, at, end))
    at = end
  }
  if (actions.length === 0) return undefined
  markStandalone(text, actions)
  unscopedValues(text, actions)
  const out = text.split('')
  for (const a of actions) {
    if (a.standalone) maskComment(out, a.start, a.end)
    else maskInline(out, a.start, a.end)
  }
  const defines = findDefines(text, actions)
  for (const d of defines) maskComment(out, d.start, d.end)
  return { text: out.join(''), actions, defines }
}

/**
 * `.Values` inside `range`, `with`, `define` or `block` is read from whatever dot the block
 * binds (an item, a value, an include's argument), not the chart's values: such an action is no
 * value action (Go text/template: `range`, `with` and template invocations set dot; helm
 * pkg/engine/engine.go at 018982f177fcc123877307d9cadce3d2e361db0c passes `include` its argument).
 */
function unscopedValues(text: string, actions: Action[]): void {
  const open: string[] = []
  for (const a of actions) {
    const body = bodyOf(text, a)
    const opener = OPENER.exec(body)?.[0]
    if (opener) open.push(opener)
    else if (/^end\b/.test(body)) open.pop()
    else if (open.some((o) => o !== 'if')) delete a.valuesPath
  }
}

/**
 * Every line of [start, end) becomes a comment: `#` at its first non-blank character, spaces
 * after; the indentation and line breaks stay, so inside a block scalar it is still content.
 */
function maskComment(out: string[], start: number, end: number): void {
  let lineHead = true
  for (let i = start; i < end; i++) {
    const c = out[i]!
    if (c === '\n') {
      lineHead = true
      continue
    }
    if (c === '\r' && out[i + 1] === '\n') continue
    if (lineHead && (c === ' ' || c === '\t')) continue
    out[i] = lineHead ? '#' : ' '
    lineHead = false
  }
}

/**
 * A plain-scalar run of `x` on the action's first line; its other lines become white space,
 * and so does the text after it on its last line (`}}-web`): it renders on the action's line,
 * not as a line of its own.
 */
function maskInline(out: string[], start: number, end: number): void {
  let first = true
  let i = start
  for (; i < end; i++) {
    const c = out[i]!
    if (c === '\n') {
      first = false
      continue
    }
    if (c === '\r' && out[i + 1] === '\n') continue
    out[i] = first ? 'x' : ' '
  }
  if (first) return
  for (; i < out.length && out[i] !== '\n' && !(out[i] === '\r' && out[i + 1] === '\n'); i++) out[i] = ' '
}

/**
 * The `define` blocks among `actions` (in order), matched to their `end` by counting the
 * blocks opened inside them. A define not closed in this text runs to its end. The actions
 * inside a block are marked `inDefine`.
 */
function findDefines(text: string, actions: Action[]): Define[] {
  const defines: Define[] = []
  for (let i = 0; i < actions.length; i++) {
    const name = DEFINE.exec(bodyOf(text, actions[i]!))
    if (!name) continue
    let depth = 1
    let j = i + 1
    for (; j < actions.length && depth > 0; j++) {
      const body = bodyOf(text, actions[j]!)
      if (OPENER.test(body)) depth++
      else if (/^end\b/.test(body)) depth--
      if (depth > 0) actions[j]!.inDefine = true
    }
    const closed = depth === 0
    const last = closed ? actions[j - 1]! : undefined
    if (last) last.inDefine = true
    actions[i]!.inDefine = true
    defines.push({
      name: name[1] ?? name[2] ?? '',
      start: actions[i]!.start,
      bodyStart: actions[i]!.end,
      end: last ? last.end : text.length,
    })
    i = closed ? j - 1 : actions.length
  }
  return defines
}

function bodyOf(text: string, a: Action): string {
  return text.slice(skipTrim(text, a.start + 2), a.end)
}

/** The offset just past the `}}` that closes an action opened before `from`, or -1. */
function actionEnd(text: string, from: number): number {
  let i = from
  if (text.startsWith('/*', skipTrim(text, i))) {
    const close = text.indexOf('*/', i)
    if (close < 0) return -1
    i = close + 2
  }
  while (i < text.length) {
    const c = text[i]!
    if (c === '"' || c === "'") {
      // Interpreted strings and rune literals: a backslash escapes the next character.
      i++
      while (i < text.length && text[i] !== c && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1
      i++
    } else if (c === '`') {
      const close = text.indexOf('`', i + 1)
      if (close < 0) return -1
      i = close + 1
    } else if (c === '}' && text[i + 1] === '}') {
      return i + 2
    } else {
      i++
    }
  }
  return -1
}

function skipTrim(text: string, i: number): number {
  let j = i
  if (text[j] === '-' && /\s/.test(text[j + 1] ?? '')) j++
  while (/[ \t\r\n]/.test(text[j] ?? '')) j++
  return j
}

function describe(text: string, start: number, end: number): Action {
  const source = text.slice(start, end)
  const body = text.slice(skipTrim(text, start + 2), end)
  // A block action renders its body in place, like an include: it counts as output.
  const output = !(body.startsWith('/*') || CONTROL.test(body) || ASSIGNMENT.test(body))
  const action: Action = { start, end, standalone: false, output }
  const form = parseValueForm(source)
  if (form) action.valuesPath = form.path
  return action
}

/** An action is standalone when its line holds nothing but actions and white space. */
function markStandalone(text: string, actions: Action[]): void {
  let i = 0
  while (i < actions.length) {
    // The actions that share the line(s) of actions[i].
    const first = lineStart(text, actions[i]!.start)
    let j = i
    let pos = first
    let alone = true
    for (;;) {
      const a = actions[j]!
      if (text.slice(pos, a.start).trim() !== '') alone = false
      pos = a.end
      const next = actions[j + 1]
      const eol = text.indexOf('\n', pos)
      const lineEnd = eol < 0 ? text.length : eol
      if (next && next.start < lineEnd) {
        j++
        continue
      }
      if (text.slice(pos, lineEnd).trim() !== '') alone = false
      break
    }
    for (let k = i; k <= j; k++) actions[k]!.standalone = alone
    i = j + 1
  }
}

/** The first action that overlaps [start, end), if any. */
export function actionWithin(actions: readonly Action[], start: number, end: number): Action | undefined {
  return actions.find((a) => a.start < end && a.end > start)
}
