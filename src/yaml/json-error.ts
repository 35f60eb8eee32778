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

/** Whether kubectl reads `text` with its JSON decoder (it opens as a JSON object), not with go-yaml. */
export function opensAsJson(text: string): boolean {
  return JSON_OBJECT.test(text)
}

/** The error to report: the first at or after where `text` stops being JSON, else the first. */
export function reportedError(errors: readonly YAMLError[], text: string): YAMLError | undefined {
  const first = errors[0]
  if (errors.length < 2 || !JSON_OBJECT.test(text)) return first
  const breaks = jsonBreak(text)
  if (breaks === undefined || first!.pos[0] >= breaks) return first
  return errors.find((e) => e.pos[0] >= breaks) ?? first
}

/**
 * Where a document that opens as a JSON object stops being JSON though YAML reads it (a
 * trailing comma before `]` or `}`): kubectl's JSON decoder refuses it there.
 */
export function jsonOnlyBreak(text: string): { offset: number; message: string } | undefined {
  if (!JSON_OBJECT.test(text)) return undefined
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const body = text.slice(bom)
  try {
    JSON.parse(body)
    return undefined
  } catch {
    // Node names the position for some errors only; a trailing comma is the gap YAML leaves.
    const at = jsonBreak(body) ?? trailingComma(body) ?? body.search(/\S/)
    return { offset: at + bom, message: 'not valid JSON, which kubectl reads a document opening with { as' }
  }
}

/** The `]` or `}` after a trailing comma, outside strings. */
function trailingComma(text: string): number | undefined {
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === ',') {
      let j = i + 1
      while (j < text.length && /\s/.test(text[j]!)) j++
      if (text[j] === ']' || text[j] === '}') return j
    }
  }
  return undefined
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
