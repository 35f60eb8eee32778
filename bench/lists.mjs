// The List layouts of issue 11, at scale (node bench/lists.mjs [items] [--json-mib N]):
// a `kubectl get -o yaml` List of 45,000 items (every third a v1alpha1 TrafficSplit) with a
// comment on top, with CRLF line ends, the same as `kubectl get -o json`, and a 120 MiB
// `-o json` List. Each is piped through `smi-migrate -q -`; peak RSS (GNU time) and wall
// time are printed, and the output is checked: no v1alpha1 and no milli weight may remain
// (and the JSON outputs must still parse). Exits 1 on a failed run, a wrong output or a
// peak RSS above 400 MB (the general path held 0.8-1.3 GB for the 45,000-item dumps and ran
// out of heap on the 120 MiB one).
import { spawnSync } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { once } from 'node:events'
import { join, resolve } from 'node:path'

const argv = process.argv.slice(2)
const items = Number(/^\d+$/.test(argv[0] ?? '') ? argv[0] : 45000)
const at = argv.indexOf('--json-mib')
const jsonMib = Number(at >= 0 ? argv[at + 1] : 120)
const OUT = resolve('bench/out')
mkdirSync(OUT, { recursive: true })

async function write(file, n, mode) {
  const out = createWriteStream(file)
  const w = async (s) => {
    if (!out.write(mode === 'crlf' ? s.replace(/\n/g, '\r\n') : s)) await once(out, 'drain')
  }
  if (mode === 'json') {
    await w('{\n    "apiVersion": "v1",\n    "items": [\n')
    for (let i = 0; i < n; i++) {
      const item =
        i % 3 === 0
          ? `        {\n            "apiVersion": "split.smi-spec.io/v1alpha1",\n            "kind": "TrafficSplit",\n            "metadata": {\n                "name": "ts-${i}",\n                "namespace": "prod",\n                "resourceVersion": "${i}",\n                "uid": "0000-${i}"\n            },\n            "spec": {\n                "backends": [\n                    {\n                        "service": "a-${i}",\n                        "weight": "500m"\n                    },\n                    {\n                        "service": "b-${i}",\n                        "weight": "500m"\n                    }\n                ],\n                "service": "svc-${i}"\n            }\n        }`
          : `        {\n            "apiVersion": "v1",\n            "data": {\n                "k": "${'x'.repeat(200)}"\n            },\n            "kind": "ConfigMap",\n            "metadata": {\n                "name": "cm-${i}",\n                "namespace": "prod"\n            }\n        }`
      await w(item + (i + 1 < n ? ',\n' : '\n'))
    }
    await w('    ],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n')
  } else {
    if (mode === 'comment') await w('# kubectl get trafficsplits,configmaps -A -o yaml\n')
    await w('apiVersion: v1\nitems:\n')
    for (let i = 0; i < n; i++) {
      await w(
        i % 3 === 0
          ? `- apiVersion: split.smi-spec.io/v1alpha1\n  kind: TrafficSplit\n  metadata:\n    name: ts-${i}\n    namespace: prod\n    resourceVersion: "${i}"\n    uid: 0000-${i}\n  spec:\n    backends:\n    - service: a-${i}\n      weight: 500m\n    - service: b-${i}\n      weight: 500m\n    service: svc-${i}\n`
          : `- apiVersion: v1\n  data:\n    k: ${'x'.repeat(200)}\n  kind: ConfigMap\n  metadata:\n    name: cm-${i}\n    namespace: prod\n`,
      )
    }
    await w('kind: List\nmetadata:\n  resourceVersion: ""\n')
  }
  out.end()
  await once(out, 'finish')
}

const cases = [
  ['comment', items, `${items} items, comment on top`],
  ['crlf', items, `${items} items, CRLF`],
  ['json', items, `${items} items, -o json`],
  ['json', Math.round((jsonMib * 1024 * 1024) / 538), `${jsonMib} MiB, -o json`],
]
let failed = false
console.log('| List dump | MiB | wall (s) | peak RSS (MB) | output checked |\n|---|---:|---:|---:|---|')
for (const [mode, n, label] of cases) {
  const input = join(OUT, `list-${mode}-${n}.${mode === 'json' ? 'json' : 'yaml'}`)
  if (!existsSync(input)) await write(input, n, mode)
  const output = `${input}.out`
  const t = process.hrtime.bigint()
  const r = spawnSync('sh', ['-c', `/usr/bin/time -f %M -o ${output}.rss node dist/cli.js -q - < ${input} > ${output}`], {
    encoding: 'utf8',
  })
  const wall = Number(process.hrtime.bigint() - t) / 1e9
  const rss = Number(readFileSync(`${output}.rss`, 'utf8').trim().split('\n').pop()) / 1024
  const text = readFileSync(output, 'utf8')
  let ok = r.status === 0 && !text.includes('split.smi-spec.io/v1alpha1') && !/weight"?: "?500m/.test(text) && rss < 400
  if (ok && mode === 'json') ok = JSON.parse(text).items.length === n
  failed ||= !ok
  const mib = (readFileSync(input).length / 2 ** 20).toFixed(0)
  console.log(
    `| ${label} | ${mib} | ${wall.toFixed(1)} | ${rss.toFixed(0)} | ${ok ? 'yes' : `NO (${r.status}) ${r.stderr.slice(0, 200)}`} |`,
  )
}
process.exit(failed ? 1 : 0)
