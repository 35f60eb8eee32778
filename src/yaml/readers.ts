/**
 * Who reads a chart value, found in the text of a chart's files (files/helm/values-proof.ts asks):
 * every spelling of a values path that reaches `path` or a block above it, whatever comes
 * before it (`.Values`, `$.Values`, `$root.Values`, `.ctx.Values` of a `dict` context), and,
 * inside template actions, what reaches values without spelling the path: `Values` by name
 * (`index . "Values" …`, `get`, `dig`), `.Subcharts.<name>.Values`, and the root context handed whole to a function that
 * reads all of it (`toYaml .`, `toJson $`, `{{ . }}`), where `.` is the root outside any
 * `with`/`range` (and is taken as possibly the root inside a `define`, which renders with
 * whatever context it is given); and a `range` over the root or over a function of it (`range $k, $v
 * := .`, `range (values $m)`), which visits every key. Pure text: no parser, no file.
 */
import { type Action, maskTemplate } from './template.js'
import { tplCalls } from './tpl-text.js'
import { blankStrings, leadingArgs } from './action-args.js'
import {
  EMPTY_WORLD,
  type FileScopes,
  type TextWorld,
  accWorld,
  fileScopes,
  newAcc,
  scanWorld,
  underMutated,
  valuesSources,
} from './values-expr.js'

export interface ValueReader {
  offset: number
  /** For the message: what is read there (`.Values.canary`, `"Values" by name`, `toYaml of the root context`). */
  what: string
}

const VALUES_REF = /\.Values\b((?:\.[A-Za-z_]\w*)*)/g
/**
 * `.Values` is a chartutil.Values, whose methods a template calls before any key of that name
 * (text/template looks a method up first): PathValue and Table take a path as an argument, YAML
 * and AsMap give all of it; each reads any value (helm/helm pkg/chartutil/values.go at
 * 018982f177fcc123877307d9cadce3d2e361db0c).
 */
