/**
 * Which of the `yaml` package's errors to report for a broken JSON document. kubectl reads a
 * document that opens as a JSON object (the splitter's test, pipeline/splitter.ts) with a JSON
 * decoder, which stops at the first byte that breaks JSON; the `yaml` package reads it as a
 * YAML flow mapping and may list first an error it found later about the whole document (an
 * implicit key "on more than one line" at 1:1, after a stray `],` near its end), where the
 * precise one (a missing comma before a duplicated key) comes second. The error reported is
 * then the first one at or after the place where JSON breaks.
 */
import type { YAMLError } from 'yaml'

/** A JSON object opens with a key (a string) or is empty, as the splitter decides. */
const JSON_OBJECT = /^\s*\{\s*["}]/

/** The error to report: the first at or after where `text` stops being JSON, else the first. */
export function reportedError(errors: readonly YAMLError[], text: string): YAMLError | undefined {
  const first = errors[0]
  if (errors.length < 2 || !JSON_OBJECT.test(text)) return first
  const breaks = jsonBreak(text)
  if (breaks === undefined || first!.pos[0] >= breaks) return first
  return errors.find((e) => e.pos[0] >= breaks) ?? first
}

/** Where JSON.parse stops reading `text`, or undefined when it reads it (or does not say where). */
function jsonBreak(text: string): number | undefined {
  try {
    JSON.parse(text)
    return undefined
  } catch (err) {
    const at = /at position (\d+)/.exec((err as Error).message)
    return at ? Number(at[1]) : undefined
  }
}
