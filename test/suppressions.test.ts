/**
 * Suppressions (docs/suppressions.md) end to end, through the built CLI (dist/cli.js), the
 * Action's bundle (dist/action.js) and the library: the annotation, the comment above the
 * document, above a List item and above a field; a reason required (`path:line:col`, exit 2,
 * nothing written); suppressed objects reported with their reason and counted in the text,
 * JSON and SARIF reports (the SARIF validated by Microsoft's SARIF Multitool), never
 * converted, never failing --check, and a second run a no-op; `--no-ignore` (`no-ignore`,
 * `noIgnore`) converting them; and each surface: stream mode (a List read item by item), Helm
 * chart sources, sibling kinds, `--to gateway` and kustomize trees.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'
import { validate } from './helpers/sarif-multitool.js'
import { migrate } from '../src/index.js'
import { action } from './helpers/action.js'

/** A v1alpha1 TrafficSplit; `meta` goes under metadata (annotations), `above` before a backend's weight. */
function split(name: string, o: { meta?: string; above?: string; weights?: string[] } = {}): string {
  const weights = o.weights ?? ['1', '500m']
  return (
    `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: ${name}\n${o.meta ?? ''}spec:\n  service: ${name}\n  backends:\n` +
    weights.map((w, i) => `  - service: ${name}-${i}\n${i === 0 && o.above ? `    ${o.above}\n` : ''}    weight: ${w}\n`).join('')
  )
}

const ANNOTATED = split('web', { meta: '  annotations:\n    smi-migrate.io/ignore: "cluster eu-1 runs linkerd-smi 0.1"\n' })
const COMMENTED = `# smi-migrate: ignore vendored chart, upgraded upstream\n${split('api')}`
const FIELD = split('db', { above: '# smi-migrate: ignore weights tuned by hand' })
const PLAIN = split('shop')

/** One file: annotation (line 1), comment above the document (line 16), above a field (db), and a split to convert. */
const MIXED = [ANNOTATED, COMMENTED, FIELD, PLAIN].join('---\n')
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length

function repo(files: Record<string, string>): string {
  return tempRepo('smi-suppress-', files)
}

test('--check: each suppression reported with its reason and counted; the rest converts; exit 1 only for the rest', () => {
  const dir = repo({ 'deploy/splits.yaml': MIXED })
  const r = cli(['--check', 'deploy'], { cwd: dir })
  assert.is(r.status, 1, r.stdout + r.stderr)
  const db = lineOf(MIXED, 'name: db') - 3
  assert.equal(r.stdout.trimEnd().split('\n'), [
    'deploy/splits.yaml:1:1: suppressed TrafficSplit web (split.smi-spec.io/v1alpha1): "cluster eu-1 runs linkerd-smi 0.1" (annotation smi-migrate.io/ignore)',
    `deploy/splits.yaml:${lineOf(MIXED, 'name: api') - 3}:1: suppressed TrafficSplit api (split.smi-spec.io/v1alpha1): "vendored chart, upgraded upstream" (comment # smi-migrate: ignore)`,
    `deploy/splits.yaml:${db}:1: suppressed TrafficSplit db (split.smi-spec.io/v1alpha1): "weights tuned by hand" (comment # smi-migrate: ignore)`,
    `deploy/splits.yaml:${lineOf(MIXED, 'name: shop') - 3}:1: would convert TrafficSplit shop: v1alpha1 -> v1alpha2, weights 1, 500m -> 1000, 500`,
    '1 TrafficSplit in 1 file would be converted (1 file checked); 3 suppressed',
  ])
  // Only suppressed objects: nothing to do, exit 0.
  const only = repo({ 'a.yaml': [ANNOTATED, COMMENTED, FIELD].join('---\n') })
  const o = cli(['--check', '.'], { cwd: only })
  assert.is(o.status, 0, o.stdout)
  assert.match(o.stdout, /\nnothing to convert \(1 file checked\); 3 suppressed\n$/)
  rmSync(dir, { recursive: true, force: true })
  rmSync(only, { recursive: true, force: true })
})

