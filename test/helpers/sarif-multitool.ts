/**
 * Microsoft's SARIF Multitool (npm @microsoft/sarif-multitool) as the validator of the SARIF
 * logs the CLI writes: its SARIF and GitHub rules at error and warning level, offline (SARIF2006
 * would fetch every URI in the log). One run over the files given; its findings as plain records.
 * Callers hold the test to `testWith('sarif-multitool')` (skipped where the tool cannot run).
 */
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { toolCommand } from './tools.js'

/** Findings of the Multitool's own log (one run over every file it validated). */
export interface Check {
  ruleId: string
  level: string
  file: string
  pointer: string
  text: string
}

export function validate(files: string[], work: string): Check[] {
  const { command, env } = toolCommand('sarif-multitool')
  // SARIF2006 fetches every URI in the log (schema, helpUri): the test runs offline.
  const config = join(work, 'offline.xml')
  writeFileSync(
    config,
    '<?xml version="1.0" encoding="utf-8"?>\n<Properties>\n  <Properties Key="SARIF2006.UrisShouldBeReachable.Options">\n' +
      '    <Property Key="RuleEnabled" Value="Disabled" Type="Driver.RuleEnabledState" />\n  </Properties>\n</Properties>\n',
  )
  const out = join(work, 'validation.sarif')
  const r = spawnSync(
    command,
    [
      'validate',
      '--rule-kind',
      'Sarif;Gh',
      '--level',
      'Error;Warning',
      '--config',
      config,
      '--log',
      'ForceOverwrite',
      '--output',
      out,
      ...files,
    ],
    { env, encoding: 'utf8', timeout: 120_000 },
  )
  assert.is(r.status, 0, r.stdout + r.stderr)
  const log = JSON.parse(readFileSync(out, 'utf8')) as {
    runs: Array<{
      results?: Array<{
        ruleId: string
        level?: string
        message: { arguments?: string[] }
        locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }>
      }>
      invocations: Array<{ executionSuccessful: boolean }>
    }>
  }
  assert.ok(log.runs[0]!.invocations.every((i) => i.executionSuccessful))
  return (log.runs[0]!.results ?? []).map((x) => ({
    ruleId: x.ruleId,
    level: x.level ?? 'warning',
    file: fileURLToPath(x.locations[0]!.physicalLocation.artifactLocation.uri),
    pointer: x.message.arguments?.[0] ?? '',
    text: JSON.stringify(x.message),
  }))
}
