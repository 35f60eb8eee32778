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
