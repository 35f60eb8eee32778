/**
 * Tests that need a program this repository does not install through npm: the real
 * `kubectl kustomize` (test/kustomize.test.ts), the real `pre-commit try-repo`
 * (test/precommit.test.ts), `openssl`, which makes the webhook tests' certificates
 * (test/helpers/certs.ts), and `git` and `patch`, against which test/diff-git.test.ts and
 * test/diff.test.ts hold `--diff`, and Go with Debian's sprig and yaml.v2 sources, which render a
 * chart as Helm does (test/helpers/render.go, test/helm-values.test.ts); and one that npm installs but that may not run everywhere:
 * Microsoft's SARIF Multitool (test/sarif.test.ts), a .NET binary that
 * @microsoft/sarif-multitool ships for linux-x64, darwin and win32. Where the program is
 * missing, such a test is registered as skipped (uvu counts it under "Skipped", and
 * scripts/test.mjs prints ", N skipped"), never passed and never left out; the run says which
 * test and why. CI installs kubectl and pre-commit (.ci/run; its Debian image has openssl),
 * and scripts/test.mjs fails a run with skipped tests under CI=true or REQUIRE_ALL_TESTS=1.
 */
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { test as uvuTest, type Callback, type Test } from 'uvu'

/** How to ask each program whether it runs here. */
const PROBES = {
  kubectl: ['version', '--client'],
  'pre-commit': ['--version'],
  openssl: ['version'],
  git: ['--version'],
  patch: ['--version'],
  'sarif-multitool': ['--version'],
  go: ['version'],
  kpt: ['version'],
} as const satisfies Record<string, readonly string[]>

export type Tool = keyof typeof PROBES

const INSTALL: Record<Tool, string> = {
  kubectl: 'install kubectl 1.21 or newer',
  'pre-commit': 'apt-get install pre-commit, or pip install pre-commit',
  openssl: 'apt-get install openssl',
  git: 'apt-get install git',
  patch: 'apt-get install patch',
  go: 'apt-get install golang-go golang-github-masterminds-sprig-dev golang-gopkg-yaml.v2-dev (the chart renderer of test/helm-values.test.ts)',
  kpt: 'install kpt 1.0 (the KRM function runner of test/krm.test.ts)',
  'sarif-multitool': 'npm ci installs @microsoft/sarif-multitool with the binary for this platform (linux-x64, darwin, win32)',
}

/**
 * How to run `tool`: a program on PATH, or the Multitool's binary from node_modules (its
 * package's main export is the path). The Multitool runs with .NET's invariant globalization,
 * so it needs no libicu (validation compares no culture-sensitive text).
 */
export function toolCommand(tool: Tool): { command: string; env: NodeJS.ProcessEnv } {
  if (tool !== 'sarif-multitool') return { command: tool, env: process.env }
  let command = ''
  try {
    command = createRequire(import.meta.url)('@microsoft/sarif-multitool') as string
  } catch {
    // No binary for this platform (the package's optional dependency was not installed).
  }
  return { command, env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' } }
}

const known = new Map<Tool, boolean>()

/** Whether `tool` is on PATH and runs. */
export function hasTool(tool: Tool): boolean {
  let ok = known.get(tool)
  if (ok === undefined) {
    const { command, env } = toolCommand(tool)
    ok = command !== '' && spawnSync(command, [...PROBES[tool]], { stdio: 'ignore', env }).status === 0
    known.set(tool, ok)
  }
  return ok
}

/**
 * `test` (or a suite) when `tool` runs here; otherwise a registrar that records each test as
 * skipped and prints its name and the reason.
 */
export function testWith(tool: Tool, t: Test = uvuTest): (name: string, fn: Callback) => void {
  if (hasTool(tool)) return t
  return (name) => {
    console.log(`  skipped: ${name} (${tool} is not installed: ${INSTALL[tool]})`)
    t.skip(name)
  }
}
