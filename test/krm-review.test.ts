/**
 * `smi-migrate krm` (docs/deploy-time.md) on the inputs a review of the function found wrong,
 * through the built CLI, each checked against an oracle: `smi-migrate --check -` and
 * `smi-migrate -` on the same bytes, the KRM functions specification, or what kyaml's reader
 * and writer do (kubernetes-sigs/kustomize kyaml/kio/byteio_reader.go and byteio_writer.go, at
 * 12f9e6391464b3ad9dd3fe8182049dc1b1772990).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parse } from 'yaml'
import { cli } from './helpers/cli.js'

const HEAD = 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n'
const split = (name: string, apiVersion: string, weight: string, weight2 = '500m') =>
  `- apiVersion: ${apiVersion}\n  kind: TrafficSplit\n  metadata:\n    name: ${name}\n  spec:\n    service: ${name}\n    backends:\n    - service: ${name}-v1\n      weight: ${weight}\n    - service: ${name}-v2\n      weight: ${weight2}\n`
const CHECK = 'functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: x\n  data:\n    check: "true"\n'

interface Run {
  status: number | null
  stdout: string
  stderr: string
  results: Array<Record<string, unknown>>
}

function krm(input: string | Buffer): Run {
  const r = cli(['krm'], { input })
  const parsed = r.stdout ? (parse(r.stdout.replace(/^\uFEFF/, '')) as { results?: Array<Record<string, unknown>> } | null) : null
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, results: parsed?.results ?? [] }
}

test('validator mode fails exactly where --check - fails: near-miss group, templated weight, unknown version, each an error result', () => {
  const cases = [
    split('a', 'splits.smi-spec.io/v1alpha1', '1'),
    split('b', 'split.smi-spec.io/v1alpha1', '"{{ .Values.w }}"'),
    split('c', 'split.smi-spec.io/v1alpha5', '1'),
    split('d', 'split.smi-spec.io/v1alpha4', '1', '1'),
  ]
  for (const item of cases) {
    const input = `${HEAD}items:\n${item}${CHECK}`
    const check = cli(['--check', '-'], { input })
    const r = krm(input)
    assert.is(r.status === 0, check.status === 0, `${item}\n${check.stderr}\n${r.stdout}`)
    if (check.status === 0) continue
    assert.ok(
      r.results.some((x) => x.severity === 'error'),
      JSON.stringify(r.results),
    )
    assert.is(r.stdout.slice(0, r.stdout.indexOf('results:\n')), input, 'a validator changes no item')
  }
  // Three of the four fail --check; the last is converted already.
  const failing = cases.filter((item) => cli(['--check', '-'], { input: `${HEAD}items:\n${item}` }).status !== 0)
  assert.is(failing.length, 3)
})

test.run()
