// Builds the committed bundles in dist/: the CLI (with its lazily loaded YAML half split
// into chunks), the library entry and its rolled-up type declarations, the GitHub Action
// (one self-contained file, so the npm package can leave it out), and beside them the
// notices of the third-party code each bundle redistributes. `node scripts/build.mjs
// --check` fails when the committed dist/ differs from a fresh build (CI runs it so
// dist/, notices included, never goes stale).
import { build } from 'esbuild'
import { rollup } from 'rollup'
import { dts } from 'rollup-plugin-dts'
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { createHash } from 'node:crypto'

const check = process.argv.includes('--check')
const outdir = check ? mkdtempSync(join(tmpdir(), 'smi-dist-')) : 'dist'
if (check) process.on('exit', () => rmSync(outdir, { recursive: true, force: true }))
/** Notices for what the npm package ships (cli.js, index.js, chunks/) and for the Action's action.js. */
const NOTICES = 'THIRD_PARTY_NOTICES.md'
const ACTION_NOTICES = 'action-THIRD_PARTY_NOTICES.md'

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outdir,
  // The licence texts go to the notices files below, complete, instead of scattered comments.
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  write: false,
  // glob's main export is its own minified pre-bundle of minimatch, path-scurry, lru-cache,
  // minipass, brace-expansion and more: the metafile would see only "glob", and the notices
  // would miss those packages (the pre-bundle's versions are not even the installed ones).
  // glob/raw is the same code unbundled, resolved through node_modules like any dependency.
  // yaml's own ES module build (its package exports it to every platform but Node, whose build
  // is CommonJS: bundled, every call of isMap, isScalar… went through an interop getter, a
  // seventh of the converter's own time on a stream of small TrafficSplits). The two builds
  // are one source; they differ only in how a warning is printed and how a !!binary is decoded.
  alias: { glob: 'glob/raw', yaml: './node_modules/yaml/browser/index.js' },
}

if (!check) rmSync('dist', { recursive: true, force: true })
const lib = await build({
  ...common,
  entryPoints: { cli: 'src/cli.ts', index: 'src/index.ts' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
})
// The Action runs on the runner's Node 24; the tests run it on 20.
const action = await build({ ...common, entryPoints: { action: 'src/action/main.ts' } })

// esbuild turns each require() of CommonJS code into __require(), a shim defined once (in
// whichever chunk holds esbuild's runtime) that calls the `require` of its own module scope,
// and ESM has none: yaml's Node build (CLI and library alike) requires process and buffer,
// undici and tunnel (Action) require node:net and more. So exactly the outputs that define the
// shim get a real `require`; the entries and the other chunks do not need one.
const REQUIRE_BANNER =
  "import { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);\n"
const definesRequireShim = (code) => code.includes('typeof require !== "undefined"')
// Only the CLI is an executable; the library entry and the shared chunks are plain modules.
const SHEBANG = '#!/usr/bin/env node\n'
const cliPath = resolve(outdir, 'cli.js')
for (const outputFiles of [stableChunkNames(lib), action.outputFiles]) {
  if (outputFiles.some((f) => f.text.includes('__require(')) && !outputFiles.some((f) => definesRequireShim(f.text))) {
    throw new Error("an output calls esbuild's __require() but none defines it as this script recognises it: update definesRequireShim")
  }
  for (const file of outputFiles) {
    const isCli = file.path === cliPath
    mkdirSync(dirname(file.path), { recursive: true })
    writeFileSync(file.path, (isCli ? SHEBANG : '') + (definesRequireShim(file.text) ? REQUIRE_BANNER : '') + file.text)
    if (isCli) chmodSync(file.path, 0o755)
  }
}

writeFileSync(join(outdir, NOTICES), notices(lib.metafile, 'dist/cli.js, dist/index.js and dist/chunks/ (the npm package)'))
writeFileSync(join(outdir, ACTION_NOTICES), notices(action.metafile, 'dist/action.js (the GitHub Action)'))

// Type declarations for the public API only, in one file. tsc cannot limit its emission to
// an entry's exports (it writes a .d.ts for every module the library reaches, internals
// included), so tsc emits into a temporary directory and rollup-plugin-dts rolls the API up
// from index.d.ts. Of the roll-up tools, rollup-plugin-dts is actively maintained, declares
// support for TypeScript 5 to 7 and needs only rollup beside it (11 small packages in all);
// api-extractor pins its own TypeScript 6 plus a dozen @microsoft/@rushstack packages, and
// dts-bundle-generator (last release 2024) rests on the compiler API that TypeScript 7 lacks.
const typesTmp = mkdtempSync(join(tmpdir(), 'smi-types-'))
try {
  execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json', '--outDir', typesTmp], { stdio: 'inherit' })
  const bundle = await rollup({
    input: join(typesTmp, 'index.d.ts'),
    plugins: [dts()],
    onwarn: (w) => {
      throw new Error(`rollup-plugin-dts: ${w.message}`)
    },
  })
  await bundle.write({ file: join(outdir, 'index.d.ts'), format: 'es' })
  await bundle.close()
} finally {
  rmSync(typesTmp, { recursive: true, force: true })
}

/**
 * The outputs with chunk names that do not change with the code in them. esbuild names a chunk
 * by a hash of its content, so a one-line change renamed every chunk that imports the changed
 * one (15 of them) and every commit rewrote dist/ wholesale. A chunk that `import()` loads is
 * named by its module's path (src/report/diff.ts: report-diff.js), a shared chunk by a hash of
 * the paths of the modules in it: a name changes only when a module moves between chunks.
 */
function stableChunkNames(result) {
  const renames = new Map()
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    if (!/(^|\/)chunks\/[^/]+\.js$/.test(path)) continue
    const name = output.entryPoint
      ? output.entryPoint
          .replace(/^(src|node_modules)\//, '')
          .replace(/\.[cm]?[jt]s$/, '')
          .replaceAll('/', '-')
      : `shared-${createHash('sha256').update(Object.keys(output.inputs).sort().join('\n')).digest('hex').slice(0, 10)}`
    if ([...renames.values()].includes(`${name}.js`)) throw new Error(`two chunks would be named ${name}.js: change stableChunkNames`)
    renames.set(basename(path), `${name}.js`)
  }
  // Old names are esbuild's `name-HASH.js`: a string no code of ours spells.
  const old = new RegExp([...renames.keys()].map((n) => n.replaceAll('.', '\\.')).join('|'), 'g')
  return result.outputFiles.map((f) => {
    const renamed = renames.get(basename(f.path))
    return { path: renamed ? join(dirname(f.path), renamed) : f.path, text: f.text.replace(old, (m) => renames.get(m)) }
  })
}

/**
 * The third-party notices for one build: every package whose code ended up in an output
 * (esbuild's metafile, bytesInOutput > 0), with its version, declared licence and the full
 * text of its licence (and NOTICE) files. Derived from the build, so it cannot drift.
 */
function notices(metafile, covers) {
  const packages = new Map()
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const dir = packageDir(input)
      if (!dir || bytesInOutput === 0) continue
      assertNotPrebundled(input, dir)
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
      packages.set(`${pkg.name}@${pkg.version}`, { pkg, dir })
    }
  }
  const entries = [...packages.values()].sort(
    (a, b) => a.pkg.name.localeCompare(b.pkg.name, 'en') || a.pkg.version.localeCompare(b.pkg.version, 'en'),
  )
  let md =
    `# Third-party notices\n\nCode from the following ${entries.length} packages is bundled into ${covers} and redistributed under ` +
    "the licences below. scripts/build.mjs generates this file from the bundler's record of what it bundled; do not edit it.\n"
  md += entries.map(({ pkg }) => `\n- ${pkg.name} ${pkg.version} (${licenceOf(pkg)})`).join('') + '\n'
  for (const { pkg, dir } of entries) {
    const texts = readdirSync(dir)
      .filter((f) => /^(licen[cs]e|copying|notice)\b/i.test(f) && statSync(join(dir, f)).isFile())
      .sort()
    if (!texts.length) throw new Error(`${pkg.name}@${pkg.version} is bundled but ${dir} has no LICENSE file: add its licence text by hand`)
    md += `\n## ${pkg.name} ${pkg.version}\n\nLicence: ${licenceOf(pkg)}${pkg.homepage ? `. Homepage: <${pkg.homepage}>` : ''}\n`
    for (const f of texts) md += `\n${f}:\n\n${fenced(readFileSync(join(dir, f), 'utf8'))}\n`
  }
  return md
}

