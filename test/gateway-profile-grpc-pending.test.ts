/**
 * `sp-grpc` is left for a person where it describes a change a person must decide (issue 38, fifth
 * review item 3), through the built CLI: GRPCRoutes on a port without appProtocol make Linkerd serve
 * it as gRPC only (HTTP/1.1 calls to it fail), and retryable gRPC methods written as HTTPRoutes lose
 * every retry of a gRPC status. The narrower set of gRPC statuses a GRPCRoute retries stays a plain
 * warning (docs/gateway.md says why). A pending `sp-grpc` writes nothing for the profile (nor for its
 * TrafficSplit: one unit).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, GOLDEN } from './helpers/cli.js'

// The golden case's Service declares its port h2c; here its port declares nothing, unless a test adds it.
const INPUT = readFileSync(join(GOLDEN, 'gateway-sp-grpc', 'input.yaml'), 'utf8').replace('    appProtocol: kubernetes.io/h2c\n', '')
const ARGS = ['--to', 'gateway', '--linkerd', '2.18', '--format', 'json', '-']

type Finding = { code: string; pending?: boolean; message: string }
const grpcFindings = (stderr: string): Finding[] => (JSON.parse(stderr) as Finding[]).filter((f) => f.code === 'sp-grpc')

test('GRPCRoutes on the one port without appProtocol: pending, exit 1', () => {
  const r = cli(ARGS, { input: INPUT })
  assert.is(r.status, 1, r.stderr)
  const served = grpcFindings(r.stderr).find((f) => f.message.includes('as gRPC (HTTP/2 only)'))
  assert.ok(served && served.pending === true, r.stderr)
  // Left for a person: nothing is written for the profile (the profile stays, no route is written).
  assert.ok(served.message.endsWith('nothing is written for the profile'), r.stderr)
  assert.ok(r.stdout.includes('kind: ServiceProfile') && !r.stdout.includes('kind: GRPCRoute'), r.stdout)
})

test('the port declares gRPC: the narrower retry statuses of a GRPCRoute are said, not pending', () => {
  const r = cli(ARGS, { input: INPUT.replace('    port: 8080\n', '    port: 8080\n    appProtocol: kubernetes.io/h2c\n') })
  const narrower = grpcFindings(r.stderr).find((f) => f.message.includes('the profile also retried'))
  assert.ok(narrower && narrower.pending !== true, r.stderr)
  assert.ok(r.stdout.includes('kind: GRPCRoute'), r.stdout)
})

test('the port declares gRPC (appProtocol kubernetes.io/h2c): nothing pending, exit 0', () => {
  const r = cli(ARGS, { input: INPUT.replace('    port: 8080\n', '    port: 8080\n    appProtocol: kubernetes.io/h2c\n') })
  assert.is(r.status, 0, r.stderr)
  assert.ok(
    grpcFindings(r.stderr).every((f) => f.pending !== true),
    r.stderr,
  )
})

test('retryable gRPC methods as HTTPRoutes beside a REST route of the profile: pending, exit 1', () => {
  const rest = INPUT.replace('  routes:\n', '  routes:\n  - condition:\n      method: GET\n      pathRegex: /healthz\n    name: health\n')
  const r = cli(ARGS, { input: rest })
  assert.is(r.status, 1, r.stderr)
  const lost = grpcFindings(r.stderr).find((f) => f.message.includes('retry HTTP statuses only'))
  assert.ok(lost && lost.pending === true, r.stderr)
})

test.run()
