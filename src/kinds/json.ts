/**
 * JSON values as a kind's object steps see them (a ConversionReview's objects, after
 * JSON.parse): plain data, no parser nodes, no source ranges.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

export function isObject(v: Json | undefined): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
}

/** Number tokens no double holds, as a reader of JSON text marks them (quantity/json.ts). */
export { EXACT_MARK, exactToken } from '../quantity/json.js'
