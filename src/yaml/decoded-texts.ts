/**
 * Values texts as Helm decodes them (files/helm/values-proof.ts asks): a string `tpl` may render
 * is the scalar's value, not its source. A double-quoted scalar's escapes (`can\x61ry`, an
 * escaped line break) and a `!!binary` scalar (go-yaml v2 decodes its base64 to the text) may
 * spell a values path its source does not show, so such a scalar is read for the path decoded.
 */
import { isScalar, parseAllDocuments, visit } from 'yaml'
import { type ValueReader, valueMutations, valueReaders } from './readers.js'

const BINARY = 'tag:yaml.org,2002:binary'

/** The strings of the YAML `text` whose source is not their value (escapes, `!!binary`), decoded, each with where it starts. */
export function decodedTexts(text: string): Array<{ offset: number; text: string; how: string }> {
  if (!text.includes('\\') && !/!!binary|tag:yaml\.org,2002:binary/.test(text)) return []
  const out: Array<{ offset: number; text: string; how: string }> = []
  let docs
  try {
    docs = parseAllDocuments(text)
  } catch {
    return []
  }
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    visit(doc, {
      Scalar(_, node) {
        if (!isScalar(node) || !node.range) return
        const source = text.slice(node.range[0], node.range[1])
        const binary = node.tag === BINARY
        if (!binary && !(node.type === 'QUOTE_DOUBLE' && source.includes('\\'))) return
        const v = node.value
        const decoded =
          v instanceof Uint8Array
            ? Buffer.from(v).toString('utf8')
            : binary
              ? Buffer.from(String(v).replace(/\s/g, ''), 'base64').toString('utf8')
              : String(v)
        out.push({ offset: node.range[0], text: decoded, how: binary ? 'a !!binary text' : 'a text with YAML escapes' })
      },
    })
  }
  return out
}

/** The scalars of the YAML `text` whose decoded value (escapes undone, `!!binary` decoded) reads `path`. */
export function decodedValueReaders(text: string, path: readonly string[]): ValueReader[] {
  return decodedTexts(text)
    .filter((d) => valueReaders(d.text, path, false).length > 0)
    .map((d) => ({ offset: d.offset, what: `${d.how} that decodes to a read of .Values` }))
}

/** A values string `tpl` may render (as written, or decoded: yaml/decoded-texts.ts) that changes `.Values` on `full`. */
export function valuesTextMutation(text: string, full: readonly string[]): { offset: number; what: string } | undefined {
  const m = valueMutations(text, full)[0]
  if (m) return { offset: m.offset, what: `a values text tpl may render: ${m.what}` }
  const d = decodedTexts(text).find((t) => valueMutations(t.text, full).length > 0)
  return d && { offset: d.offset, what: `${d.how} tpl may render that decodes to a change of .Values` }
}
