// Offline validator for Gateway API routes: checks an object as the Kubernetes API server would on
// create, against the released CRDs vendored in testdata/gateway-api-crds/ (v1.1.1 and v1.6.1).
//
// What the API server does with a custom resource on create, and how it is reproduced here
// (k8s.io/apiextensions-apiserver, pkg/registry/customresource/strategy.go and the structural schema
// packages):
//   1. decode: fields the schema does not declare are pruned (with `kubectl --validate=strict`, the
//      default, they are an error); null values of non-nullable fields are dropped. Both are reported here
//      as violations (keyword 'unknown-field' / 'null'), because a generated route should not carry
//      fields the target release does not know, then removed, as the server would.
//   2. defaulting: `default` is set on every missing property of every object present, top-down, and the
//      walk continues into the defaulted value (e.g. backendRef group "" / kind Service / weight 1,
//      parentRef group gateway.networking.k8s.io / kind Gateway, header match type Exact).
//   3. OpenAPI v3 validation: type, required, enum, pattern, minLength/maxLength (in runes, as Go counts),
//      minimum/maximum, minItems/maxItems, format (date-time), with patterns run by RE2 (@bufbuild/re2,
//      as Go's regexp), and the list invariants of x-kubernetes-list-type map (unique key tuples) and
//      set (unique items).
//   4. CEL (x-kubernetes-validations), at every schema node with `self` bound to the defaulted node, unless
//      step 3 produced a "blocking" error (type, required, enum, maxLength, maxItems: hasBlockingErr() in
//      strategy.go); then the server reports "some validation rules were not checked because the object was
//      invalid" and so does this helper (keyword 'cel-skipped'). Transition rules (those reading `oldSelf`)
//      are not evaluated on create by the server either; none exist in the vendored CRDs, and any that
//      appear are skipped (listed by ruleInventory()).
//
// CEL candidates tried on the 55 rules (npm, 2026-12): @bufbuild/cel 0.6.1 planned all 55 and evaluated
// them correctly, including `duration()`, raw triple-quoted strings and the RE2 `(?i)` flag; it needs the
// @bufbuild/protobuf peer. @marcbachmann/cel-js 8.0.0 parsed all 55, but its `matches` compiles the
// pattern as a JS RegExp and throws "Invalid regular expression" on `^(?i)...` (the GRPCRoute service
// rule), so it would need `matches` replaced. cel-js 0.8.2 was not tried (@marcbachmann/cel-js documents a
// migration from it).
//
// Why a hand-written walker and not ajv (8.20.0): the Kubernetes dialect is a small closed subset of
// OpenAPI v3 (the six CRDs use exactly the 18 keywords in SCHEMA_KEYWORDS below — no $ref, no
// combinators, no additionalProperties), but the semantics that matter are outside JSON Schema: pruning of
// undeclared fields (ajv would need every schema rewritten with additionalProperties:false and would then
// stop at the first one), defaulting that must happen before CEL and feed it, list-type map/set
// uniqueness, rune-counted lengths, the blocking-error rule above, and the CEL value binding (integers as
// CEL int, escaped property names), which needs the same walk anyway. Any keyword outside
// SCHEMA_KEYWORDS makes loading throw, so a newer CRD cannot be half-checked silently.
//
// CEL: @bufbuild/cel 0.6.1 (Apache-2.0, Buf's CEL-ES, github.com/bufbuild/cel-es, the evaluator that
// @bufbuild/protovalidate depends on; developed against the cel-spec conformance data shipped as
// @bufbuild/cel-spec; evaluates `matches` with an RE2 port, @bufbuild/re2, so Go's RE2 syntax such
// as the leading `(?i)` in the GRPCRoute method rules behaves as in the API server). Binding as in
// Kubernetes (apiserver/pkg/cel): objects → CEL maps keyed by property name, with CEL reserved words and
// `_ . - /` escaped (so `namespace` is `__namespace__`, as the rules spell it); `type: integer` → int
// (bigint); `type: number` → double. The rules use only standard CEL (has, size, all, exists, exists_one,
// filter, in, matches, startsWith, endsWith, contains, duration): no Kubernetes library function
// (isURL, quantity, lists/regex extensions, ...) appears, so nothing is registered as a custom function
// and no rule needs a TypeScript fallback. test/gateway-schema.test.ts asserts this inventory: every
// distinct rule (55) compiles, and each evaluates to false on a counter-example and true on an example.
//
// Rule table (55 distinct expressions over the six files; all 55 checked by @bufbuild/cel, 0 by hand,
// 0 skipped; the numbers in brackets are rule counts):
//   spec.parentRefs                 [4] sectionName must be specified / unique when parentRefs includes 2 or
//                                       more references to the same parent (HTTPRoute, GRPCRoute); the
//                                       "sectionName or port" pair (TCPRoute, experimental channel)
//   backend references              [1] "Must have port for Service reference" (rules[].backendRefs[],
//                                       requestMirror.backendRef; every kind and release)
//   filters (the list)              [6] RequestHeaderModifier / ResponseHeaderModifier / RequestRedirect /
//                                       URLRewrite / CORS filter cannot be repeated; RequestRedirect xor
//                                       URLRewrite
//   filters[] (one filter)         [14] filter.<field> must be nil if type is not <Type> / must be specified
//                                       for <Type>: requestHeaderModifier, responseHeaderModifier,
//                                       requestMirror, extensionRef, requestRedirect, urlRewrite, cors
//   requestMirror                   [2] percent xor fraction; fraction numerator <= denominator
//   redirect/rewrite path           [4] ReplaceFullPath / ReplacePrefixMatch: field <-> type
//   HTTPRoute rules[]               [5] RequestRedirect not with backendRefs; replacePrefixMatch needs exactly
//                                       one PathPrefix match (redirect/rewrite, rule or backendRef filters)
//   spec.rules (the list)           [2] total matches across rules <= 128 (v1.6.1; HTTPRoute, and the
//                                       GRPCRoute variant that guards `has(self[i].matches)`)
//   spec.rules (the list)           [1] Rule name must be unique within the route (TCPRoute v1.6.1, experimental)
//   HTTPPathMatch                  [11] Exact/PathPrefix: starts with '/'; no '//', '/./', '/../', '%2f',
//                                       '%2F', '#'; not ending '/..', '/.'; character set (matches); type one
//                                       of Exact, PathPrefix, RegularExpression
//   GRPCMethodMatch                 [3] service or method required; service / method character sets (RE2,
//                                       `(?i)` flag)
//   CORS allow lists                [1] '*' alone (one rule, three messages)
//   HTTPRoute timeouts              [1] backendRequest <= request (duration())
// The exact list is what ruleInventory() returns; the test pins its size and evaluates every entry.

import { readFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'
import { celEnv, isCelError, parse as parseCel, plan } from '@bufbuild/cel'
import { RE2JS } from '@bufbuild/re2'

export type Release = 'v1.1.1' | 'v1.6.1'
export const RELEASES: readonly Release[] = ['v1.1.1', 'v1.6.1']

export interface Violation {
  /** Kubernetes field path, e.g. `spec.rules[0].backendRefs[1].port`; `''` for the object itself. */
  path: string
  /** The API server's wording where it has one; for CEL, the rule's message. */
  message: string
  /** The schema keyword that failed (`required`, `maxItems`, ...), or `x-kubernetes-validations` for CEL. */
  keyword: string
  /** For CEL violations: the rule expression. */
  rule?: string
}

export interface Schema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean'
  properties?: Record<string, Schema>
  items?: Schema
  required?: string[]
  enum?: unknown[]
  pattern?: string
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
  default?: unknown
  description?: string
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map'
  'x-kubernetes-list-map-keys'?: string[]
  'x-kubernetes-validations'?: CelRule[]
}
interface CelRule {
  rule: string
  message?: string
  messageExpression?: string
  reason?: string
  fieldPath?: string
  optionalOldSelf?: boolean
}

const SCHEMA_KEYWORDS = new Set([
  'type',
  'properties',
  'items',
  'required',
  'enum',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'default',
  'description',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-validations',
])
const FORMATS = new Set(['int32', 'int64', 'date-time'])

const CRD_DIR = new URL('../../testdata/gateway-api-crds/', import.meta.url)
const FILES: Record<string, string> = { HTTPRoute: 'httproutes', GRPCRoute: 'grpcroutes', TCPRoute: 'tcproutes-experimental' }
export const ROUTE_KINDS = Object.keys(FILES)
const GROUP = 'gateway.networking.k8s.io'