const VALUES_METHOD = /^(?:PathValue|Table|YAML|AsMap)$/
/** `Values` by name (`index . "Values"`), and a subchart's values through `.Subcharts.<name>.Values`. */
const BY_NAME = /["`]Values["`]|\.Subcharts\b/g
/** Functions that read every key of what they are given (or print it). */
const WHOLE =
  /\b(?:toYaml|toJson|toPrettyJson|toRawJson|mustToJson|mustToPrettyJson|mustToRawJson|toToml|toString|deepCopy|mustDeepCopy|merge|mergeOverwrite|mustMerge|mustMergeOverwrite|pick|omit|values|dig|get|pluck|keys|print|printf|println|fromYaml|list|toStrings|first|last|sortAlpha|join)\b/
/** `$x := EXPR` ending an action (`with $x := EXPR` too): EXPR is checked for the root (`.`, `$`, a root variable or dict key). */
const BINDING = /\$(\w+)\s*:?=\s*(\S+)$/
const DICT_PAIR = /"(\w+)"\s+(?:\.|\$)(?=[\s)])/g

/** What a chart's texts bind to the root context: variables (`$root := .`) and `dict` keys (`dict "ctx" .`). */
export interface RootNames {
  vars: Set<string>
  keys: Set<string>
  /** What the templates say together of values texts (yaml/values-expr.ts). */
  world?: TextWorld
}

/** The root-context names bound in `texts` (template files of the charts that render a value). */
export function rootNames(texts: readonly string[]): RootNames {
  const out: RootNames = { vars: new Set(), keys: new Set() }
  const bindings: Array<[string, string]> = []
  const files = texts.map((t) => actionBodies(t))
  for (const bodies of files) {
    for (const body of bodies.map((b) => b.body)) {
      // A range's variables are its elements, not what it ranges over (the range itself reads that).
      const v = /^range\b/.test(body) ? null : BINDING.exec(body)
      if (v) bindings.push([v[1]!, v[2]!])
      if (/\bdict\b/.test(body)) for (const m of body.matchAll(DICT_PAIR)) out.keys.add(m[1]!)
    }
  }
  // Dict keys, helper callers and changed values blocks, to a fixed point (each depends on the others).
  // Root keys start from every key given the root and shrink; the rest start empty and grow. Without a fixed point, nothing is known.
  let world: TextWorld = { ...EMPTY_WORLD, rootKeys: new Set(out.keys) }
  let was = ''
  for (let pass = 0; pass < 8; pass++) {
    const acc = newAcc()
    for (const bodies of files) scanWorld(bodies, fileScopes(bodies, world), acc)
    world = accWorld(acc)
    const now = JSON.stringify(world, (_k, x: unknown) => (x instanceof Set ? [...x].sort() : x))
    if (now === was) break
    was = pass === 7 ? 'none' : now
  }
  out.world = was === 'none' ? { rootKeys: new Set(), badKeys: 'all', nonRootHelpers: 'all', mutated: 'all' } : world
  // A variable bound to the root, to a dict key holding it (`$m := .ctx`), or to such a variable: to a fixed point.
  for (let size = -1; size !== out.vars.size;) {
    size = out.vars.size
    const named = namedRoots(out)
    for (const [name, expr] of bindings) if (isRootExpr(expr, named)) out.vars.add(name)
  }
  return out
}

/** The alternatives of a regular expression that spell a root-context name of `roots`. */
function namedRoots(roots: RootNames): string {
  const vars = [...roots.vars].map((v) => `\\$${v}`).join('|')
  const keys = [...roots.keys].join('|')
  return [vars, keys && `\\$?\\.(?:${keys})`].filter(Boolean).join('|')
}

/**
 * The places in `text` that read `path` (or a block above it, or more than it); with
 * `template`, also what reaches values without naming the path (see the file's comment).
 */
export function valueReaders(text: string, path: readonly string[], template: boolean, roots?: RootNames): ValueReader[] {
  const out: ValueReader[] = []
  for (const m of text.matchAll(VALUES_REF)) {
    const got = m[1] ? m[1].slice(1).split('.') : indexKeys(text, m.index)
    if (got.length > 0 && VALUES_METHOD.test(got[0]!)) {
      out.push({ offset: m.index, what: `.Values.${got[0]}, which may read any value` })
      continue
    }
    const n = Math.min(got.length, path.length)
    if (got.slice(0, n).every((k, i) => k === path[i])) out.push({ offset: m.index, what: `.Values${got.map((k) => `.${k}`).join('')}` })
  }
  if (!template) return out
  for (const m of text.matchAll(BY_NAME))
    out.push({ offset: m.index, what: m[0] === '.Subcharts' ? "a subchart's values" : `${m[0]} by name` })
  out.push(...wholeRootReads(text, roots ?? { vars: new Set(), keys: new Set() }))
  return out.sort((a, b) => a.offset - b.offset)
}

/** `index .Values "a" "b"` (whole, keys plain literals) reads `.Values.a.b`, as the chain does; keys of `.Values` at `at`, or none. */
function indexKeys(text: string, at: number): string[] {
  if (!/(?:^|[\s({])index\s+\$?\w*$/.test(text.slice(Math.max(0, at - 40), at))) return []
  const keys = /^\.Values((?:\s+(?:"[\w-]*"|`[\w-]*`))+)\s*(?=\)|\||-?\}\})/.exec(text.slice(at, at + 400))
  return keys ? [...keys[1]!.matchAll(/["`]([\w-]*)["`]/g)].map((k) => k[1]!) : []
}

