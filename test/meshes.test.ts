/**
 * --mesh presets (src/kinds/meshes.ts): the table's versions are ones the kinds' options accept,
 * and resolveTargets lets explicit options win over a preset, kind by kind.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ACCESS_TARGETS, SPECS_TARGETS, TARGETS } from '../src/model.js'
import { isMesh, MESH_VERSIONS, MESHES, resolveTargets } from '../src/kinds/meshes.js'
import { versionFor } from '../src/kinds/kind.js'
import { KIND_ENTRIES } from '../src/kinds/names.js'
import { trafficSplitEntry } from '../src/kinds/trafficsplit/entry.js'
import { tcpRouteEntry } from '../src/kinds/tcproute/entry.js'
import { parseArgs } from '../src/cli/args.js'
import { migrate } from '../src/index.js'

/** The versions by kind, as a row of docs/kinds.md's table: HTTPRouteGroup and TCPRoute share `--specs-to`. */
const row = (split?: string, specs?: string, access?: string) => ({
  ...(split ? { TrafficSplit: split } : {}),
  ...(specs ? { HTTPRouteGroup: specs, TCPRoute: specs } : {}),
  ...(access ? { TrafficTarget: access } : {}),
})

test("every mesh has a row, and every version in it is one the kind's option accepts", () => {
  assert.equal(Object.keys(MESH_VERSIONS).sort(), [...MESHES].sort())
  for (const mesh of MESHES) {
    for (const [kind, version] of Object.entries(MESH_VERSIONS[mesh])) {
      const entry = KIND_ENTRIES.find((k) => k.kind === kind)
      assert.ok(entry?.version?.choices.includes(version), `${mesh}: ${kind} ${version}`)
    }
  }
  // The kinds' options accept what the library exports as their versions.
  assert.equal(KIND_ENTRIES.find((k) => k.kind === 'TrafficSplit')!.version!.choices, TARGETS)
  assert.equal(KIND_ENTRIES.find((k) => k.kind === 'TCPRoute')!.version!.choices, SPECS_TARGETS)
  assert.equal(KIND_ENTRIES.find((k) => k.kind === 'TrafficTarget')!.version!.choices, ACCESS_TARGETS)
})

test("the presets: what each mesh's CRDs serve and its controller reads", () => {
  assert.equal(resolveTargets({ mesh: 'linkerd' }).versions, row('v1alpha2'))
  assert.equal(resolveTargets({ mesh: 'osm' }).versions, row('v1alpha2', 'v1alpha4', 'v1alpha3'))
  assert.equal(resolveTargets({ mesh: 'nginx' }).versions, row('v1alpha3', 'v1alpha3', 'v1alpha2'))
  assert.equal(resolveTargets({ mesh: 'traefik' }).versions, row('v1alpha3', 'v1alpha3', 'v1alpha2'))
})

test('without a mesh: to defaults to v1alpha2, the sibling kinds are left alone', () => {
  assert.equal(resolveTargets({}).versions, {})
  assert.is(versionFor(trafficSplitEntry, resolveTargets({})), 'v1alpha2')
  assert.is(versionFor(tcpRouteEntry, resolveTargets({})), undefined)
  assert.equal(resolveTargets({ to: 'v1alpha4' }).versions, row('v1alpha4'))
  assert.equal(resolveTargets({ specsTo: 'v1alpha3' }).versions, row(undefined, 'v1alpha3'))
  assert.equal(resolveTargets({ accessTo: 'v1alpha3' }).versions, row(undefined, undefined, 'v1alpha3'))
})

test('explicit options win over the preset, each on its own', () => {
  assert.equal(resolveTargets({ mesh: 'osm', to: 'v1alpha4' }).versions, row('v1alpha4', 'v1alpha4', 'v1alpha3'))
  assert.equal(resolveTargets({ mesh: 'osm', specsTo: 'v1alpha2' }).versions, row('v1alpha2', 'v1alpha2', 'v1alpha3'))
  assert.equal(resolveTargets({ mesh: 'traefik', accessTo: 'v1alpha3' }).versions, row('v1alpha3', 'v1alpha3', 'v1alpha3'))
  // linkerd ships no specs/access CRDs, but an explicit version still applies.
  assert.equal(
    resolveTargets({ mesh: 'linkerd', specsTo: 'v1alpha4', accessTo: 'v1alpha2' }).versions,
    row('v1alpha2', 'v1alpha4', 'v1alpha2'),
  )
})