interface CrdVersion {
  name: string
  served: boolean
  storage: boolean
  schema: { openAPIV3Schema: Schema }
}
interface Crd {
  spec: { group: string; names: { kind: string }; versions: CrdVersion[] }
}

const crdCache = new Map<string, Crd>()
/** The vendored CRD of `kind` in `release` (parsed once). */
export function loadCrd(kind: string, release: Release): Crd {
  const key = `${kind}@${release}`
  let crd = crdCache.get(key)
  if (!crd) {
    const file = FILES[kind]
    if (!file) throw new Error(`no CRD for kind ${kind}`)
    crd = parseYaml(readFileSync(new URL(`${file}-${release}.yaml`, CRD_DIR), 'utf8')) as Crd
    if (crd.spec.group !== GROUP || crd.spec.names.kind !== kind) throw new Error(`${file}-${release}.yaml is not the ${kind} CRD`)
    for (const v of crd.spec.versions) checkKeywords(v.schema.openAPIV3Schema, `${file}-${release}.yaml ${v.name}`)
    crdCache.set(key, crd)
  }
  return crd
}

function checkKeywords(s: Schema, where: string): void {
  for (const k of Object.keys(s))
    if (!SCHEMA_KEYWORDS.has(k)) throw new Error(`${where}: schema keyword ${k} is not implemented by gateway-schema.ts`)
  if (s.format !== undefined && !FORMATS.has(s.format)) throw new Error(`${where}: format ${s.format} is not implemented`)
  if (s.pattern !== undefined) pattern(s.pattern) // compiles, or throws
  for (const r of s['x-kubernetes-validations'] ?? []) {
    for (const k of Object.keys(r))
      if (k !== 'rule' && k !== 'message') throw new Error(`${where}: x-kubernetes-validations.${k} is not implemented`)
  }
  for (const [name, c] of Object.entries(s.properties ?? {})) checkKeywords(c, `${where}.${name}`)
  if (s.items) checkKeywords(s.items, `${where}[]`)
}

/** Served versions of a kind in a release, e.g. HTTPRoute v1.1.1 → ['v1', 'v1beta1']. */
export function servedVersions(kind: string, release: Release): string[] {
  return loadCrd(kind, release)
    .spec.versions.filter((v) => v.served)
    .map((v) => v.name)
}

// ---------------------------------------------------------------------------------------------------------
// CEL

/** Kubernetes' escaping of property names for CEL (apiserver/pkg/cel/escaping.go). */
const CEL_RESERVED = new Set([
  'true',
  'false',
  'null',
  'in',
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while',
])
export function celEscape(name: string): string {
  if (CEL_RESERVED.has(name)) return `__${name}__`
  return name.replace(/__|[./-]/g, (m) => ({ __: '__underscores__', '.': '__dot__', '-': '__dash__', '/': '__slash__' })[m]!)
}

type CelProgram = ReturnType<typeof plan>
const programs = new Map<string, CelProgram>()
/** Compiles (once) a rule with `self` in scope; throws on a parse or planning error. */
export function compileRule(rule: string): CelProgram {
  let p = programs.get(rule)
  if (!p) {
    p = plan(celEnv(), parseCel(rule))
    programs.set(rule, p)
  }
  return p
}

/** The CEL value Kubernetes binds to `self` for a (defaulted, pruned) node of schema `s`. */
export function toCel(value: unknown, s: Schema): unknown {
  if (Array.isArray(value)) return value.map((v) => toCel(v, s.items ?? {}))
  if (value !== null && typeof value === 'object') {
    const m = new Map<string, unknown>()
    for (const [k, v] of Object.entries(value)) m.set(celEscape(k), toCel(v, s.properties?.[k] ?? {}))
    return m
  }
  if (s.type === 'integer' && typeof value === 'number' && Number.isInteger(value)) return BigInt(value)
  return value
}

/** Evaluates a rule with `self` bound to `value` (already defaulted): true, false, or an error message. */
export function evalRule(rule: string, value: unknown, s: Schema): boolean | string {
  const r = compileRule(rule)({ self: toCel(value, s) } as never)
  if (isCelError(r)) return r.message
  if (typeof r !== 'boolean') return `rule returned ${String(r)}, not a bool`
  return r
}

