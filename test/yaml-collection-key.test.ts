/**
 * A mapping key that is a sequence or mapping (issue 38, review r38g N6), through the built CLI.
 * The yaml package reads it as a string and warns on stderr ("Keys with collection values will be
 * stringified…"); kubectl refuses the document (go-yaml: invalid map key). The warning never
 * reaches stderr, and the key is reported at its line and column (invalid YAML, exit 2, nothing
 * written).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopService, stream } from './helpers/shop.js'

test('a tab-indented backend line: only the real error, at its line and column, no library warning', () => {
  const broken = SHOP_SPLIT.replace('    - service: web-v2\n', '\t- service: web-v2\n')
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(), broken) })
  assert.is(r.status, 2, r.stderr)
  assert.not.match(r.stderr, /stringified|mapAsMap|Warning/)
  assert.match(r.stderr.split('\n')[0]!, /^<stdin>:\d+:\d+: error: invalid YAML in a document that mentions TrafficSplit/)
})

const KEYED: Array<[string, string, RegExp]> = [
  [
    'an explicit sequence key in a split',
    SHOP_SPLIT.replace('  service: web\n', '  service: web\n  ? [x]\n  : y\n'),
    /x\.yaml:8:5: error: invalid YAML in a document that mentions TrafficSplit: a mapping key that is a sequence or mapping/,
  ],
  [
    'a flow mapping key in a profile route',
    `apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata: {name: web.shop.svc.cluster.local, namespace: shop}
spec:
  routes:
  - {name: a, condition: {method: GET, pathRegex: /a}, {x: 1}: 2}
`,
    /x\.yaml:6:56: error: invalid YAML in a document that mentions ServiceProfile: a mapping key that is a sequence or mapping/,
  ],
]
for (const [what, doc, error] of KEYED)
  test(`${what}: kubectl refuses it, so does the run (exit 2, nothing written, no warning)`, () => {
    const dir = tempDir('yaml-collection-key')
    try {
      mkdirSync(join(dir, 'd'))
      writeFileSync(join(dir, 'd/svc.yaml'), shopService())
      writeFileSync(join(dir, 'd/x.yaml'), doc)
      const r = cli([...GATEWAY_218, '--write', 'd'], { cwd: dir })
      assert.is(r.status, 2, r.stdout + r.stderr)
      assert.match(r.stdout + r.stderr, error)
      assert.not.match(r.stdout + r.stderr, /stringified|mapAsMap/)
      assert.is(readFileSync(join(dir, 'd/x.yaml'), 'utf8'), doc)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

test('a key that only looks like one (a quoted "[x]:", a "?" inside a value) is read as before', () => {
  const split = SHOP_SPLIT.replace('  name: web-split\n', '  name: web-split\n  annotations:\n    note: "[x]: y ? z"\n')
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(), split) })
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stdout, /kind: HTTPRoute\n/)
})

test.run()
