/**
 * What the planner needs to know about one TrafficSplit, read out of a parsed document by
 * `yaml/locate.ts`. Views hold source ranges, never YAML nodes, so the conversion logic is
 * testable without YAML and independent of the parser.
 */
import type { Edit, FindingCode, ObjectRef, Version } from '../model.js'
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

export interface Problem {
  code: FindingCode
  offset: number
  message: string
}

/** One backend's weight: the scalar to read and rewrite, or why it cannot be used. */
export type WeightRef = { offset: number; scalar: ScalarRef } | { offset: number; problem: Problem }

export interface SplitView {
  /** Where the object starts (its first key). */
  offset: number
  ref: ObjectRef
  version: Version
  /** The apiVersion scalar to rewrite; absent when the object inherits it from a TrafficSplitList. */
  apiVersion?: ScalarRef
  weights: WeightRef[]
  /** A structural problem that stops the whole object from being converted. */
  problem?: Problem
  /** Removals of server-owned fields, applied only if the object is converted. */
  strip?: Edit[]
  /** An item of a TrafficSplitList that has no apiVersion of its own: the List's view. */
  inheritsFrom?: SplitView
  /** A TrafficSplitList with an inheriting item that is not in the plan (templated): it cannot move. */
  heldBack?: Problem
}