export interface RuleEntry {
  rule: string
  messages: string[]
  paths: string[]
  where: string[]
  schema: Schema
  checkedBy: '@bufbuild/cel' | 'skipped: transition rule (oldSelf)'
}
/** Every distinct rule expression in the vendored CRDs (all releases, kinds and served versions). */
export function ruleInventory(): RuleEntry[] {
  const out = new Map<string, RuleEntry>()
  for (const release of RELEASES) {
    for (const kind of ROUTE_KINDS) {
      for (const v of loadCrd(kind, release).spec.versions) {
        const walk = (s: Schema, path: string) => {
          for (const r of s['x-kubernetes-validations'] ?? []) {
            let e = out.get(r.rule)
            if (!e)
              out.set(
                r.rule,
                (e = {
                  rule: r.rule,
                  messages: [],
                  paths: [],
                  where: [],
                  schema: s,
                  checkedBy: isTransition(r.rule) ? 'skipped: transition rule (oldSelf)' : '@bufbuild/cel',
                }),
              )
            if (r.message && !e.messages.includes(r.message)) e.messages.push(r.message)
            if (!e.paths.includes(path)) e.paths.push(path)
            const w = `${kind} ${release} ${v.name}`
            if (!e.where.includes(w)) e.where.push(w)
          }
          for (const [k, c] of Object.entries(s.properties ?? {})) walk(c, path ? `${path}.${k}` : k)
          if (s.items) walk(s.items, `${path}[]`)
        }
        walk(v.schema.openAPIV3Schema, '')
      }
    }
  }
  return [...out.values()]
}
const isTransition = (rule: string) => /\boldSelf\b/.test(rule)

// ---------------------------------------------------------------------------------------------------------
// The walk

type ErrType = 'Required' | 'TypeInvalid' | 'NotSupported' | 'TooLong' | 'TooMany' | 'Invalid' | 'Duplicate' | 'Unknown'
/** strategy.go hasBlockingErr: these error types stop CEL evaluation. */
const BLOCKING = new Set<ErrType>(['NotSupported', 'Required', 'TooLong', 'TooMany', 'TypeInvalid'])
interface Found extends Violation {
  type: ErrType
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)
const at = (path: string, key: string) => (path ? `${path}.${key}` : key)
const show = (v: unknown) => JSON.stringify(v)
const clone = <T>(v: T): T => structuredClone(v)

/** Step 1 and 2: prune (reporting) and default, in place. */
function pruneAndDefault(value: unknown, s: Schema, path: string, out: Found[]): void {
  if (Array.isArray(value)) {
    if (s.type === 'array' && s.items) value.forEach((v, i) => pruneAndDefault(v, s.items!, `${path}[${i}]`, out))
    return
  }
  if (!isObject(value) || s.type !== 'object') return
  const props = s.properties ?? {}
  for (const k of Object.keys(value)) {
    if (!(k in props)) {
      out.push({
        path: at(path, k),
        type: 'Unknown',
        keyword: 'unknown-field',
        message: `unknown field "${at(path, k)}" (not declared in the schema; the API server prunes it, kubectl --validate=strict rejects it)`,
      })
      delete value[k]
    } else if (value[k] === null) {
      out.push({
        path: at(path, k),
        type: 'Unknown',
        keyword: 'null',
        message: `null value (pruned by the API server: ${k} is not nullable)`,
      })
      delete value[k]
    }
  }
  for (const [k, c] of Object.entries(props)) {
    if (!(k in value) && c.default !== undefined) value[k] = clone(c.default)
    if (k in value) pruneAndDefault(value[k], c, at(path, k), out)
  }
}

const TYPE_OK: Record<string, (v: unknown) => boolean> = {
  object: isObject,
  array: Array.isArray,
  string: (v) => typeof v === 'string',
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
}
/** OpenAPI `pattern`: Go's regexp (RE2, unanchored search) in the API server; RE2JS here, as for CEL `matches`. */
const patterns = new Map<string, RE2JS>()
function pattern(source: string): RE2JS {
  let re = patterns.get(source)
  if (!re) patterns.set(source, (re = RE2JS.compile(source)))
  return re
}
const RFC3339 = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i

