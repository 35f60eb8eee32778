/**
 * What the findings of a TrafficSplit and its ServiceProfile say agrees with what the run does
 * (issue 38, second review of the split/profile units), through the built CLI: a profile whose
 * routes never applied is not said to be converted; a split whose name a template writes is
 * named as written; a route said to be written in place of another is written.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, port, shopProfile, shopService, stream } from './helpers/shop.js'

test('a single opaque port: the split says the profile routes never applied, as the profile says (sp-delete)', () => {
  for (const ports of [port('db', 5432), `${port('x', 8080)}      appProtocol: linkerd.io/opaque\n`]) {
    const r = cli([...GATEWAY_218, '--format', 'json', '-'], { input: stream(shopService(ports), SHOP_SPLIT, shopProfile()) })
    assert.is(r.status, 0, r.stderr)
    const findings = JSON.parse(r.stderr) as Array<{ code?: string; message?: string; kind?: string }>
    const said = findings.filter((f) => f.code === 'serviceprofile-precedence').map((f) => f.message ?? '')
    assert.is(said.length, 1, r.stderr)
    assert.match(said[0]!, /1 route of its own \(with timeouts\), which never applied .*converts none of them \(sp-delete\)/)
    assert.not.match(said[0]!, /converts to routes as well/)
    assert.ok(
      findings.some((f) => f.code === 'sp-delete' && /its routes never applied/.test(f.message ?? '')),
      r.stderr,
    )
    assert.match(r.stdout, /kind: TCPRoute/)
    assert.not.match(r.stdout, /kind: HTTPRoute/)
  }
})

test('an HTTP port beside an opaque one: the profile routes are converted, and said so', () => {
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(port('http', 80) + port('db', 5432)), SHOP_SPLIT, shopProfile()) })
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stderr, /1 route of its own \(with timeouts\), which this run converts to routes as well/)
  assert.match(r.stdout, /name: web-get-api-items-80/)
})

test('a templated split holds its profile: both findings name the split as written, not as masked', () => {
  const dir = tempDir('profile-templated-name')
  try {
    const templated = SHOP_SPLIT.replace('name: web-split', 'name: {{ .Release.Name }}-split')
    const files = { 'svc.yaml': shopService(), 'split.yaml': templated, 'sp.yaml': shopProfile() }
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
    const r = cli([...GATEWAY_218, '--write', '.'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    const out = r.stdout + r.stderr
    assert.match(
      out,
      /ServiceProfile shop\/web\.shop\.svc\.cluster\.local is held back by TrafficSplit \{\{ \.Release\.Name \}\}-split of its Service/,
    )
    assert.match(out, /TrafficSplit shop\/\{\{ \.Release\.Name \}\}-split: a template action writes part of it/)
    assert.not.match(out, /xxxx/)
    for (const [name, text] of Object.entries(files)) assert.is(readFileSync(join(dir, name), 'utf8'), text, `${name} unchanged`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a split whose route must replace the profile catch-all: said written in place only when it is', () => {
  const first = cli([...GATEWAY_218, '-'], { input: stream(shopService(), shopProfile()) })
  assert.is(first.status, 0, first.stderr)
  assert.match(first.stdout, /name: web-default/)
  const input = stream(first.stdout.replace(/^---\n/, ''), SHOP_SPLIT)
  // A stream has written web-default out before the split is read: the split stays, and nothing claims a write.
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 1, r.stderr)
  assert.match(r.stdout, /kind: TrafficSplit/)
  assert.match(r.stderr, /web-default: .*a stream has written it before the TrafficSplit is read/)
  assert.not.match(r.stderr, /written in place of/)
  // The same text as a file: the route is written in place of web-default, and the warning says so.
  const dir = tempDir('profile-renamed-said')
  try {
    writeFileSync(join(dir, 'in.yaml'), input)
    const w = cli([...GATEWAY_218, '--write', 'in.yaml'], { cwd: dir })
    assert.is(w.status, 1, w.stdout + w.stderr)
    assert.match(w.stdout + w.stderr, /HTTPRoute web-split is written in place of HTTPRoute web-default/)
    const text = readFileSync(join(dir, 'in.yaml'), 'utf8')
    assert.match(text, /name: web-split/)
    assert.not.match(text, /name: web-default|kind: TrafficSplit/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