test('--write converts only what is not suppressed, byte for byte elsewhere; a second run changes nothing and exits 0', () => {
  const dir = repo({ 'deploy/splits.yaml': MIXED })
  const w = cli(['--write', 'deploy'], { cwd: dir })
  assert.is(w.status, 0, w.stdout + w.stderr)
  const after = readFileSync(join(dir, 'deploy/splits.yaml'), 'utf8')
  const [a, b, c, d] = after.split('---\n')
  assert.is(a, ANNOTATED)
  assert.is(b, COMMENTED)
  assert.is(c, FIELD)
  assert.is(d, PLAIN.replace('v1alpha1', 'v1alpha2').replace('weight: 1\n', 'weight: 1000\n').replace('weight: 500m', 'weight: 500'))
  const again = cli(['--write', 'deploy'], { cwd: dir })
  assert.is(again.status, 0)
  assert.match(again.stdout, /\nnothing to convert \(1 file checked\); 3 suppressed\n$/)
  assert.is(readFileSync(join(dir, 'deploy/splits.yaml'), 'utf8'), after)
  // --diff: the suppressed objects are not in the patch.
  const fresh = repo({ 'deploy/splits.yaml': MIXED })
  const diff = cli(['--diff', 'deploy'], { cwd: fresh })
  assert.is(diff.status, 1)
  assert.equal(
    diff.stdout.split('\n').filter((l) => /^[-+][^-+]/.test(l)),
    [
      '-apiVersion: split.smi-spec.io/v1alpha1',
      '+apiVersion: split.smi-spec.io/v1alpha2',
      '-    weight: 1',
      '-    weight: 500m',
      '+    weight: 1000',
      '+    weight: 500',
    ].sort((x, y) => diff.stdout.indexOf(x) - diff.stdout.indexOf(y)),
  )
  rmSync(dir, { recursive: true, force: true })
  rmSync(fresh, { recursive: true, force: true })
})

test('a suppression without a reason is an error at path:line:col; exit 2, nothing written', () => {
  const empty = split('web', { meta: '  annotations:\n    smi-migrate.io/ignore: ""\n' })
  const cases: Array<[string, string, string]> = [
    [empty, 'a.yaml:6:28', 'annotation smi-migrate.io/ignore needs a reason'],
    [split('web', { meta: '  annotations:\n    smi-migrate.io/ignore: "   "\n' }), 'a.yaml:6:28', 'needs a reason'],
    [split('web', { meta: '  annotations:\n    smi-migrate.io/ignore: true\n' }), 'a.yaml:6:28', 'must be a string'],
    [`# smi-migrate: ignore\n${split('web')}`, 'a.yaml:1:1', 'a suppression needs a reason'],
    [split('web', { above: '# smi-migrate:   ignore   ' }), 'a.yaml:9:5', 'a suppression needs a reason'],
    [`  # smi-migrate: disable it\n${split('web')}`, 'a.yaml:1:3', 'unknown directive "# smi-migrate: disable it"'],
  ]
  // One file a case (a0.yaml, a1.yaml, ...), in one run: each file's error on its own line.
  const dir = repo(Object.fromEntries(cases.map(([text], i) => [`a${i}.yaml`, text])))
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 2, r.stdout)
  for (const [i, [text, at, message]] of cases.entries()) {
    const line = r.stdout.split('\n').find((l) => l.startsWith(`${at.replace('a.yaml', `a${i}.yaml`)}: error: `))
    assert.ok(line?.includes(message), `${at} ${message}\n${r.stdout}`)
    assert.is(readFileSync(join(dir, `a${i}.yaml`), 'utf8'), text, 'not written')
    // Stream mode: the document passes through unconverted, and the run fails.
    const s = cli(['-'], { input: text })
    assert.is(s.status, 2)
    assert.is(s.stdout, text)
  }
  rmSync(dir, { recursive: true, force: true })
})

test('a directive that stands above nothing (a blank line between) or at the end of a line is no suppression', () => {
  const blank = `# smi-migrate: ignore not attached\n\n${PLAIN}`
  const trailing = PLAIN.replace('kind: TrafficSplit', 'kind: TrafficSplit # smi-migrate: ignore trailing')
  for (const text of [blank, trailing]) {
    const r = cli(['--check', '-'], { input: text })
    assert.is(r.status, 1, r.stdout)
    assert.match(r.stdout, /would convert TrafficSplit shop/)
    assert.not.match(r.stdout, /suppressed/)
  }
})

