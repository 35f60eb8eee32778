/**
 * What keeps the webhook's inputs and its port within what it was built for, offered by
 * `webhook manifests` beside the objects that run it:
 * - a NetworkPolicy (`--network-policy CIDR,…`): only the API server's addresses (and, with
 *   `--metrics-from NAMESPACE`, a monitoring namespace) reach the webhook's port, so no other
 *   pod can hold its connections;
 * - the CRD schema tightening (`--patch --tighten-schema VERSIONS`, a JSON patch): v1alpha2+
 *   weights `type: integer, minimum: 0, maximum: 2147483647` (linkerd-smi's `type: number`
 *   admits 0.5, -1 and 3e9) and, with `--kube-version` 1.30+, a rule on their sum (what
 *   Linkerd adds up), v1alpha1 weights int-or-string as smi-controller-sdk's CRD has them, a
 *   string of a non-negative quantity pattern or an integer from 0 to 429496 (what Linkerd reads
 *   without wrapping);
 * - a ValidatingAdmissionPolicy and its binding (`--admission-policy`) with the same rules in
 *   CEL, for clusters whose CRD is not the user's to change.
 * Text in, data out, like manifests.ts.
 */
import { CRD_NAME, type JsonObject, PORT, webhookMeta, webhookSelector } from './manifests.js'
import { parseCidr } from './connections.js'
import { QUANTITY_PATTERN } from '../kinds/trafficsplit/admitted.js'
import { SPLIT_GROUP, SPLIT_VERSIONS } from '../kinds/trafficsplit/hops.js'

type Obj = JsonObject

/** The largest TrafficSplit weight (the Go int of the CRDs' practice, int32; quantity/weights.ts MAX_WEIGHT). */
const MAX_WEIGHT_NUMBER = 2147483647

/**
 * What Linkerd adds up (kinds/trafficsplit/objects.ts LINKERD_MILLI_SUM): its destination
 * service sends each weight as `MilliValue() × 10` in a uint32 and the proxy adds them up in
 * a uint32, so a sum of milli-units past (2^32 - 1) / 10 wraps. v1alpha2+ weights whose sum is
 * at most this go down to v1alpha1 exactly (as milli-quantities past 429496 integers). The
 * rule bounds the sum itself, with `sum()` of Kubernetes' CEL lists library
 * (k8s.io/apiserver pkg/cel/library lists.go, from v0.24): `[300000000, 100000000]` is
 * admitted, `[429496729, 1]` is not. A missing weight adds nothing.
 */
const LINKERD_SUM = 429496729

/**
 * The largest v1alpha1 integer weight Linkerd reads without wrapping: it reads
 * `uint32(MilliValue() × 10)`, so an integer past LINKERD_SUM / 1000 wraps whatever the others
 * are (429497 is read as 2704). The schema can bound a JSON integer so (and int64's range with
 * it); a string only by its pattern, so their sum is the admission policy's.
 */
const MAX_V1ALPHA1_INTEGER = Math.floor(LINKERD_SUM / 1000)

/**
 * The first Kubernetes minor whose API server accepts the sum rule in a CRD. A CRD's rules get
 * a cost estimate when the CRD is written, refused past StaticEstimatedCostLimit (10,000,000;
 * k8s.io/apiextensions-apiserver@v0.29.0 pkg/apis/apiextensions/validation/validation.go).
 * Before cel-go v0.17.8 the estimator gives a `map()` result no size (google/cel-go 98b8351f,
 * backport of 13b3d564 "Track sizes of comprehension results"), so Kubernetes' `sum()` cost is
 * that size unknown, 2^64 - 1 (k8s.io/apiserver@v0.30.0 pkg/cel/library/cost.go), whatever
 * the list's maxItems. apiextensions-apiserver v0.29 ships cel-go v0.17.7, v0.30 v0.17.8: on
 * 1.25-1.29 the rule is refused, and with it the whole JSON patch. On 1.30+ its estimate for
 * linkerd-smi's CRD (backends' items require service and weight) is ~2.1M. So the CRD patch
 * has the rule only for `--kube-version` 1.30+; the admission policy (GA in 1.30; compiled
 * when created, no cost estimate: k8s.io/apiserver pkg/admission/plugin/cel/compile.go) keeps
 * it always.
 */
export const SUM_RULE_MINOR = 30

