// smi-migrate krm at scale (node bench/krm.mjs [items] [runs]): a ResourceList of 10,000 items
// (every other one a v1alpha1 TrafficSplit with kpt's path and index annotations, the rest
// Services) as kustomize and kpt print it, through `smi-migrate krm`, against the same objects
// as a `---` stream through `smi-migrate -` (and, for scale, the ResourceList itself through `-`).
// Each is run `runs` times, alternating; the CPU
// time (user + system, GNU time) of each run is printed, and the medians' ratio. Exits 1 when
// the ratio is above 1.5, when a run fails, or when an output is wrong: every TrafficSplit on
// v1alpha2 in both, one result per TrafficSplit, and the items of the krm output exactly what
// `smi-migrate -` makes of the same ResourceList.
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const [items = 10000, runs = 5] = process.argv.slice(2).map(Number)
const BIN = resolve('dist/cli.js')
const OUT = resolve('bench/out')
mkdirSync(OUT, { recursive: true })

const objects = []
for (let i = 0; i < items; i++) {
  const annotations = `  annotations:\n    config.kubernetes.io/path: 'apps/app-${i % 100}.yaml'\n    config.kubernetes.io/index: '${i % 7}'\n`
  objects.push(
    i % 2 === 0
      ? `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: split-${i}\n  namespace: prod\n${annotations}spec:\n  service: svc-${i}\n  backends:\n  - service: svc-${i}-v1\n    weight: 1\n  - service: svc-${i}-v2\n    weight: 500m\n`
      : `apiVersion: v1\nkind: Service\nmetadata:\n  name: svc-${i}\n  namespace: prod\n${annotations}spec:\n  ports:\n  - name: http\n    port: 80\n`,
  )
}
const streamFile = join(OUT, 'krm-stream.yaml')
const listFile = join(OUT, 'krm-resourcelist.yaml')
writeFileSync(streamFile, objects.join('---\n'))
const indented = objects.map((o) => o.trimEnd().replace(/^/gm, '  ').replace(/^ {2}/, '- ') + '\n').join('')
writeFileSync(
  listFile,
  `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${indented}functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: smi-migrate\n  data:\n    to: v1alpha2\n`,
)

/** CPU seconds (user + system) of one run, its stdout and exit status. */
function run(args, file) {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', 'sh', '-c', `exec "$0" "$@" < "${file}"`, process.execPath, BIN, ...args], {
    maxBuffer: 1 << 30,
  })
  const times = r.stderr.toString().trim().split('\n').pop().split(' ').map(Number)
  return { cpu: times[0] + times[1], stdout: r.stdout.toString(), status: r.status, stderr: r.stderr.toString() }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
const cpu = { stream: [], krm: [], list: [] }
let failed = false
for (let k = 0; k < runs; k++) {
  const s = run(['-q', '-'], streamFile)
  const f = run(['krm'], listFile)
  // For scale: the same ResourceList through `-` (a List to the stream engine, taken item by item).
  cpu.list.push(run(['-q', '-'], listFile).cpu)
  for (const [name, r] of [
    ['stream', s],
    ['krm', f],
  ]) {
    if (r.status !== 0) {
      console.error(`${name}: exit ${r.status}\n${r.stderr.slice(0, 2000)}`)
      failed = true
    }
    cpu[name].push(r.cpu)
  }
  if (k === 0) {
    const splits = items / 2
    const converted = (text) => text.split('split.smi-spec.io/v1alpha2').length - 1
    const results = f.stdout.slice(f.stdout.indexOf('\nresults:\n'))
    const expected = spawnSync('sh', ['-c', `exec "$0" "$@" < "${listFile}"`, process.execPath, BIN, '-q', '-'], { maxBuffer: 1 << 30 })
    const checks = [
      [converted(s.stdout) === splits, `stream: ${converted(s.stdout)} of ${splits} TrafficSplits on v1alpha2`],
      [converted(f.stdout) === splits, `krm: ${converted(f.stdout)} of ${splits} TrafficSplits on v1alpha2`],
      [results.split('\n- ').length - 1 === splits, `krm: one result per TrafficSplit`],
      [
        f.stdout.startsWith(expected.stdout.toString().slice(0, expected.stdout.length - 1)),
        'krm items = smi-migrate - of the ResourceList',
      ],
    ]
    for (const [ok, what] of checks) {
      console.log(`${ok ? 'ok' : 'WRONG'}: ${what}`)
      failed ||= !ok
    }
  }
}
const ratio = median(cpu.krm) / median(cpu.stream)
// Each round's own ratio (its krm run over its stream run, taken one after the other): the spread on a loaded machine.
const rounds = cpu.krm.map((k, i) => k / cpu.stream[i]).sort((a, b) => a - b)
console.log(`stream (${items} documents): CPU s ${cpu.stream.map((x) => x.toFixed(2)).join(' ')}; median ${median(cpu.stream).toFixed(2)}`)
console.log(
  `krm (ResourceList of ${items} items): CPU s ${cpu.krm.map((x) => x.toFixed(2)).join(' ')}; median ${median(cpu.krm).toFixed(2)}`,
)
console.log(
  `- of the ResourceList itself: CPU s median ${median(cpu.list).toFixed(2)} (${(median(cpu.list) / median(cpu.stream)).toFixed(2)}x the stream)`,
)
console.log(`ratio ${ratio.toFixed(2)} (bound 1.5); per round ${rounds[0].toFixed(2)}-${rounds[rounds.length - 1].toFixed(2)}`)
process.exit(failed || ratio > 1.5 ? 1 : 0)
