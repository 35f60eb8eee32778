/**
 * What adding a target takes in src/ (ARCHITECTURE.md, "Adding a target"): its folder, an
 * import and an entry in src/targets/registry.ts's TARGETS, and an import and an entry in
 * src/index.ts's PLUGINS (the library), nothing else. src/ is copied to a temporary directory,
 * the made-up target of test/fixtures/configmap-target/ (`--to configmap`: each TrafficSplit
 * becomes a ConfigMap holding its weights; `--configmap-prefix`; the finding code
 * `configmap-inert`) is dropped in as src/targets/configmap/ and given those lines, and nothing
 * else of the copy differs from src/ (checked). The copy typechecks (a library caller's options
 * too; without the library's lines it does not) and is bundled; its CLI offers and refuses the
 * flag, replaces the split in file and stream mode, reports the code in JSON and SARIF; the
 * library and the Action's code take the target as they take gateway.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { runnerEnv } from './helpers/action.js'
import { nodeEnv } from './helpers/node-env.js'

const COPY = mkdtempSync(join(tmpdir(), 'smi-target-plugin-'))
const SRC = join(COPY, 'src')
const REGISTRY = 'targets/registry.ts'
/** The registry's two lines: the entry's import, and the entry in TARGETS. */
const IMPORT_AFTER = "import { gatewayEntry } from './gateway/options.js'"
const IMPORT = "import { configmapEntry } from './configmap/options.js'"
const TARGETS_BEFORE = 'export const TARGETS: readonly TargetEntry[] = [gatewayEntry as TargetEntry]'
const TARGETS_AFTER = 'export const TARGETS: readonly TargetEntry[] = [gatewayEntry as TargetEntry, configmapEntry as TargetEntry]'
/** The library's two lines: the plug-in's import, and the plug-in in PLUGINS. */
const LIBRARY = 'index.ts'
const LIBRARY_IMPORT_AFTER = "import { gatewayTarget } from './targets/gateway/index.js'"
const LIBRARY_IMPORT = "import { configmapTarget } from './targets/configmap/index.js'"
const PLUGINS_BEFORE = 'const PLUGINS: Plugins = { gateway: gatewayTarget }'
const PLUGINS_AFTER = 'const PLUGINS: Plugins = { gateway: gatewayTarget, configmap: configmapTarget }'

/** Adds `line` after the line `after` of a file of the copy and puts `to` for the line `from` (each there once). */
function edit(file: string, after: string, line: string, from: string, to: string): void {
  const path = join(SRC, file)
  const lines = readFileSync(path, 'utf8').split('\n')
  for (const l of [after, from]) assert.is(lines.filter((x) => x === l).length, 1, `${file} has ${l} once`)
  lines.splice(lines.indexOf(after) + 1, 0, line)
  lines[lines.indexOf(from)] = to
  writeFileSync(path, lines.join('\n'))
}

/**
 * src/index.ts as it was, before the library's two lines, put beside the copy's own as
 * src/index.without.ts: the same imports, from the same folder, in the same program.
 */
const WITHOUT = 'index.without.ts'

/**
 * Typechecks the copy with a library caller's file beside src/, and src/index.ts without the
 * library's lines beside it (WITHOUT): one tsc run, whose errors are told apart by file. Once.
 */
let checked: { status: number | null; output: string } | undefined
function tsc(): { status: number | null; output: string } {
  if (checked) return checked
  const usage = `import { migrate, type MigrateOptions } from './src/index.js'
const options: MigrateOptions = { to: 'configmap', configmap: { prefix: 'w-' } }
// @ts-expect-error -- the prefix is text
const wrong: MigrateOptions = { configmap: { prefix: 1 } }
export const results = [migrate('', options), wrong]
`
  writeFileSync(join(COPY, 'usage.ts'), usage)
  cpSync(join('src', LIBRARY), join(SRC, WITHOUT))
  writeFileSync(join(COPY, 'tsconfig.json'), JSON.stringify({ extends: resolve('tsconfig.json'), include: ['src', 'usage.ts'] }))
  try {
    const r = spawnSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', COPY, '--pretty', 'false'], {
      cwd: COPY,
      encoding: 'utf8',
      env: nodeEnv(),
    })
    checked = { status: r.status, output: r.stdout + r.stderr }
    return checked
  } finally {
    rmSync(join(SRC, WITHOUT))
  }
}

