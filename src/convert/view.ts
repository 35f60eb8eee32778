/**
 * Source ranges the views hold instead of YAML nodes, so the conversion logic is testable
 * without YAML and independent of the parser.
 */
import type { Problem } from '../kinds/kind.js'
import type { ScalarStyle } from '../quantity/yaml11.js'

/** A scalar as written: its presentation, its string content and its source range. */
export interface ScalarRef {
  style: ScalarStyle
  value: string
  /** Source text of the scalar itself (quotes included; anchor, tag and comment excluded). */
  raw: string
  start: number
  end: number
}

/** One backend's weight: the scalar to read and rewrite, or why it cannot be used. */
export type WeightRef = { offset: number; scalar: ScalarRef } | { offset: number; problem: Problem }
