/**
 * Values texts as Helm decodes them (files/helm/values-proof.ts asks; yaml/values-texts.ts reads
 * them): a string `tpl` may render is the scalar's value, not its source, so a text whose source
 * hides it (escapes, `!!binary`, a values text inside a string) is read decoded.
 */
import { type ValueReader, valueMutations } from './readers.js'
import { valuesTextChange, valuesTextUses } from './values-texts.js'

/** The scalars of the YAML `text` whose decoded value (escapes undone, `!!binary` decoded) reads `path`, or that cannot be read. */
export function decodedValueReaders(text: string, path: readonly string[]): ValueReader[] {
  return valuesTextUses(text, [path], false)
}

/** A values string `tpl` may render (as written, or decoded: yaml/values-texts.ts) that changes `.Values` on `full`. */
export function valuesTextMutation(text: string, full: readonly string[]): { offset: number; what: string } | undefined {
  const m = valueMutations(text, full)[0]
  if (m) return { offset: m.offset, what: `a values text tpl may render: ${m.what}` }
  return valuesTextChange(text, full)
}
