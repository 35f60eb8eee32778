/**
 * The kustomization files of the git repository around `cwd`. pre-commit hands a hook its
 * files in batches, possibly in parallel: a batch may hold a base without the overlays that
 * patch it, so the trees are planned from the whole repository, not from the batch.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const PATTERNS = [':(glob)**/kustomization.yaml', ':(glob)**/kustomization.yml', ':(glob)**/Kustomization']

export function repoKustomizations(cwd: string): string[] {
  const top = spawnSync('git', ['-C', cwd, 'rev-parse', '--show-toplevel'], { encoding: 'utf8' })
  if (top.error || top.status !== 0) return []
  const root = top.stdout.trim()
  const r = spawnSync('git', ['-C', root, 'ls-files', '-co', '--exclude-standard', '-z', '--', ...PATTERNS], { encoding: 'utf8', maxBuffer: 1 << 26 })
  if (r.error || r.status !== 0) return []
  return r.stdout.split('\0').filter(Boolean).map((f) => join(root, f))
}
