/**
 * Quoted scalars whose continuation lines are indented less than their key, as kubectl reads
 * them. go-yaml (gopkg.in/yaml.v2 scannerc.go, yaml_parser_scan_flow_scalar, v2.4.0) reads a
 * quoted scalar to its closing quote whatever the indentation of its lines (only a `---` or
 * `...` at the start of a line stops it); the `yaml` package (YAML 1.2) wants them indented
 * past the key, and reports "Missing closing quote". Checked with `kubectl annotate --local`:
 * `key: "kept for\nthe eu cluster"` under `annotations:` reads "kept for the eu cluster".
 *
 * Such a document is parsed again from a shadow of the text of the same length, each line
 * break inside the scalar written as a space, so every offset (and so every line and column,
 * counted in the text as written) stays; then each such scalar gets the value its own text
 * has (the scalar parsed alone, where no indentation binds it, folded as YAML folds it).
 */
import { type Document, isScalar, parseAllDocuments, visit } from 'yaml'

/** Where the `yaml` package stopped at a quoted scalar it found unclosed: the quote's offset. */
export interface Unclosed {
  offset: number
}

/** The end (past the closing quote) of the quoted scalar opening at `at`, or -1 if it has none, or go-yaml would stop inside it. */
function closingOf(text: string, at: number): number {
  const quote = text[at]
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i]
    if (c === '\n' && /^(?:---|\.\.\.)(?:[ \t\r\n]|$)/.test(text.slice(i + 1, i + 5))) return -1
    if (quote === '"' && c === '\\') i++
    else if (c === quote) {
      if (quote === "'" && text[i + 1] === "'") i++
      else return i + 1
    }
  }
  return -1
}

/**
 * The documents of `text` parsed as kubectl reads its under-indented quoted scalars, or
 * undefined when the text has none such (or one go-yaml would not read either).
 */
export function parseLenient(text: string, first: Unclosed, parse: (t: string) => Document.Parsed[]): Document.Parsed[] | undefined {
  let shadow = text
  const spans: Array<[number, number]> = []
  let unclosed: Unclosed | undefined = first
  for (let round = 0; unclosed && round < 32; round++) {
    const end = closingOf(text, unclosed.offset)
    if (end < 0 || spans.some(([s]) => s === unclosed!.offset)) return undefined
    spans.push([unclosed.offset, end])
    shadow = shadow.slice(0, unclosed.offset) + shadow.slice(unclosed.offset, end).replace(/[\r\n]/g, ' ') + shadow.slice(end)
    const docs = parse(shadow)
    unclosed = unclosedIn(docs)
    if (docs.some((d) => d.errors.length) && !unclosed) return undefined
    if (!unclosed) return withValues(docs, text, spans)
  }
  return undefined
}

/**
 * The opening quote of the first quoted scalar the `yaml` package found unclosed: its error
 * stands where the package stopped reading it, the end of the scalar node it made.
 */
export function unclosedIn(docs: readonly Document.Parsed[]): Unclosed | undefined {
  for (const doc of docs) {
    for (const e of doc.errors) {
      if (e.code !== 'MISSING_CHAR' || !/^Missing closing .?quote/.test(e.message)) continue
      let found: Unclosed | undefined
      visit(doc, {
        Scalar: (_k, node) => {
          if ((node.type !== 'QUOTE_DOUBLE' && node.type !== 'QUOTE_SINGLE') || node.range?.[1] !== e.pos[0]) return undefined
          found = { offset: node.range[0] }
          return visit.BREAK
        },
      })
      if (found) return found
    }
  }
  return undefined
}

/** Gives each rejoined scalar the value of its own text; undefined if one cannot be read alone. */
function withValues(docs: Document.Parsed[], text: string, spans: ReadonlyArray<[number, number]>): Document.Parsed[] | undefined {
  let ok = true
  for (const [start, end] of spans) {
    const alone = parseAllDocuments(text.slice(start, end), { schema: 'failsafe' })
    const value = Array.isArray(alone) && alone.length === 1 && !alone[0]!.errors.length ? alone[0]!.contents : undefined
    let found = false
    for (const doc of docs) {
      visit(doc, {
        Scalar: (_k, node) => {
          if (node.range?.[0] !== start || !isScalar(value)) return undefined
          node.value = value.value
          found = true
          return visit.BREAK
        },
      })
    }
    ok &&= found
  }
  return ok ? docs : undefined
}
