/**
 * Deploy-time patches of a kustomize tree (docs/kustomize.md#deploy-time-patches): a Flux
 * Kustomization's `spec.patches` (`patchesStrategicMerge`, `patchesJson6902`) or an Argo CD
 * Application's (or ApplicationSet's) `source.kustomize.patches`, kept in another directory of
 * the repository, patch what the tree renders after kustomize builds it. One that may reach the
 * tree's TrafficSplit holds the tree back: exit 1, a pending warning at the patching field,
 * nothing written. Judged by `kubectl kustomize`: each case's deploy-time patches, put in a
 * kustomization over the overlay, change what the tree renders before the run (the patch reaches
 * the split); a tree that converts renders the same ratios after the run, the deploy-time
 * kustomization over it too.
 */
import * as assert from 'uvu/assert'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import { cli, tempDir } from './helpers/cli.js'
import { build, sameRatios, type Split } from './helpers/kustomize.js'
import { git, tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-v1\n    weight: 900m\n  - service: web-v2\n    weight: 100m\n'
const TREE = {
  'apps/web/base/split.yaml': SPLIT,
  'apps/web/base/kustomization.yaml': 'resources:\n- split.yaml\n',
  'apps/web/overlays/prod/kustomization.yaml': 'resources:\n- ../../base\n',
  'apps/api/kustomization.yaml': 'resources:\n- deploy.yaml\n',
  'apps/api/deploy.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: api\ndata:\n  a: b\n',
}
const OPS = '- op: replace\n  path: /spec/backends/0/weight\n  value: 500m\n'
const indent = (text: string, by: number) =>
  text
    .split('\n')
    .map((l) => (l ? ' '.repeat(by) + l : l))
    .join('\n')
const FLUX = (spec: string) =>
  `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: web\n---\napiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: web\nspec:\n  interval: 10m\n${spec}`
const APP = (source: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: web\nspec:\n  project: default\n${source}`
const TS_PATCH = { target: { kind: 'TrafficSplit', version: 'v1alpha1' }, patch: OPS }

interface Case {
  files: Record<string, string>
  /** The deploy-time patches as a kustomization over the overlay writes them (the oracle), and the kustomization's other fields. */
  oracle: Record<string, unknown>
  /** The warning of a held tree; none: the tree converts. */
  held?: RegExp
}

const CASES: Record<string, Case> = {
  'a Flux Kustomization spec.patches aimed at TrafficSplit v1alpha1': {
    files: {
      'clusters/prod/web.yaml': FLUX(
        `  path: ./apps/web/overlays/prod\n  patches:\n  - target:\n      kind: TrafficSplit\n      version: v1alpha1\n    patch: |\n${indent(OPS, 6)}`,
      ),
    },
    oracle: { patches: [TS_PATCH] },
    held: /clusters\/prod\/web\.yaml:13:3: a Flux Kustomization's spec\.patches may patch the TrafficSplits this kustomize tree renders/,
  },
  // Only the documents that name a deploy group are parsed: one before it with escapes and a
  // character outside the BMP (two UTF-16 units) must not move the field's line or column.
  'a Flux Kustomization after a document of escapes in the same file': {
    files: {
      'clusters/prod/web.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: pattern\ndata:\n  re: "^[^\\x60\\u0060]+$ \u{1F600}"\n---\n' +
        FLUX(
          `  path: ./apps/web/overlays/prod\n  patches:\n  - target:\n      kind: TrafficSplit\n      version: v1alpha1\n    patch: |\n${indent(OPS, 6)}`,
        ),
    },
    oracle: { patches: [TS_PATCH] },
    held: /clusters\/prod\/web\.yaml:20:3: a Flux Kustomization's spec\.patches may patch the TrafficSplits this kustomize tree renders/,
  },
  'a Flux Kustomization patch without a target (every object), path from the root without ./': {
    files: {
      'clusters/prod/web.yaml': FLUX(
        `  path: apps/web/overlays/prod\n  patches:\n  - patch: |\n      apiVersion: split.smi-spec.io/v1alpha1\n      kind: TrafficSplit\n      metadata:\n        name: web\n      spec:\n        backends:\n        - service: web-v1\n          weight: 500m\n`,
      ),
    },
    oracle: {
      patches: [
        {
          patch:
            'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  backends:\n  - service: web-v1\n    weight: 500m\n',
        },
      ],
    },
    held: /clusters\/prod\/web\.yaml:13:3: a Flux Kustomization's spec\.patches may patch/,
  },
  'a Flux Kustomization in JSON with the older spec.patchesJson6902, path of the base': {
    files: {
      'clusters/prod/web.json': JSON.stringify(
        {
          apiVersion: 'kustomize.toolkit.fluxcd.io/v1beta1',
          kind: 'Kustomization',
          metadata: { name: 'web' },
          spec: {
            path: './apps/web/base',
            patchesJson6902: [
              {
                target: { group: 'split.smi-spec.io', version: 'v1alpha1', kind: 'TrafficSplit', name: 'web' },
                patch: [{ op: 'replace', path: '/spec/backends/0/weight', value: '500m' }],
              },
            ],
          },
        },
        null,
        2,
      ),
    },
    oracle: { patches: [{ target: { group: 'split.smi-spec.io', version: 'v1alpha1', kind: 'TrafficSplit', name: 'web' }, patch: OPS }] },
    held: /clusters\/prod\/web\.json:9:5: a Flux Kustomization's spec\.patchesJson6902 may patch/,
  },
  'an Argo CD Application source.kustomize.patches, second document': {
    files: {
      'clusters/prod/apps.yaml': `${APP('  source:\n    path: apps/api\n')}---\n${APP(`  source:\n    repoURL: https://example.com/repo.git\n    path: apps/web/overlays/prod\n    kustomize:\n      namePrefix: prod-\n      patches:\n      - target:\n          kind: TrafficSplit\n        patch: |-\n${indent(OPS, 10)}`)}`,
    },
    oracle: { namePrefix: 'prod-', patches: [{ target: { kind: 'TrafficSplit' }, patch: OPS }] },
    held: /clusters\/prod\/apps\.yaml:21:7: an Argo CD Application's source\.kustomize\.patches may patch/,
  },
  'an Argo CD Application spec.sources[1] with patches': {
    files: {
      'clusters/prod/web.yaml': APP(
        `  sources:\n  - repoURL: https://example.com/values.git\n    ref: values\n  - repoURL: https://example.com/repo.git\n    path: ./apps/web/overlays/prod\n    kustomize:\n      patches:\n      - target:\n          version: v1alpha1\n        patch: |-\n${indent(OPS, 10)}`,
      ),
    },
    oracle: { patches: [{ target: { version: 'v1alpha1' }, patch: OPS }] },
    held: /clusters\/prod\/web\.yaml:13:7: an Argo CD Application's sources\[1\]\.kustomize\.patches \(it may patch the deploy objects it builds\) may patch/,
  },
  'an Argo CD ApplicationSet whose template path is templated': {
    files: {
      'clusters/appset.yaml': `apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata:\n  name: apps\nspec:\n  generators:\n  - git:\n      repoURL: https://example.com/repo.git\n      directories:\n      - path: apps/*/overlays/prod\n  template:\n    metadata:\n      name: '{{path.basename}}'\n    spec:\n      source:\n        path: '{{path}}'\n        kustomize:\n          patches:\n          - target:\n              kind: TrafficSplit\n            patch: |-\n${indent(OPS, 14)}`,
    },
    oracle: { patches: [{ target: { kind: 'TrafficSplit' }, patch: OPS }] },
    held: /clusters\/appset\.yaml:18:11: an Argo CD ApplicationSet's template's source\.kustomize\.patches may patch/,
  },
  'a Flux Kustomization spec.components (a component the tree does not list, patching the split)': {
    files: {
      'apps/web/components/canary/kustomization.yaml': `apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\npatches:\n- target:\n    kind: TrafficSplit\n  patch: |-\n${indent(OPS, 4)}`,
      'clusters/prod/web.yaml': FLUX('  path: ./apps/web/overlays/prod\n  components:\n  - ../../components/canary\n'),
    },
    oracle: { components: ['../apps/web/components/canary'] },
    held: /clusters\/prod\/web\.yaml:13:3: a Flux Kustomization's spec\.components may patch/,
  },
  'converts: an Argo CD Application with no patches (namePrefix, commonLabels, images)': {
    files: {
      'clusters/prod/web.yaml': APP(
        `  source:\n    path: apps/web/overlays/prod\n    kustomize:\n      namePrefix: prod-\n      commonLabels:\n        team: web\n      images:\n      - web=web:2\n`,
      ),
    },
    oracle: { namePrefix: 'prod-', labels: [{ pairs: { team: 'web' } }] },
  },
  'a Flux Kustomization target whose kind is a regex (kustomize anchors and compiles it)': {
    files: {
      'clusters/prod/web.yaml': FLUX(
        `  path: ./apps/web/overlays/prod\n  patches:\n  - target:\n      kind: Traffic.*\n    patch: |\n${indent(OPS, 6)}`,
      ),
    },
    oracle: { patches: [{ target: { kind: 'Traffic.*' }, patch: OPS }] },
    held: /clusters\/prod\/web\.yaml:13:3: a Flux Kustomization's spec\.patches \(it may patch the deploy objects it builds\) may patch/,
  },
  'a Flux Kustomization whose path climbs with .. into the overlay': {
    files: {
      'clusters/prod/web.yaml': FLUX(
        `  path: ./clusters/../apps/web/base/../overlays/prod\n  patches:\n  - target:\n      kind: TrafficSplit\n    patch: |\n${indent(OPS, 6)}`,
      ),
    },
    oracle: { patches: [{ target: { kind: 'TrafficSplit' }, patch: OPS }] },
    held: /clusters\/prod\/web\.yaml:13:3: a Flux Kustomization's spec\.patches may patch/,
  },
  'a Flux Kustomization in a file .gitattributes marks binary': {
    files: {
      '.gitattributes': 'clusters/** binary\n',
      'clusters/prod/web.yaml': FLUX(
        `  path: ./apps/web/overlays/prod\n  patches:\n  - target:\n      kind: TrafficSplit\n    patch: |\n${indent(OPS, 6)}`,
      ),
    },
    oracle: { patches: [{ target: { kind: 'TrafficSplit' }, patch: OPS }] },
    held: /clusters\/prod\/web\.yaml:13:3: a Flux Kustomization's spec\.patches may patch/,
  },
  'converts: a Flux Kustomization component that only adds labels (read, not refused)': {
    files: {
      'apps/web/components/labels/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nlabels:\n- pairs:\n    team: web\n',
      'clusters/prod/web.yaml': FLUX('  path: ./apps/web/overlays/prod\n  components:\n  - ../../components/labels\n'),
    },
    oracle: { components: ['../apps/web/components/labels'] },
  },
  'converts: a Flux Kustomization component whose patch is a file, a Deployment SMP (read as its inline text would be)': {
    files: {
      'apps/web/base/kustomization.yaml': 'resources:\n- split.yaml\n- deploy.yaml\n',
      'apps/web/base/deploy.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 1\n',
      'apps/web/components/ha/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\npatches:\n- path: replicas.yaml\n',
      'apps/web/components/ha/replicas.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: 3}\n',
      'clusters/prod/web.yaml': FLUX('  path: ./apps/web/overlays/prod\n  components:\n  - ../../components/ha\n'),
    },
    oracle: { components: ['../apps/web/components/ha'] },
  },
  'a Flux Kustomization component whose patch file is a TrafficSplit SMP': {
    files: {
      'apps/web/components/ha/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\npatches:\n- path: w.yaml\n  patch: ""\n',
      'apps/web/components/ha/w.yaml':
        'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata: {name: web}\nspec:\n  backends: [{service: web-v1, weight: 500m}, {service: web-v2, weight: 100m}]\n',
      'clusters/prod/web.yaml': FLUX('  path: ./apps/web/overlays/prod\n  components:\n  - ../../components/ha\n'),
    },
    oracle: { components: ['../apps/web/components/ha'] },
    held: /clusters\/prod\/web\.yaml:13:3: a Flux Kustomization's spec\.components may patch/,
  },
  'converts: a Flux Kustomization component whose patchesStrategicMerge file is a Deployment SMP (read as under patches)': {
    files: {
      'apps/web/base/kustomization.yaml': 'resources:\n- split.yaml\n- deploy.yaml\n',
      'apps/web/base/deploy.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 1\n',
      'apps/web/components/ha/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\npatchesStrategicMerge:\n- replicas.yaml\n',
      'apps/web/components/ha/replicas.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: 3}\n',
      'clusters/prod/web.yaml': FLUX('  path: ./apps/web/overlays/prod\n  components:\n  - ../../components/ha\n'),
    },
    oracle: { components: ['../apps/web/components/ha'] },
  },
  'a Flux Kustomization component whose patchesStrategicMerge file is a TrafficSplit SMP': {
    files: {
      'apps/web/components/ha/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\npatchesStrategicMerge:\n- w.yaml\n',
      'apps/web/components/ha/w.yaml':
        'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata: {name: web}\nspec:\n  backends: [{service: web-v1, weight: 500m}, {service: web-v2, weight: 100m}]\n',
      'clusters/prod/web.yaml': FLUX('  path: ./apps/web/overlays/prod\n  components:\n  - ../../components/ha\n'),
    },
    oracle: { components: ['../apps/web/components/ha'] },
    held: /clusters\/prod\/web\.yaml:13:3: a Flux Kustomization's spec\.components may patch/,
  },
  'converts: a Flux Kustomization patch aimed at a Deployment': {
    files: {
      'clusters/prod/web.yaml': FLUX(
        `  path: ./apps/web/overlays/prod\n  patches:\n  - target:\n      kind: Deployment\n    patch: |\n      - op: replace\n        path: /spec/replicas\n        value: 2\n`,
      ),
    },
    oracle: { patches: [{ target: { kind: 'Deployment' }, patch: '- op: replace\n  path: /spec/replicas\n  value: 2\n' }] },
  },
  'converts: a Flux Kustomization TrafficSplit patch for another path': {
    files: {
      'clusters/prod/api.yaml': FLUX(
        `  path: ./apps/api\n  patches:\n  - target:\n      kind: TrafficSplit\n    patch: |\n${indent(OPS, 6)}`,
      ),
    },
    oracle: {},
  },
}

