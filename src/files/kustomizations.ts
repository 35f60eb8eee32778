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
  // git runs beside this process, which meanwhile loads the converter (files/passes.ts).
  const { spawn } = await import('node:child_process')
  const listed = await Promise.all([...roots].map((root) => listKustomizations(spawn, root)))
  return listed.flat()
}

/** Most a listing may hold (bytes), as for any git output read whole: beyond it, none is used. */
const MAX_LISTING = 1 << 26

/**
 * One repository's kustomization files, or none when git fails. Only stdout is a pipe: git's
 * stdin and stderr are not read (fewer pipes to set up before git runs).
 */
function listKustomizations(spawn: typeof import('node:child_process').spawn, root: string): Promise<string[]> {
  return new Promise((done) => {
    const git = spawn('git', ['-C', root, 'ls-files', '-co', '--exclude-standard', '-z', '--', ...PATTERNS], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    const parts: Buffer[] = []
    let size = 0
    git.stdout.on('data', (b: Buffer) => {
      size += b.length
      if (size > MAX_LISTING) git.kill()
      else parts.push(b)
    })
    git.on('error', () => done([]))
    git.on('close', (code) => {
      if (code !== 0 || size > MAX_LISTING) return done([])
      done(
        Buffer.concat(parts)
          .toString('utf8')
          .split('\0')
          .flatMap((f) => (f ? [join(root, f)] : [])),
      )
    })
  })
}
