/**
 * Escapes Rust's regex refuses (issue 38, second review item 5), through the built CLI: an
 * escaped letter or digit its parser does not know (`\Q…\E`, `\Z`, `\C`, `\e`, `\0`) makes the
 * regex one Linkerd's proxy cannot compile, so it dropped the route (or the item of an `all`),
 * and so does the run (`sp-regex-invalid`); the letters it knows (`\d`, `\x41`, `\b`) stay.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { stringify } from 'yaml'
import { cli, tempDir } from './helpers/cli.js'

const SERVICE = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'shop' },
  spec: { ports: [{ name: 'http', port: 80 }] },
}

function convert(routes: unknown[]): { out: string; file: string } {
  const dir = tempDir('regex-escapes')
  try {
    const profile = {
      apiVersion: 'linkerd.io/v1alpha2',
      kind: 'ServiceProfile',
      metadata: { name: 'web.shop.svc.cluster.local', namespace: 'shop' },
      spec: { routes },
    }
    writeFileSync(join(dir, 'in.yaml'), `${stringify(SERVICE)}---\n${stringify(profile)}`)
    const r = cli(['--to', 'gateway', '--linkerd', '2.18', '--write', 'in.yaml'], { cwd: dir })
    return { out: r.stdout + r.stderr, file: readFileSync(join(dir, 'in.yaml'), 'utf8') }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('a route whose regex has an escape Rust refuses gets no route, with sp-regex-invalid', () => {
  for (const regex of ['/a\\Q.\\E', '/b\\Z', '/f\\C', '/h\\e', '/z\\0', '/c[\\e]']) {
    const { out, file } = convert([
      { name: 'bad', condition: { pathRegex: regex }, timeout: '1s' },
      { name: 'good', condition: { method: 'GET', pathRegex: '/ok/\\d+\\x41\\b' }, timeout: '2s' },
    ])
    assert.match(out, `route "bad": pathRegex ${regex} is not a regex Linkerd's proxy compiles`, regex)
    assert.not.match(file, 'serviceprofile-route: bad', regex)
    assert.match(file, 'serviceprofile-route: good', regex)
    assert.not.match(out, `route "good": pathRegex`, regex)
  }
})

test('inside all: only that item is left out, as the proxy does', () => {
  const { out, file } = convert([
    { name: 'GET quoted', condition: { all: [{ method: 'GET' }, { pathRegex: '/v1/\\Qa.b\\E/.*' }] }, timeout: '100ms' },
  ])
  assert.match(out, `route "GET quoted": pathRegex /v1/\\Qa.b\\E/.* is not a regex Linkerd's proxy compiles`)
  // The route is written with its method alone, as the proxy read the condition.
  assert.match(file, /serviceprofile-route: "?GET quoted/)
  assert.not.match(file, '\\Q')
})

test.run()