/** tsc's error lines about `file` (relative to the copy), and those about every other file. */
function errorsOf(output: string, file: string): { of: string[]; others: string[] } {
  const errors = output.split('\n').filter((l) => /^\S.*\(\d+,\d+\): error TS\d+/.test(l))
  return { of: errors.filter((l) => l.startsWith(`${file}(`)), others: errors.filter((l) => !l.startsWith(`${file}(`)) }
}

test.before(async () => {
  cpSync('src', SRC, { recursive: true })
  // version.ts reads the package's version; the dependencies are the checkout's.
  cpSync('package.json', join(COPY, 'package.json'))
  symlinkSync(resolve('node_modules'), join(COPY, 'node_modules'), 'dir')
  cpSync('test/fixtures/configmap-target', join(SRC, 'targets/configmap'), { recursive: true })
  edit(REGISTRY, IMPORT_AFTER, IMPORT, TARGETS_BEFORE, TARGETS_AFTER)
  edit(LIBRARY, LIBRARY_IMPORT_AFTER, LIBRARY_IMPORT, PLUGINS_BEFORE, PLUGINS_AFTER)
  // The surfaces as they ship, one bundle each (dist/ is built the same way).
  const bundle = { bundle: true, platform: 'node', format: 'esm', logLevel: 'error' } as const
  await build({ ...bundle, packages: 'external', entryPoints: [join(SRC, 'cli.ts')], outfile: join(COPY, 'cli.mjs') })
  await build({ ...bundle, packages: 'external', entryPoints: [join(SRC, 'index.ts')], outfile: join(COPY, 'index.mjs') })
  // The Action's bundle carries its toolkit (ESM has no require: give it one, as scripts/build.mjs does).
  const banner = { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" }
  await build({ ...bundle, banner, entryPoints: [join(SRC, 'action/main.ts')], outfile: join(COPY, 'action.mjs') })
})

test.after(() => rmSync(COPY, { recursive: true, force: true }))

function run(args: string[], o: { input?: string; cwd?: string } = {}): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(COPY, 'cli.mjs'), ...args], {
    input: o.input ?? '',
    cwd: o.cwd,
    encoding: 'utf8',
    env: nodeEnv({ NO_COLOR: '1' }),
  })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** Files of a tree, relative to it. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort()
}

/** Documents around the split that the run must leave byte for byte: comments, quoting, odd spacing. */
const BEFORE = 'apiVersion: v1\nkind: Service   # the root\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  ports: [{port: 80}]\n'
const AFTER = '# trailing document\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: \'other\', namespace: shop}\ndata:\n  k: "v"\n'
const SPLIT = `apiVersion: split.smi-spec.io/v1alpha1
kind: TrafficSplit
metadata:
  name: web
  namespace: shop
spec:
  service: web
  backends:
  - service: web-v1
    weight: 750m
  - service: web-v2
    weight: 250m
`
const INPUT = `${BEFORE}---\n${SPLIT}---\n${AFTER}`
const CONFIGMAP = `apiVersion: v1
kind: ConfigMap
metadata:
  name: w-web
  namespace: shop
data:
  web-v1: "750"
  web-v2: "250"
`
const OUTPUT = `${BEFORE}---\n${CONFIGMAP}---\n${AFTER}`