/**
 * The minor of a `--kube-version` in the style of Helm's (`1.30`, `v1.30`, `v1.30.2`); throws
 * a usage message for anything else.
 */
export function kubeMinor(version: string): number {
  const m = /^v?1\.(\d{1,3})(\.\d{1,4})?$/.exec(version)
  if (m === null) throw new Error(`--kube-version takes the cluster's Kubernetes version as 1.MINOR (1.30, v1.30.2), not "${version}"`)
  const minor = Number(m[1])
  // apiextensions.k8s.io/v1, which the patch's paths address, is served from 1.16.
  if (minor < 16) throw new Error(`--kube-version ${version}: the CRD patch needs Kubernetes 1.16 or later (apiextensions.k8s.io/v1)`)
  return minor
}

const SUM_MESSAGE = `the weights add up to at most ${LINKERD_SUM}, a sum Linkerd adds up without wrapping`

/** The CEL rule over a v1alpha2+ `backends` list `list`: the weights' sum within LINKERD_SUM. */
const sumRule = (list: string) => `${list}.map(b, has(b.weight) ? double(b.weight) : 0.0).sum() <= ${LINKERD_SUM}.0`

/** The v1alpha1 weight pattern (kinds/trafficsplit/admitted.ts says what it admits and why). */
export { QUANTITY_PATTERN } from '../kinds/trafficsplit/admitted.js'

/**
 * The NetworkPolicy: the webhook's port is open to `cidrs` (and the namespace `metricsFrom`), to
 * nothing else. Each CIDR is checked by `--reserve-for`'s parser (connections.ts parseCidr), so
 * the API server never refuses the policy on apply, and the two flags take the same spellings.
 */