test('--no-ignore converts and reports what the suppressions hide', () => {
  const dir = repo({ 'deploy/splits.yaml': MIXED })
  const r = cli(['--check', '--no-ignore', 'deploy'], { cwd: dir })
  assert.is(r.status, 1)
  assert.is(r.stdout.split('\n').filter((l) => l.includes('would convert TrafficSplit')).length, 4)
  assert.match(r.stdout, /\n4 TrafficSplits in 1 file would be converted \(1 file checked\)\n$/)
  const w = cli(['--write', '--no-ignore', 'deploy'], { cwd: dir })
  assert.is(w.status, 0)
  const after = readFileSync(join(dir, 'deploy/splits.yaml'), 'utf8')
  assert.not.match(after, /v1alpha1/)
  assert.match(after, /smi-migrate\.io\/ignore: "cluster eu-1/, 'the annotations and comments stay')
  assert.match(after, /# smi-migrate: ignore vendored chart/)
  rmSync(dir, { recursive: true, force: true })
})

test('--format json: a record per suppressed object with its reason, and the count in the summary record', () => {
  const dir = repo({ 'deploy/splits.yaml': MIXED })
  const r = cli(['--check', '--format', 'json', 'deploy'], { cwd: dir })
  assert.is(r.status, 1)
  const records = JSON.parse(r.stdout) as Array<Record<string, unknown>>
  const suppressed = records.filter((x) => x.code === 'suppressed')
  assert.equal(
    suppressed.map((x) => [x.name, x.severity, x.reason, x.suppressedBy, x.pending]),
    [
      ['web', 'info', 'cluster eu-1 runs linkerd-smi 0.1', 'annotation', undefined],
      ['api', 'info', 'vendored chart, upgraded upstream', 'comment', undefined],
      ['db', 'info', 'weights tuned by hand', 'comment', undefined],
    ],
  )
  const summary = records.at(-1)!
  assert.is(summary.record, 'summary')
  assert.is(summary.suppressed, 3)
  assert.is(summary.pending, 0)
  assert.is(summary.message, '1 TrafficSplit in 1 file would be converted (1 file checked); 3 suppressed')
  rmSync(dir, { recursive: true, force: true })
})

interface SarifResult {
  ruleId: string
  level: string
  message: { text: string }
  suppressions?: Array<{ kind: string; status?: string; justification?: string }>
}
const sarifResults = (text: string) => (JSON.parse(text) as { runs: Array<{ results: SarifResult[] }> }).runs[0]!.results

test('--format sarif: suppressed results carry suppressions with kind inSource and the reason as justification', () => {
  const dir = repo({ 'deploy/splits.yaml': MIXED })
  const r = cli(['--check', '--format', 'sarif', 'deploy'], { cwd: dir })
  assert.is(r.status, 1)
  const results = sarifResults(r.stdout)
  assert.equal(
    results.map((x) => [x.ruleId, x.level, x.suppressions]),
    [
      ['suppressed', 'note', [{ kind: 'inSource', status: 'accepted', justification: 'cluster eu-1 runs linkerd-smi 0.1' }]],
      ['suppressed', 'note', [{ kind: 'inSource', status: 'accepted', justification: 'vendored chart, upgraded upstream' }]],
      ['suppressed', 'note', [{ kind: 'inSource', status: 'accepted', justification: 'weights tuned by hand' }]],
      ['converted', 'note', undefined],
    ],
  )
  rmSync(dir, { recursive: true, force: true })
})

testWith('sarif-multitool')('the SARIF Multitool (SARIF and GitHub rules) finds nothing wrong in a log with suppressions', () => {
  const dir = repo({ 'deploy/splits.yaml': MIXED, 'deploy/bad.yaml': `# smi-migrate: ignore\n${PLAIN}` })
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'smi-suppress-sarif-')))
  const log = join(work, 'check.sarif')
  writeFileSync(log, cli(['--check', '--format', 'sarif', 'deploy'], { cwd: dir }).stdout)
  assert.ok(sarifResults(readFileSync(log, 'utf8')).some((x) => x.ruleId === 'invalid-suppression'))
  // The check can fail: a region with column 0 in a suppressed result is an error. The broken copy
  // is validated in the same Multitool run (about 1.3 s of CPU a run), its findings told apart by file.
  const broken = JSON.parse(readFileSync(log, 'utf8')) as {
    runs: Array<{ results: Array<SarifResult & { locations: Array<{ physicalLocation: { region: unknown } }> }> }>
  }
  broken.runs[0]!.results.find((x) => x.suppressions)!.locations[0]!.physicalLocation.region = { startLine: 1, startColumn: 0 }
  writeFileSync(join(work, 'broken.sarif'), JSON.stringify(broken))
  const checks = validate([log, join(work, 'broken.sarif')], work)
  assert.equal(
    checks.filter((x) => x.file !== join(work, 'broken.sarif')),
    [],
  )
  assert.ok(
    checks.some((x) => x.file === join(work, 'broken.sarif') && x.level === 'error'),
    'the Multitool reports the broken suppression',
  )
  rmSync(dir, { recursive: true, force: true })
  rmSync(work, { recursive: true, force: true })
})