/** Sprig's functions that change the dict they are given in place (not after `.`, `$` or a word: a field or variable of that name). */
const MUTATES = /(?<![\w.$])(set|unset|merge|mergeOverwrite|mustMerge|mustMergeOverwrite)\b/g
/** Calls whose result is a new dict or list, never one the chart already holds (a deep copy copies every level; `pick` and `omit` make a new dict of some keys). */
const FRESH_CALL = /^\(*\s*(?:dict|list|deepCopy|mustDeepCopy|pick|omit)\b/
const COPY_CALL = /^\(*\s*(?:deepCopy|mustDeepCopy)\b/

/**
 * Actions that may change `path` in `.Values` while the chart renders: what a later action
 * renders of the value is then not what any values file holds. The dict changed is a
 * mutating function's first argument (sprig: `set $d key value`, `unset $d key`, `merge $dst
 * $src…`), and it may alias `.Values` or the root unless it is shown not to: a values reference
 * off the path (`.Values.other`), a new dict (`dict …`, `deepCopy …`, a variable only ever bound
 * to one). Anything else may be the root or a block of `.Values`: `.` and `$` (a `define` renders
 * with whatever it is given), any variable bound otherwise (`$c := .Values.canary`, a `range`
 * variable), a field of a dict context (`.ctx`, `$d.v`), a function of such (`index .Values
 * "canary"`). A `set`/`unset` of a literal key that is neither `Values` nor a key of the path
 * cannot reach the value, whatever dict it changes.
 */
export function valueMutations(text: string, path: readonly string[], roots?: RootNames): ValueReader[] {
  const named = namedRoots(roots ?? { vars: new Set(), keys: new Set() })
  const bodies = actionBodies(text)
  const bound = variableBindings(bodies.map((b) => b.body))
  const scopes = fileScopes(bodies, roots?.world ?? EMPTY_WORLD)
  const keys = new Set(['Values', ...path])
  const out: ValueReader[] = []
  for (const { body, start } of bodies) {
    const computed = computedTpl(body, start, () => false, scopes)
    if (computed) {
      out.push({ offset: start, what: `${computed}, which may change .Values while the chart renders` })
      continue
    }
    const plain = blankStrings(body)
    for (const m of plain.matchAll(MUTATES)) {
      const args = leadingArgs(body, m.index + m[0].length, 2)
      const target = args[0] ?? ''
      const key = /^"((?:[^"\\]|\\.)*)"$|^`([^`]*)`$/.exec(args[1] ?? '')
      if ((m[1] === 'set' || m[1] === 'unset') && key && !keys.has(key[1] ?? key[2]!)) continue
      if (!mayAlias(target, path, named, bound)) continue
      out.push({ offset: start, what: `${m[1]} ${target || 'of a piped dict'}, which changes .Values while the chart renders` })
      break
    }
  }
  return out
}

/** Whether the dict `target` (a mutating function's first argument) may be `.Values`, a block of it on `path`, or the root. */
function mayAlias(target: string, path: readonly string[], named: string, bound: ReadonlyMap<string, string[]>): boolean {
  if (target === '') return true
  // A new dict itself; a field of one is what it was made of (`(dict "r" $).r`), but for a deep copy's.
  if (target.startsWith('(') && (target.endsWith(')') ? FRESH_CALL : COPY_CALL).test(target)) return false
  // `.Values.x`, `$.Values.x`, `$root.Values.x`, `.ctx.Values.x`: on the path or above it, or not.
  const ref = new RegExp(`^(?:\\$|${named ? `${named}|` : ''})?\\.Values((?:\\.[A-Za-z_]\\w*)*)$`).exec(target)
  if (ref) {
    const got = ref[1] ? ref[1].slice(1).split('.') : []
    return got.slice(0, Math.min(got.length, path.length)).every((k, i) => k === path[i])
  }
  const v = /^\$(\w+)(\.[\w.]*)?$/.exec(target)
  if (v) {
    // `$dst = merge $dst …` (or `… | merge $dst`, Bitnami's tplvalues.merge): merge returns its first argument, so `$dst` stays what it was.
    const self = new RegExp(`(?:^|\\|)\\s*(?:must)?[mM]erge(?:Overwrite)?\\s+\\$${v[1]}(?![\\w.])[^|]*$`)
    const exprs = (bound.get(v[1]!) ?? []).filter((e) => !self.test(e))
    const fresh = exprs.length > 0 && exprs.every((e) => (v[2] ? COPY_CALL : FRESH_CALL).test(e))
    return !fresh
  }
  if (!target.startsWith('(')) return /^[.$]/.test(target) || /["`]Values["`]/.test(target)
  // A function of other operands (`index .Values "canary"`, `(get $m "c")`): any that may alias.
  const inner = blankStrings(target)
  if (/["`]Values["`]/.test(target)) return true
  return [...inner.matchAll(/(?<![\w)])[.$][^\s()|,]*/g)].some((o) => mayAlias(o[0], path, named, bound))
}

