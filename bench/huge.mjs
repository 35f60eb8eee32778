// The 1 GiB check (npm run bench -- --huge [MiB]): a generated helm-like stream is piped
// through `smi-migrate -q -` without ever touching the disk; peak RSS is measured with GNU
// time, and the output's SHA-256 is compared with that of the same documents converted one
// at a time by the library (`migrate()` per document). Exits 1 if the outputs differ.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { helmDocs } from './gen.mjs'

const argv = process.argv.slice(2)
const at = argv.indexOf('--huge')
const mib = Number(/^\d+$/.test(argv[at + 1] ?? '') ? argv[at + 1] : 1024)
const OUT = resolve('bench/out')
mkdirSync(OUT, { recursive: true })
const rssFile = join(OUT, 'huge-rss.txt')
const { migrate } = await import(resolve('dist/index.js'))

const hasTime = existsSync('/usr/bin/time')
const pipeline = `node bench/gen.mjs helm ${mib} | ${hasTime ? `/usr/bin/time -f %M -o ${rssFile} ` : ''}node dist/cli.js -q - | sha256sum`
const t = process.hrtime.bigint()
const r = spawnSync('sh', ['-c', `set -e; ${pipeline}`], { encoding: 'utf8' })
const wall = Number(process.hrtime.bigint() - t) / 1e9
if (r.status !== 0) {
  console.error(`FAIL: the pipeline failed (${r.status}): ${r.stderr}`)
  process.exit(1)
}
const got = r.stdout.split(' ')[0]
const rss = hasTime ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) / 1024 : NaN

// The same documents, one at a time.
const hash = createHash('sha256')
let size = 0
let docs = 0
for (const doc of helmDocs()) {
  if (size >= mib * 1024 * 1024) break
  size += Buffer.byteLength(doc)
  docs++
  hash.update(migrate(doc).output)
}
const want = hash.digest('hex')

console.log(
  `\n| stream | documents | wall (s), generator included | smi-migrate peak RSS (MB) | output identical to one document at a time |`,
)
console.log(`|---|---:|---:|---:|---|`)
console.log(
  `| ${mib} MiB helm-like, piped | ${docs} | ${wall.toFixed(1)} | ${Number.isFinite(rss) ? rss.toFixed(0) : 'n/a'} | ${got === want ? 'yes' : 'NO'} |`,
)
if (Number.isFinite(rss)) console.log(`\nPeak RSS target (under 100 MB): ${rss < 100 ? 'met' : 'not met'}.`)
if (got !== want) {
  console.error(`FAIL: output hash ${got} differs from ${want}`)
  process.exit(1)
}
