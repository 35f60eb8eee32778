/**
 * The Action's inputs (action.yml), read from the INPUT_* environment the runner sets and
 * validated before any file is read. Defaults repeat action.yml's so the bundle behaves
 * the same when an input is absent (a runner always sets them; a hand-run bundle may not).
 */
import * as core from '@actions/core'
import type { OptionValue, Versions } from '../model.js'
import { FORMAT_NAMES } from '../report/formats.js'
import { readTargets, TARGET_OPTIONS, type TargetChoice } from '../targets/registry.js'
import { OptionError } from '../targets/target.js'

export type ActionMode = 'check' | 'diff' | 'write'
const MODES: readonly ActionMode[] = ['check', 'diff', 'write']

export interface ActionInputs {
  paths: string[]
  /** Globs of files to leave alone, like the CLI's --exclude. */
  exclude: string[]
  /** Each kind's version, by kind: its input (`to`, `specs-to`, ...), else the `mesh` preset; absent: the input's default. */
  versions: Versions
  /** `mesh` names a mesh other than Linkerd (ConvertOptions.notLinkerd). */
  notLinkerd?: true
  /** `to: gateway` (a target plug-in): TrafficSplits become Gateway API routes, written as its inputs say. */
  target?: TargetChoice
  mode: ActionMode
  /** `no-ignore`: convert what suppressions hide, like the CLI's --no-ignore. */
  noIgnore: boolean
  failOnChange: boolean
  /** The reports to write to files: `report-files`' entries, then `sarif-file`'s. */
  reports: ReportFile[]
}

/** A report written to a file: a format of report/formats.ts, and the input that asked for it (for its errors). */
export interface ReportFile {
  format: string
  /** As given: relative to the workspace, or absolute. */
  path: string
  input: 'report-files' | 'sarif-file'
}

export class InputError extends Error {}

/** A YAML 1.2 boolean input (true/True/TRUE, false/False/FALSE), as core.getBooleanInput reads it. */
function boolean(name: string): boolean {
  try {
    return core.getBooleanInput(name)
  } catch {
    throw new InputError(`input "${name}" must be true or false; got "${core.getInput(name)}"`)
  }
}

export function readInputs(): ActionInputs {
  // One path or glob per line, or several on a line separated by spaces (`paths: deploy charts`).
  const list = (name: string) =>
    core
      .getMultilineInput(name)
      .flatMap((l) => l.split(/\s+/))
      .filter(Boolean)
  const paths = list('paths')
  const negated = paths.find((p) => p.startsWith('!'))
  if (negated) throw new InputError(`input "paths": negated patterns are not supported ("${negated}"); use the "exclude" input`)
  const exclude = list('exclude')
  // Empty means not given: the mesh's version for that kind, else the default.
  const choice = <T extends string>(name: string, choices: readonly T[]): T | undefined => {
    const v = core.getInput(name)
    if (v !== '' && !(choices as readonly string[]).includes(v))
      throw new InputError(`input "${name}" must be one of ${choices.join(', ')}; got "${v}"`)
    return v === '' ? undefined : (v as T)
  }
  // The versions, the target and its options, named and checked as the CLI's flags (one table).
  const value = (name: string): OptionValue => {
    const spec = TARGET_OPTIONS.find((o) => o.name === name)!
    if (!spec.value) return core.getInput(name) === '' ? undefined : boolean(name)
    return spec.choices ? choice(name, spec.choices) : core.getInput(name) || undefined
  }
  let targets
  try {
    targets = readTargets(
      value,
      (name) => `input "${name}"`,
      (name) => `to: ${name}`,
    )
  } catch (err) {
    if (err instanceof OptionError) throw new InputError(err.message)
    throw err
  }
  const mode = core.getInput('mode') || 'check'
  if (!(MODES as readonly string[]).includes(mode)) throw new InputError(`input "mode" must be one of ${MODES.join(', ')}; got "${mode}"`)
  const failOnChange = core.getInput('fail-on-change') === '' ? true : boolean('fail-on-change')
  return {
    paths: paths.length ? paths : ['.'],
    exclude,
    ...targets,
    mode: mode as ActionMode,
    noIgnore: core.getInput('no-ignore') === '' ? false : boolean('no-ignore'),
    failOnChange,
    reports: reportFiles(),
  }
}

/**
 * `report-files`: FORMAT=PATH entries, one per line or several on a line. An entry starts at
 * a format's name and `=`, so a path may hold spaces (`sarif=out/my report.sarif`). The older
 * `sarif-file: PATH` is `sarif=PATH`.
 */
function reportFiles(): ReportFile[] {
  const entries = core
    .getMultilineInput('report-files')
    .flatMap((l) => l.split(/\s(?=[\w-]+=)/))
    .map((e) => e.trim())
    .filter(Boolean)
  const reports: ReportFile[] = entries.map((entry) => {
    const eq = entry.indexOf('=')
    const format = eq < 0 ? '' : entry.slice(0, eq)
    const path = entry.slice(eq + 1).trim()
    if (eq < 0 || path === '')
      throw new InputError(`input "report-files": "${entry}" is not FORMAT=PATH (e.g. sarif=results.sarif json=report.json)`)
    if (!FORMAT_NAMES.includes(format))
      throw new InputError(`input "report-files": "${format}" is not a report format (${FORMAT_NAMES.join(', ')})`)
    return { format, path, input: 'report-files' }
  })
  const sarifFile = core.getInput('sarif-file')
  if (sarifFile) reports.push({ format: 'sarif', path: sarifFile, input: 'sarif-file' })
  return reports
}
