/**
 * JSON 6902 patches (kustomize `patchesJson6902`, or `patches` holding a list of operations)
 * that write TrafficSplit weights: `/spec/backends/N/weight`, `/spec/backends/N` or `/-` with
 * a backend, and `/spec/backends` with the whole list. Their values are converted with the
 * same rule and the same factor as the object they patch.
 */
import { type Document, isAlias, isMap, isScalar, isSeq, type Node, parseDocument, visit } from 'yaml'
import type { Edit, Diagnostic } from '../model.js'
import type { ScalarRef } from '../model.js'
import type { Scale } from '../quantity/weights.js'
import { neededWeightScale, type WeightError, type WeightInput, weightRule } from '../quantity/reader.js'
import { scalarRef } from '../yaml/nodes.js'
import { tabRefusedAfterPlain } from '../edit/plain.js'

/**
 * Paths into the weights. An index is read as kustomize's JSON patch (evanphx/json-patch) reads
 * it: Go's strconv.Atoi (a sign, leading zeros), negative from the end, `-` past the end.
 */
const BACKENDS = /^\/spec(?:\/backends(?:\/(?:[+-]?\d+|-)(?:\/weight)?)?)?$/
/** A `from` that is, or holds, a weight: the whole object, `/spec`, the backends, one backend, one weight. */
const HOLDS_WEIGHTS = /^(?:\/?|\/spec(?:\/backends(?:\/[^/]*(?:\/weight)?)?)?)$/
const WRITES = new Set(['add', 'replace', 'test'])

export interface OpWeight {
  scalar: ScalarRef
  /** An explicit tag on the value (`!!str`): the weight reader refuses it, as it does in a manifest. */
  tag?: string
  /** Where the operation is, for messages. */
  path: string
  /** The operation (`add` at `/spec/backends/N` inserts a backend, `replace` writes one). */
  op: string
}

/** A `copy` within the backends: it duplicates a weight the rendered sum must count (sums.ts). */
export interface OpCopy {
  path: string
  offset: number
}

/**
 * A new name, kind or apiVersion: later targets would select the object by names not followed
 * here. A test of the apiVersion: it would fail once the objects it checks move to `--to` (its
 * value is not moved here, as a target's version is).
 */
function identityProblem(kind: string, path: string, value: unknown): string | undefined {
  if (kind === 'test' && path === '/apiVersion')
    return 'JSON 6902 test of /apiVersion checks the version the run changes; convert it by hand'
  if (kind === 'remove' || kind === 'test') return undefined
  if (['/metadata/name', '/apiVersion', '/kind'].includes(path) || (path === '/metadata' && isMap(value) && value.has('name')))
    return `JSON 6902 ${kind} ${path} renames the object or changes its kind or version; convert it by hand`
  return undefined
}

/**
 * Which operations into the weights may leave a backend at another index than the one it had
 * (RFC 6902 applies them in order): a remove or an insert (`add`/`copy` at an index), a move,
 * and whatever writes the whole list. Appending (`/-`) and writing one backend or weight shift nothing.
 */
function shifts(kind: string, path: string): boolean {
  const backend = /^\/spec\/backends\/[^/]+$/.test(path)
  const whole = path === '/spec' || path === '/spec/backends'
  if (kind === 'move') return true
  if (kind === 'remove') return whole || backend
  if (kind === 'add' || kind === 'copy') return whole || (backend && !path.endsWith('/-'))
  return kind === 'replace' && whole
}

/** An operation this tool cannot convert: it would leave a quantity in, or take one into, a weight. */
export interface OpProblem {
  offset: number
  message: string
}

/** The weight scalars a list of JSON 6902 operations writes; undefined when `text` is not such a list. */
export function readOpWeights(text: string): OpWeight[] | undefined {
  return readOps(text)?.weights
}

/**
 * Reads a list of JSON 6902 operations: the weight scalars it writes (`/spec`, `/spec/backends`,
 * `/spec/backends/N` or `/-`, `/spec/backends/N/weight`), and the operations that write
 * weights in a way that cannot be converted (a whole object, a `copy`/`move` from elsewhere, a
 * value of the wrong shape). Undefined when `text` is not such a list.
 */
