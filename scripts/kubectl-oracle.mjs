// kubectl as the fuzzers' oracle (scripts/fuzz.mjs, scripts/fuzz-kinds.mjs): every case whose
// conversion changes its input is read by the real kubectl before and after, offline
// (`kubectl annotate --local -f - x=y -o json`: no cluster), and the two readings may differ
// only where the conversion may change them: an SMI object's apiVersion (same group, a newer
// version) and the fields `owned` allows (TrafficSplit weights: every ratio equal under
// resource.Quantity, read here by a parser of our own). A case kubectl cannot read before is
// left out; one it reads before but not after, or reads as other objects, fails.
//
// Batches: each case is a file between two marker documents (ConfigMaps named after it), and
// one kubectl call per side reads the files of BATCH cases: the markers tell their objects
// apart, and a file whose end marker does not come back was not read to its end.
//
// Without kubectl the oracle says so; under CI=true that is a failure (CI installs kubectl).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const BATCH = 200
const MARKER = 'smi-migrate-fuzz-case-'

export function hasKubectl() {
  return spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0
}

export class KubectlOracle {
  /**
   * @param {(c: unknown, why: string) => void} fail called with a queued case and what went wrong
   * @param {(before: object, after: object, ctx: unknown) => string | undefined} [owned] the
   *   judge of objects whose conversion is more than an apiVersion and weights (the sibling
   *   kinds' structural upgrades): '' when the pair is right, why when it is not, undefined
   *   to apply the rule above
   */
  constructor(fail, owned = () => undefined) {
    this.fail = fail
    this.owned = owned
    this.available = hasKubectl()
    this.queued = []
    this.checked = 0
    this.unreadable = 0
    this.calls = 0
    this.ms = 0
  }

  /** Queues `c` for the check of `before` → `after` (Buffers, converted with `ctx`'s options); unchanged cases need none. */
  add(c, before, after, ctx) {
    if (!this.available || before.equals(after)) return
    this.queued.push({ c, before, after, ctx })
    if (this.queued.length === BATCH) this.flush()
  }

  flush() {
    if (this.queued.length === 0) return
    const started = performance.now()
    const batch = this.queued
    this.queued = []
    const before = this.read(batch.map((q) => q.before))
    const after = this.read(batch.map((q) => q.after))
    batch.forEach((q, i) => {
      const b = before[i]
      if (b === undefined) return void this.unreadable++
      const a = after[i]
      this.checked++
      const why = a === undefined ? 'kubectl reads the input but not the output' : this.compare(b, a, q.ctx)
      if (why) this.fail(q.c, `kubectl's reading: ${why}`)
    })
    this.ms += performance.now() - started
  }

  /**
   * kubectl's objects of each input, undefined for one it cannot read to its end: one file per
   * input, between a start and an end marker, all in one call (kubectl reads the files in
   * order and goes on past a file it cannot parse).
   */
  read(inputs) {
    this.dir ??= mkdtempSync(join(tmpdir(), 'smi-kubectl-'))
    const files = inputs.map((bytes, i) => {
      const f = join(this.dir, `c${i}.yaml`)
      writeFileSync(f, Buffer.concat([marker(`${i}-start`), bytes, Buffer.from('\n'), marker(`${i}-end`)]))
      return f
    })
    this.calls++
    const r = spawnSync('kubectl', ['annotate', '--local', ...files.flatMap((f) => ['-f', f]), 'smi-migrate-oracle=x', '-o', 'json'], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    })
    const out = inputs.map(() => undefined)
    let objects
    try {
      objects = jsonValues(r.stdout)
    } catch {
      return out
    }
    let open
    for (const o of objects) {
      const name = o?.kind === 'ConfigMap' && !o.data ? o.metadata?.name : undefined
      const m = typeof name === 'string' ? new RegExp(`^${MARKER}(\\d+)-(start|end)$`).exec(name) : null
      if (m && m[2] === 'start') open = { i: Number(m[1]), objects: [] }
      else if (m && open && Number(m[1]) === open.i) {
        // The end marker: the file was read to its end (kubectl skips a document it cannot
        // make an object of, such as one without a kind, before and after alike).
        out[open.i] = open.objects
        open = undefined
      } else if (open) open.objects.push(o)
    }
    return out
  }

  close() {
    this.flush()
    if (this.dir) rmSync(this.dir, { recursive: true, force: true })
  }

  compare(before, after, ctx) {
    if (before.length !== after.length) return `${before.length} objects before, ${after.length} after`
    for (let i = 0; i < before.length; i++) {
      const b = before[i]
      const a = after[i]
      const judged = this.owned(b, a, ctx)
      const why = judged ?? apiVersionMove(b.apiVersion, a.apiVersion) ?? splitWeights(b, a) ?? rest(b, a)
      if (why) return `object ${i + 1} (${b.kind} ${b.metadata?.name ?? ''}): ${why}`
    }
    return undefined
  }

  summary() {
    if (!this.available) return 'kubectl oracle: kubectl not found, not run'
    return `kubectl oracle: ${this.checked} cases read before and after (${this.unreadable} unreadable by kubectl before) in ${this.calls} calls, ${(this.ms / 1000).toFixed(1)} s`
  }
}

