/**
 * Writes a plain value as YAML (or JSON) text in a given source's style: block mappings
 * indented like the source, or flow collections with JSON-quoted keys where the source
 * quotes its keys. Used for keys the conversion adds (TCPRoute `spec: {}`), and for
 * documents a target writes in place of others.
 */

/** A value as data: what a conversion adds to a document. */
export type PlainValue = string | number | boolean | null | PlainValue[] | { [key: string]: PlainValue }

export interface Style {
  /** Write collections as `{...}` / `[...]` rather than indented lines. */
  flow: boolean
  /** Quote keys and strings as JSON does. */
  json: boolean
  /** Spaces per nesting level (block style). */
  indent: number
  eol: string
  /** Block sequences start at their key's column (`key:` then `- item`, kubectl's style) rather than one level in. */
  compactSequences?: boolean
}

/** `key: value` at `column`, as the lines of a block mapping (no line break after the last) or one flow pair. */
export function emitPair(key: string, value: PlainValue, style: Style, column: number): string {
  const k = style.json ? JSON.stringify(key) : scalar(key, style)
  if (style.flow || isEmptyOrScalar(value)) return `${k}: ${flowValue(value, style)}`
  const inner = Array.isArray(value) && style.compactSequences ? column : column + style.indent
  return `${k}:${style.eol}${blockValue(value, style, inner)}`
}

/** A whole mapping as block lines at `column`; the first line has no indentation (it follows `- ` or a line start the caller writes). */
export function emitBlockMap(value: { [key: string]: PlainValue }, style: Style, column: number): string {
  return blockValue(value, style, column).slice(column)
}

/** A value as one flow (or JSON) line. */
export function emitFlow(value: PlainValue, style: Style): string {
  return flowValue(value, style)
}

function isEmptyOrScalar(v: PlainValue): boolean {
  if (Array.isArray(v)) return v.length === 0
  if (v !== null && typeof v === 'object') return Object.keys(v).length === 0
  return true
}

function blockValue(v: PlainValue, style: Style, column: number): string {
  const pad = ' '.repeat(column)
  if (Array.isArray(v)) {
    return v
      .map((item) =>
        isEmptyOrScalar(item) ? `${pad}- ${flowValue(item, style)}` : `${pad}- ${blockValue(item, style, column + 2).trimStart()}`,
      )
      .join(style.eol)
  }
  return Object.entries(v as Record<string, PlainValue>)
    .map(([k, item]) => pad + emitPair(k, item, style, column))
    .join(style.eol)
}

function flowValue(v: PlainValue, style: Style): string {
  if (Array.isArray(v)) return `[${v.map((item) => flowValue(item, style)).join(', ')}]`
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v)
    if (entries.length === 0) return '{}'
    const key = (k: string) => (style.json ? JSON.stringify(k) : scalar(k, style))
    return `{${entries.map(([k, item]) => `${key(k)}: ${flowValue(item, style)}`).join(', ')}}`
  }
  return scalar(v, style)
}

/** A scalar: plain when YAML 1.1 and 1.2 read it back as the same string, else double-quoted. */
function scalar(v: string | number | boolean | null, style: Style): string {
  if (typeof v !== 'string') return v === null ? 'null' : String(v)
  if (style.json || !/^[A-Z][\w./-]*$/i.test(v) || AMBIGUOUS.has(v.toLowerCase())) return quote(v)
  return v
}

/**
 * A JSON string that YAML reads back the same: JSON leaves DEL, the C1 controls (NEL among
 * them), the line and paragraph separators and U+FFFE/U+FFFF unescaped, which YAML (and
 * go-yaml, kubectl: "control characters are not allowed") read as line breaks or refuse.
 */
export function quote(v: string): string {
  return jsonText(v)
}

/** JSON.stringify, with the characters YAML reads as line breaks (or refuses) escaped in strings. */
export function jsonText(value: PlainValue, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    /[\u007f-\u009f\u2028\u2029\ufffe\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** Plain words YAML 1.1 reads as booleans or null. */
const AMBIGUOUS = new Set(['y', 'n', 'yes', 'no', 'on', 'off', 'true', 'false', 'null'])
