// Builds the committed bundles in dist/: the CLI (with its lazily loaded YAML half split
// into a chunk), the library entry, and the GitHub Action (one self-contained file, so
// the npm package can leave it out). `node scripts/build.mjs --check` fails when the
// committed dist/ differs from a fresh build (CI runs it so dist/ never goes stale).
import { build } from 'esbuild'
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const check = process.argv.includes('--check')
const outdir = check ? mkdtempSync(join(tmpdir(), 'smi-dist-')) : 'dist'

if (!check) rmSync('dist', { recursive: true, force: true })
await build({
  entryPoints: { cli: 'src/cli.ts', index: 'src/index.ts' },
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outdir,
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
  // commander is CommonJS: an ESM bundle needs a real `require` for its node: imports.
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);" },
})
// The Action bundles @actions/core, whose http-client (tunnel) requires node: modules
// dynamically; same banner, without the shebang. The runner runs it on Node 24; tests on 20.
await build({
  entryPoints: { action: 'src/action/main.ts' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outdir,
  legalComments: 'none',
  logLevel: 'warning',
  banner: { js: "import { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);" },
})
chmodSync(join(outdir, 'cli.js'), 0o755)
execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json', '--outDir', join(outdir, 'types')], { stdio: 'inherit' })

if (check) {
  const list = (dir) => readdirSync(dir, { recursive: true }).filter((f) => statSync(join(dir, f)).isFile()).sort()
  const fresh = list(outdir)
  const committed = list('dist')
  const stale = fresh.filter((f) => { try { return !readFileSync(join(outdir, f)).equals(readFileSync(join('dist', f))) } catch { return true } })
  const extra = committed.filter((f) => !fresh.includes(f))
  rmSync(outdir, { recursive: true, force: true })
  if (stale.length || extra.length) {
    console.error(`dist/ is stale (differs: ${[...stale, ...extra].join(', ')}); run npm run build and commit dist/`)
    process.exit(1)
  }
  console.log('dist/ is up to date')
}
