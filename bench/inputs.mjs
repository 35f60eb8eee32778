// The benchmark's generated inputs on disk, shared by run.mjs and compare.mjs: streams in
// bench/out/ (written once, then reused), and the tree of small manifests for case (d).
import { spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate, helmDocs } from './gen.mjs'

/** bench/out/<kind>-<mib>.yaml, generated on first use. */
export function input(out, kind, mib) {
  mkdirSync(out, { recursive: true })
  const file = join(out, `${kind}-${mib}.yaml`)
  if (!existsSync(file)) {
    const fd = openSync(`${file}.tmp`, 'w')
    for (const batch of generate(kind, mib * 1024 * 1024)) writeSync(fd, batch)
    closeSync(fd)
    spawnSync('mv', [`${file}.tmp`, file])
  }
  return file
}

/** A tree of `count` small manifests outside any git work tree; 2% hold a TrafficSplit. */
export function tree(count) {
  const dir = join(tmpdir(), `smi-migrate-bench-tree-${count}`)
  const splits = []
  const files = []
  const docs = helmDocs()
  for (let i = 0; i < count; i++) {
    const file = join(dir, `chart${Math.floor(i / 100)}`, `templates`, `m${i}.yaml`)
    const isSplit = i % 50 === 7
    let doc
    do doc = docs.next().value
    while (doc.includes('TrafficSplit') !== isSplit)
    files.push([file, isSplit ? doc : doc.slice(0, 2000)])
    if (isSplit) splits.push(file)
  }
  if (!existsSync(join(dir, '.complete'))) {
    rmSync(dir, { recursive: true, force: true })
    for (const [file, text] of files) {
      mkdirSync(join(file, '..'), { recursive: true })
      writeFileSync(file, text)
    }
    writeFileSync(join(dir, '.complete'), '')
  }
  return { dir, splits }
}

/** The small file without a TrafficSplit of case (e). */
export function smallPlain(out) {
  mkdirSync(out, { recursive: true })
  const plain = join(out, 'small-plain.yaml')
  writeFileSync(plain, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: fast\n')
  return plain
}

/** An ES module that prints one line: Node's own start-up for a program, a reference for (e). */
export function oneLineModule(out) {
  mkdirSync(out, { recursive: true })
  const file = join(out, 'one-line.mjs')
  writeFileSync(file, "console.log('ok')\n")
  return file
}

/** How many TrafficSplits the `--diff` case (i) has: three edits each (apiVersion, two weights), 20,001 in all. */
export const DIFF_SPLITS = 6667

/**
 * Case (i): one file of DIFF_SPLITS v1alpha1 TrafficSplits, each between two ConfigMaps, for
 * `--diff`; and the file as `--write` leaves it, for git's own diff of the same change.
 */
export function diffInput(out) {
  mkdirSync(out, { recursive: true })
  const file = join(out, `diff-${DIFF_SPLITS}.yaml`)
  const converted = join(out, `diff-${DIFF_SPLITS}-converted.yaml`)
  const doc = (i, version, a, b) =>
    `---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings-${i}\ndata:\n  mode: fast\n` +
    `---\napiVersion: split.smi-spec.io/${version}\nkind: TrafficSplit\nmetadata:\n  name: web-${i}\n  namespace: shop\n` +
    `spec:\n  service: web-${i}\n  backends:\n  - service: web-${i}-v1\n    weight: ${a}\n  - service: web-${i}-v2\n    weight: ${b}\n`
  const all = (version, a, b) => Array.from({ length: DIFF_SPLITS }, (_, i) => doc(i, version, a, b)).join('')
  writeFileSync(file, all('v1alpha1', '1', '500m'))
  writeFileSync(converted, all('v1alpha2', '1000', '500'))
  return { file, converted }
}