test('stream mode: a kubectl List dump read item by item honours a directive above an item and above the List', () => {
  const item = (i: number) =>
    split(`s${i}`)
      .trimEnd()
      .split('\n')
      .map((l, j) => (j === 0 ? '- ' : '  ') + l)
      .join('\n') + '\n'
  const items = Array.from({ length: 400 }, (_, i) => item(i))
  const tail = 'kind: List\nmetadata:\n  resourceVersion: ""\n'
  const one = `apiVersion: v1\nitems:\n${items.slice(0, 200).join('')}# smi-migrate: ignore kept for cluster b\n${items.slice(200).join('')}${tail}`
  const r = cli(['-'], { input: one })
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stderr, /\nconverted 399 TrafficSplits; 1 suppressed\n$/)
  assert.match(r.stderr, /suppressed TrafficSplit s200 \(split\.smi-spec\.io\/v1alpha1\): "kept for cluster b"/)
  const out = r.stdout.split('- apiVersion')
  assert.is(out[201]!.split('\n')[0], ': split.smi-spec.io/v1alpha1', 'the suppressed item is as it was')
  assert.is(out[202]!.split('\n')[0], ': split.smi-spec.io/v1alpha2')
  const all = `# smi-migrate: ignore the whole dump\napiVersion: v1\nitems:\n${items.join('')}${tail}`
  const a = cli(['-'], { input: all })
  assert.is(a.status, 0)
  assert.is(a.stdout, all)
  assert.match(a.stderr, /\nnothing to convert; 400 suppressed\n$/)
})

test('Helm chart sources: a suppressed split with templated weights is reported as suppressed, not left for a person', () => {
  const template =
    '{{- if .Values.canary }}\n# smi-migrate: ignore vendored chart, upgraded upstream\n' +
    split('web', { weights: ['1', '{{ .Values.canary.weight }}'] }).replace('name: web', 'name: {{ .Release.Name }}-web') +
    '{{- end }}\n'
  const dir = repo({
    'chart/Chart.yaml': 'apiVersion: v2\nname: c\nversion: 0.1.0\n',
    'chart/values.yaml': 'canary:\n  weight: 250m\n',
    'chart/templates/split.yaml': template,
  })
  const r = cli(['--check', 'chart'], { cwd: dir })
  assert.is(r.status, 0, r.stdout)
  assert.match(r.stdout, /^chart\/templates\/split\.yaml:3:1: suppressed TrafficSplit \{\{ \.Release\.Name \}\}-web /m)
  assert.match(r.stdout, /\nnothing to convert \(3 files checked\); 1 suppressed\n$/)
  const n = cli(['--check', '--no-ignore', 'chart'], { cwd: dir })
  assert.is(n.status, 1)
  assert.match(n.stdout, /weight is templated/)
  rmSync(dir, { recursive: true, force: true })
})

test('sibling kinds and --to gateway: a suppressed object stays; an object converted beside it is still checked against it', () => {
  const group =
    'apiVersion: specs.smi-spec.io/v1alpha3\nkind: HTTPRouteGroup\nmetadata:\n  name: g\n  annotations:\n    smi-migrate.io/ignore: "shared with team b"\n' +
    'spec:\n  matches:\n  - name: m\n    pathRegex: /x\n'
  const matching =
    'apiVersion: split.smi-spec.io/v1alpha3\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  matches:\n  - kind: HTTPRouteGroup\n    name: g\n' +
    '  backends:\n  - service: a\n    weight: 1\n'
  const r = cli(['--check', '--to', 'v1alpha4', '--specs-to', 'v1alpha4', '-'], { input: `${group}---\n${matching}` })
  assert.match(r.stdout, /^<stdin>:1:1: suppressed HTTPRouteGroup g \(specs\.smi-spec\.io\/v1alpha3\): "shared with team b"/m)
  assert.is(r.stdout.match(/warning: TrafficSplit web is v1alpha4 and matches HTTPRouteGroup g, which is v1alpha3/g)?.length, 1)
  // Without --specs-to the group is left alone anyway: no line about its suppression.
  const quiet = cli(['--check', '--to', 'v1alpha4', '-'], { input: group })
  assert.is(quiet.status, 0)
  assert.not.match(quiet.stdout, /suppressed/)

  const service = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - port: 80\n---\n'
  const input = service + split('web', { meta: '  annotations:\n    smi-migrate.io/ignore: "cut over next quarter"\n' })
  const g = cli(['--to', 'gateway', '-'], { input })
  assert.is(g.status, 0, g.stderr)
  assert.is(g.stdout, input, 'no route, the split as it was')
  assert.match(g.stderr, /\nnothing to convert; 1 suppressed\n$/)
  const gn = cli(['--to', 'gateway', '--no-ignore', '-'], { input })
  assert.match(gn.stdout, /kind: HTTPRoute\n/)
})

/** A base with two splits and an overlay whose patch writes the weights of `web`. */
function tree(o: { base: string; patch: string }): Record<string, string> {
  return {
    'k/base/kustomization.yaml': 'resources:\n- split.yaml\n',
    'k/base/split.yaml': o.base,
    'k/overlay/kustomization.yaml':
      'resources:\n- ../base\npatches:\n- path: weights.yaml\n  target:\n    kind: TrafficSplit\n    version: v1alpha1\n    name: web\n',
    'k/overlay/weights.yaml': o.patch,
  }
}
const PATCH =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  backends:\n  - service: web-0\n    weight: 250m\n'

