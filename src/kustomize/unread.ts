/**
 * A kustomization the `yaml` package cannot parse, which kubectl (go-yaml) may still read: a
 * flow collection (`[…]`, `{…}`) continued at or left of its key's indentation is the usual
 * case. It is never ignored: its tree is held back with a warning at the parser's complaint.
 * To know which tree that is, its references are read from a copy with those lines indented
 * further (inside a flow collection indentation means nothing to go-yaml, so the copy names
 * the same files); when even the copy cannot be read, the warning stands on its own.
 */
import { dirname, resolve } from 'node:path'
import { isMap, isScalar, parseDocument, visit } from 'yaml'
import { type Child, isRemote, type Kustomization, readKustomization } from './kustomization.js'
import { foreignReading } from './foreign.js'
import { lineStart } from '../edit/lines.js'

/** The `yaml` package's complaint about a flow collection continued too far left. */
const FLOW_INDENT = ' in block collection must be sufficiently indented and end with a '
/** Lines re-indented at most. */
const MAX_ROUNDS = 64

/**
 * A record of a kustomization not read here: one the parser cannot read, or one kubectl may
 * read otherwise (foreign.ts); its references when a loose reading names them, nothing to convert.
 */
export function unreadKustomization(file: string, text: string): Kustomization | undefined {
  const doc = parseDocument(text, { schema: 'failsafe' })
  const first = doc.errors[0]
  const foreign = first ? undefined : foreignReading(text)
  if (!first && !foreign) return undefined
  let offset: number
  let message: string
  let read: { references: string[]; children: Child[]; near?: boolean } | undefined
  if (foreign) {
    ;({ offset, message } = foreign)
    read = looseReading(file, text)
  } else {
    offset = first!.pos[0]
    const duplicate = first!.code === 'DUPLICATE_KEY'
    const key = duplicate ? duplicateKey(text, offset) : undefined
    message = duplicate
      ? `${key === undefined ? 'a key' : `key ${JSON.stringify(key)}`} is written twice in one mapping (DUPLICATE_KEY): kubectl reads the last one, the \`yaml\` parser refuses the file`
      : `${first!.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')} (${first!.code})`
    const copy = duplicate ? undefined : reindented(text)
    read = duplicate ? looseReading(file, text) : copy === undefined ? undefined : readKustomization(file, copy)
  }
  // Not even that: every token that could be a relative path, and what lies under its directory (walk.ts).
  read ??= { ...tokenReading(file, text), near: true }
  return {
    file,
    text,
    doc,
    references: read.references,
    children: read.children,
    remote: [],
    namePrefix: '',
    nameSuffix: '',
    patches: [],
    hazards: [],
    unread: { offset, message, tree: true, near: read.near === true },
  }
}

/** `text` with each line the parser finds too far left inside a flow collection indented further; undefined if that does not help. */
function reindented(text: string): string | undefined {
  let copy = text
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const errors = parseDocument(copy, { schema: 'failsafe' }).errors
    if (errors.length === 0) return copy
    const bad = errors.find((e) => e.message.includes(FLOW_INDENT))
    if (!bad) return undefined
    const from = lineStart(copy, bad.pos[0])
    // Deeper than any line before it: deeper than every block indentation around the flow.
    const longest = Math.max(
      0,
      ...copy
        .slice(0, from)
        .split('\n')
        .map((l) => l.length),
    )
    let indent = 0
    while (copy[from + indent] === ' ') indent++
    copy = copy.slice(0, from) + ' '.repeat(Math.max(1, longest + 1 - indent)) + copy.slice(from)
  }
  return undefined
}

/** The key written twice at `at`, as the parser keeping duplicates reads it. */
function duplicateKey(text: string, at: number): string | undefined {
  const doc = parseDocument(text, { schema: 'failsafe', uniqueKeys: false })
  let key: string | undefined
  visit(doc, {
    Pair(_, pair) {
      if (key === undefined && isScalar(pair.key) && pair.key.range?.[0] === at) key = String(pair.key.value)
    },
  })
  return key
}

/**
 * A kustomization kubectl may read otherwise than the planner does (a key written twice, a
 * key in another spelling, a merge key, an alias): parsed with duplicates kept, every string of
 * it, wherever it sits, is taken as a path it may name. Its tree then holds every file and
 * kustomization any reading of it could reach, and is held back whole. Undefined when even
 * that parse fails (the run then holds back everything it may reach: walk.ts).
 */
function looseReading(file: string, text: string): { references: string[]; children: Child[] } | undefined {
  const doc = parseDocument(text, { schema: 'failsafe', uniqueKeys: false })
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined
  const dir = dirname(file)
  const children: Child[] = []
  visit(doc, {
    Scalar(_, s) {
      const v = String(s.value)
      if (v === '' || v.includes('\n') || isRemote(v)) return
      children.push({ path: resolve(dir, v), field: 'resources', offset: s.range?.[0] ?? 0 })
    },
  })
  return { references: [...new Set(children.map((c) => c.path))], children }
}

/** Every token of an unreadable text that could be a relative path (between spaces, quotes, brackets, commas). */
function tokenReading(file: string, text: string): { references: string[]; children: Child[] } {
  const dir = dirname(file)
  const tokens = text.split(/[\s"'`,[\]{}()|]+/).flatMap((t) => [t, t.replace(/^-+/, '').replace(/:$/, '')])
  const paths = [...new Set(tokens.filter((t) => t !== '' && t !== '-' && !isRemote(t)))].map((t) => resolve(dir, t))
  return { references: [...new Set(paths)], children: paths.map((path) => ({ path, field: 'resources', offset: 0 })) }
}
