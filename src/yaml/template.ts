/**
 * Helm chart sources: `templates/*.yaml` are Go templates, not YAML. To read the YAML
 * structure around the template actions, every `{{ ... }}` is masked with a placeholder of
 * exactly its length, so every offset into the masked text is an offset into the source:
 *
 * - an action alone on its line (`{{- if .Values.canary }}`, `{{- include "x" . | nindent 4 }}`)
 *   becomes a comment (`#` and spaces), so the line vanishes from the structure;
 * - an action inside a line (`name: {{ .Release.Name }}-web`) becomes a plain-scalar run of
 *   `x`, so the value stays a value.
 *
 * The actions are kept with their ranges: anything planned over an action's bytes (a
 * templated weight or apiVersion) is reported instead of converted, and no edit ever
 * touches an action.
 */

export interface Action {
  start: number
  end: number
  /** Alone on its line(s): masked as a comment. */
  standalone: boolean
  /** Produces text (not `if`/`else`/`end`/`range`/`with`/`define`/a comment/an assignment). */
  output: boolean
  /** For a plain `{{ .Values.a.b }}` action: `['a', 'b']`. */
  valuesPath?: string[]
}

export interface Masked {
  text: string
  actions: Action[]
}

const CONTROL = /^(?:if|else|end|range|with|define|break|continue)\b/
const ASSIGNMENT = /^\$[A-Za-z0-9_]*\s*:?=/
const VALUES_PATH = /^\{\{-?\s*\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)\s*-?\}\}$/

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
  const out = text.split('')
  for (const a of actions) {
    let lineHead = true
    for (let i = a.start; i < a.end; i++) {
      if (out[i] === '\n') { lineHead = true; continue }
      if (a.standalone) out[i] = lineHead ? '#' : ' '
      else out[i] = out[i] === '\r' ? '\r' : 'x'
      lineHead = false
    }
  }
  return { text: out.join(''), actions }
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
    if (c === '"' || c === '\'') {
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
  const output = !(body.startsWith('/*') || CONTROL.test(body) || ASSIGNMENT.test(body))
  const action: Action = { start, end, standalone: false, output }
  const path = VALUES_PATH.exec(source)
  if (path) action.valuesPath = path[1]!.slice(1).split('.')
  return action
}

/** An action is standalone when its line holds nothing but actions and white space. */
function markStandalone(text: string, actions: Action[]): void {
  let i = 0
  while (i < actions.length) {
    // The actions that share the line(s) of actions[i].
    const lineStart = text.lastIndexOf('\n', actions[i]!.start - 1) + 1
    let j = i
    let pos = lineStart
    let alone = true
    for (;;) {
      const a = actions[j]!
      if (text.slice(pos, a.start).trim() !== '') alone = false
      pos = a.end
      const next = actions[j + 1]
      const eol = text.indexOf('\n', pos)
      const lineEnd = eol < 0 ? text.length : eol
      if (next && next.start < lineEnd) { j++; continue }
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