test('kustomize: a tree whose patches write TrafficSplits is refused when only some are suppressed, left whole when all are', () => {
  const partial = repo(tree({ base: `${ANNOTATED}---\n${split('api')}`, patch: PATCH }))
  const r = cli(['--write', 'k'], { cwd: partial })
  assert.is(r.status, 1, r.stdout)
  assert.match(
    r.stdout,
    /k\/overlay\/kustomization\.yaml:4:3: warning: TrafficSplit web \(\.\.\/base\/split\.yaml:1\) is suppressed, and this tree's patches write TrafficSplits/,
  )
  assert.match(r.stdout, /1 left for a person to convert, 1 suppressed\n$/)
  assert.match(spawnSync('git', ['status', '--porcelain'], { cwd: partial, encoding: 'utf8' }).stdout, /^$/, 'nothing written')

  const whole = repo(tree({ base: `${ANNOTATED}---\n${COMMENTED}`, patch: `# smi-migrate: ignore the patch of a kept split\n${PATCH}` }))
  const w = cli(['--write', 'k'], { cwd: whole })
  assert.is(w.status, 0, w.stdout)
  assert.match(w.stdout, /\nnothing to convert \(4 files checked\); 3 suppressed\n$/)
  assert.match(
    spawnSync('git', ['status', '--porcelain'], { cwd: whole, encoding: 'utf8' }).stdout,
    /^$/,
    'nothing written, the target version included',
  )

  // --no-ignore: the tree converts whole, patch target included.
  const n = cli(['--write', '--no-ignore', 'k'], { cwd: whole })
  assert.is(n.status, 0, n.stdout)
  assert.match(readFileSync(join(whole, 'k/overlay/kustomization.yaml'), 'utf8'), /version: v1alpha2/)
  // A tree without TrafficSplit patches converts object by object.
  const plain = repo({ 'k/kustomization.yaml': 'resources:\n- split.yaml\n', 'k/split.yaml': `${ANNOTATED}---\n${PLAIN}` })
  const p = cli(['--write', 'k'], { cwd: plain })
  assert.is(p.status, 0, p.stdout)
  assert.is(readFileSync(join(plain, 'k/split.yaml'), 'utf8').split('---\n')[0], ANNOTATED)
  assert.match(readFileSync(join(plain, 'k/split.yaml'), 'utf8').split('---\n')[1]!, /v1alpha2/)
  for (const d of [partial, whole, plain]) rmSync(d, { recursive: true, force: true })
})

testWith('kubectl')('the annotation survives kubectl kustomize: the built stream is suppressed whole, and byte for byte', () => {
  const dir = repo(
    tree({ base: `${ANNOTATED}---\n${split('api', { meta: '  annotations:\n    smi-migrate.io/ignore: "team b"\n' })}`, patch: PATCH }),
  )
  const built = spawnSync('kubectl', ['kustomize', join(dir, 'k/overlay')], { encoding: 'utf8' })
  assert.is(built.status, 0, built.stderr)
  assert.match(built.stdout, /smi-migrate\.io\/ignore: cluster eu-1 runs linkerd-smi 0\.1/, 'kustomize re-serialises the annotation')
  assert.match(built.stdout, /weight: 250m/, 'the patch applied')
  const r = cli(['-'], { input: built.stdout })
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, built.stdout)
  assert.match(r.stderr, /\nnothing to convert; 2 suppressed\n$/)
  rmSync(dir, { recursive: true, force: true })
})

test('the library: suppressed findings with their reason; noIgnore converts', () => {
  const json = JSON.stringify({
    apiVersion: 'split.smi-spec.io/v1alpha1',
    kind: 'TrafficSplit',
    metadata: { name: 'j', annotations: { 'smi-migrate.io/ignore': 'kept in JSON too' } },
    spec: { service: 'j', backends: [{ service: 'a', weight: '500m' }] },
  })
  const j = migrate(json)
  assert.is(j.output, json)
  assert.equal(
    j.findings.map((f) => [f.code, f.suppression?.reason]),
    [['suppressed', 'kept in JSON too']],
  )
  const r = migrate(MIXED)
  assert.equal(
    r.findings.filter((f) => f.code === 'suppressed').map((f) => [f.object?.name, f.line, f.suppression]),
    [
      ['web', 1, { reason: 'cluster eu-1 runs linkerd-smi 0.1', by: 'annotation' }],
      ['api', lineOf(MIXED, 'name: api') - 3, { reason: 'vendored chart, upgraded upstream', by: 'comment' }],
      ['db', lineOf(MIXED, 'name: db') - 3, { reason: 'weights tuned by hand', by: 'comment' }],
    ],
  )
  assert.is(r.output.split('---\n').slice(0, 3).join('---\n'), [ANNOTATED, COMMENTED, FIELD].join('---\n'))
  assert.is(migrate(MIXED, { noIgnore: true }).findings.filter((f) => f.code === 'converted').length, 4)
  assert.ok(migrate(`# smi-migrate: ignore\n${PLAIN}`).failed)
})