/** Step 3: OpenAPI v3 validation, with the API server's error wording. */
function validate(value: unknown, s: Schema, path: string, out: Found[]): void {
  const err = (type: ErrType, keyword: string, message: string) => out.push({ path, type, keyword, message })
  if (s.type && !TYPE_OK[s.type]!(value)) {
    err(
      'TypeInvalid',
      'type',
      `Invalid value: ${show(value)}: ${path} in body must be of type ${s.type}: "${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value}"`,
    )
    return
  }
  if (s.enum && !s.enum.some((e) => e === value))
    err('NotSupported', 'enum', `Unsupported value: ${show(value)}: supported values: ${s.enum.map(show).join(', ')}`)
  if (typeof value === 'string') {
    const runes = [...value].length
    if (s.maxLength !== undefined && runes > s.maxLength) err('TooLong', 'maxLength', `Too long: may not be more than ${s.maxLength} bytes`)
    if (s.minLength !== undefined && runes < s.minLength)
      err('Invalid', 'minLength', `Invalid value: ${show(value)}: ${path} in body should be at least ${s.minLength} chars long`)
    if (s.pattern !== undefined && !pattern(s.pattern).test(value))
      err('Invalid', 'pattern', `Invalid value: ${show(value)}: ${path} in body should match '${s.pattern}'`)
    if (s.format === 'date-time' && !RFC3339.test(value))
      err('Invalid', 'format', `Invalid value: ${show(value)}: ${path} in body must be of type date-time`)
  }
  if (typeof value === 'number') {
    if (s.maximum !== undefined && value > s.maximum)
      err('Invalid', 'maximum', `Invalid value: ${value}: ${path} in body should be less than or equal to ${s.maximum}`)
    if (s.minimum !== undefined && value < s.minimum)
      err('Invalid', 'minimum', `Invalid value: ${value}: ${path} in body should be greater than or equal to ${s.minimum}`)
  }
  if (Array.isArray(value)) {
    if (s.maxItems !== undefined && value.length > s.maxItems)
      err('TooMany', 'maxItems', `Too many: ${value.length}: must have at most ${s.maxItems} items`)
    if (s.minItems !== undefined && value.length < s.minItems)
      err('Invalid', 'minItems', `Invalid value: ${value.length}: ${path} in body should have at least ${s.minItems} items`)
    if (s.items) value.forEach((v, i) => validate(v, s.items!, `${path}[${i}]`, out))
    const listType = s['x-kubernetes-list-type']
    if (listType === 'map' || listType === 'set') {
      const keys = s['x-kubernetes-list-map-keys'] ?? []
      const seen = new Set<string>()
      value.forEach((v, i) => {
        const k = listType === 'set' ? show(v) : isObject(v) ? show(keys.map((key) => v[key])) : undefined
        if (k === undefined) return
        if (seen.has(k)) {
          out.push({
            path: `${path}[${i}]`,
            type: 'Duplicate',
            keyword: 'x-kubernetes-list-type',
            message: `Duplicate value: ${listType === 'set' ? show(v) : show(Object.fromEntries(keys.map((key) => [key, (v as Record<string, unknown>)[key]])))} (x-kubernetes-list-type: ${listType}${listType === 'map' ? `, keys ${keys.join(', ')}` : ''})`,
          })
        }
        seen.add(k)
      })
    }
  }
  if (isObject(value)) {
    for (const r of s.required ?? [])
      if (!(r in value)) out.push({ path: at(path, r), type: 'Required', keyword: 'required', message: 'Required value' })
    for (const [k, c] of Object.entries(s.properties ?? {})) if (k in value) validate(value[k], c, at(path, k), out)
  }
}

/**
 * OpenAPI v3 validation of `value` against the schema `s` alone (no pruning, defaulting or
 * CEL), with the API server's wording: as it checks one field, `pattern` on strings only and
 * `minimum`/`maximum` on numbers only (an int-or-string's `anyOf` is not checked here).
 */
export function schemaViolations(value: unknown, s: Schema, path = ''): Violation[] {
  const out: Found[] = []
  validate(value, s, path, out)
  return out.map(({ path: p, message, keyword }) => ({ path: p, message, keyword }))
}

/** Step 4: every x-kubernetes-validations rule, bottom-up order does not matter (all are reported). */
function validateCel(value: unknown, s: Schema, path: string, out: Found[]): void {
  for (const r of s['x-kubernetes-validations'] ?? []) {
    if (isTransition(r.rule)) continue // create: the API server does not evaluate transition rules either
    const ok = evalRule(r.rule, value, s)
    if (ok === true) continue
    const message = ok === false ? (r.message ?? `failed rule: ${r.rule}`) : `rule evaluation error: ${ok}`
    out.push({ path, type: 'Invalid', keyword: 'x-kubernetes-validations', rule: r.rule, message })
  }
  if (Array.isArray(value) && s.items) value.forEach((v, i) => validateCel(v, s.items!, `${path}[${i}]`, out))
  if (isObject(value)) for (const [k, c] of Object.entries(s.properties ?? {})) if (k in value) validateCel(value[k], c, at(path, k), out)
}

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/

