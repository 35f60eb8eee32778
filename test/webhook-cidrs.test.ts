/**
 * `webhook manifests --network-policy CIDRS`, through the built CLI: a CIDR the API server would
 * refuse in the NetworkPolicy's ipBlock is refused here (exit 2, nothing printed), as
 * `--reserve-for` refuses it; a catch-all is printed with a warning, since every pod then
 * reaches the webhook's port. Both flags and the server read a CIDR with one parser, so they take
 * and refuse the same spellings (an IPv4-mapped IPv6 prefix is refused by all three).
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
    '10.0.0.0/8/8',
    '10.0.0.0/8/',
    '10.0.0.0/8/99',
    'fd00::/8/8',
    '10.0.0.0',
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

/** The server's own parse of `--reserve-for` (it stops before reading the certificate files that are not there). */
const serve = (reserveFor: string) =>
  cli(['webhook', '--cert', '/nonexistent/tls.crt', '--key', '/nonexistent/tls.key', '--reserve-for', reserveFor])

test('one parser for both flags: an IPv4-mapped IPv6 prefix is refused by --network-policy, --reserve-for and the server alike, naming the IPv4 CIDR', () => {
  for (const [mapped, means] of [
    ['::ffff:10.0.0.0/104', '10.0.0.0/8'],
    ['::ffff:a00:0/104', '10.0.0.0/8'],
    ['0:0:0:0:0:ffff:c0a8:100/120', '192.168.1.0/24'],
    ['::FFFF:10.1.2.3/128', '10.1.2.3/32'],
  ] as const) {
    for (const [flag, r] of [
      ['--network-policy', manifests('--network-policy', `10.0.0.0/8,${mapped}`)],
      ['--reserve-for', manifests('--reserve-for', mapped)],
      ['--reserve-for', serve(mapped)],
    ] as const) {
      assert.is(r.status, 2, `${flag} ${mapped}: ${r.stderr}`)
      assert.is(r.stdout, '')
      assert.ok(
        r.stderr.includes(
          `${flag}: "${mapped}" is an IPv4-mapped IPv6 prefix, not taken: write ${means} (IPv4 clients are matched by their IPv4 address`,
        ),
        `${flag} ${mapped}: ${r.stderr}`,
      )
    }
  }
  // The same IPv4 CIDR, and the IPv6 spellings the mapped check leaves alone, pass both flags.
  for (const good of ['10.0.0.0/8', '2001:db8::/64', '::1.2.3.4/128', '::ffff:1:2:3/128']) {
    const r = manifests('--network-policy', good, '--reserve-for', good)
    assert.is(r.status, 0, `${good}: ${r.stderr}`)
    assert.equal(policyCidrs(r.stdout), [good])
    const deployment = parseAllDocuments(r.stdout)
      .map((d) => d.toJS() as Record<string, any>)
      .find((o) => o?.kind === 'Deployment')!
    const args = deployment.spec.template.spec.containers[0].args as string[]
    assert.is(args[args.indexOf('--reserve-for') + 1], good)
    const started = serve(good)
    assert.not.match(started.stderr, /--reserve-for/, `${good}: ${started.stderr}`)
  }
})

test('a second `/` is refused by both flags and by the server (Go refuses it); a prefix with a leading zero is taken, as Go takes it', () => {
  for (const bad of ['127.0.0.2/32/8', '10.0.0.0/8/', 'fd00::/8/8']) {
    for (const r of [manifests('--network-policy', bad), manifests('--reserve-for', bad), serve(bad)]) {
      assert.is(r.status, 2, `${bad}: ${r.stderr}`)
      assert.is(r.stdout, '')
      assert.ok(r.stderr.includes(`"${bad}" is not a CIDR`), r.stderr)
    }
  }
  const r = manifests('--network-policy', '10.0.0.0/08')
  assert.is(r.status, 0, r.stderr)
  assert.equal(policyCidrs(r.stdout), ['10.0.0.0/08'])
})

test.run()