test('an annotation key spelt with escapes is still the suppression kubectl reads', () => {
  // "smi\x2Dmigrate.io/ignore" is smi-migrate.io/ignore to kubectl: the text never spells the name.
  for (const key of ['"smi\\x2Dmigrate.io/ignore"', '"smi\\u002Dmigrate.io/ignore"']) {
    const text = PLAIN.replace('metadata:\n', `metadata:\n  annotations:\n    ${key}: "vendored"\n`)
    assert.ok(text.includes(key), 'the annotation is in the document')
    const r = migrate(text)
    assert.is(r.output, text, key)
    assert.equal(
      r.findings.map((f) => [f.code, f.suppression?.reason]),
      [['suppressed', 'vendored']],
    )
  }
})

test('the Action: suppressed objects as notices, in the job summary and its headline; the step passes; no-ignore converts them', () => {
  const dir = repo({ 'deploy/kept.yaml': [ANNOTATED, COMMENTED].join('---\n') })
  const a = action(dir, { paths: 'deploy' })
  assert.is(a.status, 0, a.stdout)
  const notices = a.stdout.split('\n').filter((l) => l.startsWith('::notice '))
  assert.is(notices.length, 2, a.stdout)
  assert.match(
    notices[0]!,
    /^::notice title=smi-migrate%3A suppressed,file=deploy\/kept\.yaml,line=1,.*::suppressed TrafficSplit web .*cluster eu-1 runs linkerd-smi 0\.1/,
  )
  assert.match(a.summary, /\*\*nothing to convert \(1 file checked\); 2 suppressed\*\*/)
  assert.match(a.summary, /vendored chart, upgraded upstream/)
  assert.match(a.stdout, /nothing to convert \(1 file checked\); 2 suppressed/)

  const n = action(dir, { paths: 'deploy', 'no-ignore': 'true' })
  assert.is(n.status, 1, 'the step fails: two splits to convert')
  assert.is(n.stdout.split('\n').filter((l) => l.startsWith('::warning ') && l.includes('would convert')).length, 2)
  const bad = action(dir, { paths: 'deploy', 'no-ignore': 'maybe' })
  assert.is(bad.status, 1)
  assert.match(bad.stdout, /input "no-ignore" must be true or false; got "maybe"/)

  const empty = repo({ 'a.yaml': `# smi-migrate: ignore\n${PLAIN}` })
  const e = action(empty, { paths: '.' })
  assert.is(e.status, 1)
  assert.match(e.stdout, /^::error title=smi-migrate%3A error,file=a\.yaml,line=1,.*a suppression needs a reason/m)
  rmSync(dir, { recursive: true, force: true })
  rmSync(empty, { recursive: true, force: true })
})

