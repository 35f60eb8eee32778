/**
 * What the tightened v1alpha1 schema and `--admission-policy` admit as an object's weights
 * (webhook/hardening.ts writes both from here): a restore from the stash writes back only
 * such weights. The stash is signed by the webhook, but the webhook converts what any client
 * sends it: a pod can have weights signed for any object's name that no one could write
 * into that object (a sum Linkerd wraps), and copy the record onto it. Restoring only what
 * the policy admits gives such a record nothing a tenant could not write directly.
 */
import { LINKERD_MILLI_SUM } from '../../quantity/weights.js'
import { milliValue } from '../../quantity/milli.js'
import { readJsonWeight } from '../../quantity/json.js'
import type { Json } from '../json.js'

/**
 * A non-negative quantity the webhook converts exactly, in RE2 (the CRD's OpenAPI `pattern`
 * and CEL's `matches()` both run RE2). It is the grammar ParseQuantity parses
 * (kubernetes/apimachinery@357557a pkg/api/resource/quantity.go: parseQuantityString reads
 * digits, an optional `.` and digits, then suffix letters, an optional sign and digits, and
 * nothing after; suffix.go reads an `e`/`E` exponent with strconv.ParseInt, so it is a sign
 * and digits, never `3.5` or `.5`), narrowed in four places:
 * - no minus sign (weights are not negative; `-0` is refused with them, write `0`);
 * - at least one digit (Go reads `.`, `+`, `e3` as 0; the webhook refuses them as typos,
 *   quantity/quantity.ts);
 * - an exponent of at most three digits: Go builds the power of ten an exponent names
 *   (`ParseQuantity("1e-10000000")` runs for seconds, `1e-100000000` for minutes), and no
 *   weight needs a larger one (int32 at nano precision spans 10^-9 to 10^10; three digits
 *   leave room for a number written with hundreds of zeros).
 * - at most 32 digits before the point and 32 after: the webhook reads a quantity of at most
 *   64 significant digits (quantity/quantity.ts), so what the pattern admits it converts.
 * controller-gen's pattern, which smi-controller-sdk's CRD has, admits `1e1.5` and any
 * exponent; this one admits neither.
 */
export const QUANTITY_PATTERN = '^\\+?([0-9]{1,32}(\\.[0-9]{0,32})?|\\.[0-9]{1,32})([KMGTPE]i|[numkMGTPE]|[eE][+-]?[0-9]{1,3})?$'

// eslint-disable-next-line regexp/prefer-d -- the CRD's pattern text, spelt as the schema shows it
const PATTERN = new RegExp(QUANTITY_PATTERN)

/**
 * Whether v1alpha1 weights are ones the policy admits: each missing, a non-negative JSON
 * integer or a string of QUANTITY_PATTERN, and their milli-values (rounded up, as Linkerd
 * reads them) adding up, with one milli-unit per backend and one more, to less than
 * LINKERD_MILLI_SUM: the policy's own margin and one more for its doubles, so nothing it
 * refuses is restored.
 */
export function admittedV1alpha1(weights: ReadonlyArray<Json | undefined>): boolean {
  let sum = BigInt(weights.length) + 1n
  for (const w of weights) {
    if (w === null || w === undefined) continue
    if (typeof w === 'number' ? !(Number.isInteger(w) && w >= 0) : typeof w !== 'string' || !PATTERN.test(w)) return false
    const r = readJsonWeight(w)
    if (!r.ok || r.value.negative) return false
    sum += milliValue(r.value, LINKERD_MILLI_SUM)
    if (sum >= LINKERD_MILLI_SUM) return false
  }
  // Short of the bound by one: the policy adds the weights as doubles, whose sum can pass
  // the bound by a fraction where the exact one meets it (['54859.5', '0', '374637.225']).
  return sum < LINKERD_MILLI_SUM
}
