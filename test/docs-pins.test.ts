/**
 * The copy-paste snippets pin this repository at a commit (`rev:` for pre-commit,
 * `uses: OWNER/smi-migrate@SHA` for the Action, `smi-migrate.git#SHA` for npm). A user who pastes one gets what that commit
 * ships, so the pin must be a commit whose `action.yml` and `.pre-commit-hooks.yaml` are the
 * ones the docs describe, the working tree's: a pin hundreds of commits old silently lacked
 * inputs the docs list. The pins cannot name the commit that holds them (its SHA is not known
 * before it is made), so each pin is checked against the history instead: it must be a commit
 * reachable from HEAD whose two files equal the working tree's. A change to either file fails
 * here until the pins move to a commit that has it.
 *
 * It needs the history, so outside a git checkout of this repository (an unpacked tarball) it
 * is skipped, never passed; CI runs from a clone.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { readFileSync, realpathSync } from 'node:fs'
import { resolve } from 'node:path'

const ROOT = realpathSync(resolve('.'))
const SNIPPETS = ['README.md', 'docs/pre-commit.md', 'docs/github-action.md', 'docs/install.md']
const PINNED = ['action.yml', '.pre-commit-hooks.yaml']

function git(...args: string[]): { status: number | null; stdout: Buffer } {
  const r = spawnSync('git', args, { cwd: ROOT })
  return { status: r.error ? null : r.status, stdout: r.stdout ?? Buffer.alloc(0) }
}

/** Whether ROOT is the top of a git checkout (not a directory inside some other repository). */
function inCheckout(): boolean {
  const top = git('rev-parse', '--show-toplevel')
  if (top.status !== 0) return false
  try {
    return realpathSync(top.stdout.toString('utf8').trim()) === ROOT
  } catch {
    return false
  }
}

interface Pin {
  where: string
  rev: string
}

/**
 * Every pin of this repository in the snippets (fenced code blocks, what a user copies):
 * pre-commit's `rev:`, the Action's `smi-migrate@REF` and npm's `smi-migrate.git#REF`. Prose may speak of a future tag.
 */
function pins(): Pin[] {
  const out: Pin[] = []
  for (const file of SNIPPETS) {
    let fenced = false
    readFileSync(resolve(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/^\s*```/.test(line)) fenced = !fenced
        const m = fenced && (/^\s*rev:\s*(\S+)/.exec(line) ?? /\bsmi-migrate(?:@|\.git#)([^\s'"]+)/.exec(line))
        if (m) out.push({ where: `${file}:${i + 1}`, rev: m[1]! })
      })
  }
  return out
}

const HOW =
  'commit the change, then pin a commit whose action.yml and .pre-commit-hooks.yaml are the ones committed: ' +
  'replace every pinned SHA in ' +
  SNIPPETS.join(', ') +
  ' by the output of `git log -1 --format=%H` (or any later commit of this branch that has not changed them since)'

const name = 'the snippets pin a commit of this history whose action.yml and .pre-commit-hooks.yaml are the working tree’s'
if (inCheckout()) {
  test(name, () => {
    const found = pins()
    for (const file of SNIPPETS)
      assert.ok(
        found.some((p) => p.where.startsWith(`${file}:`)),
        `${file}: no pinned snippet found`,
      )
    const problems: string[] = []
    for (const { where, rev } of found) {
      if (!/^[0-9a-f]{40}$/.test(rev)) {
        problems.push(`${where}: ${rev} is not a full commit SHA`)
        continue
      }
      if (git('cat-file', '-e', `${rev}^{commit}`).status !== 0) {
        problems.push(`${where}: ${rev} is no commit of this repository (a shallow clone? fetch the history)`)
        continue
      }
      if (git('merge-base', '--is-ancestor', rev, 'HEAD').status !== 0) {
        problems.push(`${where}: ${rev} is not in the history of HEAD`)
        continue
      }
      for (const file of PINNED) {
        const then = git('show', `${rev}:${file}`)
        if (then.status !== 0 || !then.stdout.equals(readFileSync(resolve(ROOT, file))))
          problems.push(`${where}: ${file} at ${rev.slice(0, 12)} is not the working tree's`)
      }
    }
    assert.ok(problems.length === 0, `${problems.join('\n')}\nTo fix: ${HOW}`)
  })
} else {
  console.log(`  skipped: ${name} (not a git checkout of this repository: the pins are checked against its history)`)
  test.skip(name)
}

test.run()