test('a "# smi-migrate: ignore" line inside a block scalar or a multi-line quoted string is text, not a comment: it suppresses nothing', () => {
  const CONFIG =
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: notes\ndata:\n  readme: |\n    To pause the canary, write above it:\n    # smi-migrate: ignore paused by hand\n'
  // The List item after the ConfigMap's block scalar: the line above it is the scalar's last line.
  const list = `apiVersion: v1\nkind: List\nitems:\n${[CONFIG, split('web')]
    .map((o) => o.replace(/^(?!$)/gm, '  ').replace(/^ {2}/, '- '))
    .join('')}`
  // A double-quoted annotation whose second line looks like the directive, above the annotation's last line.
  const quoted = split('api', { meta: '  annotations:\n    note: "see\n      # smi-migrate: ignore not a comment\n      here"\n' })
  // The same directive as a real comment above the item: it suppresses (the control).
  const real = list.replace('- apiVersion: split.smi-spec.io', '# smi-migrate: ignore paused by hand\n- apiVersion: split.smi-spec.io')
  for (const [name, text, suppressed] of [
    ['block scalar', list, false],
    ['quoted string', quoted, false],
    ['real comment', real, true],
  ] as const) {
    const dir = repo({ 'a.yaml': text })
    const r = cli(['--check', 'a.yaml'], { cwd: dir })
    assert.is(r.status, suppressed ? 0 : 1, `${name}\n${r.stdout}${r.stderr}`)
    assert.is(r.stdout.includes('suppressed TrafficSplit'), suppressed, `${name}\n${r.stdout}`)
    assert.is(r.stdout.includes('would convert TrafficSplit'), !suppressed, `${name}\n${r.stdout}`)
    // Stream mode reads it alike (a List taken item by item included).
    const s = cli(['-'], { input: text })
    assert.is(s.status, 0, s.stderr)
    assert.is(s.stdout.includes('split.smi-spec.io/v1alpha2'), !suppressed, `${name} (stream)\n${s.stdout}`)
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a directive on the first line of a file that starts with a byte order mark suppresses the document below it', () => {
  const text = `\uFEFF# smi-migrate: ignore vendored, upgraded upstream\n${split('web')}`
  const dir = repo({ 'a.yaml': text })
  const r = cli(['--write', 'a.yaml'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(
    r.stdout,
    /^a\.yaml:2:1: suppressed TrafficSplit web \(split\.smi-spec\.io\/v1alpha1\): "vendored, upgraded upstream" \(comment # smi-migrate: ignore\)\n/,
  )
  assert.is(readFileSync(join(dir, 'a.yaml'), 'utf8'), text, 'not written')
  const s = cli(['-'], { input: text })
  assert.is(s.status, 0)
  assert.is(s.stdout, text)
  rmSync(dir, { recursive: true, force: true })
})
testWith('kubectl')('an annotation reached through an alias or a merge key suppresses exactly when kubectl reads it on the object', () => {
  const IGNORE = 'smi-migrate.io/ignore'
  const body = (meta: string) => split('web').replace('metadata:\n  name: web\n', meta)
  const cases: Array<[string, string]> = [
    [
      'annotations through an alias',
      `x-notes: &keep\n  ${IGNORE}: kept by hand\n${body('metadata:\n  name: web\n  annotations: *keep\n')}`,
    ],
    [
      'a merge key in annotations',
      `x-notes: &keep\n  ${IGNORE}: kept by hand\n${body('metadata:\n  name: web\n  annotations:\n    <<: *keep\n    team: web\n')}`,
    ],
    [
      'a merge key in metadata',
      `x-meta: &meta\n  annotations:\n    ${IGNORE}: kept by hand\n${body('metadata:\n  <<: *meta\n  name: web\n')}`,
    ],
    [
      'a merged sequence, the first mapping wins',
      body(`metadata:\n  name: web\n  annotations:\n    <<: [{${IGNORE}: first}, {${IGNORE}: second}]\n`),
    ],
    [
      'an own key before a merge that sets it too',
      body(`metadata:\n  name: web\n  annotations:\n    ${IGNORE}: own\n    <<: {${IGNORE}: merged}\n`),
    ],
    ['an own key after the merge', body(`metadata:\n  name: web\n  annotations:\n    <<: {${IGNORE}: merged}\n    ${IGNORE}: own\n`)],
    ['a merge of another key only', body(`metadata:\n  name: web\n  annotations:\n    <<: {team: web}\n`)],
    [
      'a merge key tagged !!merge',
      `x-notes: &keep\n  ${IGNORE}: kept by hand\n${body('metadata:\n  name: web\n  annotations:\n    !!merge <<: *keep\n')}`,
    ],
    ['a reason tagged !!str', body(`metadata:\n  name: web\n  annotations:\n    ${IGNORE}: !!str yes\n`)],
  ]
  // One file a case (a0.yaml, a1.yaml, ...), checked in one run: each file's lines say what became of its split.
  const dir = repo(Object.fromEntries(cases.map(([, text], i) => [`a${i}.yaml`, text])))
  const r = cli(['--check', '.'], { cwd: dir })
  assert.is(r.status, 1, r.stdout + r.stderr)
  for (const [i, [name]] of cases.entries()) {
    const file = `a${i}.yaml`
    // The oracle: the annotations kubectl reads on the object (the x-* key makes it no object: kubectl keeps it as data).
    const k = spawnSync('kubectl', ['annotate', '--local', '-f', file, 'oracle=1', '-o', 'json'], { cwd: dir, encoding: 'utf8' })
    assert.is(k.status, 0, `${name}: ${k.stderr}`)
    const reason = (JSON.parse(k.stdout) as { metadata: { annotations?: Record<string, string> } }).metadata.annotations?.[IGNORE]
    const lines = r.stdout.split('\n').filter((l) => l.startsWith(`${file}:`))
    if (reason === undefined) {
      assert.ok(
        lines.some((l) => l.includes('would convert TrafficSplit web')),
        `${name}\n${r.stdout}`,
      )
    } else {
      // Passed by --check: nothing to change, pending or wrong in this file; the suppression with kubectl's reason.
      assert.not.ok(
        lines.some((l) => l.includes('would convert') || l.includes(': error: ') || l.includes(': warning: ')),
        `${name}\n${r.stdout}`,
      )
      assert.ok(
        lines.some((l) => l.includes(`suppressed TrafficSplit web (split.smi-spec.io/v1alpha1): "${reason}" (annotation ${IGNORE})`)),
        `${name}\n${r.stdout}`,
      )
    }
  }
  rmSync(dir, { recursive: true, force: true })
})

test('aliases kubectl refuses or reads as keys are refused at path:line:col, exit 2, nothing written', () => {
  const cases: Array<[string, string, string]> = [
    ['an alias before its anchor', split('web', { meta: '  annotations: *later\n  labels: &later\n    app: web\n' }), 'a.yaml:5:16'],
    ['an alias with no anchor', split('web', { meta: '  annotations: *nope\n' }), 'a.yaml:5:16'],
    ['an anchor of another document', `x: &common\n  app: web\n---\n${split('web', { meta: '  labels: *common\n' })}`, 'a.yaml:8:11'],
    [
      'an alias as a key',
      split('web', { meta: '  labels:\n    &k smi-migrate.io/ignore: label\n  annotations:\n    *k : key alias\n' }),
      'a.yaml:8:5',
    ],
  ]
  // One file a case (a0.yaml, a1.yaml, ...), in one run: each file's first line of report is its error.
  const dir = repo(Object.fromEntries(cases.map(([, text], i) => [`a${i}.yaml`, text])))
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 2, r.stdout)
  const lines = r.stdout.split('\n')
  for (const [i, [name, text, at]] of cases.entries()) {
    const file = `a${i}.yaml`
    assert.ok(
      lines.find((l) => l.startsWith(`${file}:`))?.startsWith(`${at.replace('a.yaml', file)}: error: invalid YAML`),
      `${name}: ${at}\n${r.stdout}`,
    )
    assert.is(readFileSync(join(dir, file), 'utf8'), text, `${name}: not written`)
  }
  rmSync(dir, { recursive: true, force: true })
})

test('an annotation a chart template writes: a reason with text of its own suppresses, shown as written; an action alone is an error', () => {
  const template = (value: string) => split('web', { meta: `  annotations:\n    smi-migrate.io/ignore: ${value}\n` })
  const dir = repo({
    'chart/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'chart/values.yaml': 'date: March\n',
    'chart/templates/pinned.yaml': template('"pinned until {{ .Values.date }}"'),
    'chart/templates/alone.yaml': template('{{ .Values.missing | quote }}'),
  })
  const r = cli(['--check', 'chart'], { cwd: dir })
  assert.is(r.status, 2, r.stdout + r.stderr)
  assert.ok(
    r.stdout.includes(
      'chart/templates/alone.yaml:6:28: error: annotation smi-migrate.io/ignore is written by a template action alone: what it renders (perhaps nothing) is not known here; write the reason as text',
    ),
    r.stdout,
  )
  assert.ok(
    r.stdout.includes(
      'suppressed TrafficSplit web (split.smi-spec.io/v1alpha1): "pinned until {{ .Values.date }}" (annotation smi-migrate.io/ignore)',
    ),
    r.stdout,
  )
  assert.not.match(r.stdout, /would convert/)
  rmSync(dir, { recursive: true, force: true })
})

test("a directive after an item's dash (`- # smi-migrate: ignore`, as kpt writes a file's first comment) suppresses that item only, in file and stream mode", () => {
  const item = (name: string, head: string) =>
    `- ${head}\n  apiVersion: split.smi-spec.io/v1alpha1\n  kind: TrafficSplit\n  metadata:\n    name: ${name}\n  spec:\n    service: ${name}\n    backends:\n    - service: a\n      weight: 1\n    - service: b\n      weight: 500m\n`
  const list = `apiVersion: v1\nkind: List\nitems:\n${item('web', '# smi-migrate: ignore vendored chart')}${item('api', '# a comment that is no directive')}`
  const dir = repo({ 'list.yaml': list })
  const r = cli(['--check', 'list.yaml'], { cwd: dir })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(
    r.stdout,
    /^list\.yaml:5:3: suppressed TrafficSplit web \(split\.smi-spec\.io\/v1alpha1\): "vendored chart" \(comment # smi-migrate: ignore\)$/m,
  )
  assert.match(r.stdout, /^list\.yaml:17:3: would convert TrafficSplit api: /m)
  const s = cli(['-'], { input: list })
  assert.is(s.status, 0, s.stderr)
  const [web, api] = s.stdout.split('- # a comment')
  assert.is(web, list.split('- # a comment')[0])
  assert.match(api!, /apiVersion: split\.smi-spec\.io\/v1alpha2[\s\S]*weight: 1000\n[\s\S]*weight: 500\n$/)
  rmSync(dir, { recursive: true, force: true })
})

test.run()