/** node_modules/@scope/name/… or a/node_modules/name/… → the package's directory (the innermost one). */
function packageDir(input) {
  const m = input.match(/^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//)
  return m && m[1]
}

function licenceOf(pkg) {
  if (typeof pkg.license === 'string') return pkg.license
  const legacy = [pkg.license, ...(pkg.licenses ?? [])].filter(Boolean).map((l) => l.type)
  if (legacy.length) return legacy.join(' OR ')
  throw new Error(`${pkg.name}@${pkg.version} declares no licence in its package.json`)
}

/** A fence longer than any backtick run in the text, so a licence written in Markdown stays verbatim. */
function fenced(text) {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}text\n${text.replace(/\s+$/, '')}\n${fence}`
}

/**
 * Fails when a bundled file is itself a bundle of other packages (as glob's index.min.js is):
 * its source map names sources in another node_modules package, which the metafile cannot see.
 */
function assertNotPrebundled(input, dir) {
  const url = readFileSync(input, 'utf8').match(/\/\/# sourceMappingURL=(\S+)\s*$/)?.[1]
  if (!url) return
  let map
  if (url.startsWith('data:'))
    map = Buffer.from(url.slice(url.indexOf(',') + 1), url.includes(';base64,') ? 'base64' : 'utf8').toString('utf8')
  else if (existsSync(join(dirname(input), url))) map = readFileSync(join(dirname(input), url), 'utf8')
  else return
  const { sourceRoot = '', sources = [] } = JSON.parse(map)
  const foreign = sources.map((s) => packageDir(join(dirname(input), sourceRoot, s))).filter((d) => d && resolve(d) !== resolve(dir))
  if (foreign.length)
    throw new Error(
      `${input} is a pre-bundle that also holds ${[...new Set(foreign)].join(', ')}: bundle the package's unbundled entry so the notices can list them`,
    )
}

if (check) {
  const list = (dir) =>
    readdirSync(dir, { recursive: true })
      .filter((f) => statSync(join(dir, f)).isFile())
      .sort()
  const fresh = list(outdir)
  const committed = list('dist')
  const stale = fresh.filter((f) => {
    try {
      return !readFileSync(join(outdir, f)).equals(readFileSync(join('dist', f)))
    } catch {
      return true
    }
  })
  const extra = committed.filter((f) => !fresh.includes(f))
  if (stale.length || extra.length) {
    console.error(`dist/ is stale (differs: ${[...stale, ...extra].join(', ')}); run npm run build and commit dist/`)
    process.exit(1)
  }
  console.log('dist/ is up to date')
}