/** What the overlay renders with the deploy-time kustomization `oracle` over it (a directory of the repository, removed after). */
function deployed(repo: string, oracle: Record<string, unknown>): Map<string, Split> {
  const dir = join(repo, 'oracle')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'kustomization.yaml'), JSON.stringify({ resources: ['../apps/web/overlays/prod'], ...oracle }))
  try {
    return build(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const weights = (m: Map<string, Split>) => [...m.values()].map((s) => s.weights)

for (const [name, c] of Object.entries(CASES)) {
  testWith('kubectl')(name, () => {
    const repo = tempRepo('smi-deployers-', { ...TREE, ...c.files })
    const overlay = join(repo, 'apps/web/overlays/prod')
    const plain = build(overlay)
    const before = deployed(repo, c.oracle)
    const reaches = c.held !== undefined
    // The deploy-time patches reach the split the tree renders (held cases) or write no weight of it.
    assert.is(sameRatios(weights(plain)[0]!, weights(before)[0]!), !reaches, weights(before).join(' '))
    const r = cli(['--write', 'apps/web/base/split.yaml'], { cwd: repo })
    if (c.held) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, new RegExp(`apps/web/base/split\\.yaml: warning: left unchanged: ${c.held.source}`), r.stdout)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
      assert.is(readFileSync(join(repo, 'apps/web/base/split.yaml'), 'utf8'), SPLIT)
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      const after = build(overlay)
      assert.is([...after.values()][0]!.apiVersion, 'split.smi-spec.io/v1alpha2')
      assert.ok(sameRatios(weights(plain)[0]!, weights(after)[0]!), 'the tree renders the same ratios')
      assert.ok(sameRatios(weights(before)[0]!, weights(deployed(repo, c.oracle))[0]!), 'and so does the deploy tool')
    }
    rmSync(repo, { recursive: true, force: true })
  })
}

