/**
 * Parsing of candidate segments. Which files may import the `yaml` package (yaml/, a kind's
 * read.ts, kustomize/) is ARCHITECTURE.md's package table, checked by test/architecture.test.ts.
 *
 * The failsafe schema keeps every scalar a string: weights are typed by our own YAML 1.1
 * reader (quantity/yaml11.ts), never by the library's YAML 1.2 rules.
 *
 * Line breaks: kubectl reads YAML with go-yaml v2 (YAML 1.1), which also breaks lines at
 * NEL (U+0085), LS (U+2028), PS (U+2029) and a lone CR. The `yaml` package (YAML 1.2)
 * reads those as ordinary characters, so a comment that ends at one of them for kubectl
 * runs on to the end of the line for us (and hides a backend kubectl reads). Inside a
 * quoted scalar they only fold the scalar's text, so there they are harmless; anywhere
 * else the document is refused as if it were invalid.
 */
import { type Document, isAlias, isCollection, isScalar, parseAllDocuments, visit } from 'yaml'
import { jsonOnlyBreak, opensAsJson, reportedError } from './json-error.js'
import { parseLenient, unclosedIn } from './quoted.js'

export interface ParsedDocument {
  doc: Document.Parsed
  /** [start, end) of the document in the parsed text. */
  start: number
  end: number
  error?: { offset: number; message: string }
}

/**
 * The first line break of YAML 1.1 (go-yaml, so kubectl) that YAML 1.2 does not know, at or after `from`.
 * Each is searched with String#indexOf (native code): they are rare, and a CR is nearly always
 * part of a CRLF.
 */
function foreignBreak(text: string, from: number): number {
  let first = -1
  for (const c of FOREIGN) {
    const at = text.indexOf(c, from)
    if (at >= 0 && (first < 0 || at < first)) first = at
  }
  const limit = first < 0 ? text.length : first
  for (let at = text.indexOf('\r', from); at >= 0 && at < limit; at = text.indexOf('\r', at + 1)) {
    if (text.charCodeAt(at + 1) !== 0x0a) return at
  }
  return first
}

const FOREIGN = ['\u0085', '\u2028', '\u2029'] as const
/** The offset of a byte order mark at the start of a line past the document's opening mark, or -1. */
function innerMark(text: string): number {
  const opening = OPENING_MARK.exec(text)?.[0].length ?? 0
  for (let at = text.indexOf('\n\ufeff', opening); at >= 0; at = text.indexOf('\n\ufeff', at + 1)) if (at + 1 >= opening) return at + 1
  return -1
}

