/**
 * `--diff` against the real git, on every golden case (testdata/golden/, with its options:
 * --specs-to, --access-to, --strip-server-fields, --to gateway…). Each case is converted on its
 * own in file mode, the way the CLI does it (`runFiles`): once with `diff`, once with `write`.
 * For every case whose conversion changes the file, our patch (made from the run's edits) must
 * have no more hunks and no more removed or added lines than `git diff -U3 --no-index` between
 * the input and the written file, and remove and add the same lines as git where git finds as
 * few; the patch of all cases together must apply with `git apply` and with `patch -p1`, giving
 * the written files. (The fuzzers hold the cases with errors, which file mode does not write,
 * to the same rules through the library's edits: scripts/diff-check.mjs.) Without git (or
 * patch) the tests are reported as skipped.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ConvertOptions, Target } from '../src/model.js'
import type { MigrateOptions } from '../src/index.js'
import { targetNamed, type TargetChoice } from '../src/targets/registry.js'
import { resolveTargets } from '../src/kinds/meshes.js'
import { runFiles } from '../src/run/files.js'
import { gitDiffTrees, patchLines } from './helpers/git-diff.js'
import { testWith } from './helpers/tools.js'

const GOLDEN = 'testdata/golden'

interface Case {
  /** `<case>/input.yaml` (or .json), below each tree. */
  file: string
  convert: ConvertOptions
  /** `to: gateway`: the target, as the CLI reads it. */
  target?: TargetChoice
}

function goldenCases(): Case[] {
  return readdirSync(GOLDEN)
    .sort()
    .map((name) => {
      const dir = join(GOLDEN, name)
      const ext = existsSync(join(dir, 'input.json')) ? 'json' : 'yaml'
      const optionsFile = join(dir, 'options.json')
      const options = (existsSync(optionsFile) ? JSON.parse(readFileSync(optionsFile, 'utf8')) : {}) as MigrateOptions
      const entry = options.to === undefined ? undefined : targetNamed(options.to)
      const convert = {
        ...resolveTargets({ ...options, to: entry ? undefined : (options.to as Target | undefined) }),
        stripServerFields: options.stripServerFields ?? false,
      }
      return { file: `${name}/input.${ext}`, convert, ...(entry ? { target: { entry, options: options.gateway ?? {} } } : {}) }
    })
}

interface Trees {
  root: string
  cases: Case[]
  /** The cases --write changed. */
  written: Case[]
  /** Our patch of each case, by file. */
  ours: Map<string, Buffer>
  /** git's, by file. */
  git: Map<string, string>
}

let prepared: Trees | undefined

/**
 * `before/` holds the inputs, `after/` what --write made of them, `expected/` the golden
 * expectations; our patches come from --diff on `before/`.
 */
async function trees(): Promise<Trees> {
  if (prepared) return prepared
  const root = mkdtempSync(join(tmpdir(), 'smi-diff-git-'))
  const cases = goldenCases()
  const ours = new Map<string, Buffer>()
  for (const c of cases) {
    for (const side of ['before', 'after', 'expected']) {
      mkdirSync(join(root, side, c.file, '..'), { recursive: true })
      cpSync(join(GOLDEN, side === 'expected' ? c.file.replace('/input.', '/expected.') : c.file), join(root, side, c.file))
    }
    // One run per case, as the golden harness converts each alone (--to gateway reads the facts of the whole run).
    const diff = await runFiles({
      paths: [c.file],
      cwd: join(root, 'before'),
      mode: 'diff',
      convert: c.convert,
      ...(c.target ? { target: c.target } : {}),
    })
    if (diff.patch.length) ours.set(c.file, diff.patch)
    await runFiles({
      paths: [c.file],
      cwd: join(root, 'after'),
      mode: 'write',
      convert: c.convert,
      ...(c.target ? { target: c.target } : {}),
    })
  }
  const written = cases.filter((c) => !readFileSync(join(root, 'before', c.file)).equals(readFileSync(join(root, 'after', c.file))))
  prepared = { root, cases, written, ours, git: gitDiffTrees(root, 'before', 'after') }
  return prepared
}

/** Where `ours` is larger than `git` (patches by file), for `cases`: a line per case. */
function disagreements(cases: readonly Case[], ours: (c: Case) => string, git: ReadonlyMap<string, string>): string[] {
  const wrong: string[] = []
  for (const c of cases) {
    const mine = patchLines(ours(c))
    const theirs = patchLines(git.get(c.file) ?? '')
    const say = (what: string) => wrong.push(`${c.file}: ${what} (ours ${mine.summary}, git ${theirs.summary})`)
    if (mine.hunks > theirs.hunks) say('more hunks than git')
    else if (mine.removed.length > theirs.removed.length || mine.added.length > theirs.added.length) say('more changed lines than git')
    else if (mine.removed.length === theirs.removed.length && mine.added.length === theirs.added.length && !mine.sameLines(theirs))
      say('as many changed lines as git, but other ones')
  }
  return wrong
}

testWith('git')('every golden case that --write changes: --diff has no more hunks or changed lines than git diff -U3', async () => {
  const { cases, written, ours, git } = await trees()
  assert.ok(written.length >= 50, `only ${written.length} golden cases change their file`)
  // A patch for exactly the files --write changes, and git sees the same files changed.
  assert.equal(
    [...ours.keys()],
    written.map((c) => c.file),
  )
  assert.equal([...git.keys()].sort(), written.map((c) => c.file).sort())
  const wrong = disagreements(written, (c) => ours.get(c.file)!.toString('latin1'), git)
  assert.equal(wrong, [], `${wrong.length} of ${written.length} cases differ from git`)
  assert.ok(cases.length > written.length)
})

/** Applies the patch of every case at once to a copy of `before/`, and compares each file with `after/`. */
async function applies(tool: string, args: string[]): Promise<void> {
  const { root, cases, ours } = await trees()
  const target = join(root, `applied-${tool}`)
  cpSync(join(root, 'before'), target, { recursive: true })
  const patchFile = join(root, `all-${tool}.patch`)
  writeFileSync(patchFile, Buffer.concat([...ours.values()]))
  const r = spawnSync(tool, [...args, patchFile], { cwd: target, encoding: 'utf8' })
  assert.is(r.status, 0, `${tool} ${args.join(' ')}: ${r.stderr}${r.stdout}`)
  for (const c of cases) {
    assert.ok(
      readFileSync(join(target, c.file)).equals(readFileSync(join(root, 'after', c.file))),
      `${tool}: ${c.file} differs from --write`,
    )
  }
}

testWith('git')("the golden cases' patch applies with git apply and gives what --write writes", () => applies('git', ['apply']))

testWith('patch')("the golden cases' patch applies with patch -p1 and gives what --write writes", () =>
  applies('patch', ['-p1', '-s', '--no-backup-if-mismatch', '-i']),
)

test.after(() => {
  if (prepared) rmSync(prepared.root, { recursive: true, force: true })
})

test.run()
