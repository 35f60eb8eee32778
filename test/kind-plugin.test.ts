/**
 * A kind with an option of its own is its folder, a line in src/kinds/registry.ts and a line
 * in src/kinds/names.ts, and nothing else in src/: a copy of src/ gets the made-up kind of
 * test/fixtures/widget-kind/ (Widget, `--widget-to`) with exactly those lines, is typechecked
 * (what the lines reach: see the test) and bundled, and its CLI offers the flag and converts a Widget.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { build } from 'esbuild'
import ts from 'typescript'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { nodeEnv } from './helpers/node-env.js'

const root = mkdtempSync(join(tmpdir(), 'smi-kind-plugin-'))
const bin = join(root, 'cli.mjs')

/** Inserts `line` into a file of the copy after the line `after` (which must be there, once). */
function addLine(file: string, after: string, line: string): void {
  const path = join(root, 'src', file)
  const text = readFileSync(path, 'utf8')
  const lines = text.split('\n')
  const at = lines.indexOf(after)
  assert.ok(at >= 0 && lines.lastIndexOf(after) === at, `${file} has the line ${JSON.stringify(after)} once`)
  lines.splice(at + 1, 0, line)
  writeFileSync(path, lines.join('\n'))
}

function run(args: string[], input = ''): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', env: nodeEnv({ NO_COLOR: '1' }) })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

test.before(async () => {
  cpSync(resolve('src'), join(root, 'src'), { recursive: true })
  cpSync(resolve('package.json'), join(root, 'package.json')) // src/version.ts reads it
  cpSync(resolve('test/fixtures/widget-kind'), join(root, 'src/kinds/widget'), { recursive: true })
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir')
  // The kind's two lines: its module in the registry, its entry beside the other kinds' names.
  addLine('kinds/registry.ts', "import { trafficTarget } from './traffictarget/index.js'", "import { widget } from './widget/index.js'")
  addLine('kinds/registry.ts', '  serviceProfile as KindModule<never>,', '  widget as KindModule<never>,')
  addLine(
    'kinds/names.ts',
    "import { trafficTargetEntry } from './traffictarget/entry.js'",
    "import { widgetEntry } from './widget/entry.js'",
  )
  addLine('kinds/names.ts', '  serviceProfileEntry,', '  widgetEntry,')
  const bundle = { bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'error' } as const
  await build({ ...bundle, entryPoints: [join(root, 'src/cli.ts')], outfile: bin })
  await build({ ...bundle, entryPoints: [join(root, 'src/index.ts')], outfile: join(root, 'index.mjs') })
})

test.after(() => rmSync(root, { recursive: true, force: true }))

/**
 * The typecheck of the copy, narrowed to what the kind's lines can reach. tsc checks the kind's
 * folder and the two files given its lines, with all they import (the interfaces the kind
 * implements): some 36 files of src/, not all of it. Every other file of the copy is src/'s, byte
 * for byte, and sees the two files only through their exports; their declarations (each export
 * carries its type, so the declaration emit needs no checker) are src/'s, so those files check
 * in the copy as they do in src/, which npm test's tsc checks. The kind declares nothing into
 * other modules (no `declare module`), which would reach files without an import.
 */
test('the copy with the new kind typechecks', () => {
  const edited = ['kinds/registry.ts', 'kinds/names.ts']
  const files = (dir: string) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => statSync(join(dir, f)).isFile())
      .sort()
  const added = files('test/fixtures/widget-kind').map((f) => `kinds/widget/${f}`)
  assert.equal(files(join(root, 'src')), [...files('src'), ...added].sort())
  for (const f of files('src'))
    if (!edited.includes(f)) assert.ok(readFileSync(join(root, 'src', f)).equals(readFileSync(join('src', f))), `${f} is unchanged`)
  for (const f of added) assert.not.match(readFileSync(join(root, 'src', f), 'utf8'), /declare\s+(module|global)\b/, f)
  for (const f of edited) {
    const declarations = (path: string) => {
      const r = ts.transpileDeclaration(readFileSync(path, 'utf8'), { fileName: path, reportDiagnostics: true })
      assert.equal(
        r.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')) ?? [],
        [],
        `${path} declares its exports' types`,
      )
      return r.outputText
    }
    assert.is(declarations(join(root, 'src', f)), declarations(join('src', f)), `${f} exports what src/'s does`)
  }
  const include = [...edited.map((f) => `src/${f}`), 'src/kinds/widget']
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ extends: resolve('tsconfig.json'), include }))
  const tsc = spawnSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', root, '--listFiles'], {
    encoding: 'utf8',
    env: nodeEnv(),
  })
  assert.is(tsc.status, 0, `tsc:\n${tsc.stdout}${tsc.stderr}`)
  // The program holds the kind, the two files and the kinds' interface (what the check is about).
  const program = tsc.stdout.split('\n')
  for (const f of [...include.slice(0, 2), ...added.map((a) => `src/${a}`), 'src/kinds/kind.ts'])
    assert.ok(program.includes(join(root, f)), `${f} is in the program`)
})

test("--help offers the kind's flag with its choices, and --mesh names it among those that win", () => {
  const r = run(['--help'])
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stdout, /^ {6}--widget-to <version> +apiVersion to convert Widgets to \(default: leave them alone\) \(v1beta1\)$/m)
  assert.match(r.stdout, /explicit --to, --specs-to, --access-to and --widget-to win/)
})

const WIDGET = 'apiVersion: widgets.example.com/v1alpha1\nkind: Widget\nmetadata:\n  name: w\nsize: 3 # small\n'
const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: s\nspec:\n  service: web\n  backends:\n  - service: a\n    weight: 500m\n'

test('--widget-to converts a Widget (and only it: TrafficSplits still follow --to)', () => {
  const r = run(['--widget-to', 'v1beta1', '-'], `${WIDGET}---\n${SPLIT}`)
  assert.is(r.status, 0, r.stderr)
  assert.is(
    r.stdout,
    'apiVersion: widgets.example.com/v1beta1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 3 # small\n' +
      `---\n${SPLIT.replace('v1alpha1', 'v1alpha2').replace('500m', '500')}`,
  )
  assert.match(r.stderr, /Widget w: v1alpha1 -> v1beta1 \(size moved under spec\)/)
})

test('without the flag a Widget is left alone, with a line that names the flag', () => {
  const r = run(['-'], WIDGET)
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, WIDGET)
  assert.match(r.stderr, /left as it is \(--widget-to picks a version to convert it to\)/)
})

test('the library takes the option as a field, its name in camel case (widgetTo)', () => {
  const script = `import { migrate } from ${JSON.stringify(join(root, 'index.mjs'))}
process.stdout.write(migrate(process.argv[1], { widgetTo: 'v1beta1' }).output)`
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, WIDGET], { encoding: 'utf8', env: nodeEnv() })
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, 'apiVersion: widgets.example.com/v1beta1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 3 # small\n')
})

test("a version the kind's option does not offer is a usage error naming its choices", () => {
  const r = run(['--widget-to', 'v2', '-'], WIDGET)
  assert.is(r.status, 2)
  assert.match(r.stderr, /--widget-to/)
  assert.match(r.stderr, /v1beta1/)
})

test.run()
