/**
 * The real `git diff`, to hold `--diff`'s hunks against (test/diff-git.test.ts,
 * test/diff.test.ts and the fuzzer). One `git diff --no-index` compares two whole directory
 * trees, so a thousand files cost one process. git runs with no system or global
 * configuration, so a user's `diff.algorithm` or `diff.indentHeuristic` cannot change what
 * it finds: these are git's defaults, the ones a reviewer sees.
 */
import { spawnSync } from 'node:child_process'
import { devNull } from 'node:os'

const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: devNull, LC_ALL: 'C' }

/**
 * `git diff -U3 --no-index` of the trees `before` and `after` (directories under `cwd`): the
 * patch of each file that differs, by its path below the two trees.
 */
export function gitDiffTrees(cwd: string, before: string, after: string): Map<string, string> {
  const r = spawnSync('git', ['diff', '--no-index', '--no-color', '--no-ext-diff', '--no-renames', '--text', '-U3', before, after], {
    cwd,
    // A character per byte: patches are compared byte for byte (a BOM, a Latin-1 comment).
    encoding: 'latin1',
    env: GIT_ENV,
    maxBuffer: 1 << 30,
  })
  // Exit 1 means "differences found"; anything else is a failure of git itself.
  if (r.status !== 0 && r.status !== 1) throw new Error(`git diff --no-index: ${r.stderr || r.error?.message}`)
  const files = new Map<string, string>()
  const prefix = `diff --git a/${before}/`
  for (const part of r.stdout.split(/^(?=diff --git )/m)) {
    if (!part.startsWith(prefix)) continue
    files.set(part.slice(prefix.length, part.indexOf(' ', prefix.length)), part)
  }
  return files
}

/** The hunk headers of a patch, `@@ -a,b +c,d @@` (git's section heading after them left out). */
export function hunkHeaders(patch: string): string[] {
  return [...patch.matchAll(/^@@ -\S+ \+\S+ @@/gm)].map((m) => m[0])
}

/** The hunks of a patch, headers and lines, without the file headers or git's section headings. */
export function hunkText(patch: string): string {
  const at = patch.search(/^@@ /m)
  // The heading runs to the line feed: a lone CR in it (a line git took as a heading) is part of it.
  return at < 0 ? '' : patch.slice(at).replace(/^(@@ -\S+ \+\S+ @@)[^\n]*$/gm, '$1')
}

/** A patch's hunks counted, and its removed and added lines (without their marks). */
export interface PatchLines {
  hunks: number
  removed: string[]
  added: string[]
  /** `-a +b` with a's and b's counts, for messages. */
  summary: string
  /** Whether `other` removes and adds the same lines, as many times each, wherever it shows them. */
  sameLines(other: PatchLines): boolean
}

export function patchLines(patch: string): PatchLines {
  const lines = patch.split('\n')
  const body = lines.slice(lines.findIndex((l) => l.startsWith('@@ ')))
  const removed = body.filter((l) => l.startsWith('-')).map((l) => l.slice(1))
  const added = body.filter((l) => l.startsWith('+')).map((l) => l.slice(1))
  const hunks = hunkHeaders(patch).length
  const sorted = (a: string[]) => [...a].sort().join('\n')
  return {
    hunks,
    removed,
    added,
    summary: `${hunks} hunks, -${removed.length} +${added.length}`,
    sameLines: (o) => sorted(removed) === sorted(o.removed) && sorted(added) === sorted(o.added),
  }
}
