/**
 * CEL as the Kubernetes API server runs it for CRD validation rules and
 * ValidatingAdmissionPolicy: the standard environment (@bufbuild/cel) plus the one function
 * of Kubernetes' lists library the generated rules use, `<list<double>>.sum()`, "the sum of
 * the elements of the provided list", 0.0 for an empty list (k8s.io/apiserver
 * pkg/cel/library lists.go, as its documentation states it; written here from that
 * statement). Nothing else is added, so a rule that used another Kubernetes function
 * fails to evaluate here.
 */
import { type CelEnv, CelScalar, celEnv, celMethod, listType } from '@bufbuild/cel'

const sum = celMethod('sum', listType(CelScalar.DOUBLE), [], CelScalar.DOUBLE, function () {
  let total = 0
  for (const x of this) {
    if (typeof x !== 'number') throw new Error(`sum() of a list holding ${typeof x}`)
    total += x
  }
  return total
})

export function kubernetesCel(): CelEnv {
  return celEnv({ funcs: [sum] })
}