export function readOps(text: string): Ops | undefined {
  // A UTF-8 byte order mark: kustomize reads past it, the \`yaml\` package does not before a
  // sequence; the rest is read, and every offset moved past the mark.
  const bom = text.startsWith('\uFEFF') ? 1 : 0
  const ops = readBody(bom ? text.slice(bom) : text)
  if (!ops || !bom) return ops
  return {
    weights: ops.weights.map((w) => ({ ...w, scalar: { ...w.scalar, start: w.scalar.start + bom, end: w.scalar.end + bom } })),
    problems: ops.problems.map((p) => ({ ...p, offset: p.offset + bom })),
    copies: ops.copies.map((c) => ({ ...c, offset: c.offset + bom })),
    shifts: ops.shifts.map((c) => ({ ...c, offset: c.offset + bom })),
  }
}

/** What a list of JSON 6902 operations writes into TrafficSplit weights. */
export interface Ops {
  weights: OpWeight[]
  problems: OpProblem[]
  copies: OpCopy[]
  /** Operations that may move backends to other indices (a later write at an index may land on another backend). */
  shifts: OpCopy[]
}

function readBody(text: string): Ops | undefined {
  const doc = parseDocument(text, { schema: 'failsafe' })
  if (doc.errors.length) return duplicateKey(text, doc.errors[0]!)
  if (!isSeq(doc.contents)) return undefined
  const weights: OpWeight[] = []
  const problems: OpProblem[] = []
  const copies: OpCopy[] = []
  const shifted: OpCopy[] = []
  for (const op of doc.contents.items) {
    if (!isMap(op)) return undefined
    const kind = op.get('op') as unknown
    const path = op.get('path') as unknown
    if (typeof kind !== 'string' || typeof path !== 'string') return undefined
    const at = (op.get('path', true) as Node | undefined)?.range?.[0] ?? op.range?.[0] ?? 0
    const identity = identityProblem(kind, path, op.get('value', true))
    if (identity) {
      problems.push({ offset: at, message: identity })
      continue
    }
    const intoWeights = BACKENDS.test(path) || path === '' || path === '/'
    const from = op.get('from') as unknown
    if (!intoWeights && (kind === 'copy' || kind === 'move') && typeof from === 'string' && HOLDS_WEIGHTS.test(from)) {
      // The weight it takes changes with the conversion (1 becomes 1000), the field it lands in does not.
      problems.push({
        offset: at,
        message: `JSON 6902 ${kind} from ${from} into ${path} takes a TrafficSplit weight, which the conversion changes; convert it by hand`,
      })
      continue
    }
    if (!intoWeights) continue
    if (shifts(kind, path)) shifted.push({ path, offset: at })
    if (kind === 'copy' || kind === 'move') {
      if (typeof from !== 'string' || !/^\/spec\/backends(\/|$)/.test(from)) {
        problems.push({
          offset: at,
          message: `JSON 6902 ${kind} into ${path} from ${String(from)}: the value it copies is not converted here; convert it by hand`,
        })
      } else if (kind === 'copy') copies.push({ path, offset: at })
      continue
    }
    if (!WRITES.has(kind)) continue
    if (path === '' || path === '/') {
      problems.push({
        offset: at,
        message: `JSON 6902 ${kind} of the whole object: its apiVersion and weights are not converted here; convert it by hand`,
      })
      continue
    }
    const value = op.get('value', true) as Node | undefined
    const bad = (what: string) =>
      problems.push({ offset: value?.range?.[0] ?? at, message: `JSON 6902 ${kind} ${path}: ${what}; convert it by hand` })
    const add = (n: unknown) => {
      if (n === undefined || n === null) return
      if (!isScalar(n) || !n.range) return void bad('a weight that is not a scalar')
      const scalar = scalarRef(n, text, doc)
      const tab = plainTab(scalar, text, `JSON 6902 ${kind} ${path}`)
      if (tab) problems.push(tab)
      else weights.push({ scalar, path, op: kind, ...(n.tag ? { tag: n.tag } : {}) })
    }
    const backend = (b: unknown) => {
      if (isMap(b)) add(b.get('weight', true))
      else bad('a backend that is not a mapping')
    }
    const backends = (list: unknown) => {
      if (list === undefined || list === null) return
      if (isSeq(list)) for (const b of list.items) backend(b)
      else bad('backends that are not a list')
    }
    if (path.endsWith('/weight')) add(value)
    else if (path === '/spec') {
      if (isMap(value)) backends(value.get('backends', true))
      else bad('a spec that is not a mapping')
    } else if (path === '/spec/backends') backends(value)
    else backend(value)
  }
  problems.push(...anchoredWeights(doc, weights))
  return { weights, problems, copies, shifts: shifted }
}

