/**
 * Target plug-ins (src/targets/): what a replacement claims is committed only when its
 * conversion is kept, the option table every surface reads, and the codes a target owns.
 * End to end through the built CLI (dist/cli.js) and the library.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { migrate } from '../src/index.js'
import { TARGET_OPTIONS, TARGETS } from '../src/targets/registry.js'
import { GATEWAY_RULES } from '../src/targets/gateway/codes.js'
import { CORE_RULES } from '../src/report/rules.js'
import { gatewayTarget } from '../src/targets/gateway/index.js'

/** x/web's metadata is a flow map continued at column 0: the parser refuses it, go-yaml reads it, and the retry writes lines. */
const REFUSED = `apiVersion: split.smi-spec.io/v1alpha1
kind: TrafficSplit
metadata: {name: web,
namespace: x}
spec:
  service: web
  backends:
  - service: web-v1
    weight: 500m
  - service: web-v2
    weight: 500m
`
const SECOND = `apiVersion: split.smi-spec.io/v1alpha1
kind: TrafficSplit
metadata:
  name: web2
  namespace: x
spec:
  service: web
  backends:
  - service: web-v1
    weight: 1
  - service: web-v2
    weight: 1
`

test('a conversion that is retried and discarded claims nothing: the next split gets its own findings only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-targets-'))
  writeFileSync(join(dir, 'splits.yaml'), `${REFUSED}---\n${SECOND}`)
  const r = cli(['--check', '--to', 'gateway', '--port', '80', 'splits.yaml'], { cwd: dir })
  assert.is(r.status, 2, r.stderr + r.stdout)
  const lines = r.stdout.trim().split('\n')
  assert.match(lines[0]!, /^splits\.yaml:4:1: error: invalid YAML/)
  // The refused split wrote no route: the second is not told that x/web also splits web:80 ...
  assert.not.match(r.stdout, /also splits Service web/)
  // ... and is given the ServiceProfile note, said once per root Service, which x/web never took.
  assert.match(r.stdout, /splits\.yaml:19:12: note TrafficSplit x\/web2: on Linkerd, the ServiceProfile web\.x\.svc\.cluster\.local/)
})

test('claims of kept conversions hold across documents: the second split on one Service port is warned, the note is said once', () => {
  const one = SECOND
  const two = SECOND.replace('name: web2', 'name: web3')
  const r = migrate(`${one}---\n${two}`, { to: 'gateway', gateway: { port: 80 } })
  const collisions = r.findings.filter((f) => f.code === 'name-collision')
  assert.equal(
    collisions.map((f) => [f.severity, f.line]),
    [['warning', 20]],
  )
  assert.match(collisions[0]!.message, /TrafficSplit x\/web2 also splits Service web port 80/)
  // The note is said once per root Service, for the first split only.
  assert.equal(
    r.findings.filter((f) => f.code === 'serviceprofile-precedence').map((f) => f.line),
    [7],
  )
})

test('every target option is a flag with its help, an Action input, a row of the docs of both, and needs its --to', () => {
  const help = cli(['--help']).stdout
  for (const o of TARGET_OPTIONS) assert.ok(help.includes(`--${o.name}`), `--${o.name} in --help`)
  // action.yml is metadata the runner reads, not made from the table: each input is written there by hand.
  const actionYml = readFileSync('action.yml', 'utf8')
  for (const o of TARGET_OPTIONS) assert.ok(new RegExp(`^  ${o.name}:$`, 'm').test(actionYml), `input ${o.name} in action.yml`)
  const cliDoc = readFileSync('docs/cli.md', 'utf8')
  const actionDoc = readFileSync('docs/github-action.md', 'utf8')
  for (const o of TARGETS.flatMap((t) => t.options)) {
    assert.ok(cliDoc.includes(`\n| \`--${o.name}`), `docs/cli.md: a row for --${o.name}`)
    assert.ok(actionDoc.includes(`\n| \`${o.name}\` |`), `docs/github-action.md: a row for input ${o.name}`)
  }
  for (const t of TARGETS) {
    for (const o of t.options) {
      const r = cli([`--${o.name}`, ...(o.value ? [o.choices?.[0] ?? '80'] : []), '-'], { input: '' })
      assert.is(r.status, 2)
      assert.is(r.stderr.trim(), `smi-migrate: --${o.name} needs --to ${t.name}`)
    }
  }
})

test('a target declares the kinds it replaces, alike in its entry and its plug-in, and owns codes no other stage uses', () => {
  for (const t of TARGETS) assert.ok(t.name.length > 0 && Object.keys(t.replaces).length > 0)
  assert.equal(Object.keys(gatewayTarget.replaces), Object.keys(TARGETS.find((t) => t.name === 'gateway')!.replaces))
  for (const code of Object.keys(GATEWAY_RULES)) assert.not.ok(code in CORE_RULES, `${code}: a core code too`)
})

test.run()
