/**
 * The Action's work: collect the files as the CLI does, convert each one, then report in
 * the forms a workflow reads: a log like the CLI's, annotations at file and line, the job
 * summary, report files on request (`report-files`, `sarif-file`), a patch file, step
 * outputs, and the step's result. Each report is a sink of report/; they get the findings in
 * turn, so the log, the annotations and the summary come out in that order.
 *
 * check and diff never touch the repository's files (diff also prints the patch in the
 * log); write rewrites them atomically. In every mode a file with an error is not
 * converted, the error becomes an error annotation, and the step fails.
 */
import { describeVersions, type TargetChoice, targetRules } from '../targets/registry.js'
import type { Versions } from '../model.js'
import * as core from '@actions/core'
import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { annotationSink, describeHidden, type Emit } from '../report/annotations.js'
import { formatNamed } from '../report/formats.js'
import { deliver, type Sink } from '../report/sink.js'
import { summarySink } from '../report/summary.js'
import { textSink } from '../report/text.js'
import { patchRoot, runFiles } from '../run/files.js'
import { InputError, readInputs, type ReportFile } from './inputs.js'

export const PATCH_NAME = 'smi-migrate.patch'

export async function runAction(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const inputs = readInputs()
  const workspace = env.GITHUB_WORKSPACE || process.cwd()
  const { mode } = inputs
  const reportFiles = resolveReports(inputs.reports, workspace)
  // The same driver as the CLI: the same files, counts, rules and exit decision.
  const convert = {
    versions: inputs.versions,
    ...(inputs.noIgnore ? { noIgnore: true } : {}),
    ...(inputs.notLinkerd ? { notLinkerd: true } : {}),
  }
  const run = await runFiles({
    paths: inputs.paths,
    exclude: inputs.exclude,
    cwd: workspace,
    mode,
    convert,
    patch: true,
    ...(inputs.target ? { target: inputs.target } : {}),
  })
  const { findings, totals } = run
  // The patch file keeps every byte; the log and the job summary show it as text.
  const patch = run.patch.toString('utf8')
  const changedFiles = run.files.filter((f) => f.changed).map((f) => f.shown)

  // The log reads like the CLI's report: the text sink's lines, printed at once (core.info
  // ends the last one, the summary line).
  let log = ''
  await deliver(findings, totals, [textSink({ mode }, () => ({ write: (text: string) => void (log += text) }))])
  logVerbatim(log.slice(0, -1))

  // The patch goes outside the work tree in every mode, so a later step (`git add -A`, a
  // commit action) never picks it up along with the fixes.
  let patchPath = ''
  if (patch) {
    patchPath = join(env.RUNNER_TEMP || tmpdir(), PATCH_NAME)
    writeFileSync(patchPath, run.patch)
    if (mode === 'diff') {
      core.startGroup(`Patch (${PATCH_NAME})`)
      logVerbatim(patch)
      core.endGroup()
    }
  }

  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  const needsChange = mode !== 'write' && changedFiles.length > 0
  const failure =
    totals.errors > 0
      ? `${plural(totals.errors, 'error')}: a file with an error is not converted (see the annotations and the job summary)`
      : (needsChange || totals.pending > 0) && inputs.failOnChange
        ? [
            needsChange &&
              `${plural(changedFiles.length, 'file')} need${changedFiles.length === 1 ? 's' : ''} converting to ${describeTargets(inputs)}: ` +
                `apply the patch (the \`patch\` output) or run smi-migrate --write`,
            totals.pending > 0 &&
              `${plural(totals.pending, 'SMI object')} (or kustomize tree${totals.pending === 1 ? '' : 's'}) ` +
                `left for a person to convert: templated fields, near-miss groups or held-back trees (see the warnings)`,
          ]
            .filter(Boolean)
            .join('; ')
        : undefined

  // The failure message is an error annotation too: keep a slot free for it.
  const annotations = annotationSink(mode, EMIT, { error: failure ? 1 : 0 })
  await deliver(findings, totals, [annotations])
  const annotationNote = describeHidden(annotations.hidden)
  if (annotationNote) core.info(annotationNote)

  core.setOutput('changed', changedFiles.length > 0 ? 'true' : 'false')
  core.setOutput('changed-files', changedFiles.join('\n'))
  core.setOutput('patch', patchPath)
  core.setOutput('findings', String(findings.length))

  const reports: Sink[] = []
  if (env.GITHUB_STEP_SUMMARY) {
    reports.push(summarySink({ mode, annotationNote, patch, patchPath, write: (markdown) => core.summary.addRaw(markdown).write() }))
  } else {
    core.info('GITHUB_STEP_SUMMARY is not set: no job summary written')
  }
  // Each report file is made by its format's sink (report/formats.ts) and written once the run is over.
  const written: { file: (typeof reportFiles)[number]; text: string[] }[] = []
  const context = { mode, cwd: workspace, root: () => patchRoot(workspace), rules: targetRules() }
  for (const file of reportFiles) {
    const text: string[] = []
    written.push({ file, text })
    reports.push(await formatNamed(file.format)!.sink(context, () => ({ write: (t: string) => void text.push(t) })))
  }
  await deliver(findings, totals, reports)
  for (const { file, text } of written) writeReport(file, text.join(''))

  if (failure) core.setFailed(failure)
}

const EMIT: Emit = (type, message, properties) =>
  (type === 'error' ? core.error : type === 'warning' ? core.warning : core.notice)(message, properties)

/** The report files at their absolute paths; two reports to one file would leave only the last one. */
function resolveReports(reports: readonly ReportFile[], workspace: string): (ReportFile & { absolute: string })[] {
  const out = reports.map((r) => ({ ...r, absolute: resolve(workspace, r.path) }))
  for (const [i, r] of out.entries()) {
    const twin = out.findIndex((o) => o.absolute === r.absolute)
    if (twin < i)
      throw new InputError(`input "${r.input}": ${out[twin]!.format} and ${r.format} reports would both be written to ${r.path}`)
  }
  return out
}

/** Writes a report file, making its directory first (a path under RUNNER_TEMP may name one). */
function writeReport(file: ReportFile & { absolute: string }, text: string): void {
  try {
    mkdirSync(dirname(file.absolute), { recursive: true })
    writeFileSync(file.absolute, text)
  } catch (err) {
    throw new InputError(`input "${file.input}": cannot write ${file.absolute}: ${(err as Error).message}`)
  }
}

/** What the run converts to: the target's product, else the versions (targets/registry.ts). */
function describeTargets(t: { versions: Versions; target?: TargetChoice }): string {
  return t.target ? t.target.entry.produces : describeVersions(t.versions)
}

/**
 * Prints text from the repository (paths, names, patch lines) with workflow commands
 * switched off, so a pull request cannot inject one: a directory named `::error::x`
 * would otherwise start a log line with a command.
 */
function logVerbatim(text: string): void {
  const token = randomUUID()
  core.info(`::stop-commands::${token}`)
  core.info(text)
  core.info(`::${token}::`)
}