/**
 * A list of operations with a key written twice (kubectl reads the last one, the `yaml`
 * package refuses it): held back at the second occurrence, naming the key.
 */
function duplicateKey(text: string, error: { code: string; pos: [number, number] }): Ops | undefined {
  if (error.code !== 'DUPLICATE_KEY') return undefined
  const loose = parseDocument(text, { schema: 'failsafe', uniqueKeys: false })
  if (loose.errors.length || !isSeq(loose.contents)) return undefined
  let key = 'a key'
  visit(loose, {
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.range?.[0] === error.pos[0]) key = JSON.stringify(String(pair.key.value))
    },
  })
  const message = `JSON 6902 operation writes ${key} twice: kubectl reads the last one, which is not followed here; write it once`
  return { weights: [], problems: [{ offset: error.pos[0], message }], copies: [], shifts: [] }
}

/**
 * Weights inside an anchored node (the weight itself, its operation, the list): an alias
 * elsewhere reads the same node, so an edit there would change what the alias renders too.
 */
function anchoredWeights(doc: Document.Parsed, weights: readonly OpWeight[]): OpProblem[] {
  const anchored: Node[] = []
  visit(doc, {
    Node(_, n) {
      if (n.anchor && !isAlias(n) && n.range) anchored.push(n)
    },
  })
  const out: OpProblem[] = []
  for (const w of weights) {
    const a = anchored.find((n) => n.range![0] <= w.scalar.start && w.scalar.start < n.range![1])
    if (a)
      out.push({
        offset: w.scalar.start,
        message: `JSON 6902 ${w.op} ${w.path}: weight ${w.scalar.raw} lies in anchored node &${a.anchor}, which an alias may read elsewhere; an edit there would change it too: convert it by hand`,
      })
  }
  return out
}

/**
 * A quoted weight becomes a plain integer, which kustomize's YAML reader (go-yaml) reads on
 * from over the line break into a tab left of the flow's block indentation (edit/plain.ts):
 * the refusal at that tab, or undefined.
 */
function plainTab(scalar: ScalarRef, text: string, op: string): OpProblem | undefined {
  const tab = scalar.flowIndent === undefined ? undefined : tabRefusedAfterPlain(text, scalar.end, scalar.flowIndent)
  if (!tab) return undefined
  return {
    offset: tab.offset,
    message:
      `${op}: weight ${scalar.raw} is written as an unquoted integer, and kustomize's YAML reader reads on from it ` +
      `over the line breaks after it: it refuses this line's tab inside a flow collection ("found a tab character ` +
      `that violates indentation"); indent the line with spaces to convert it`,
  }
}

const input = (w: OpWeight): WeightInput => ({ yaml: { ...w.scalar, tag: w.tag } })

function weightError(w: OpWeight, e: WeightError): Diagnostic {
  return {
    severity: 'error',
    code: 'invalid-weight',
    offset: w.scalar.start,
    message: `JSON 6902 patch ${w.path}: weight ${w.scalar.raw} ${e.reason}`,
  }
}

/** The factor the patch's weights need on their own (the tree shares the largest one). */
export function opsScale(weights: readonly OpWeight[]): Scale {
  return neededWeightScale(weights.map(input))
}

/**
 * Edits that write each weight as an integer on the scale `floor` (raised if they need more).
 * A patch is always part of a tree: its weights are never divided by a common divisor.
 */
export function opEdits(weights: readonly OpWeight[], floor: Scale, target: string): { edits: Edit[]; findings: Diagnostic[] } {
  const rule = weightRule(weights.map(input), { floor })
  if (!rule.ok) return { edits: [], findings: rule.errors.map((e) => weightError(weights[e.index]!, e)) }
  const edits: Edit[] = []
  const findings: Diagnostic[] = []
  for (const [i, w] of weights.entries()) {
    const text = rule.weights[i]!.toString()
    if (text === w.scalar.raw) continue
    edits.push({ start: w.scalar.start, end: w.scalar.end, text })
    findings.push({
      severity: 'info',
      code: 'patch-converted',
      offset: w.scalar.start,
      object: { kind: 'TrafficSplit', name: target },
      message: `JSON 6902 patch for TrafficSplit ${target}: ${w.path} ${w.scalar.raw} -> ${text}`,
      weightsBefore: [w.scalar.raw],
      weightsAfter: [text],
    })
  }
  return { edits, findings }
}