/** What may open a segment's document: blank and comment lines, a marker line, then one or two marks. */
const OPENING_MARK = /^\ufeff?(?:(?:[ \t\r]*(?:#[^\n]*)?\n)*---[^\n]*\n)?\ufeff{0,2}/

/** Two byte order marks opening a segment's document, before or after its marker line. */
const DOUBLE_MARK = /^(?:(?:[ \t\r]*(?:#[^\n]*)?\n)*---[^\n]*\n)?\ufeff\ufeff/
/** Blank and comment lines, then a `---` marker line's `---`. */
const LEADING_MARKER = /^(?:[ \t\r]*(?:#[^\n]*)?\n)*---/

/**
 * A segment's opening marker line as kubectl reads it, for a parser that reads it otherwise;
 * the text keeps its length, so every offset stays. kubectl cuts a stream into documents at
 * lines that start with `---` (its YAMLReader: a comment may follow without a space) and
 * reads each alone, so a BOM right after the marker (`cat a.yaml b.yaml` when b.yaml starts
 * with one) is that document's BOM: it moves in front of the marker, where the `yaml`
 * package takes it as the stream's. `---# note` becomes a comment line (`#--# note`): the
 * segment is one document either way.
 */
function asKubectlReads(text: string): string {
  let t = text
  // The marker may follow blank or comment lines (after a JSON value, the splitter's segment
  // starts with the line breaks that ended it).
  const marker = LEADING_MARKER.exec(t)
  const eol = marker ? t.indexOf('\n', marker[0].length) : -1
  if (eol > 0 && t.charCodeAt(eol + 1) === 0xfeff) t = '\ufeff' + t.slice(0, eol + 1) + t.slice(eol + 2)
  const at = t.charCodeAt(0) === 0xfeff ? 1 : 0
  if (t.startsWith('---#', at)) t = t.slice(0, at) + '#' + t.slice(at + 1)
  return t
}

/** The documents of `text` as the `yaml` package reads it, the text as kubectl cuts it (asKubectlReads). */
function parseAll(text: string, merge = false): Document.Parsed[] {
  // logLevel: the library's own warnings (a collection as a key, stringified by toJS) never reach
  // stderr; what they signal is reported at its line and column (collectionKeyProblem).
  const docs = parseAllDocuments(asKubectlReads(text), { schema: 'failsafe', uniqueKeys: true, merge, logLevel: 'error' })
  return Array.isArray(docs) ? docs : []
}

/** `merge`: `<<` merge keys are read as kustomize reads them (merged), not as plain keys. */
export function parseDocuments(text: string, o: { merge?: boolean } = {}): ParsedDocument[] {
  const parse = (t: string) => parseAll(t, o.merge)
  let list = parse(text)
  // A quoted scalar whose lines are indented less than its key: kubectl reads it (quoted.ts).
  const unclosed = list.some((d) => d.errors.length) ? unclosedIn(list) : undefined
  if (unclosed) list = parseLenient(text, unclosed, parse) ?? list
  const parsed: ParsedDocument[] = list.map((doc, i) => {
    const [start, , end] = doc.range
    const first = i === 0 ? reportedError(doc.errors, text) : doc.errors[0]
    const notJson = i === 0 && !first ? jsonOnlyBreak(text) : undefined
    if (notJson) return { doc, start, end, error: { offset: notJson.offset, message: `${notJson.message} (JSON)` } }
    if (!first) return { doc, start, end }
    // The library's messages end with a source excerpt; the report prints its own location.
    const message = first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')
    return { doc, start, end, error: { offset: first.pos[0], message: `${message} (${first.code})` } }
  })
  const first = foreignBreak(text, 0)
  if (first >= 0) refuseForeignBreaks(text, parsed, first)
  if (text.includes('*')) for (const d of parsed) d.error ??= aliasProblem(d.doc)
  if (COLLECTION_KEY.test(text)) for (const d of parsed) d.error ??= collectionKeyProblem(d.doc)
  // JSON knows the escape: a document kubectl reads as JSON keeps it.
  if (text.includes('\\/') && !opensAsJson(text)) for (const d of parsed) d.error ??= escapeProblem(d.doc, text)
  // kubectl reads a document that opens with two byte order marks as if it had none (and three
  // as garbage); the yaml package takes one: the second would become part of the first key.
  const doubled = DOUBLE_MARK.exec(text)
  if (doubled && parsed[0] && !parsed[0].error)
    parsed[0].error = { offset: doubled[0].length - 1, message: 'a second byte order mark opens the document; remove it' }
  // A mark that starts a later line of the document: kubectl and the yaml package read it
  // apart (kubectl as a mark, the package as part of a key), so the data is not certain.
  const inner = innerMark(text)
  if (inner >= 0 && parsed[0] && !parsed.some((d) => d.error))
    parsed[0].error = { offset: inner, message: 'a byte order mark starts a line inside the document; remove it' }
  return parsed
}

/** What a mapping key that is a collection needs: an explicit key (`? `), or a flow collection before a `:`. */
const COLLECTION_KEY = /(?:^|[\s,[{])\?(?:[ \t\r\n]|$)|[\]}][ \t]*:/m

/**
 * A mapping key that is a sequence or mapping (`? [a]`, `[a]: b`): kubectl refuses the document
 * (go-yaml: "invalid map key"), while the yaml package reads the key as a string.
 */
function collectionKeyProblem(doc: Document.Parsed): ParsedDocument['error'] {
  let problem: ParsedDocument['error']
  visit(doc, {
    Pair: (_key, pair) => {
      if (!isCollection(pair.key)) return undefined
      const message = 'a mapping key that is a sequence or mapping: kubectl refuses the document (invalid map key); write a plain key'
      problem = { offset: pair.key.range?.[0] ?? 0, message }
      return visit.BREAK
    },
  })
  return problem
}

/**
 * An alias kubectl reads otherwise than this tool would: one whose anchor is not defined
 * before it in the document (kubectl refuses the file: "unknown anchor … referenced"; the
 * package reads it as nothing), or one used as a mapping key (kubectl reads the key its anchor
 * names, so it can override a key written before it, unseen by a duplicate-key check).
 */
function aliasProblem(doc: Document.Parsed): ParsedDocument['error'] {
  const anchors = new Set<string>()
  let problem: ParsedDocument['error']
  visit(doc, {
    Pair: (_key, pair) => {
      if (!isAlias(pair.key)) return undefined
      const message = `an alias as a mapping key (*${pair.key.source}): kubectl reads it as the key its anchor names; write that key`
      problem = { offset: pair.key.range?.[0] ?? 0, message }
      return visit.BREAK
    },
    Node: (_key, node) => {
      if (!isAlias(node)) {
        if (node.anchor) anchors.add(node.anchor)
        return undefined
      }
      if (anchors.has(node.source)) return undefined
      problem = {
        offset: node.range?.[0] ?? 0,
        message: `unknown anchor '${node.source}' referenced (an alias names an anchor defined before it, in its document)`,
      }
      return visit.BREAK
    },
  })
  return problem
}

/**
 * An escape of a double-quoted scalar that YAML 1.2 knows and go-yaml (YAML 1.1, so kubectl)
 * does not: `\\/`. kubectl refuses the file ("found unknown escape character"), where the
 * package reads a `/`: a key so written (`"smi-migrate.io\\/ignore"`) would be read here as
 * the annotation of an object kubectl never reads. go-yaml's escapes: yaml_parser_scan_flow_scalar
 * in gopkg.in/yaml.v2 scannerc.go (v2.4.0).
 */
function escapeProblem(doc: Document.Parsed, text: string): ParsedDocument['error'] {
  let problem: ParsedDocument['error']
  visit(doc, {
    Scalar: (_key, node) => {
      if (node.type !== 'QUOTE_DOUBLE' || !node.range) return undefined
      const [start, end] = node.range
      for (let at = text.indexOf('\\', start); at >= 0 && at < end; at = text.indexOf('\\', at + 2)) {
        if (text[at + 1] !== '/') continue
        problem = {
          offset: at,
          message:
            'the escape \\/ in a double-quoted scalar: kubectl (YAML 1.1) cannot read it ("found unknown escape character") and refuses the file; write / instead',
        }
        return visit.BREAK
      }
      return undefined
    },
  })
  return problem
}

const NAMES: Record<string, string> = {
  '\u0085': 'NEL (U+0085)',
  '\u2028': 'LINE SEPARATOR (U+2028)',
  '\u2029': 'PARAGRAPH SEPARATOR (U+2029)',
  '\r': 'a CR not followed by LF',
}

/**
 * Marks each document with a YAML 1.1 line break outside its quoted scalars as invalid (a
 * document already invalid is then reported for the break, the likelier cause).
 */
function refuseForeignBreaks(text: string, docs: ParsedDocument[], first: number): void {
  for (const [i, d] of docs.entries()) {
    // A document's text runs to the next document (comments after its last node included).
    const from = i === 0 ? 0 : d.start
    const to = docs[i + 1]?.start ?? text.length
    const quoted: Array<[number, number]> = []
    visit(d.doc, {
      Scalar: (_k, node) => {
        if (isScalar(node) && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && node.range)
          quoted.push([node.range[0], node.range[1]])
      },
    })
    // Scalars come in document order, so one pointer walks them alongside the breaks.
    let q = 0
    for (let at = foreignBreak(text, Math.max(from, first)); at >= 0 && at < to; at = foreignBreak(text, at + 1)) {
      while (q < quoted.length && quoted[q]![1] <= at) q++
      if (q < quoted.length && at > quoted[q]![0]) continue
      d.error = {
        offset: at,
        message:
          `${NAMES[text[at]!]} outside a quoted scalar: a line break for kubectl (YAML 1.1) but not for ` +
          'this parser (YAML 1.2), so the two would read different objects; replace it with a newline',
      }
      break
    }
  }
}