/** Each variable's bound expressions in `bodies` (`$x := …`, `$x = …`); a `range` variable, bound to elements, as `range`. */
function variableBindings(bodies: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>()
  const add = (name: string, expr: string) => out.set(name, [...(out.get(name) ?? []), expr.trim()])
  for (const body of bodies) {
    const m = /^(?:(range|with|if)\s+)?\$(\w+)\s*(?:,\s*\$(\w+)\s*)?:?=(?!=)([\s\S]*)$/.exec(body)
    if (!m) continue
    const ranged = m[1] === 'range'
    add(m[2]!, ranged ? 'range' : m[4]!)
    if (m[3]) add(m[3], 'range')
  }
  return out
}

/**
 * A `tpl` of `body` whose text is computed (yaml/tpl-text.ts) and whose context may hold the
 * root (`rooted`, or any operand but a fixed top-level object's field): what it is, for the message.
 */
function computedTpl(body: string, start: number, rooted: (context: string) => boolean, scopes: FileScopes): string | undefined {
  const dot = scopes.dots.get(start) ?? { kind: 'root' }
  for (const call of tplCalls(body, leadingArgs)) {
    const { context } = call
    // A values text (yaml/values-expr.ts) that no template changes is read as values text.
    const sources = valuesSources(call.text, dot, scopes)
    if (sources && !underMutated(sources, scopes.world)) continue
    const rest = blankStrings(context).replace(/\$?\.(?:Values|Release|Chart|Capabilities|Template)\b[\w.]*/g, '')
    if (context === '' || rooted(context) || /(?<![\w)])[.$]/.test(rest))
      return `tpl of a computed text (${call.text || 'piped'}) given ${context || 'a piped context'}`
  }
  return undefined
}

/** Whether the texts render other text as a template (`tpl`), which then reads values too. */
export function rendersFiles(text: string): boolean {
  return actionBodies(text).some((b) => /\btpl\b/.test(b.body))
}

/** Actions that hand the root context whole to a function reading all of it, or print it. */
function wholeRootReads(text: string, roots: RootNames): ValueReader[] {
  const out: ValueReader[] = []
  const files = fileScopes(actionBodies(text), roots.world ?? EMPTY_WORLD)
  // Whether `.` is (possibly) the root here: not inside a with/range that rebinds it elsewhere.
  const scopes: boolean[] = []
  const dotIsRoot = () => scopes.every((s) => s)
  const named = namedRoots(roots)
  for (const { body, start } of actionBodies(text)) {
    const head = /^(if|else|end|range|with|define|block)\b/.exec(body)
    if (head) {
      const word = head[1]!
      const rest = body.slice(word.length).trim()
      if (word === 'end') scopes.pop()
      else if (word === 'if') scopes.push(true)
      else if (word === 'define' || word === 'block') scopes.push(true)
      else if (word === 'range' || word === 'with') {
        // The pipeline is evaluated where the action is, before its body's scope.
        const expr = rest.replace(/^.*:=\s*/, '')
        const read = scopeRead(word, expr, dotIsRoot(), named)
        if (read) out.push({ offset: start, what: read })
        scopes.push(isRootExpr(expr, named))
      }
      // `else with`: a new scope replaces the branch's.
      else if (/^with\b/.test(rest)) {
        const read = scopeRead(
          'with',
          rest.slice(4),
          scopes.slice(0, -1).every((x) => x),
          named,
        )
        if (read) out.push({ offset: start, what: read })
        scopes[scopes.length - 1] = isRootExpr(rest.slice(4), named)
      }
      continue
    }
    const computed = computedTpl(body, start, (c) => rootOperand(c, dotIsRoot(), named) !== undefined, files)
    if (computed) {
      out.push({ offset: start, what: `${computed}, which may read any value` })
      continue
    }
    const root = rootOperand(body, dotIsRoot(), named)
    if (root === undefined) continue
    const printed = body.trim() === root
    if (printed || WHOLE.test(blankStrings(body)))
      out.push({ offset: start, what: `${printed ? 'printing' : 'a function of'} the root context (${root})` })
  }
  return out
}

/**
 * What a `range` or `with` reads of the root context: a `range` over it, or over anything made
 * of it (`range $k, $v := .`, `range (values $root)`), visits every key, so every value; a
 * `with` reads it only through a function that does (`with (toYaml .)`: rebinding `.` reads nothing).
 */