test("the copy differs from src/ by the target folder and the registry's and the library's two lines each, as prettier writes them", () => {
  const added = files('test/fixtures/configmap-target').map((f) => `targets/configmap/${f}`)
  assert.equal(files(SRC), [...files('src'), ...added].sort())
  for (const f of files('src'))
    if (f !== REGISTRY && f !== LIBRARY) assert.ok(readFileSync(join(SRC, f)).equals(readFileSync(join('src', f))), `${f} is unchanged`)
  for (const f of added)
    assert.ok(readFileSync(join(SRC, f)).equals(readFileSync(join('test/fixtures/configmap-target', f.slice(18)))), `${f} is the fixture's`)
  const changes = (file: string) => {
    const before = readFileSync(join('src', file), 'utf8').split('\n')
    const after = readFileSync(join(SRC, file), 'utf8').split('\n')
    return { added: after.filter((l) => !before.includes(l)), removed: before.filter((l) => !after.includes(l)) }
  }
  assert.equal(changes(REGISTRY), { added: [IMPORT, TARGETS_AFTER], removed: [TARGETS_BEFORE] })
  assert.equal(changes(LIBRARY), { added: [LIBRARY_IMPORT, PLUGINS_AFTER], removed: [PLUGINS_BEFORE] })
  // The lines are what a contributor's formatted change holds (npm run lint checks src/ with prettier).
  const changed = [REGISTRY, LIBRARY, ...added].map((f) => join(SRC, f))
  const prettier = spawnSync(
    process.execPath,
    [resolve('node_modules/prettier/bin/prettier.cjs'), '--config', resolve('.prettierrc.json'), '--check', ...changed],
    {
      encoding: 'utf8',
      env: nodeEnv(),
    },
  )
  assert.is(prettier.status, 0, prettier.stdout + prettier.stderr)
})

test("the copy typechecks, and a library caller's `to: 'configmap'` and `configmap` field with it", () => {
  // The target's field is typed from its declaration merging: a wrong value is an error (usage.ts).
  const r = tsc()
  const { others } = errorsOf(r.output, `src/${WITHOUT}`)
  assert.equal(others, [], `tsc:\n${r.output}`)
  // tsc says nothing but its errors: with none about the copy, all it said is about the file beside it.
  assert.ok(
    r.output.split('\n').every((l) => !l.trim() || /^\s/.test(l) || l.startsWith(`src/${WITHOUT}(`)),
    r.output,
  )
})

test("without the library's two lines the copy does not typecheck: PLUGINS misses the target's field", () => {
  const r = tsc()
  assert.is(r.status, 2, r.output)
  const { of } = errorsOf(r.output, `src/${WITHOUT}`)
  assert.ok(
    of.some((l) => /^src\/index\.without\.ts\(\d+,\d+\): error TS2741: Property 'configmap' is missing/.test(l)),
    `tsc:\n${r.output}`,
  )
})