testWith('kubectl')('an Application with no patches beside a tree holds nothing when the whole repository is run', () => {
  const repo = tempRepo('smi-deployers-', {
    ...TREE,
    'clusters/prod/web.yaml': APP('  source:\n    path: apps/web/overlays/prod\n    kustomize:\n      namePrefix: prod-\n'),
  })
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(git(repo, 'status', '--porcelain'), /apps\/web\/base\/split\.yaml/)
  rmSync(repo, { recursive: true, force: true })
})

test('an Argo CD Application rendered by a plugin holds the tree, unless the plugin is smi-migrate', () => {
  for (const [plugin, held] of [
    ['vault', true],
    ['smi-migrate-v1', false],
  ] as const) {
    const repo = tempRepo('smi-deployers-', {
      ...TREE,
      'clusters/prod/web.yaml': APP(`  source:\n    path: apps/web/overlays/prod\n    plugin:\n      name: ${plugin}\n`),
    })
    const r = cli(['--write', 'apps'], { cwd: repo })
    assert.is(r.status, held ? 1 : 0, r.stdout + r.stderr)
    if (held)
      assert.match(r.stdout, /clusters\/prod\/web\.yaml:9:5: an Argo CD Application's source\.plugin \(a plugin renders it\) may patch/)
    assert.is(git(repo, 'status', '--porcelain') === '', held, r.stdout)
    rmSync(repo, { recursive: true, force: true })
  }
})

test('outside any repository, a Flux Kustomization among the files of the run holds the tree; one that cannot be parsed holds it too', () => {
  for (const [spec, at] of [
    [`  path: ./apps/web/overlays/prod\n  patches:\n  - target:\n      kind: TrafficSplit\n    patch: |\n${indent(OPS, 6)}`, '13:3'],
    ['  path: ./apps/api\n  patches: [\n', '13:3'],
  ] as const) {
    const dir = tempDir('deployers')
    for (const [path, text] of Object.entries({ ...TREE, 'clusters/prod/web.yaml': FLUX(spec) })) {
      mkdirSync(join(dir, path, '..'), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
    const r = cli(['--write', '.'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout, `apps/web/base/split.yaml: warning: left unchanged: clusters/prod/web.yaml:${at}: `)
    assert.is(readFileSync(join(dir, 'apps/web/base/split.yaml'), 'utf8'), SPLIT)
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