function scopeRead(word: string, expr: string, dotIsRoot: boolean, named: string): string | undefined {
  const root = rootOperand(expr, dotIsRoot, named)
  if (root === undefined) return undefined
  if (word === 'range') return `a range over ${expr.trim() === root ? '' : 'a function of '}the root context (${root})`
  return WHOLE.test(expr) ? `a function of the root context (${root})` : undefined
}

function isRootExpr(expr: string, named: string): boolean {
  const e = expr.trim()
  return e === '.' || e === '$' || (named !== '' && new RegExp(`^(?:${named})$`).test(e))
}

/** A root-context operand of the action (`.`, `$`, a variable or dict key bound to it), or undefined. */
function rootOperand(body: string, dotIsRoot: boolean, named: string): string | undefined {
  const alts = [dotIsRoot ? '\\.' : '', '\\$', named].filter(Boolean).join('|')
  const operand = new RegExp(`(?:^|[\\s(|,])(${alts})(?=$|[\\s)|,])`)
  const plain = body.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""')
  // `tpl (toYaml .Values.podAnnotations) .`: a text made without the root context is values
  // text (read for the path as such), not a function of the root; the context is passed on.
  const text = /^tpl\s+\(([^()]*)\)/.exec(plain.trim())
  let seen = text && !operand.test(text[1]!) ? `tpl ""${plain.trim().slice(text[0].length)}` : body
  // `tpl TEXT (merge (dict "RelativeScope" .scope) .context)` (Bitnami's): a new dict with the root's
  // keys over it, passed on as the context, as `.context` itself would be.
  if (seen !== body) seen = seen.replace(/^(tpl\s+"")\s+\((?:must)?[mM]erge(?:Overwrite)?\s+\(dict\b[^()]*\)\s+(\S+)\)\s*$/, '$1 $2')
  const m = operand.exec(seen === body ? plain : seen)
  if (!m) return undefined
  // `include "x" .`, `template "x" .`, `tpl $s .`, `dict "k" .`: a context passed on, read where it is used.
  const passes = /^(?:include|template)\s+\S+\s+(?:\.|\$\w*)\s*(?:\|.*)?$|\btpl\b|\bdict\b/.test(seen.trim())
  // A function named in a string (`dict "values" …`, Bitnami's key) is no call, nor one applied
  // to other operands only (`dict "values" (list .Values.podLabels) "context" .`).
  // An `include`'s output inside a function (`merge (pick (include "x" (dict "context" .context) | fromYaml) …)`,
  // Bitnami's matchLabels) is text its helper renders, whose reads are its own: the root is passed on there.
  const outer = seen === body ? plain : seen
  const rest = withoutIncludes(outer)
  if (rest !== outer && !operand.test(rest)) return undefined
  let args = outer.replace(/\binclude\b|\btpl\b/g, '')
  for (let was = ''; was !== args;) {
    was = args
    args = args.replace(/\(([^()]*)\)/g, (g, inner: string) => (operand.test(inner) ? g : '_'))
  }
  if (passes && !WHOLE.test(args)) return undefined
  return m[1]
}

/** `plain` (strings blanked) with each parenthesized group that starts with `include ""` or `template ""` as `_`. */
function withoutIncludes(plain: string): string {
  let out = plain
  for (let at = out.search(/\((?:include|template)\s+""/); at >= 0; at = out.search(/\((?:include|template)\s+""/)) {
    let depth = 0
    let end = at
    for (; end < out.length; end++) {
      if (out[end] === '(') depth++
      else if (out[end] === ')' && --depth === 0) break
    }
    out = `${out.slice(0, at)}_${out.slice(end + 1)}`
  }
  return out
}

/** Each action's body (without braces and trim markers), and where the action starts. */
function actionBodies(text: string): Array<{ body: string; start: number }> {
  const masked = maskTemplate(text)
  if (!masked) return []
  return masked.actions.map((a: Action) => ({ body: bodyOf(text.slice(a.start, a.end)), start: a.start }))
}

function bodyOf(source: string): string {
  let body = source.slice(2, -2)
  if (/^-[ \t\r\n]/.test(body)) body = body.slice(1)
  if (/[ \t\r\n]-$/.test(body)) body = body.slice(0, -1)
  return body.trim().replace(/^\/\*[\s\S]*\*\/$/, '')
}
