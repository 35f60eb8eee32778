/**
 * The Action's work: collect the files as the CLI does, convert each one, then report in
 * the forms a workflow reads: a log like the CLI's, annotations at file and line, the job
 * summary, a patch file, step outputs, and the step's result.
 *
 * check and diff never touch the repository's files (diff also prints the patch in the
 * log); write rewrites them atomically. In every mode a file with an error is not
 * converted, the error becomes an error annotation, and the step fails.
 */
import * as core from '@actions/core'
import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import type { Finding } from '../model.js'
import { collectFiles } from '../files/collect.js'
import { convertFiles, displayPath, ioError, missingPath, writableWithin } from '../files/convert.js'
import { removeStaleTemps, writeFileAtomic } from '../files/write.js'
import { unifiedDiff } from '../report/diff.js'
import { countFinding, formatFinding, formatSummary, isConversion, newTotals, type Totals } from '../report/format.js'
import { annotate, describeHidden } from './annotations.js'
import { readInputs } from './inputs.js'
import { renderSummary } from './summary.js'

export const PATCH_NAME = 'smi-migrate.patch'

export async function runAction(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const inputs = readInputs()
  const workspace = env.GITHUB_WORKSPACE || process.cwd()
  const { mode } = inputs
  const findings: Finding[] = []
  const changedFiles: string[] = []
  let patch = ''

  const { files, missing, roots } = await collectFiles(inputs.paths, workspace)
  if (mode === 'write') removeStaleTemps(files)
  for (const m of missing) findings.push(missingPath(m))
  const show = (file: string) => displayPath(file, workspace)
  for (const r of await convertFiles(files, { to: inputs.to }, show, { within: mode === 'write' ? roots : undefined })) {
    findings.push(...r.findings)
    // A file with any error is never written, not even its convertible objects.
    if (!r.changed || r.findings.some((f) => f.severity === 'error')) continue
    if (mode === 'write') {
      try {
        writeFileAtomic(r.file, r.output, { within: writableWithin(r, roots) })
      } catch (err) {
        findings.push(ioError(r.shown, err))
        continue
      }
    }
    changedFiles.push(r.shown)
    patch += unifiedDiff(r.shown, r.input.toString('utf8'), r.output.toString('utf8'))
  }

  // The log reads like the CLI's report.
  const totals: Totals = newTotals(files.length, changedFiles.length)
  const report: string[] = []
  for (const f of findings) {
    countFinding(totals, f)
    report.push(formatFinding(f, mode, { color: false }))
  }
  const headline = formatSummary(totals, mode)
  logVerbatim([...report, headline].join('\n'))

  // In write mode the patch goes outside the work tree, so a following commit step
  // (`git add -A`) does not commit it along with the fixes.
  let patchPath = ''
  if (patch) {
    patchPath = mode === 'write' ? join(env.RUNNER_TEMP || tmpdir(), PATCH_NAME) : join(workspace, PATCH_NAME)
    writeFileSync(patchPath, patch)
    if (mode === 'diff') {
      core.startGroup(`Patch (${PATCH_NAME})`)
      logVerbatim(patch)
      core.endGroup()
    }
  }

  // A templated weight in a Helm chart needs a change by hand: it counts as a change.
  const needsChange = (changedFiles.length > 0 || totals.templated > 0) && mode !== 'write'
  const failure = totals.errors > 0
    ? `${totals.errors} error${totals.errors === 1 ? '' : 's'}: a file with an error is not converted (see the annotations and the job summary)`
    : needsChange && inputs.failOnChange
      ? [
          changedFiles.length > 0 && `${changedFiles.length} file${changedFiles.length === 1 ? '' : 's'} ` +
            `need${changedFiles.length === 1 ? 's' : ''} converting to ${inputs.to}: apply ${PATCH_NAME} (the patch output) or run smi-migrate --write`,
          totals.templated > 0 && `${totals.templated} templated weight${totals.templated === 1 ? '' : 's'} or apiVersion${totals.templated === 1 ? '' : 's'} in Helm templates need${totals.templated === 1 ? 's' : ''} converting by hand (see the warnings)`,
        ].filter(Boolean).join('; ')
      : undefined

  // The failure message is an error annotation too: keep a slot free for it.
  const hidden = annotate(findings, mode, { error: failure ? 1 : 0 })
  const annotationNote = describeHidden(hidden)
  if (annotationNote) core.info(annotationNote)

  core.setOutput('changed', changedFiles.length > 0 ? 'true' : 'false')
  core.setOutput('changed-files', changedFiles.join('\n'))
  core.setOutput('patch', patchPath)
  core.setOutput('findings', String(findings.length))

  if (env.GITHUB_STEP_SUMMARY) {
    const conversions = findings.filter((f) => isConversion(f.code))
    const problems = findings.filter((f) => !conversions.includes(f))
    const blocked = new Set(findings.filter((f) => f.severity === 'error' && f.path).map((f) => f.path!))
    const shownPatchPath = mode === 'write' ? patchPath : relative(workspace, patchPath)
    await core.summary.addRaw(renderSummary({ mode, headline, annotationNote, conversions, problems, blocked, patch, patchPath: shownPatchPath })).write()
  } else {
    core.info('GITHUB_STEP_SUMMARY is not set: no job summary written')
  }

  if (failure) core.setFailed(failure)
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
