// `--diff` against the real git, for the fuzzers (scripts/fuzz.mjs, scripts/fuzz-kinds.mjs):
// every case whose conversion changes its input is queued with its edits, and each batch of
// BATCH cases costs three processes: one `git diff --no-index` over two trees (the inputs, the
// outputs), which our patch (made from the edits, as file mode makes it) must match with no
// more hunks and no more removed or added lines (test/diff-git.test.ts holds the golden cases
// to the same rule), then the patches of every APPLY_EVERY-th case applied with `git apply` and
// with `patch -p1` to copies of their inputs, which must then equal the outputs. Writing files
// is most of the cost, so the trees are kept and overwritten batch after batch. Bytes are
// bytes: a case whose input is not UTF-8 is checked like any other. Loaded after tsx is
// registered (it imports TypeScript).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { unifiedDiff } from '../src/report/diff.ts'
import { spliceBytes, toByteEdits } from '../src/edit/bytes.ts'
import { gitDiffTrees, patchLines } from '../test/helpers/git-diff.ts'

const BATCH = 1000
const APPLY_EVERY = 10
const runs = (cmd) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0

export class GitDiffCheck {
  /** @param {(c: unknown, why: string) => void} fail called with a queued case and what went wrong */
  constructor(fail) {
    this.fail = fail
    this.git = runs('git')
    this.patch = runs('patch')
    this.queued = []
    /** Files of the last batch in the trees (the trees are reused). */
    this.written = 0
    this.checked = 0
    this.applied = 0
    this.ms = 0
  }

  /**
   * Queues `c` (any value, handed back to `fail`) for the check of its patch from `before` to
   * `after`, made from `edits` (the conversion's, UTF-16 ranges of the decoded input).
   */
  add(c, before, after, edits) {
    if (!this.git || before.equals(after)) return
    const changes = toByteEdits(before, edits)
    // File mode writes the bytes spliced from the edits: they must be the conversion's output.
    if (!spliceBytes(before, changes).equals(after)) return this.fail(c, 'the edits spliced into the input bytes are not the output')
    this.queued.push({ c, before, after, changes })
    if (this.queued.length === BATCH) this.flush()
  }

  flush() {
    if (this.queued.length === 0) return
    const started = performance.now()
    const dir = this.trees()
    const name = (i) => `c${i}.yaml`
    for (const side of ['before', 'after']) this.queued.forEach((q, i) => writeFileSync(join(dir, side, name(i)), q[side]))
    // A smaller last batch: the files of the cases past it must not be diffed again.
    for (let i = this.queued.length; i < this.written; i++) for (const side of ['before', 'after']) rmSync(join(dir, side, name(i)))
    this.written = this.queued.length
    const patches = this.queued.map((q, i) => unifiedDiff(name(i), q.before, q.changes))
    const git = gitDiffTrees(dir, 'before', 'after')
    this.queued.forEach((q, i) => {
      const mine = patchLines(patches[i].toString('latin1'))
      const theirs = patchLines(git.get(name(i)) ?? '')
      if (mine.hunks > theirs.hunks || mine.removed.length > theirs.removed.length || mine.added.length > theirs.added.length)
        this.fail(q.c, `--diff is larger than git diff -U3: ours ${mine.summary}, git ${theirs.summary}`)
    })
    const sample = this.queued.map((_, i) => i).filter((i) => i % APPLY_EVERY === 0)
    writeFileSync(join(dir, 'sample.patch'), Buffer.concat(sample.map((i) => patches[i])))
    this.apply(sample, 'git', ['apply', '--reject'])
    if (this.patch) this.apply(sample, 'patch', ['-p1', '-s', '-f', '--no-backup-if-mismatch', '--reject-file=-', '-i'])
    this.checked += this.queued.length
    this.applied += sample.length
    this.queued = []
    this.ms += performance.now() - started
  }

  /** The run's directory: `before/` and `after/` for the diff, `git/` and `patch/` to apply in. */
  trees() {
    if (!this.dir) {
      const dir = (this.dir = mkdtempSync(join(tmpdir(), 'smi-fuzz-diff-')))
      for (const sub of ['before', 'after', 'git', 'patch']) mkdirSync(join(dir, sub))
      // A run stopped early (after 20 failures) leaves nothing behind either.
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
    }
    return this.dir
  }

  /** Applies the sample's patch with `tool` to copies of their inputs; each file must become its output. */
  apply(sample, tool, args) {
    const target = join(this.dir, tool)
    rmSync(target, { recursive: true, force: true })
    mkdirSync(target)
    for (const i of sample) writeFileSync(join(target, `c${i}.yaml`), this.queued[i].before)
    const r = spawnSync(tool, [...args, join(this.dir, 'sample.patch')], { cwd: target, encoding: 'latin1' })
    for (const i of sample) {
      if (readFileSync(join(target, `c${i}.yaml`)).equals(this.queued[i].after)) continue
      const said = r.stderr.split('\n').find((l) => l.includes(`c${i}.yaml`)) ?? r.stderr.slice(0, 200)
      this.fail(this.queued[i].c, `--diff does not apply with ${tool} ${args.join(' ')} (exit ${r.status}): ${said}`)
    }
  }

  /** Removes the run's files. */
  close() {
    this.flush()
    if (this.dir) rmSync(this.dir, { recursive: true, force: true })
    this.dir = undefined
  }

  /** What the run did, for its summary line. */
  summary() {
    if (!this.git) return '--diff not checked against git (git is not installed)'
    const tools = this.patch ? 'git apply and patch -p1' : 'git apply (patch is not installed)'
    return `${this.checked} --diff patches checked against git diff, ${this.applied} of them also applied with ${tools}, in ${(this.ms / 1000).toFixed(1)} s`
  }
}
