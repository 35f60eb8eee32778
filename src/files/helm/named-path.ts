/**
 * Where a text names a file by path, whatever tool reads it (docs/helm.md#values-driven-weights):
 * a Makefile's `-f web/values.yaml`, Skaffold's or Fleet's `valuesFiles`, a kustomize
 * HelmChartInflationGenerator's `valuesFile`, Terraform's `file("../web/values.yaml")`. Each
 * word ending in the file's name counts when it resolves to the file from the naming file's
 * directory or from the repository's root, or ends in `<chart directory>/<name>` (a prefix the
 * run cannot resolve, `${path.module}/`, `$values/`, a CI checkout directory).
 */
import { basename, dirname, join } from 'node:path'
import { realOrSelf } from '../../paths.js'

/** The offsets in `text` (of the file `file`, in the repository at `root`) where it names `target` (a real path). */
export function namesFile(file: string, text: string, root: string, target: string): number[] {
  const name = basename(target)
  if (!text.includes(name)) return []
  const tail = `${basename(dirname(target))}/${name}`
  const out: number[] = []
  const word = new RegExp(`[^\\s"'\`=(\\[\\],:;{}<>|]*(?<![\\w.-])${escaped(name)}(?![\\w.-])`, 'g')
  for (const m of text.matchAll(word)) {
    const named = m[0].replace(/\\/g, '/')
    const resolves = [join(dirname(file), named), join(root, named)].some((c) => realOrSelf(c) === target)
    if (resolves || named === tail || named.endsWith(`/${tail}`)) out.push(m.index)
  }
  return out
}

function escaped(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