/** ObjectMeta is not in the CRD schema (`metadata: {type: object}`): the server checks it generically. */
function validateMetadata(meta: unknown, out: Found[]): void {
  if (!isObject(meta)) {
    out.push({ path: 'metadata', type: 'Required', keyword: 'metadata', message: 'Required value: name or generateName is required' })
    return
  }
  const name = meta.name
  if (typeof name !== 'string' || name === '') {
    if (typeof meta.generateName !== 'string')
      out.push({
        path: 'metadata.name',
        type: 'Required',
        keyword: 'metadata',
        message: 'Required value: name or generateName is required',
      })
  } else if (name.length > 253 || !DNS_SUBDOMAIN.test(name)) {
    out.push({
      path: 'metadata.name',
      type: 'Invalid',
      keyword: 'metadata',
      message: `Invalid value: ${show(name)}: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character`,
    })
  }
  if (
    meta.namespace !== undefined &&
    (typeof meta.namespace !== 'string' || meta.namespace.length > 63 || !DNS_LABEL.test(meta.namespace))
  ) {
    out.push({
      path: 'metadata.namespace',
      type: 'Invalid',
      keyword: 'metadata',
      message: `Invalid value: ${show(meta.namespace)}: a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-'`,
    })
  }
}

export interface ValidateOptions {
  release: Release
}

/**
 * Violations of `object` (a parsed manifest: plain JSON data) against the CRD of its kind in `release`,
 * for the version named by its apiVersion. Empty = the API server of a cluster with that CRD would accept
 * it on create (within what is checked offline; see the header). The input is not modified.
 */
export function validateRoute(object: unknown, { release }: ValidateOptions): Violation[] {
  if (!isObject(object)) return [{ path: '', keyword: 'type', message: 'a Kubernetes object must be a mapping' }]
  const kind = object.kind
  if (typeof kind !== 'string' || !(kind in FILES)) {
    return [
      { path: 'kind', keyword: 'kind', message: `Unsupported value: ${show(kind)}: supported values: ${ROUTE_KINDS.map(show).join(', ')}` },
    ]
  }
  const crd = loadCrd(kind, release)
  const apiVersion = String(object.apiVersion)
  const served = crd.spec.versions.filter((v) => v.served)
  const version = served.find((v) => `${crd.spec.group}/${v.name}` === apiVersion)
  if (!version) {
    return [
      {
        path: 'apiVersion',
        keyword: 'apiVersion',
        message: `no matches for kind "${kind}" in version "${apiVersion}" (Gateway API ${release} serves ${served.map((v) => `${crd.spec.group}/${v.name}`).join(', ')})`,
      },
    ]
  }
  const schema = version.schema.openAPIV3Schema
  const obj = clone(object)
  const found: Found[] = []
  validateMetadata(obj.metadata, found)
  const meta = obj.metadata
  delete obj.metadata // validated above as ObjectMeta; its schema node declares no properties
  pruneAndDefault(obj, schema, '', found)
  validate(obj, schema, '', found)
  if (found.some((f) => BLOCKING.has(f.type))) {
    found.push({
      path: '',
      type: 'Invalid',
      keyword: 'cel-skipped',
      message: 'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
    })
  } else {
    if (meta !== undefined) obj.metadata = meta
    validateCel(obj, schema, '', found)
  }
  return found.map(({ type: _type, ...v }) => v)
}

/** The object as the API server would store it: pruned and defaulted (for tests that look at defaults). */
export function defaulted(object: Record<string, unknown>, { release }: ValidateOptions): Record<string, unknown> {
  const crd = loadCrd(String(object.kind), release)
  const version = crd.spec.versions.find((v) => `${crd.spec.group}/${v.name}` === object.apiVersion)
  if (!version) throw new Error(`${String(object.apiVersion)} not served`)
  const obj = clone(object)
  const meta = obj.metadata
  delete obj.metadata
  pruneAndDefault(obj, version.schema.openAPIV3Schema, '', [])
  if (meta !== undefined) obj.metadata = meta
  return obj
}
