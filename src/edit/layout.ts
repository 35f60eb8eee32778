/**
 * Where a mapping's keys are in the source, as plain numbers: what the edit shapes need to
 * add, move or wrap keys without a parser. Built by yaml/layout.ts.
 */

export interface PairSpan {
  key: string
  /** The key scalar as written (quotes included). */
  keyStart: number
  keyEnd: number
  /** Where the value ends (keyEnd for `key:` with nothing after it). */
  valueEnd: number
  /**
   * Block mappings: the whole lines of the pair, from the start of the first comment line
   * directly above the key to the end of the value's last line (its line break included).
   * Flow mappings: the key's start and the value's end.
   */
  start: number
  end: number
  /** The key is not the first thing on its line (`- apiVersion: x` in a List). */
  inline: boolean
  /** An explicit key (`? key`): where its `?` stands. */
  explicit?: number
  /** The value is a mapping: its own layout (for adds under it). */
  map?: MapLayout
}

export interface MapLayout {
  /** `{ ... }` rather than indented lines. */
  flow: boolean
  /** Keys written as JSON strings (`"kind": ...`): new keys are written the same way. */
  quoteKeys: boolean
  /** The mapping's own range (for flow mappings, `{` to `}` included). */
  start: number
  end: number
  /** The column of the keys (block), or of the first key (flow). */
  column: number
  /** Spaces per nesting level in this document (2 unless the document shows otherwise). */
  indent: number
  eol: '\n' | '\r\n'
  pairs: PairSpan[]
}