test('an unknown mesh is a TypeError naming the choices (library callers without types)', () => {
  assert.not.ok(isMesh('istio'))
  assert.not.ok(isMesh('toString'))
  assert.ok(isMesh('osm'))
  assert.throws(
    () => resolveTargets({ mesh: 'istio' as never }),
    (e: Error) => e instanceof TypeError && e.message === 'mesh must be one of linkerd, osm, nginx, traefik; got "istio"',
  )
})

test('resolveTargets returns a fresh record: changing it leaves the table alone', () => {
  const r = resolveTargets({ mesh: 'osm' }).versions as Record<string, string>
  r.TrafficSplit = 'v1alpha4'
  assert.is(MESH_VERSIONS.osm.TrafficSplit, 'v1alpha2')
})

test('the CLI options carry the resolved versions (--mesh, --to, --specs-to, --access-to)', () => {
  const opts = (...argv: string[]) => parseArgs([...argv, '-'], {}, () => false, { out: () => {} })!.versions
  assert.equal(opts(), {})
  assert.equal(opts('--mesh', 'osm'), row('v1alpha2', 'v1alpha4', 'v1alpha3'))
  assert.equal(opts('--mesh', 'linkerd'), row('v1alpha2'))
  assert.equal(opts('--mesh', 'nginx', '--specs-to', 'v1alpha4'), row('v1alpha3', 'v1alpha4', 'v1alpha2'))
  assert.equal(opts('--access-to', 'v1alpha3', '--mesh', 'traefik', '--to', 'v1alpha2'), row('v1alpha2', 'v1alpha3', 'v1alpha3'))
  assert.equal(opts('--specs-to', 'v1alpha2', '--access-to', 'v1alpha2'), row(undefined, 'v1alpha2', 'v1alpha2'))
  // --to gateway names a target, not a version: TrafficSplits keep the mesh's (the target replaces them).
  assert.equal(opts('--to', 'gateway', '--mesh', 'nginx'), row('v1alpha3', 'v1alpha3', 'v1alpha2'))
})

test('the library: migrate() takes a mesh too, and an explicit to wins', () => {
  const text =
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: a\n    weight: 1\n  - service: b\n    weight: 500m\n'
  const version = (o: Parameters<typeof migrate>[1]) => /^apiVersion: (\S+)/.exec(migrate(text, o).output)![1]
  assert.is(version({}), 'split.smi-spec.io/v1alpha2')
  assert.is(version({ mesh: 'traefik' }), 'split.smi-spec.io/v1alpha3')
  assert.is(version({ mesh: 'nginx', to: 'v1alpha4' }), 'split.smi-spec.io/v1alpha4')
  assert.is(version({ mesh: 'linkerd' }), 'split.smi-spec.io/v1alpha2')
  assert.throws(() => migrate(text, { mesh: 'kuma' as never }), /mesh must be one of linkerd, osm, nginx, traefik; got "kuma"/)
})

test('every hop from a v1alpha2+ split with quantity weights leaves integers, and a second run has nothing to do', () => {
  const split = (v: string): string =>
    `apiVersion: split.smi-spec.io/${v}\nkind: TrafficSplit\nmetadata:\n  name: s\nspec:\n  service: web\n  backends:\n  - service: a\n    weight: 500m\n  - service: b\n    weight: 1\n`
  const cases: [string, Parameters<typeof migrate>[1], string][] = [
    ['v1alpha2', { to: 'v1alpha3' }, 'v1alpha3'],
    ['v1alpha2', { to: 'v1alpha4' }, 'v1alpha4'],
    ['v1alpha2', { mesh: 'nginx' }, 'v1alpha3'],
    ['v1alpha3', { to: 'v1alpha4' }, 'v1alpha4'],
  ]
  for (const [from, opts, to] of cases) {
    const r = migrate(split(from), opts)
    assert.ok(r.output.includes(`split.smi-spec.io/${to}\n`), `${from} ${JSON.stringify(opts)}: ${r.output}`)
    assert.ok(r.output.includes('weight: 500\n') && r.output.includes('weight: 1000\n'), `${from} ${JSON.stringify(opts)}: ${r.output}`)
    const again = migrate(r.output, opts)
    assert.is(again.output, r.output)
    assert.equal(
      again.findings.filter((f) => f.code === 'repaired' || f.code === 'converted'),
      [],
    )
  }
})

test.run()