export function networkPolicy(o: { namespace: string; name?: string }, cidrs: readonly string[], metricsFrom?: string): Obj {
  if (cidrs.length === 0) throw new Error(`--network-policy takes the API server's addresses as CIDRs (10.0.0.0/24,2001:db8::/64)`)
  // The one parser of --reserve-for's CIDRs too: both flags take and refuse the same spellings.
  for (const c of cidrs) parseCidr('--network-policy', c)
  const from: Obj[] = cidrs.map((cidr) => ({ ipBlock: { cidr } }))
  if (metricsFrom !== undefined) from.push({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': metricsFrom } } })
  const meta = webhookMeta(o)
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: meta,
    spec: {
      podSelector: { matchLabels: webhookSelector(o) },
      policyTypes: ['Ingress'],
      ingress: [{ from, ports: [{ protocol: 'TCP', port: PORT }] }],
    },
  }
}

/** The weight schema each version gets. */
function weightSchema(version: string): Obj {
  if (version === 'v1alpha1')
    return {
      description: 'Traffic weight value of this backend: a non-negative quantity.',
      anyOf: [{ type: 'integer' }, { type: 'string' }],
      // `pattern` applies to strings only, `minimum` and `maximum` to integers only.
      pattern: QUANTITY_PATTERN,
      minimum: 0,
      maximum: MAX_V1ALPHA1_INTEGER,
      'x-kubernetes-int-or-string': true,
    }
  return {
    description: 'Traffic weight value of this backend.',
    type: 'integer',
    minimum: 0,
    maximum: MAX_WEIGHT_NUMBER,
  }
}

/**
 * The JSON patch (RFC 6902) that tightens the weight schema of each version, given in the
 * order of the CRD's `spec.versions` (`kubectl get crd … -o jsonpath='{.spec.versions[*].name}'`):
 * a `test` of each version's name first, so a CRD in another order is refused whole. By
 * default only structural bounds (type, minimum, maximum, pattern), which every release with
 * apiextensions.k8s.io/v1 accepts; the sum rule only when `kubeMinor` is SUM_RULE_MINOR or later.
 */
export function schemaPatch(versions: readonly string[], kubeMinorVersion?: number): Obj[] {
  const unknown = versions.find((v) => !(SPLIT_VERSIONS as readonly string[]).includes(v))
  if (unknown !== undefined || versions.length === 0 || new Set(versions).size !== versions.length)
    throw new Error(
      `--tighten-schema takes the CRD's versions in the order of spec.versions, each once (${SPLIT_VERSIONS.join(',')}), not "${versions.join(',')}"`,
    )
  const backends = (i: number) => `/spec/versions/${i}/schema/openAPIV3Schema/properties/spec/properties/backends`
  const withSum = kubeMinorVersion !== undefined && kubeMinorVersion >= SUM_RULE_MINOR
  return [
    ...versions.map((v, i) => ({ op: 'test', path: `/spec/versions/${i}/name`, value: v })),
    ...versions.map((v, i) => ({ op: 'add', path: `${backends(i)}/items/properties/weight`, value: weightSchema(v) })),
    // The sum Linkerd adds up, as a CRD validation rule: only where the API server can estimate its cost (SUM_RULE_MINOR).
    ...versions.flatMap((v, i) =>
      v === 'v1alpha1' || !withSum
        ? []
        : [{ op: 'add', path: `${backends(i)}/x-kubernetes-validations`, value: [{ rule: sumRule('self'), message: SUM_MESSAGE }] }],
    ),
  ]
}

/**
 * The v1alpha1 weights' sum in the admission policy: Linkerd reads each as
 * `uint32(MilliValue() × 10)` (linkerd/linkerd2@b24cd40 controller/api/destination/
 * profile_translator.go; linkerd-smi copies the quantity as it is), so their milli-values must
 * add up to at most LINKERD_SUM too. With Kubernetes' CEL quantity library (1.28+, in every
 * release with ValidatingAdmissionPolicy GA, 1.30+): `quantity(w).asApproximateFloat()` is a
 * double, so the rule is conservative by the rounding it cannot see: MilliValue() rounds each
 * weight up by less than 1m, and a double's error at this size is far below 1m, so the bound
 * is the sum × 1000 plus one milli-unit per backend plus one. A weight past a double (`1e999`,
 * +Inf) is refused with its sum.
 */
const v1SumRule = (list: string) =>
  `${list}.map(b, !has(b.weight) ? 0.0 : type(b.weight) == int ? double(b.weight) : quantity(b.weight).asApproximateFloat()).sum() * 1000.0 + double(${list}.size()) + 1.0 <= ${LINKERD_SUM}.0`

/** The CEL rule of a version's weights: what the tightened schema admits (and, v1alpha1, the sum Linkerd adds up). */
export function weightRuleCel(version: string): string {
  const each =
    version === 'v1alpha1'
      ? `type(b.weight) == int ? b.weight >= 0 : (type(b.weight) == string && b.weight.matches('${QUANTITY_PATTERN.replace(/\\/g, '\\\\')}'))`
      : `double(b.weight) >= 0.0 && double(b.weight) <= ${MAX_WEIGHT_NUMBER}.0 && double(int(b.weight)) == double(b.weight)`
  const sum = ` && ${version === 'v1alpha1' ? v1SumRule('object.spec.backends') : sumRule('object.spec.backends')}`
  return `!has(object.spec) || !has(object.spec.backends) || (object.spec.backends.all(b, !has(b.weight) || (${each}))${sum})`
}

/** A ValidatingAdmissionPolicy with one rule per version, and its binding (Deny). */
export function admissionPolicy(o: { namespace: string; name?: string }): Obj[] {
  const meta = webhookMeta(o)
  const name = `${String(meta.name)}-weights`
  const labels = meta.labels!
  return [
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingAdmissionPolicy',
      metadata: { name, labels },
      spec: {
        failurePolicy: 'Fail',
        matchConstraints: {
          resourceRules: [{ apiGroups: [SPLIT_GROUP], apiVersions: ['*'], operations: ['CREATE', 'UPDATE'], resources: ['trafficsplits'] }],
        },
        validations: SPLIT_VERSIONS.map((v) => ({
          expression: `object.apiVersion != '${SPLIT_GROUP}/${v}' || (${weightRuleCel(v)})`,
          message: `${CRD_NAME} ${v}: ${v === 'v1alpha1' ? `a weight is a non-negative quantity, its exponent at most 3 digits; their milli-values add up to at most ${LINKERD_SUM}, a sum Linkerd adds up without wrapping` : `a weight is an integer from 0 to ${MAX_WEIGHT_NUMBER}; ${SUM_MESSAGE}`} (the conversion webhook's schema tightening)`,
        })),
      },
    },
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingAdmissionPolicyBinding',
      metadata: { name, labels },
      spec: { policyName: name, validationActions: ['Deny'] },
    },
  ]
}
