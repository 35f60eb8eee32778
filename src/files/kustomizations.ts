/**
 * The kustomization files of the git repositories around the run. pre-commit hands a hook
 * its files in batches, possibly in parallel: a batch may hold a base without the overlays
 * that patch it, so trees are planned from whole repositories, not from the batch.
 */
import { dirname, join, relative } from 'node:path'
import { KUSTOMIZATION_NAMES } from '../kustomize/names.js'

const PATTERNS = [...KUSTOMIZATION_NAMES].map((name) => `:(top,glob)**/${name}`)

/** One `git ls-files` per repository: from `cwd`, and from the directory of any file outside it. */
export async function repoKustomizations(cwd: string, files: readonly string[]): Promise<string[]> {
  const { spawnSync } = await import('node:child_process')
  const dirs = [cwd, ...new Set(files.filter((f) => relative(cwd, f).startsWith('..')).map((f) => dirname(f)))]
  const found = new Set<string>()
  for (const dir of dirs) {
    // Paths come back relative to `dir` (`../base/kustomization.yaml`); outside a work tree git fails.
    const r = spawnSync('git', ['-C', dir, 'ls-files', '-co', '--exclude-standard', '-z', '--', ...PATTERNS], { encoding: 'utf8', maxBuffer: 1 << 26 })
    if (r.error || r.status !== 0) continue
    for (const f of r.stdout.split('\0')) if (f) found.add(join(dir, f))
  }
  return [...found]
}
