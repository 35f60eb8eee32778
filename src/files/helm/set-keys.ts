/**
 * A command line's `--set` key the run cannot compare (repo-values.ts scriptSetKey: a backslash,
 * a quote inside it, `$'…'`, an expansion) that may name the value's path, placed: the values
 * proof (values-proof.ts) stops on it, and so does the v1alpha2 gate.
 */
import { readFileSync } from 'node:fs'
import { scriptSetKey } from './repo-values.js'

/** The world's files and the charts that render the value (with their key prefix), as values-proof.ts finds them. */
interface World {
  worlds: ReadonlyArray<{ allFiles: readonly string[] }>
  renderers: ReadonlyArray<{ prefix: readonly string[] }>
}

export function oddSetKey(found: World, path: readonly string[], show: (f: string) => string): string | undefined {
  const paths = [path, ...found.renderers.map((r) => [...r.prefix, ...path])]
  const k = scriptSetKey(
    found.worlds.flatMap((w) => w.allFiles),
    paths,
  )
  if (!k) return undefined
  const before = readFileSync(k.file, 'utf8').slice(0, k.offset)
  const at = `${show(k.file)}:${before.split('\n').length}:${k.offset - before.lastIndexOf('\n')}`
  return `${at} (a ${k.flag} key spelt ${JSON.stringify(k.key)} after the shell, with a backslash, a quote inside it or an escape this run does not compare)`
}
