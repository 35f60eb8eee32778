/**
 * `webhook manifests --network-policy CIDRS`, through the built CLI: a CIDR the API server would
 * refuse in the NetworkPolicy's ipBlock is refused here (exit 2, nothing printed), as
 * `--reserve-for` refuses it; a catch-all is printed with a warning, since every pod then
 * reaches the webhook's port.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseAllDocuments } from 'yaml'
import { cli } from './helpers/cli.js'

const IMAGE = `registry.example.com/smi-migrate@sha256:${'a'.repeat(64)}`
const manifests = (...flags: string[]) => cli(['webhook', 'manifests', '--namespace', 'ns', '--image', IMAGE, ...flags])

/** The ipBlock CIDRs of the printed NetworkPolicy. */
function policyCidrs(stdout: string): string[] {
  const policy = parseAllDocuments(stdout)
    .map((d) => d.toJS() as Record<string, any>)
    .find((o) => o?.kind === 'NetworkPolicy')
  return (policy?.spec.ingress[0].from as Array<Record<string, any>>).flatMap((f) => (f.ipBlock ? [f.ipBlock.cidr as string] : []))
}

test('--network-policy refuses CIDRs the API server would refuse, with exit 2 and nothing printed', () => {
  for (const bad of [
    '10.0.0.0/33',
    '300.0.0.0/8',
    '10.0.0.0/8,256.1.1.1/32',
    '2001:db8::/129',
    '2001:db8::g/64',
    'fe80::1%eth0/64',
    '10.0.0.0/8,',
  ]) {
    const r = manifests('--network-policy', bad)
    assert.is(r.status, 2, `${bad}: ${r.stderr}`)
    assert.is(r.stdout, '', bad)
    assert.match(r.stderr, /--network-policy.*(is not a CIDR|takes the API server's addresses as CIDRs)/, bad)
    // The same CIDR is refused by --reserve-for too (one check for both).
    const reserve = manifests('--reserve-for', bad)
    assert.is(reserve.status, 2, `--reserve-for ${bad}: ${reserve.stderr}`)
  }
})

test('--network-policy prints valid CIDRs as they are, and warns about a catch-all as --reserve-for does', () => {
  const ok = manifests('--network-policy', '10.1.2.3/32, 192.168.0.0/16,2001:db8::/64')
  assert.is(ok.status, 0, ok.stderr)
  assert.is(ok.stderr, '')
  assert.equal(policyCidrs(ok.stdout), ['10.1.2.3/32', '192.168.0.0/16', '2001:db8::/64'])
  for (const all of ['0.0.0.0/0', '::/0']) {
    const r = manifests('--network-policy', `10.0.0.0/8,${all}`)
    assert.is(r.status, 0, r.stderr)
    assert.equal(policyCidrs(r.stdout), ['10.0.0.0/8', all])
    assert.match(
      r.stderr,
      new RegExp(`warning: --network-policy ${all.replace(/\./g, '\\.')} holds every address: every pod can reach the webhook's port`),
    )
  }
})

test.run()