const marker = (i) => Buffer.from(`---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${MARKER}${i}\n---\n`)

const SMI = /^([a-z]+\.smi-spec\.io)\/(v1alpha\d+)$/

/** Undefined when the apiVersion stayed, or moved to a newer version of the same SMI group. */
function apiVersionMove(before, after) {
  if (before === after) return undefined
  const b = SMI.exec(String(before))
  const a = SMI.exec(String(after))
  if (!b || !a || a[1] !== b[1] || Number(a[2].slice(7)) <= Number(b[2].slice(7))) return `apiVersion ${before} -> ${after}`
  return undefined
}

/** Everything but the apiVersion and the fields the owner allows must be equal. */
function rest(before, after) {
  const strip = (o) => {
    const c = structuredClone(o)
    delete c.apiVersion
    for (const b of Array.isArray(c?.spec?.backends) ? c.spec.backends : []) if (b && typeof b === 'object') delete b.weight
    return JSON.stringify(c)
  }
  return strip(before) === strip(after) ? undefined : `changed beyond apiVersion and weights: ${diffAt(strip(before), strip(after))}`
}

function diffAt(a, b) {
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  return `${JSON.stringify(a.slice(Math.max(0, i - 40), i + 40))} vs ${JSON.stringify(b.slice(Math.max(0, i - 40), i + 40))}`
}

/**
 * A TrafficSplit's weights: the same backends, every ratio equal as the mesh applied them.
 * Linkerd, the one mesh that routed by v1alpha1 quantities, read each weight through
 * Quantity.MilliValue(), ceil(q × 1000) (kubernetes/apimachinery@eed236c
 * pkg/api/resource/quantity.go; linkerd/linkerd2@b24cd40
 * controller/api/destination/profile_translator.go sends the proxy MilliValue() × 10), so
 * the ratios compared are those of the milli-values: exact for every weight of whole
 * milli-units, and a weight finer than 1m counts as the next whole milli-unit, as it did
 * for Linkerd (`1` beside `1n` is 1000:1).
 */
export function splitWeights(before, after) {
  if (before.kind !== 'TrafficSplit') return sameWeights(before, after)
  // kubectl reads whatever the document holds: backends that are no list (a map, a string) are
  // compared as they are, since a conversion must not change them.
  const listed = (o) => (Array.isArray(o.spec?.backends) ? o.spec.backends : undefined)
  if (!listed(before) || !listed(after))
    return JSON.stringify(before.spec?.backends) === JSON.stringify(after.spec?.backends)
      ? undefined
      : `backends ${JSON.stringify(before.spec?.backends)} -> ${JSON.stringify(after.spec?.backends)}`
  const wb = listed(before).map((b) => b?.weight)
  const wa = listed(after).map((b) => b?.weight)
  if (wb.length !== wa.length) return `${wb.length} backends before, ${wa.length} after`
  if (JSON.stringify(wb) === JSON.stringify(wa)) return undefined
  const qb = wb.map((w) => milliValue(quantity(w)))
  const qa = wa.map((w) => milliValue(quantity(w)))
  const sum = wa.reduce((a, w) => a + (Number.isInteger(w) ? BigInt(w) : 0n), 0n)
  if (sum > LINKERD_UNIT_SUM)
    return `weights ${JSON.stringify(wb)} -> ${JSON.stringify(wa)} add up past ${LINKERD_UNIT_SUM}: Linkerd wraps them`
  for (let i = 0; i < wb.length; i++) {
    if (qb[i] === undefined || qa[i] === undefined) return `weight ${JSON.stringify(wb[i])} -> ${JSON.stringify(wa[i])} is not a quantity`
    if (typeof wa[i] !== 'number' || !Number.isInteger(wa[i])) return `weight ${JSON.stringify(wa[i])} is not an integer`
    for (let j = 0; j < i; j++) {
      // b_i / b_j == a_i / a_j, as b_i * a_j == a_i * b_j with exact rationals.
      if (!equal(mul(qb[i], qa[j]), mul(qa[i], qb[j])))
        return `weights ${JSON.stringify(wb)} -> ${JSON.stringify(wa)}: ratio of backends ${j + 1} and ${i + 1} changed`
    }
  }
  return undefined
}

/**
 * What Linkerd adds up of the v1alpha2+ integers it reads itself: its CRD serves v1alpha2 with
 * `conversion: None` (linkerd/linkerd2 PR #6003, afdbfeb3b) and linkerd-smi reads v1alpha1 only
 * (pkg/adaptor/controller.go), so `weight: w` is the Quantity w whole units, sent to the proxy
 * as w × 10000 and added up in 32 bits: ⌊(2^32 - 1) / 10^4⌋. The fuzzers name no mesh, so the
 * rule is Linkerd's: weights past it are divided by their greatest common divisor (an exact
 * ratio, checked below) or left for a person, never written in proportion (docs/cli.md rule 5).
 */
