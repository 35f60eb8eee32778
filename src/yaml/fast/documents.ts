/**
 * The fast reader's entry for the converter (convert/text.ts): a segment read by reader.ts as
 * the general path's ParsedDocument (documents.ts), or undefined when the general path must
 * read it. Besides the shapes reader.ts declines, it declines what reads more than nodes and
 * their ranges: suppressions (`smi-migrate` in the text: yaml/suppress.ts), a target that
 * writes objects anew (it reads their comments) and `--strip-server-fields`.
 */
import type { Document } from 'yaml'
import type { ConvertOptions } from '../../model.js'
import type { ParsedDocument } from '../documents.js'
import { readBlockDocument } from './reader.js'
import { mentionsTool } from '../suppress.js'

type FastOptions = Pick<ConvertOptions, 'stripServerFields'> & { target?: unknown }

/** Off, every segment goes to the general path: the differential test (test/fast-reader.test.ts) compares the two. */
export const fastReader = { enabled: true }

export function fastDocuments(text: string, opts: FastOptions): ParsedDocument[] | undefined {
  if (!fastReader.enabled || opts.target !== undefined || opts.stripServerFields || mentionsTool(text)) return undefined
  const root = readBlockDocument(text)
  if (!root) return undefined
  // The locator reads a document's root node only (`contents`); the rest of a parsed Document is never asked for here.
  const doc = { contents: root, errors: [], warnings: [], range: [0, text.length, text.length] } as unknown as Document.Parsed
  return [{ doc, start: 0, end: text.length }]
}
