/**
 * Parsing of candidate segments. Only `src/yaml/` imports the `yaml` package.
 *
 * The failsafe schema keeps every scalar a string: weights are typed by our own YAML 1.1
 * reader (quantity/yaml11.ts), never by the library's YAML 1.2 rules.
 */
import { type Document, parseAllDocuments } from 'yaml'

export interface ParsedDocument {
  doc: Document.Parsed
  /** [start, end) of the document in the parsed text. */
  start: number
  end: number
  error?: { offset: number; message: string }
}

export function parseDocuments(text: string): ParsedDocument[] {
  const docs = parseAllDocuments(text, { schema: 'failsafe', uniqueKeys: true })
  const list = Array.isArray(docs) ? docs : []
  return list.map((doc) => {
    const [start, , end] = doc.range
    const first = doc.errors[0]
    if (!first) return { doc, start, end }
    // The library's messages end with a source excerpt; the report prints its own location.
    const message = first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')
    return { doc, start, end, error: { offset: first.pos[0], message: `${message} (${first.code})` } }
  })
}
