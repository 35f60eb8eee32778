/**
 * Values texts as Helm decodes them (files/helm/values-proof.ts asks): a string `tpl` may render
 * is the scalar's value, not its source. A double-quoted scalar's escapes (`can\x61ry`, an
 * escaped line break) and a `!!binary` scalar (go-yaml v2 decodes its base64 to the text) may
 * spell a values path its source does not show, so such a scalar is read for the path decoded. A
 * `%TAG` handle that resolves to tag:yaml.org,2002:binary is `!!binary`; a tag that does not
 * resolve may hide any text.
 */
import { isScalar, parseAllDocuments, visit } from 'yaml'
import { type ValueReader, valueMutations, valueReaders } from './readers.js'

const BINARY = 'tag:yaml.org,2002:binary'

/** The strings of the YAML `text` whose source is not their value (escapes, `!!binary`), decoded, each with where it starts. */
export function decodedTexts(text: string): Array<{ offset: number; text: string; how: string; unreadable?: boolean }> {
  // A tag may be written through a `%TAG` handle (`%TAG !y! tag:yaml.org,2002:` … `!y!binary`).
  if (!text.includes('\\') && !/!|%TAG/.test(text)) return []
  const out: Array<{ offset: number; text: string; how: string; unreadable?: boolean }> = []
  let docs
  try {
    // go-yaml v2 as Helm calls it keeps the last of two equal keys: no error there.
    docs = parseAllDocuments(text, { uniqueKeys: false })
  } catch {
    return []
  }
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    // A tag that resolves to nothing this run knows may hide any text.
    const tag = doc.errors.find((e) => /resolve tag/i.test(e.message))
    if (tag) out.push({ offset: tag.pos[0], text: '', how: 'a tag this run cannot resolve to a string or !!binary', unreadable: true })
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
    .filter((d) => d.unreadable === true || valueReaders(d.text, path, false).length > 0)
    .map((d) => ({
      offset: d.offset,
      what: d.unreadable ? `${d.how}, which may hold any template text` : `${d.how} that decodes to a read of .Values`,
    }))
}

/** A values string `tpl` may render (as written, or decoded: yaml/decoded-texts.ts) that changes `.Values` on `full`. */
export function valuesTextMutation(text: string, full: readonly string[]): { offset: number; what: string } | undefined {
  const m = valueMutations(text, full)[0]
  if (m) return { offset: m.offset, what: `a values text tpl may render: ${m.what}` }
  const d = decodedTexts(text).find((t) => t.unreadable === true || valueMutations(t.text, full).length > 0)
  return (
    d && {
      offset: d.offset,
      what: d.unreadable
        ? `${d.how}, which may hold any template text tpl may render`
        : `${d.how} tpl may render that decodes to a change of .Values`,
    }
  )
}
