/**
 * The GitHub Action as the runner runs it: the committed bundle (dist/action.js) under Node,
 * with INPUT_* from action.yml's defaults plus the step's `with:`, GITHUB_WORKSPACE,
 * GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and RUNNER_TEMP in a fresh runner directory, and
 * GITHUB_EVENT_NAME=pull_request. Returns what a workflow sees: the exit code, the workflow
 * commands, the outputs, the job summary and the patch file.
 */
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parse } from 'yaml'

export const BUNDLE = resolve('dist/action.js')
export const ACTION = parse(readFileSync('action.yml', 'utf8')) as {
  runs: { using: string; main: string }
  inputs: Record<string, { default?: string }>
  outputs: Record<string, unknown>
}

export interface ActionRun {
  status: number | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  summary: string
  /** The workflow commands printed, e.g. `::warning file=…::msg`. */
  commands: string[]
  /** The patch file's content (it lives in RUNNER_TEMP, removed after the run). */
  patch: string
}

/**
 * What the runner gives a step: a fresh runner directory (removed by the caller) with the
 * output and summary files and RUNNER_TEMP, and INPUT_* from action.yml's defaults plus `inputs`.
 */
export function runnerEnv(
  workspace: string,
  inputs: Record<string, string> = {},
  extraEnv: NodeJS.ProcessEnv = {},
): { runner: string; env: NodeJS.ProcessEnv; outputFile: string; summaryFile: string } {
  const runner = mkdtempSync(join(tmpdir(), 'smi-runner-'))
  const outputFile = join(runner, 'output')
  const summaryFile = join(runner, 'summary')
  // The runner creates both files before the step starts.
  writeFileSync(outputFile, '')
  writeFileSync(summaryFile, '')
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: join(runner, 'temp'),
    ...extraEnv,
  }
  mkdirSync(join(runner, 'temp'))
  for (const [name, spec] of Object.entries(ACTION.inputs)) env[`INPUT_${name.toUpperCase()}`] = spec.default ?? ''
  // The step's `with:` reaches the step even for an input action.yml does not declare (the runner only warns).
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value
  return { runner, env, outputFile, summaryFile }
}

export function action(workspace: string, inputs: Record<string, string> = {}, extraEnv: NodeJS.ProcessEnv = {}): ActionRun {
  const { runner, env, outputFile, summaryFile } = runnerEnv(workspace, inputs, extraEnv)
  const r = spawnSync(process.execPath, [BUNDLE], { cwd: workspace, env, encoding: 'utf8' })
  const result: ActionRun = {
    status: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    outputs: parseOutputs(readFileSync(outputFile, 'utf8')),
    summary: readFileSync(summaryFile, 'utf8'),
    commands: workflowCommands(r.stdout),
    patch: '',
  }
  const patchFile = result.outputs.patch
  if (patchFile) {
    assert.ok(patchFile.startsWith(join(runner, 'temp')), `the patch is written under RUNNER_TEMP, not ${patchFile}`)
    result.patch = readFileSync(patchFile, 'utf8')
  }
  rmSync(runner, { recursive: true, force: true })
  return result
}

/** The `name<<delimiter\nvalue\ndelimiter` records @actions/core appends to $GITHUB_OUTPUT. */
function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  const re = /^([^<\n]+)<<(\S+)\n([\s\S]*?)\n?\2\n/gm
  for (let m = re.exec(text); m; m = re.exec(text)) out[m[1]!] = m[3]!
  return out
}

/** The workflow commands the runner acts on: `::…` lines outside `::stop-commands::` blocks. */
export function workflowCommands(stdout: string): string[] {
  const out: string[] = []
  let resume: string | undefined
  for (const line of stdout.split('\n')) {
    if (resume !== undefined) {
      if (line === resume) resume = undefined
    } else if (line.startsWith('::stop-commands::')) {
      resume = `::${line.slice('::stop-commands::'.length)}::`
    } else if (line.startsWith('::')) {
      out.push(line)
    }
  }
  return out
}