const LINKERD_UNIT_SUM = 429496n

function sameWeights(before, after) {
  const w = (o) => JSON.stringify(Array.isArray(o.spec?.backends) ? o.spec.backends.map((b) => b?.weight) : o.spec?.backends)
  return w(before) === w(after) ? undefined : `weights of a ${before.kind} changed`
}

// A quantity is n / d * 10^e (e apart, so that `1e999999` costs nothing).
const mul = (x, y) => ({ n: x.n * y.n, d: x.d * y.d, e: x.e + y.e })

function equal(x, y) {
  if (x.n === 0n || y.n === 0n) return x.n === y.n
  const shift = x.e - y.e
  // Further apart than any mantissa here can make up: not equal.
  if (Math.abs(shift) > 10_000) return false
  const l = x.n * y.d * (shift > 0 ? 10n ** BigInt(shift) : 1n)
  const r = y.n * x.d * (shift < 0 ? 10n ** BigInt(-shift) : 1n)
  return l === r
}

const SUFFIX = {
  n: [1n, 10n ** 9n],
  u: [1n, 10n ** 6n],
  m: [1n, 1000n],
  '': [1n, 1n],
  k: [1000n, 1n],
  M: [10n ** 6n, 1n],
  G: [10n ** 9n, 1n],
  T: [10n ** 12n, 1n],
  P: [10n ** 15n, 1n],
  E: [10n ** 18n, 1n],
  Ki: [2n ** 10n, 1n],
  Mi: [2n ** 20n, 1n],
  Gi: [2n ** 30n, 1n],
  Ti: [2n ** 40n, 1n],
  Pi: [2n ** 50n, 1n],
  Ei: [2n ** 60n, 1n],
}

/**
 * A weight as resource.Quantity reads its JSON value (a string, or a number's text), as an
 * exact rational times a power of ten {n, d, e}; undefined when it is not one.
 */
export function quantity(v) {
  // Quantity.UnmarshalJSON trims the spaces around a string's text.
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : undefined
  if (s === undefined) return undefined
  const m = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])?)$/.exec(s)
  if (!m) return undefined
  const [, sign, num, exp, suffix = ''] = m
  const [int, frac = ''] = num.split('.')
  const n = BigInt((int || '0') + frac) * (sign === '-' ? -1n : 1n)
  const d = 10n ** BigInt(frac.length)
  const [sn, sd] = SUFFIX[suffix]
  return toNano({ n: n * sn, d: d * sd, e: exp ? Number(exp.slice(1)) : 0 })
}

/**
 * ParseQuantity keeps no amount finer than 1n: it rounds every amount to nano-units, up (away
 * from zero) (kubernetes/apimachinery@357557a pkg/api/resource/quantity.go, ParseQuantity's
 * round to Nano with inf.RoundUp), so `1e-10` is 1n and `1.0000000001` is 1000000001n.
 * `q.d` is a power of ten (a fraction's digits times a suffix's), so its digits say its scale.
 */
function toNano(q) {
  if (q.n === 0n) return q
  const scale = q.e + 9
  if (scale >= q.d.toString().length - 1) return q
  const sign = q.n < 0n ? -1n : 1n
  const nano = 10n ** 9n
  // Smaller than any mantissa here can lift to 1n.
  if (scale < -10_000) return { n: sign, d: nano, e: 0 }
  const num = (q.n < 0n ? -q.n : q.n) * (scale > 0 ? 10n ** BigInt(scale) : 1n)
  const den = q.d * (scale < 0 ? 10n ** BigInt(-scale) : 1n)
  return { n: sign * ((num + den - 1n) / den), d: nano, e: 0 }
}

/**
 * Quantity.MilliValue() of a quantity {n, d, e}: its value in milli-units, rounded away from
 * zero, as {n, d: 1n, e}; undefined stays undefined. An exponent far below any mantissa here
 * rounds to ±1m without writing out its power of ten.
 */
export function milliValue(q) {
  if (q === undefined || q.n === 0n) return q
  const sign = q.n < 0n ? -1n : 1n
  const abs = q.n < 0n ? -q.n : q.n
  const e = q.e + 3
  // `q.d` is a power of ten (a fraction's digits times a suffix's): its digits say which.
  const scale = q.d.toString().length - 1
  if (e >= scale) return { n: q.n, d: 1n, e: e - scale }
  if (e < -10_000) return { n: sign, d: 1n, e: 0 }
  const num = abs * (e > 0 ? 10n ** BigInt(e) : 1n)
  const den = q.d * (e < 0 ? 10n ** BigInt(-e) : 1n)
  return { n: sign * ((num + den - 1n) / den), d: 1n, e: 0 }
}

/** The JSON values kubectl prints one after another. */
function jsonValues(text) {
  const out = []
  let depth = 0
  let start = -1
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
      continue
    }
    if (c === '"') inString = true
    else if (c === '{' || c === '[') {
      if (depth++ === 0) start = i
    } else if (c === '}' || c === ']') {
      if (--depth === 0) out.push(JSON.parse(text.slice(start, i + 1)))
    }
  }
  return out
}
