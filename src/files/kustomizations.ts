/**
 * The kustomization files of the git repositories that hold the run's files. pre-commit
 * hands a hook its files in batches, possibly in parallel: a batch may hold a base without
 * the overlays that patch it, so trees are planned from whole repositories, not from the
 * batch (the same repositories bound what a run writes: boundary.ts). Files outside any
 * repository cost nothing here (no git process is started).
 */
import { dirname, join } from 'node:path'
import { repositoryOf } from './boundary.js'
import { KUSTOMIZATION_NAMES } from '../kustomize/names.js'

const PATTERNS = [...KUSTOMIZATION_NAMES].map((name) => `:(top,glob)**/${name}`)

export async function repoKustomizations(files: readonly string[]): Promise<string[]> {
  const roots = new Set<string>()
  const cache = new Map<string, string | null>()
  for (const f of files) {
    const root = repositoryOf(dirname(f), cache)
    if (root) roots.add(root)
  }
  if (roots.size === 0) return []
  // git runs beside this process, which meanwhile loads the converter (files/convert.ts).
  const { execFile } = await import('node:child_process')
  const listed = await Promise.all(
    [...roots].map(
      (root) =>
        new Promise<string[]>((done) =>
          execFile(
            'git',
            ['-C', root, 'ls-files', '-co', '--exclude-standard', '-z', '--', ...PATTERNS],
            { encoding: 'utf8', maxBuffer: 1 << 26 },
            (err, stdout) => done(err ? [] : stdout.split('\0').flatMap((f) => (f ? [join(root, f)] : []))),
          ),
        ),
    ),
  )
  return listed.flat()
}
