/**
 * `smi-migrate krm` (docs/deploy-time.md) on the inputs a review of the function found wrong,
 * through the built CLI, each checked against an oracle: `smi-migrate --check -` and
 * `smi-migrate -` on the same bytes, the KRM functions specification, or what kyaml's reader
 * and writer do (kubernetes-sigs/kustomize kyaml/kio/byteio_reader.go and byteio_writer.go, at
 * 12f9e6391464b3ad9dd3fe8182049dc1b1772990).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { BIN, cli, tempDir } from './helpers/cli.js'
import { testWith } from './helpers/tools.js'
import { nodeEnv } from './helpers/node-env.js'

const kptTest = testWith('kpt')

const HEAD = 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\n'
const split = (name: string, apiVersion: string, weight: string, weight2 = '500m') =>
  `- apiVersion: ${apiVersion}\n  kind: TrafficSplit\n  metadata:\n    name: ${name}\n  spec:\n    service: ${name}\n    backends:\n    - service: ${name}-v1\n      weight: ${weight}\n    - service: ${name}-v2\n      weight: ${weight2}\n`
const SERVICE = '- apiVersion: v1\n  kind: Service\n  metadata:\n    name: web\n  spec:\n    ports:\n    - port: 80\n'
const config = (data: string) => `functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: x\n  data:\n${data}`
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

test('--to gateway: an item whose dash line holds only a comment, or nothing, gets its routes in its place', () => {
  const plain = `${HEAD}items:\n${SERVICE}${split('web', 'split.smi-spec.io/v1alpha1', '1')}`
  for (const data of ['    to: gateway\n', '    to: gateway\n    keep-trafficsplit: "true"\n']) {
    const expected = krm(plain + config(data))
    assert.is(expected.status, 0, expected.stdout)
    assert.match(expected.stdout, /kind: HTTPRoute/)
    // The split is the second item: the Service before it is kept, so its dash is at the same offset in the output.
    const k = plain.indexOf('- apiVersion: split.smi-spec.io')
    for (const dash of ['- # Copyright 2024 Example\n  ', '-\n  ', '-\n  # a comment\n\n  ']) {
      const moved = (text: string) => `${text.slice(0, k)}${dash}${text.slice(k + 2)}`
      const r = krm(moved(plain) + config(data))
      assert.is(r.status, 0, r.stdout)
      const at = (t: string) => t.slice(0, t.indexOf('results:\n'))
      assert.is(at(r.stdout), moved(at(expected.stdout)), JSON.stringify(dash))
    }
  }
})

kptTest('kpt fn eval --exec to=gateway converts a file that starts with a comment as one that does not, the comment kept', () => {
  const exec = join(tempDir('krm-exec'), 'smi-migrate-krm')
  writeFileSync(exec, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" krm "$@"\n`)
  chmodSync(exec, 0o755)
  const body = split('web', 'split.smi-spec.io/v1alpha1', '1').replace(/^- /, '').replace(/^ {2}/gm, '')
  const run = (head: string) => {
    const dir = tempDir('krm-pkg')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'svc.yaml'), SERVICE.replace(/^- /, '').replace(/^ {2}/gm, ''))
    writeFileSync(join(dir, 'split.yaml'), head + body)
    const r = spawnSync('kpt', ['fn', 'eval', dir, '--exec', exec, '--', 'to=gateway'], { encoding: 'utf8', env: nodeEnv() })
    assert.is(r.status, 0, r.stderr)
    return readFileSync(join(dir, 'split.yaml'), 'utf8')
  }
  const without = run('')
  assert.match(without, /^apiVersion: gateway\.networking\.k8s\.io\/v1\nkind: HTTPRoute/)
  assert.is(run('# Copyright 2024 Example\n'), `# Copyright 2024 Example\n${without}`)
})

test('results are the same whether items stand at column 0 or under items: indented, with or without a byte order mark', () => {
  const annotated = split('a', 'split.smi-spec.io/v1alpha1', '"{{ .Values.w }}"').replace(
    '    name: a\n',
    '    name: a\n    annotations:\n      config.kubernetes.io/path: a.yaml\n',
  )
  const items = annotated + split('b', 'split.smi-spec.io/v1alpha1', '1')
  const indented = items.trimEnd().replace(/^/gm, '  ') + '\n'
  const fc = config('    to: v1alpha4\n')
  const base = krm(`${HEAD}items:\n${items}${fc}`)
  assert.is(base.results.length, 2, base.stdout)
  assert.equal(base.results[0]!.field, { path: 'spec.backends[0].weight' })
  assert.equal(base.results[0]!.file, { path: 'a.yaml' })
  for (const input of [`${HEAD}items:\n${indented}${fc}`, `\uFEFF${HEAD}items:\n${items}${fc}`, `\uFEFF${HEAD}items:\n${indented}${fc}`]) {
    const r = krm(input)
    assert.equal(r.results, base.results, input.slice(0, 80))
    const results = r.stdout.slice(r.stdout.indexOf('results:'))
    assert.ok(results.startsWith('results:\n- {'), results)
    assert.not.ok(results.includes('\uFEFF'))
  }
})

test('a v1 List, a ResourceList of another apiVersion and items: null are read as kyaml reads them, written back in their form', () => {
  const item = split('a', 'split.smi-spec.io/v1alpha1', '1')
  for (const head of ['apiVersion: v1\nkind: List\n', 'apiVersion: config.kubernetes.io/v1alpha1\nkind: ResourceList\n']) {
    const input = `${head}items:\n${item}`
    const r = krm(input)
    assert.is(r.status, 0, r.stderr)
    assert.is(r.stdout.slice(0, r.stdout.indexOf('results:\n')), cli(['-'], { input }).stdout)
    assert.match(String(r.results[0]!.message), /^converted TrafficSplit a/)
  }
  const none = `${HEAD}items: null\n${config('    to: v1alpha4\n')}`
  const r = krm(none)
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, none)
})

test('earlier results are replaced in JSON and flow YAML as in block YAML; JSON and block items get the same results', () => {
  const item = {
    apiVersion: 'split.smi-spec.io/v1alpha1',
    kind: 'TrafficSplit',
    metadata: { name: 'a' },
    spec: { service: 'a', backends: [{ service: 'b', weight: 1 }] },
  }
  const old = [{ message: 'earlier', severity: 'info' }]
  const block = krm(`${HEAD}items:\n${split('a', 'split.smi-spec.io/v1alpha1', '1', '1')}results:\n- message: earlier\n  severity: info\n`)
  assert.is(block.status, 0, block.stderr)
  assert.is(block.results.length, 1)
  const json = JSON.stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', results: old, items: [item] })
  const flow = json.replace(/"([a-z]+)":/gi, '$1: ')
  for (const input of [json, flow]) {
    const r = krm(input)
    assert.is(r.status, 0, r.stderr)
    assert.equal(r.results, block.results, input)
    assert.is((parse(r.stdout) as { items: Array<{ apiVersion: string }> }).items[0]!.apiVersion, 'split.smi-spec.io/v1alpha2')
  }
})

test('results follow the items: a notice of a later item comes after the conversion above it, though the stream says it first', () => {
  const unknown = split('later', 'split.smi-spec.io/v1alpha9', '1')
  const input = `${HEAD}items:\n${split('first', 'split.smi-spec.io/v1alpha1', '1')}${unknown}${split('last', 'split.smi-spec.io/v1alpha1', '1')}`
  const r = krm(input)
  const names = r.results.map((x) => (x.resourceRef as { name?: string } | undefined)?.name)
  assert.equal(names, ['first', 'later', 'last'], JSON.stringify(r.results))
  // The stream gives the notice first: the order is the function's own.
  const s = cli(['-'], { input })
  const said = s.stderr.split('\n').filter((l) => /TrafficSplit (first|later|last)/.test(l))
  assert.match(said[0] ?? '', /later/)
})

test('a CRLF ResourceList gets CRLF results lines', () => {
  const input = `${HEAD}items:\n${split('a', 'split.smi-spec.io/v1alpha1', '1')}`.replace(/\n/g, '\r\n')
  const r = krm(input)
  assert.is(r.status, 0, r.stderr)
  assert.is(r.results.length, 1)
  assert.not.match(r.stdout, /[^\r]\n/)
})

test('functionConfig: {} sets nothing (the defaults); one without apiVersion and kind says so', () => {
  const items = `${HEAD}items:\n${split('a', 'split.smi-spec.io/v1alpha1', '1')}`
  const empty = krm(`${items}functionConfig: {}\n`)
  assert.is(empty.status, 0, empty.stdout)
  assert.is(empty.stdout.slice(0, empty.stdout.indexOf('results:\n')), cli(['-'], { input: `${items}functionConfig: {}\n` }).stdout)
  const bare = krm(`${items}functionConfig:\n  data:\n    to: v1alpha4\n`)
  assert.is(bare.status, 1)
  assert.match(String(bare.results[0]!.message), /got apiVersion \(none\), kind \(none\)$/)
})

test('functionConfig: options beside their place (an SmiMigrate data:, a ConfigMap spec: or binaryData:) are refused by name, no item changed', () => {
  const items = `${HEAD}items:\n${split('a', 'split.smi-spec.io/v1alpha1', '1')}`
  for (const [fc, message] of [
    [
      '{apiVersion: smi-migrate.io/v1alpha1, kind: SmiMigrate, metadata: {name: s}, data: {check: "true"}}',
      /SmiMigrate options go under spec, not data$/,
    ],
    ['{apiVersion: v1, kind: ConfigMap, metadata: {name: s}, spec: {check: "true"}}', /ConfigMap options go under data, not spec$/],
    [
      '{apiVersion: v1, kind: ConfigMap, metadata: {name: s}, binaryData: {to: djFhbHBoYTQ=}}',
      /ConfigMap options go under data, not binaryData$/,
    ],
  ] as const) {
    const input = `${items}functionConfig: ${fc}\n`
    const r = krm(input)
    assert.is(r.status, 1, fc)
    assert.equal(
      r.results.map((x) => x.severity),
      ['error'],
    )
    assert.match(String(r.results[0]!.message), message)
    assert.is(r.stdout.slice(0, r.stdout.indexOf('results:\n')), input)
  }
  // Their own places still take options, beside metadata and a ConfigMap's immutable.
  const fine = krm(
    `${items}functionConfig: {apiVersion: v1, kind: ConfigMap, metadata: {name: s}, immutable: true, data: {check: "true"}}\n`,
  )
  assert.match(String(fine.results[0]!.message), /would convert/)
})

test('a run an error stops reports no conversion it did not make, as the CLI reports none for a file it leaves; the error names the item below it', () => {
  const items =
    '# smi-migrate: ignore\n' +
    split('a', 'split.smi-spec.io/v1alpha1', '1').replace(
      '    name: a\n',
      '    name: a\n    annotations:\n      config.kubernetes.io/path: s.yaml\n      config.kubernetes.io/index: "0"\n',
    ) +
    split('b', 'split.smi-spec.io/v1alpha1', '500m')
  const input = `${HEAD}items:\n${items}`
  const r = krm(input)
  assert.is(r.status, 1)
  assert.is(r.stdout.slice(0, r.stdout.indexOf('results:\n')), input, 'no item converted')
  assert.equal(r.results, [
    {
      message: 'a suppression needs a reason: "# smi-migrate: ignore <reason>"',
      severity: 'error',
      resourceRef: { apiVersion: 'split.smi-spec.io/v1alpha1', kind: 'TrafficSplit', name: 'a' },
      file: { path: 's.yaml', index: 0 },
    },
  ])
  // The CLI on the same text as a file: the error, and no conversion.
  const dir = tempDir('krm-failed')
  writeFileSync(join(dir, 'list.yaml'), input)
  const file = cli(['--check', join(dir, 'list.yaml')])
  assert.is(file.status, 2)
  assert.match(file.stdout, /list\.yaml:4:1: error: a suppression needs a reason/)
  assert.not.match(file.stdout + file.stderr, /convert(ed)? TrafficSplit b/)
  // As a validator the same run says what would convert.
  const check = krm(`${input}${CHECK}`)
  assert.ok(
    check.results.some((x) => /^would convert TrafficSplit b/.test(String(x.message))),
    JSON.stringify(check.results),
  )
})

test("a result's file is read as kyaml's kioutil.GetFileAnnotations reads it: the internal annotations first, a plain integer index kept", () => {
  const annotated = (annotations: string) =>
    split('a', 'split.smi-spec.io/v1alpha1', '1').replace('    name: a\n', `    name: a\n    annotations:\n${annotations}`)
  const both = `${HEAD}items:\n${annotated("      config.kubernetes.io/path: legacy.yaml\n      internal.config.kubernetes.io/path: current.yaml\n      internal.config.kubernetes.io/index: '3'\n")}`
  const r = krm(both)
  assert.is(r.status, 0, r.stderr)
  assert.equal(r.results[0]?.file, { path: 'current.yaml', index: 3 })
  const plain = `${HEAD}items:\n${annotated('      config.kubernetes.io/path: a.yaml\n      config.kubernetes.io/index: 2\n')}`
  assert.equal(krm(plain).results[0]?.file, { path: 'a.yaml', index: 2 })
})

test("strip-server-fields strips converted items, never the ResourceList wrapper's own metadata", () => {
  const input = `${HEAD}metadata:\n  resourceVersion: "77"\nitems:\n${split('a', 'split.smi-spec.io/v1alpha1', '1').replace('    name: a\n', '    name: a\n    uid: "1234"\n')}${config('    strip-server-fields: "true"\n')}`
  const r = krm(input)
  assert.is(r.status, 0, r.stderr)
  assert.ok(r.stdout.startsWith(`${HEAD}metadata:\n  resourceVersion: "77"\nitems:\n`), r.stdout)
  assert.not.match(r.stdout, /uid: "1234"/)
  assert.match(r.stdout, /split\.smi-spec\.io\/v1alpha2/)
})

test("a file's last comment, which kpt writes at the end of that file's item, suppresses neither the next item nor the List", () => {
  const foot = '  # smi-migrate: ignore see ticket 12\n'
  for (const input of [
    `${HEAD}items:\n${split('a', 'split.smi-spec.io/v1alpha1', '1')}${split('b', 'split.smi-spec.io/v1alpha1', '1')}${foot}${CHECK}`,
    `${HEAD}items:\n${split('a', 'split.smi-spec.io/v1alpha1', '1')}${foot}${split('b', 'split.smi-spec.io/v1alpha1', '1')}${CHECK}`,
  ]) {
    const r = krm(input)
    assert.is(r.status, 1, r.stderr)
    assert.is(r.results.filter((x) => String(x.message).startsWith('would convert TrafficSplit')).length, 2, r.stdout)
    assert.not.match(r.stderr, /suppressed/)
    // File mode reads the same bytes alike: the comment is the foot of the item above it.
    const s = cli(['--check', '-'], { input })
    assert.is(s.status, 1)
    assert.not.match(s.stdout + s.stderr, /suppressed/)
  }
  // At the item's own indentation, above its dash, the directive holds that item.
  const above = krm(
    `${HEAD}items:\n${split('a', 'split.smi-spec.io/v1alpha1', '1')}# smi-migrate: ignore see ticket 12\n${split('b', 'split.smi-spec.io/v1alpha1', '1')}${CHECK}`,
  )
  assert.match(above.stderr, /suppressed TrafficSplit b/)
  assert.not.match(above.stderr, /suppressed TrafficSplit a/)
})

test.run()
