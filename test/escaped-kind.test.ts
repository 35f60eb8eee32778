/**
 * A kind spelled by the escapes of a double-quoted scalar (`"Tr\x61fficSplit"`, `\u`, `\U`, a
 * line continuation) is the kind kubectl reads: the byte pre-filter (pipeline/escapes.ts) hands
 * such a document to the general path, in stream mode (stdin) and in file mode, inside a List
 * and in a kustomize base. kubectl is the oracle of what each input says, before and after.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { cli, tempDir } from './helpers/cli.js'
import { kubectlReadMany } from './helpers/kubectl-read.js'
import { testWith } from './helpers/tools.js'

const kubectlTest = testWith('kubectl')

const body = (name: string) =>
  `metadata:\n  name: ${name}\nspec:\n  service: s\n  backends:\n  - {service: a, weight: 500m}\n  - {service: b, weight: "1"}\n`
const split = (name: string, kind: string, eol = '\n') =>
  `apiVersion: split.smi-spec.io/v1alpha1\nkind: ${kind}\n${body(name)}`.replace(/\n/g, eol)

/** Each spelling of the kind; no input holds the name's bytes. */
const CASES: Record<string, string> = {
  x: split('x', '"Tr\\x61fficSplit"'),
  u: split('u', '"Tr\\u0061fficSplit"'),
  bigU: split('bigu', '"Tr\\U00000061fficSplit"'),
  continuation: split('continuation', '"Traffic\\\n    Split"'),
  'continuation CRLF': split('crlf', '"Traffic\\\n  Spl\\x69t"', '\r\n'),
  'every letter': split('every', `"${[...'TrafficSplit'].map((c) => `\\x${c.charCodeAt(0).toString(16)}`).join('')}"`),
  json:
    '{"apiVersion": "split.smi-spec.io/v1alpha1", "kind": "Tr\\u0061fficSplit", "metadata": {"name": "json"}, ' +
    '"spec": {"service": "s", "backends": [{"service": "a", "weight": "500m"}, {"service": "b", "weight": "1"}]}}\n',
  'List item': `apiVersion: v1\nkind: List\nitems:\n- ${split('item', '"Tr\\x61fficSplit"').replace(/\n(?=.)/g, '\n  ')}`,
  'among others': `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c1}\ndata: {re: "a\\tb"}\n---\n${split('among', '"Traffic\\u0053plit"')}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c2}\n`,
}

type Obj = { apiVersion?: string; kind?: string; metadata?: { name?: string }; spec?: { backends?: Array<{ weight?: unknown }> } }

/** The TrafficSplits kubectl reads from `file`: name, apiVersion and weights as numbers. */
function splitsOf(file: string): Array<[string, string, number[]]> {
  const read = kubectlReadMany([file])
  assert.is(read.errors.size, 0, [...read.errors.values()].join('\n'))
  const out: Array<[string, string, number[]]> = []
  for (const [name, objs] of read.objects)
    for (const o of objs as Obj[])
      if (o.kind === 'TrafficSplit') out.push([name, o.apiVersion!, (o.spec!.backends ?? []).map((b) => milli(b.weight))])
  return out
}

/** A weight as kubectl printed it, in milli-units (v1alpha1 quantities) or as given (v1alpha2 integers). */
function milli(w: unknown): number {
  if (typeof w === 'number') return w * 1000
  const m = /^(\d+)(m?)$/.exec(String(w))
  assert.ok(m, `weight ${String(w)}`)
  return m[2] ? Number(m[1]) : Number(m[1]) * 1000
}

const ratio = (w: number[]) => w[0]! / w[1]!

for (const [name, input] of Object.entries(CASES)) {
  kubectlTest(`a kind spelled by escapes (${name}) is the TrafficSplit kubectl reads, converted from stdin and in a file`, () => {
    const dir = tempDir('escaped-kind')
    const file = join(dir, 'in.yaml')
    writeFileSync(file, input)
    const before = splitsOf(file)
    assert.is(before.length, 1, 'kubectl reads one TrafficSplit')
    assert.is(before[0]![1], 'split.smi-spec.io/v1alpha1')

    const check = cli(['--check', file])
    assert.is(check.status, 1, check.stdout + check.stderr)
    assert.match(check.stdout, /would convert TrafficSplit /)

    const stream = cli(['-q', '-'], { input })
    assert.is(stream.status, 0, stream.stderr)
    const out = join(dir, 'stream.yaml')
    writeFileSync(out, stream.raw)
    const write = cli(['-q', '--write', file])
    assert.is(write.status, 0, write.stderr)
    assert.is(readFileSync(file, 'utf8'), stream.stdout, 'file mode writes what the stream prints')
    const after = splitsOf(out)
    assert.is(after.length, 1)
    assert.is(after[0]![0], before[0]![0])
    assert.is(after[0]![1], 'split.smi-spec.io/v1alpha2')
    assert.is(ratio(after[0]![2]), ratio(before[0]![2]), 'the ratio kubectl reads is kept')
    // The spelling of the kind is the input's: only the apiVersion and the weights change.
    const changed = input.split('\n').filter((l, i) => l !== stream.stdout.split('\n')[i])
    assert.ok(changed.length <= 3 && changed.every((l) => /apiVersion|weight/.test(l)), changed.join('\n'))
    assert.is(cli(['--check', file]).status, 0, 'a second run has nothing to do')
  })
}

test('backslashes that spell no kind leave a document to the byte pre-filter: it comes out byte-identical', () => {
  const input =
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n  a: "C:\\x41\\u0042 \\\\x54rafficSplit"\n  b: "Traffic\\\n    Target-ish \\n"\n---\n' +
    '{"kind": "Secret", "data": {"x": "\\u0054raffic"}}\n'
  const r = cli(['-'], { input })
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, input)
})

kubectlTest('a kustomize base whose TrafficSplit kind is escaped: the base and the overlay patch are converted with one factor', () => {
  const dir = tempDir('escaped-kind-tree')
  mkdirSync(join(dir, 'base'))
  mkdirSync(join(dir, 'ov'))
  writeFileSync(join(dir, 'base/kustomization.yaml'), 'resources:\n- ts.yaml\n')
  writeFileSync(join(dir, 'base/ts.yaml'), split('web', '"Tr\\x61fficSplit"'))
  writeFileSync(
    join(dir, 'ov/kustomization.yaml'),
    'resources:\n- ../base\npatches:\n- target: {kind: TrafficSplit, name: web}\n  patch: |-\n    - op: replace\n      path: /spec/backends/1/weight\n      value: 250m\n',
  )
  const render = () => {
    const r = spawnSync('kubectl', ['kustomize', join(dir, 'ov')], { encoding: 'utf8' })
    assert.is(r.status, 0, r.stderr)
    writeFileSync(join(dir, 'rendered.yaml'), r.stdout)
    return splitsOf(join(dir, 'rendered.yaml'))
  }
  const before = render()
  assert.equal(before, [['web', 'split.smi-spec.io/v1alpha1', [500, 250]]])
  const w = cli(['--write', dir])
  assert.is(w.status, 0, w.stdout + w.stderr)
  assert.match(w.stdout, /base\/ts\.yaml:\d+:\d+: converted TrafficSplit web/)
  const after = render()
  assert.is(after.length, 1)
  assert.is(after[0]![1], 'split.smi-spec.io/v1alpha2')
  assert.is(ratio(after[0]![2]), ratio(before[0]![2]))
  assert.is(cli(['--check', dir]).status, 0)
})

test.run()