test('--help lists --to configmap and its option', () => {
  const r = run(['--help'])
  assert.is(r.status, 0, r.stderr)
  // --to's choices end its help; the targets' lines are made from the registry, one per target.
  assert.match(r.stdout, /^ +or gateway: replace them by Gateway API routes \(docs\/gateway\.md\),$/m)
  assert.match(
    r.stdout,
    /^ +or configmap: replace them by ConfigMaps holding their weights \(v1alpha2, v1alpha3, v1alpha4, gateway, configmap\)$/m,
  )
  assert.match(r.stdout, /^ +--configmap-prefix <text> +with --to configmap: put before each ConfigMap's name$/m)
})

test('--to configmap --write replaces the split by its ConfigMap in the file; the other documents stay byte for byte', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-target-plugin-files-'))
  writeFileSync(join(dir, 'app.yaml'), INPUT)
  const r = run(['--to', 'configmap', '--configmap-prefix', 'w-', '--write', 'app.yaml'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.is(readFileSync(join(dir, 'app.yaml'), 'utf8'), OUTPUT)
  assert.match(r.stdout, /^app\.yaml:\d+:\d+: note .*ConfigMap w-web holds the weights; nothing routes by it$/m)
  rmSync(dir, { recursive: true, force: true })
})

test('--to configmap on a stream (-) writes the same', () => {
  const r = run(['--to', 'configmap', '--configmap-prefix', 'w-', '-'], { input: INPUT })
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, OUTPUT)
  // Without the option the name is the split's.
  assert.is(run(['--to', 'configmap', '-'], { input: SPLIT }).stdout, CONFIGMAP.replace('w-web', 'web'))
})

test('--configmap-prefix needs --to configmap, and its reader refuses a bad value: usage errors (exit 2)', () => {
  for (const to of [[], ['--to', 'v1alpha2'], ['--to', 'gateway']]) {
    const r = run([...to, '--configmap-prefix', 'w-', '-'], { input: SPLIT })
    assert.is(r.status, 2, to.join(' '))
    assert.is(r.stderr, 'smi-migrate: --configmap-prefix needs --to configmap\n')
    assert.is(r.stdout, '')
  }
  const bad = run(['--to', 'configmap', '--configmap-prefix', 'W_', '-'], { input: SPLIT })
  assert.is(bad.status, 2)
  assert.is(bad.stderr, "smi-migrate: --configmap-prefix must be lower-case letters, digits and '-'\n")
})

test("the target's finding code is in --format json and in SARIF's results and rules", () => {
  const json = run(['--to', 'configmap', '--format', 'json', '-'], { input: INPUT })
  assert.is(json.status, 0, json.stderr)
  // A stream's reports go to stderr, its documents to stdout.
  const records = (JSON.parse(json.stderr) as { code?: string; severity?: string }[]).filter((x) => x.code === 'configmap-inert')
  assert.equal(
    records.map((x) => x.severity),
    ['info'],
  )
  const sarif = run(['--to', 'configmap', '--format', 'sarif', '-'], { input: INPUT })
  assert.is(sarif.status, 0, sarif.stderr)
  const log = JSON.parse(sarif.stderr) as {
    runs: { tool: { driver: { rules: { id: string; shortDescription: { text: string } }[] } }; results: { ruleId: string }[] }[]
  }
  const rule = log.runs[0]!.tool.driver.rules.find((x) => x.id === 'configmap-inert')
  assert.is(rule?.shortDescription.text, 'A TrafficSplit became a ConfigMap: its weights are data that nothing routes by.')
  assert.ok(log.runs[0]!.results.some((x) => x.ruleId === 'configmap-inert'))
})

test("the library: migrate(text, { to: 'configmap', configmap }) replaces the split, with the target's code", () => {
  const script = `import { migrate } from ${JSON.stringify(join(COPY, 'index.mjs'))}
const r = migrate(process.argv[1], { to: 'configmap', configmap: { prefix: 'w-' } })
process.stdout.write(JSON.stringify({ output: r.output, codes: r.findings.map((f) => f.code) }))`
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, INPUT], { encoding: 'utf8', env: nodeEnv() })
  assert.is(r.status, 0, r.stderr)
  const out = JSON.parse(r.stdout) as { output: string; codes: string[] }
  assert.is(out.output, OUTPUT)
  assert.ok(out.codes.includes('configmap-inert'), out.codes.join(', '))
})

test("the Action's code takes `to: configmap` and the input configmap-prefix (action.yml declares inputs by hand)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-target-plugin-workspace-'))
  writeFileSync(join(dir, 'app.yaml'), INPUT)
  // The runner sets INPUT_* from action.yml's defaults and the step's `with:`, where the new input is.
  const { runner, env } = runnerEnv(dir, { to: 'configmap', 'configmap-prefix': 'w-', mode: 'write', 'fail-on-change': 'false' })
  const r = spawnSync(process.execPath, [join(COPY, 'action.mjs')], { cwd: dir, env, encoding: 'utf8' })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.is(readFileSync(join(dir, 'app.yaml'), 'utf8'), OUTPUT)
  rmSync(dir, { recursive: true, force: true })
  rmSync(runner, { recursive: true, force: true })
})

test.run()
