// Benchmark: smi-migrate's stream mode against baselines on a generated helm-like stream.
// Alternates the commands, runs each RUNS times (default 5), prints a markdown table of
// median wall time and peak RSS (GNU time). Usage: npm run bench [-- MiB]
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, openSync, statSync } from 'node:fs'
import { cpus } from 'node:os'

const mib = Number(process.argv[2] ?? 50)
const runs = Number(process.env.RUNS ?? 5)
mkdirSync('bench/out', { recursive: true })
const input = `bench/out/helm-${mib}.yaml`
if (!existsSync(input)) execFileSync('sh', ['-c', `node bench/gen.mjs ${mib} > ${input}`])
const hasTime = existsSync('/usr/bin/time')

const commands = {
  cat: `cat ${input}`,
  'sed (naive 2-regex rewrite)': `sed -E -e 's#split.smi-spec.io/v1alpha1#split.smi-spec.io/v1alpha2#' -e 's/weight: ([0-9]+)00m$/weight: \\1/' ${input}`,
  'node -e 0': 'node -e 0',
  'smi-migrate -': `node dist/cli.js -q - < ${input}`,
}
const results = Object.fromEntries(Object.keys(commands).map((k) => [k, { wall: [], rss: [] }]))
for (let i = 0; i < runs; i++) {
  for (const [name, cmd] of Object.entries(commands)) {
    const devnull = openSync('/dev/null', 'w')
    const t = process.hrtime.bigint()
    const r = hasTime
      ? spawnSync('/usr/bin/time', ['-f', '%M', 'sh', '-c', cmd], { stdio: ['ignore', devnull, 'pipe'], encoding: 'utf8' })
      : spawnSync('sh', ['-c', cmd], { stdio: ['ignore', devnull, 'pipe'], encoding: 'utf8' })
    results[name].wall.push(Number(process.hrtime.bigint() - t) / 1e9)
    if (hasTime) results[name].rss.push(Number(r.stderr.trim().split('\n').pop()) / 1024)
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const sed = median(results['sed (naive 2-regex rewrite)'].wall)
console.log(`Input: ${input} (${(statSync(input).size / 1048576).toFixed(1)} MiB); ${runs} runs each, alternating; ${cpus().length} cores, Node ${process.version}\n`)
console.log('| command | median wall (s) | vs sed | peak RSS (MB) |\n|---|---:|---:|---:|')
for (const [name, r] of Object.entries(results)) {
  const w = median(r.wall)
  console.log(`| ${name} | ${w.toFixed(3)} | ${(w / sed).toFixed(2)}x | ${r.rss.length ? median(r.rss).toFixed(0) : 'n/a'} |`)
}
