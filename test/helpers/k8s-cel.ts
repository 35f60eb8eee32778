/**
 * CEL as the Kubernetes API server runs it for CRD validation rules and
 * ValidatingAdmissionPolicy: the standard environment (@bufbuild/cel) plus the functions of
 * Kubernetes' libraries the generated rules use, written from their documentation
 * (kubernetes.io docs/reference/using-api/cel.md; k8s.io/apiserver pkg/cel/library):
 * - lists: `<list<double>>.sum()`, "the sum of the elements of the provided list", 0.0 for an
 *   empty list;
 * - quantity (Kubernetes 1.28+): `quantity(string)`, a Quantity or an error when the string is
 *   not one, and its `asApproximateFloat()`, "a float64 representation of the quantity which
 *   may lose precision". A Quantity is modelled here as a map holding its text (the rules
 *   only call its methods), read with the project's quantity parser, which the kubectl-oracle
 *   tests hold to ParseQuantity.
 * Nothing else is added, so a rule that used another Kubernetes function fails to evaluate here.
 */
import { type CelEnv, CelScalar, celEnv, celFunc, celMethod, listType, mapType } from '@bufbuild/cel'
import { parseQuantity } from '../../src/quantity/quantity.js'

const sum = celMethod('sum', listType(CelScalar.DOUBLE), [], CelScalar.DOUBLE, function () {
  let total = 0
  for (const x of this) {
    if (typeof x !== 'number') throw new Error(`sum() of a list holding ${typeof x}`)
    total += x
  }
  return total
})

const QUANTITY_KEY = 'k8s.io/quantity'
const QUANTITY = mapType(CelScalar.STRING, CelScalar.STRING)

const quantity = celFunc('quantity', [CelScalar.STRING], QUANTITY, (text) => {
  if (!parseQuantity(text).ok) throw new Error(`quantity(${JSON.stringify(text)}): not a quantity`)
  return new Map([[QUANTITY_KEY, text]])
})

const asApproximateFloat = celMethod('asApproximateFloat', QUANTITY, [], CelScalar.DOUBLE, function () {
  const text = this.get(QUANTITY_KEY)
  const r = typeof text === 'string' ? parseQuantity(text) : undefined
  if (!r?.ok) throw new Error('asApproximateFloat() of something not made by quantity()')
  const d = r.value
  return (d.negative ? -1 : 1) * Number(`${d.n}e${d.e}`)
})

export function kubernetesCel(): CelEnv {
  return celEnv({ funcs: [sum, quantity, asApproximateFloat] })
}
