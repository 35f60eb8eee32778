/**
 * A Service document that cannot be read (issue 38, review r38h N5), through the built CLI: its
 * split is refused for that reason, naming where the Service is (path:line:col), not as a
 * Service missing from the input, and `--port` does not convert the split against it.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT } from './helpers/shop.js'

// Service web's port merges an anchor of another document: kubectl cannot read it either (unknown anchor).
const SERVICES = `apiVersion: v1
kind: Service
metadata: {name: api, namespace: shop}
spec:
  ports:
  - &g {name: grpc, port: 8080, appProtocol: grpc}
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: shop}
spec:
  ports:
  - <<: *g
    name: http
    port: 80
`

test('stream: the split names the unreadable Service at its line and column, exit 2, nothing converted; --port too', () => {
  const input = `${SERVICES}---\n${SHOP_SPLIT}`
  for (const extra of [[], ['--port', '80']]) {
    const r = cli([...GATEWAY_218, ...extra, '-'], { input })
    assert.is(r.status, 2, r.stderr)
    assert.is(r.stdout, input)
    assert.match(
      r.stderr,
      /error: TrafficSplit shop\/web-split: Service web \(in namespace shop\) is in the input at <stdin>:13:9, but that document cannot be read \(unknown anchor 'g' referenced.*fix the Service document/,
    )
    assert.not.match(r.stderr, /is not in the input|converted TrafficSplit/)
  }
})

test('files: the Service in another file is named at its path:line:col, the split file untouched', () => {
  const dir = tempDir('unread-service')
  try {
    writeFileSync(join(dir, 'svc.yaml'), SERVICES)
    writeFileSync(join(dir, 'split.yaml'), SHOP_SPLIT)
    const r = cli([...GATEWAY_218, '--write', 'svc.yaml', 'split.yaml'], { cwd: dir })
    assert.is(r.status, 2, r.stdout + r.stderr)
    assert.match(
      r.stdout,
      /split\.yaml:\d+:\d+: error: TrafficSplit shop\/web-split: Service web \(in namespace shop\) is in the input at svc\.yaml:13:9/,
    )
    assert.is(readFileSync(join(dir, 'split.yaml'), 'utf8'), SHOP_SPLIT)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
