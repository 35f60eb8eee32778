// `--diff` against the real git, for the fuzzers (scripts/fuzz.mjs, scripts/fuzz-kinds.mjs):
// every case whose conversion changes its input is queued, and each batch of BATCH cases costs
// three processes: one `git diff --no-index` over two trees (the inputs, the outputs), whose
// hunks must be those of our patch (headers and lines: test/diff-git.test.ts holds the golden
// cases to the same rule), then the patches of every APPLY_EVERY-th case applied with
// `git apply` and with `patch -p1` to copies of their inputs, which must then equal the
// outputs. Hunks equal to git's are git's patch, so applying a sample is enough; writing files
// is most of the cost, so the trees are kept and overwritten batch after batch. A case whose
// input or output is not valid UTF-8 is left out: the patch is text, so those bytes cannot be
// compared one for one. Loaded after tsx is registered (it imports TypeScript).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { unifiedDiff } from '../src/report/diff.ts'
import { gitDiffTrees, hunkHeaders, hunkText } from '../test/helpers/git-diff.ts'

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

  /** Queues `c` (any value, handed back to `fail`) for the check of its patch from `before` to `after`. */
  add(c, before, after) {
    if (!this.git || before.equals(after)) return
    const a = before.toString('utf8')
    const b = after.toString('utf8')
    if (!Buffer.from(a, 'utf8').equals(before) || !Buffer.from(b, 'utf8').equals(after)) return
    this.queued.push({ c, before, after, a, b })
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
    const patches = this.queued.map((q, i) => unifiedDiff(name(i), q.a, q.b))
    const git = gitDiffTrees(dir, 'before', 'after')
    this.queued.forEach((q, i) => {
      const theirs = git.get(name(i)) ?? ''
      if (hunkText(patches[i]) !== hunkText(theirs)) {
        this.fail(q.c, `--diff differs from git diff -U3: hunks ${hunkHeaders(patches[i]).join(' ')}, git ${hunkHeaders(theirs).join(' ')}`)
      }
    })
    const sample = this.queued.map((_, i) => i).filter((i) => i % APPLY_EVERY === 0)
    writeFileSync(join(dir, 'sample.patch'), sample.map((i) => patches[i]).join(''))
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
    const r = spawnSync(tool, [...args, join(this.dir, 'sample.patch')], { cwd: target, encoding: 'utf8' })
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
