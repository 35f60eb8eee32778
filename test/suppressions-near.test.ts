/**
 * Near misses of the directive (src/yaml/suppress.ts): a comment that looks meant as
 * `# smi-migrate: ignore <reason>` but is spelt otherwise (upper case, no colon, an underscore)
 * (a doubled `#`, a dash for the colon, the annotation's key in a comment)
 * is said, as a pending warning at the comment, and the object it stands above is left as it
 * is (exit 1, nothing written), in file mode and in stream mode (a List taken item by item
 * too); a comment that merely names the tool is no near miss; `# smi-migrate:ignore-next` is an
 * unknown directive (an error).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: a\n    weight: 500m\n'

/** Spellings of the directive that are not it: each leaves the object below it for a person. */
const NEAR_MISSES = [
  '# SMI-MIGRATE: ignore kept for eu',
  '#smi-migrate ignore kept',
  '# smi_migrate: ignore kept',
  '#  Smi-Migrate ignore',
  '## smi-migrate: ignore kept for eu',
  '# smi-migrate.io/ignore: "kept for eu"',
  '# smi-migrate - ignore kept',
  '# smi-migrate-ignore kept',
  '# smi-migrate -- ignore kept',
  '# smi-migrate.ignore kept',
  '# smi-migrate= ignore kept',
  '# smi-migrat: ignore kept',
  '#\u00a0smi-migrate: ignore kept',
  '# smi\u2010migrate: ignore kept',
]

test('a near miss of the directive is a pending warning at the comment; the object is left as it is', () => {
  const dir = tempDir('near')
  for (const comment of NEAR_MISSES) {
    const text = `${comment}\n${SPLIT}`
    const file = join(dir, 'split.yaml')
    writeFileSync(file, text)
    const w = cli(['--write', file])
    assert.is(w.status, 1, `${comment}: ${w.stdout}`)
    assert.ok(
      w.stdout.includes(
        `split.yaml:1:1: warning: "${comment.trim()}" is not read as a directive: the one directive is "# smi-migrate: ignore <reason>"`,
      ),
      `${comment}: ${w.stdout}`,
    )
    assert.is(readFileSync(file, 'utf8'), text, `${comment}: not written`)
    const s = cli(['-'], { input: text })
    assert.is(s.stdout, text, comment)
    assert.match(s.stderr, /is not read as a directive/)
  }
  rmSync(dir, { recursive: true, force: true })
})

test('in a kubectl List dump taken item by item, a near miss above an item holds that item only', () => {
  const item = (name: string) =>
    `${SPLIT.trimEnd()
      .replace('name: web', `name: ${name}`)
      .replace(/^/gm, '  ')
      .replace(/^ {2}apiVersion/, '- apiVersion')}\n`
  const text = `apiVersion: v1\nitems:\n# SMI-MIGRATE: ignore kept\n${item('web')}${item('api')}kind: List\nmetadata:\n  resourceVersion: ""\n`
  const s = cli(['-'], { input: text })
  // The near miss leaves its item for a person: stream mode exits 1 (docs/cli.md, exit codes).
  assert.is(s.status, 1, s.stderr)
  assert.match(s.stderr, /<stdin>:3:1: warning: "# SMI-MIGRATE: ignore kept" is not read as a directive/)
  assert.match(s.stderr, /converted TrafficSplit api/)
  assert.not.match(s.stderr, /converted TrafficSplit web/)
})

test('in a List dump, a near miss in any case above an item holds it; smi-migrate named outside a comment holds nothing', () => {
  const item = (name: string) =>
    `${SPLIT.trimEnd()
      .replace('name: web', `name: ${name}`)
      .replace(/^/gm, '  ')
      .replace(/^ {2}apiVersion/, '- apiVersion')}\n`
  // The comment stands in the bytes of the item above the one it speaks for.
  const mixed = `apiVersion: v1\nitems:\n${item('web')}# Smi-MiGrAtE ignore kept\n${item('api')}kind: List\nmetadata:\n  resourceVersion: ""\n`
  const s = cli(['-'], { input: mixed })
  assert.is(s.status, 1, s.stderr)
  assert.match(s.stderr, /<stdin>:12:1: warning: "# Smi-MiGrAtE ignore kept" is not read as a directive/)
  assert.match(s.stderr, /converted TrafficSplit web/)
  assert.not.match(s.stderr, /converted TrafficSplit api/)
  // A KRM functionConfig named after the tool is no directive: both items convert.
  const named = `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${item('web')}${item('api')}functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: smi-migrate\n`
  const n = cli(['-'], { input: named })
  assert.is(n.status, 0, n.stderr)
  assert.match(n.stderr, /converted TrafficSplit web/)
  assert.match(n.stderr, /converted TrafficSplit api/)
  assert.not.match(n.stderr, /not read as a directive/)
})

test('a comment that names the tool is no near miss; "# smi-migrate:ignore-next" is an unknown directive', () => {
  const plain = cli(['-'], { input: `# converted by smi-migrate later\n${SPLIT}` })
  assert.is(plain.status, 0, plain.stderr)
  assert.match(plain.stderr, /converted TrafficSplit web/)
  const unknown = cli(['-'], { input: `# smi-migrate:ignore-next\n${SPLIT}` })
  assert.is(unknown.status, 2)
  assert.match(unknown.stderr, /<stdin>:1:1: error: unknown directive "# smi-migrate:ignore-next"/)
})

test('a List dump read item by item holds the item below every near miss, as the whole-file reading does', () => {
  const item = (name: string) =>
    `${SPLIT.trimEnd()
      .replace('name: web', `name: ${name}`)
      .replace(/^/gm, '  ')
      .replace(/^ {2}apiVersion/, '- apiVersion')}\n`
  for (const comment of NEAR_MISSES) {
    const text = `apiVersion: v1\nitems:\n${item('web')}${comment}\n${item('api')}kind: List\nmetadata:\n  resourceVersion: ""\n`
    const s = cli(['-'], { input: text })
    assert.match(s.stderr, /is not read as a directive/, comment)
    assert.match(s.stderr, /converted TrafficSplit web/, comment)
    assert.not.match(s.stderr, /converted TrafficSplit api/, `${comment}: ${s.stderr}`)
  }
})

test.run()
