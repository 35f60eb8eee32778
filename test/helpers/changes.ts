/**
 * What a conversion may change, as one rule for the golden harness (test/helpers/harness.ts)
 * and the mutation fuzzer (scripts/fuzz.mjs, invariant 2).
 *
 * The output must have the input's line count, and each line that differs must differ only
 * in scalars free of YAML syntax that became an integer or a newer SMI version, on a line
 * that (or one of the two before it) names weight or apiVersion. Lines are compared token by
 * token (a flow line can hold several weights; a quoted scalar is one token, quotes included),
 * else, when the tokens do not pair up, as the one span between their common prefix and suffix.
 *
 * So `weight: 500m` → `weight: 500`, `weight: "1"` → `weight: 1000` and
 * `apiVersion: split.smi-spec.io/v1alpha1` → `…/v1alpha2` pass, while a moved key, a
 * dropped comment, a changed indentation, an added or removed line, a weight that became
 * anything but digits or an apiVersion whose group changed fails, even on a weight line.
 * (The fuzzer's earlier copy of this rule let an apiVersion token become any text that ends
 * in v1alpha2-4; now its value, quoted scalars decoded, must keep its group and change only
 * its version.)
 */
import { parseDocument } from 'yaml'

const SYNTAX = /[:#{}[\],&*!|>]/
// A quoted scalar (quotes included; a quote opens one only where a scalar can start: not
// right after `:`, as `service:"a` is one plain scalar, unless the key before it was quoted:
// `"weight":"  7  "` is compact JSON, a key and a value), or a run of characters that are
// not YAML syntax.
const TOKEN = /((?<=^|[\s,[{]|["']:)"(?:[^"\\]|\\.)*"|(?<=^|[\s,[{]|["']:)'(?:[^']|'')*'|[^\s:,{}[\]#&*!|>]+)/
const INTEGER = /^\d+$/
// The version at the end of an apiVersion's value: only it may change, to a version the tool
// writes; the group before it stays.
const OLD_VERSION = /v1alpha\d+$/
const NEW_VERSION = /v1alpha[234]$/

/**
 * A token's scalar value: a quoted token decoded (`"…/v1alpha\u0031"` is …/v1alpha1, and the
 * tool may write such an apiVersion back unescaped), any other token as it is.
 */
function value(token: string): string {
  if (!/^["']/.test(token)) return token
  const doc = parseDocument(token, { logLevel: 'silent' })
  const v: unknown = doc.errors.length ? undefined : doc.toJS({ maxAliasCount: 0 })
  return typeof v === 'string' ? v : token
}

/** `q` may replace `p`: it is an integer (a weight), or `p`'s apiVersion with a newer version. */
function newValue(p: string, q: string): boolean {
  if (INTEGER.test(q)) return true
  const [a, b] = [value(p), value(q)]
  return NEW_VERSION.test(b) && OLD_VERSION.test(a) && b.replace(NEW_VERSION, '') === a.replace(OLD_VERSION, '')
}

/** Bytes are read as latin1 (one character per byte, so any input compares exactly). */
const text = (s: string | Uint8Array): string => (typeof s === 'string' ? s : Buffer.from(s).toString('latin1'))

/**
 * Undefined when `after` differs from `before` only as a conversion may; otherwise the first
 * offending line, as `line N: "before" -> "after"` and why.
 */
export function scalarChangeViolation(before: string | Uint8Array, after: string | Uint8Array): string | undefined {
  const a = oneLineWeights(text(before)).split('\n')
  const b = oneLineWeights(text(after)).split('\n')
  if (a.length !== b.length) return `line count ${a.length} -> ${b.length}`
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!
    const y = b[i]!
    if (x === y) continue
    const where = `line ${i + 1}: ${JSON.stringify(x)} -> ${JSON.stringify(y)}`
    if (!/weight|apiVersion/.test([a[i - 2], a[i - 1], x].join('\n'))) return `${where} holds no apiVersion or weight`
    if (aliasReplaced(x, y)) continue
    const pa = x.split(TOKEN)
    const pb = y.split(TOKEN)
    const pairs = pa.length === pb.length ? pa.map((p, k): [string, string] => [p, pb[k]!]) : [spanDiff(x, y)]
    for (const [p, q] of pairs) {
      if (p === q) continue
      if (SYNTAX.test(/^["']/.test(p) ? p.slice(1, -1) : p)) return `${where}: ${JSON.stringify(p)} holds YAML syntax`
      if (!newValue(p, q)) return `${where}: ${JSON.stringify(q)} is neither an integer nor a newer version of ${JSON.stringify(p)}`
    }
  }
  return undefined
}

/**
 * A weight quoted across line breaks (`weight: "⏎1"`, which YAML folds to " 1") is one scalar,
 * which a conversion rightly writes on one line: read with its breaks as spaces, so that only
 * the scalar differs.
 */
function oneLineWeights(source: string): string {
  // Short scalars only, over at most two breaks: a quote left open by a broken input is not one.
  return source.replace(
    /(weight["']?[ \t]*:[ \t]*)("[^"\\\n]{0,40}(?:\r?\n[^"\\\n]{0,40}){1,2}")/g,
    (_m, key: string, quoted: string) => key + quoted.replace(/\r?\n/g, ' '),
  )
}

/**
 * `apiVersion: *v` (an alias, alone on its line) written out as a newer SMI apiVersion, the
 * anchor left as it is: the only change a conversion makes to a line that holds YAML syntax.
 */
function aliasReplaced(x: string, y: string): boolean {
  const m = /^(\s*(?:- )?apiVersion: )\*[^\s,{}[\]]+(\s*(?:#.*)?)$/.exec(x)
  if (!m || !y.startsWith(m[1]!) || !y.endsWith(m[2]!)) return false
  return /^[a-z0-9.-]+\/v1alpha[234]$/.test(y.slice(m[1]!.length, y.length - m[2]!.length))
}

/** The differing middle of two strings: what is left after their common prefix and suffix. */
function spanDiff(x: string, y: string): [string, string] {
  let p = 0
  while (p < x.length && x[p] === y[p]) p++
  let s = 0
  while (s < x.length - p && s < y.length - p && x[x.length - 1 - s] === y[y.length - 1 - s]) s++
  return [x.slice(p, x.length - s), y.slice(p, y.length - s)]
}
