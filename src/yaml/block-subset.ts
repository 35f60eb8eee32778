/**
 * A reader of the plainest YAML, for texts read many times a run and nearly always written so
 * (kustomizations, JSON 6902 patches): one document of block mappings and sequences, plain
 * scalars of a few safe characters, literal block scalars (`|`, `|-`) and comment lines. It gives
 * what `parseDocuments(text, { merge: true })` (documents.ts) and `toJS()` give, strings only (the
 * failsafe schema), without loading or warming up the `yaml` package; for any other text
 * (quotes, flow collections, anchors, tags, escapes, tabs, CRs, trailing spaces, a document
 * marker, a duplicate key, …) it gives undefined and the caller parses as before.
 * test/block-subset.test.ts holds it to the package on generated texts.
 */

/** A plain scalar of safe characters that reads as itself: no indicator first, no `: ` or ` #` inside. */
const PLAIN = /^[\w./=+$(][\w./=+$(),:@ -]*$/
/** A mapping entry's line (after the indentation): a plain key, `:`, then nothing or a space and the value. */
const ENTRY = /^(\w[\w./-]*):(?: (.*))?$/

interface Line {
  indent: number
  /** The text after the indentation. */
  body: string
}

class Bail extends Error {}
const bail = (): never => {
  throw new Bail()
}

/** The value of `text`'s one document, when the text is of the subset; undefined otherwise. */
export function readBlockSubset(text: string): unknown {
  if (!/^[\x20-\x7e\n]*$/.test(text)) return undefined
  try {
    return new Reader(text.split('\n'), text.endsWith('\n')).document()
  } catch (err) {
    if (err instanceof Bail) return undefined
    throw err
  }
}

class Reader {
  private at = 0
  constructor(
    private readonly lines: string[],
    private readonly closed: boolean,
  ) {}

  document(): unknown {
    const first = this.peek()
    if (!first || first.indent !== 0) bail()
    const value = this.block(0)
    if (this.peek()) bail()
    return value
  }

  /** The next line that is not blank or a comment (skipped), or undefined at the end. */
  private peek(): Line | undefined {
    for (; this.at < this.lines.length; this.at++) {
      const raw = this.lines[this.at]!
      if (raw === '') continue
      const body = raw.trimStart()
      if (body.startsWith('#')) continue
      if (body === '' || raw.endsWith(' ') || raw.startsWith('---') || raw.startsWith('...')) bail()
      return { indent: raw.length - body.length, body }
    }
    return undefined
  }

  private block(indent: number): unknown {
    const line = this.peek()!
    return line.body === '-' || line.body.startsWith('- ') ? this.sequence(indent) : this.mapping(indent, line.body)
  }

  /** A block mapping whose keys stand at `indent`; its first entry is `body` (the line at `this.at`). */
  private mapping(indent: number, body: string): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    for (let line: Line | undefined = { indent, body }; line && line.indent >= indent; line = this.peek()) {
      if (line.indent > indent) bail()
      const m = ENTRY.exec(line.body) ?? bail()
      const key = m[1]!
      if (Object.prototype.hasOwnProperty.call(out, key) || key === '__proto__') bail()
      this.at++
      out[key] = this.value(m[2], indent, true)
      const next = this.peek()
      if (next && next.indent === indent && (next.body === '-' || next.body.startsWith('- '))) bail()
    }
    return out
  }

  /** A block sequence whose dashes stand at `indent`. */
  private sequence(indent: number): unknown[] {
    const out: unknown[] = []
    for (let line = this.peek(); line && line.indent >= indent; line = this.peek()) {
      if (line.indent > indent || !line.body.startsWith('- ')) {
        if (line.indent === indent) return out // the next key of the mapping this sequence is a value of
        bail()
      }
      const rest = line!.body.slice(2)
      const inner = rest.trimStart()
      const col = indent + 2 + (rest.length - inner.length)
      if (ENTRY.test(inner)) out.push(this.mapping(col, inner))
      else if (PLAIN.test(inner) && !/: | $|:$/.test(inner)) {
        this.at++
        out.push(inner)
      } else bail()
    }
    return out
  }

  /** The value after a key at `indent` (`rest`: what follows `: ` on its line). */
  private value(rest: string | undefined, indent: number, inMapping: boolean): unknown {
    if (rest === undefined) {
      const next = this.peek()
      if (next && next.indent > indent) return this.block(next.indent)
      if (inMapping && next && next.indent === indent && next.body.startsWith('- ')) return this.sequence(indent)
      return bail()
    }
    if (rest === '|' || rest === '|-') return this.literal(indent, rest === '|-')
    if (PLAIN.test(rest) && !/: |:$/.test(rest)) return rest
    return bail()
  }

  /** A literal block scalar of a key at `indent`; `strip`: `|-`, else `|` (one final line break kept). */
  private literal(indent: number, strip: boolean): string {
    const first = this.lines[this.at]
    if (first === undefined || first === '') bail()
    const m = first!.length - first!.trimStart().length
    if (m <= indent || first!.trim() === '') bail()
    const content: string[] = []
    for (; this.at < this.lines.length; this.at++) {
      const raw = this.lines[this.at]!
      if (raw === '') {
        content.push('')
        continue
      }
      const lead = raw.length - raw.trimStart().length
      if (lead === raw.length) bail() // a line of spaces only
      if (lead < m) {
        if (lead > indent) bail()
        break
      }
      content.push(raw.slice(m))
    }
    // The text's last line is no line: a final line break, or none (then `|` keeps none either).
    const ended = this.at >= this.lines.length
    if (ended && !this.closed) bail()
    while (content.length > 0 && content[content.length - 1] === '') content.pop()
    return content.join('\n') + (strip ? '' : '\n')
  }
}
