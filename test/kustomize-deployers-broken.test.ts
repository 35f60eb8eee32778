/**
 * A document that cannot be parsed holds every tree and split of its world only when it spells a
 * deploy group's apiVersion (literally or by escapes, docs/kustomize.md): a broken manifest with some other
 * escape (a quoted kind continued on the next line) beside plain TrafficSplits holds nothing.
 * The mutation fuzzer's CLI batch found it: one such file of the batch held the other 49.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: a\n    weight: 1\n  - service: b\n    weight: 500m\n'

for (const [name, broken, held] of [
  ['an escape that names no deploy group', 'apiVersion: v1\nkind: "Config\\\n  Map"\n\tmetadata: {}\n', false],
  ['an escaped deploy group', 'apiVersion: "argoproj\\u002eio/v1alpha1"\nkind: Application\n\tspec: {}\n', true],
  // A deploy object's apiVersion is its group then `/`: a CRD of the group (a vendored install
  // manifest) names the group without it, and is no deploy object even when broken.
  [
    "a deploy group's CRD",
    'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: applications.argoproj.io\nspec:\n  group: argoproj.io\n  group: argoproj.io\n',
    false,
  ],
  ['a deploy group spelled by escapes up to its slash', 'apiVersion: "argoproj.io\\x2fv1alpha1"\nkind: Application\n\tspec: {}\n', true],
] as const)
  test(`a broken document with ${name} ${held ? 'holds' : 'holds nothing'}`, () => {
    const dir = tempDir('deployers-broken')
    try {
      writeFileSync(join(dir, 'split.yaml'), SPLIT)
      writeFileSync(join(dir, 'broken.yaml'), broken)
      const r = cli(['--write', '.'], { cwd: dir })
      const written = readFileSync(join(dir, 'split.yaml'), 'utf8')
      if (held) {
        assert.is(r.status, 1, r.stdout + r.stderr)
        assert.match(r.stdout, /broken\.yaml:\d+:\d+: a deploy object that cannot be parsed/)
        assert.is(written, SPLIT)
      } else {
        assert.not.match(r.stdout, /deploy object/, r.stdout)
        assert.match(written, /weight: 1000\n[\s\S]*weight: 500\n/)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

// A plugin's definition deploys nothing (an Application that uses the plugin is what holds), even
// with templated arguments: the project's own deploy/argocd/plugin.yaml is one.
test('an Argo CD plugin definition with templated arguments holds nothing', () => {
  const dir = tempDir('deployers-plugin')
  try {
    writeFileSync(join(dir, 'split.yaml'), SPLIT)
    writeFileSync(
      join(dir, 'plugin.yaml'),
      'apiVersion: argoproj.io/v1alpha1\nkind: ConfigManagementPlugin\nmetadata:\n  name: p\nspec:\n  generate:\n    command: [sh, -c]\n    args: ["kustomize build . | smi-migrate --to {{ .Values.to }} -"]\n',
    )
    const r = cli(['--write', '.'], { cwd: dir })
    assert.is(r.status, 0, r.stdout + r.stderr)
    assert.match(readFileSync(join(dir, 'split.yaml'), 'utf8'), /weight: 1000\n/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
