/**
 * `--format sarif` and the Action's `sarif-file`: the findings as a SARIF 2.1.0 log, one run,
 * for GitHub code scanning (github/codeql-action/upload-sarif) and other SARIF viewers.
 *
 * - One rule per finding code (rules.ts), each linked to its section of docs/.
 * - A result's level is its severity's (error, warning; information is `note`), and a
 *   pending finding, which fails --check, --diff and --write, is at least a warning.
 * - Locations are relative to %SRCROOT%, the git work tree's top level (else the current
 *   directory), as percent-encoded URI references with `/`; a file outside it gets an
 *   absolute file: URI. A finding about a whole file (line 0) has no region. Columns count
 *   UTF-16 code units, as the findings' columns do.
 * - partialFingerprints identify a result across runs without its line: the code, the file,
 *   the object and the message with its numbers taken out, hashed; the n-th result with the
 *   same hash in a run gets `:n`, as GitHub's own line hashes do.
 */
import { createHash } from 'node:crypto'
import { isAbsolute, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Finding, FindingCode, RuleInfo, RuleTable } from '../model.js'
import { version } from '../version.js'
import { findingText, type Mode } from './format.js'
import { helpUri, REPOSITORY, ruleName } from './rules.js'
import type { Out, Sink } from './sink.js'

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json'
/** The uriBaseId of every relative location. */
export const SRCROOT = '%SRCROOT%'
/** The partialFingerprints key: bump its version when what is hashed changes. */
export const FINGERPRINT = 'smiMigrate/v1'

export interface SarifOptions {
  mode: Mode
  /** Where the findings' relative paths start (the run's current directory or workspace). */
  cwd: string
  /** What locations are relative to: the git work tree's top level, or `cwd` outside one. */
  root: string
  /** Every code's rule: the core's and the targets' (rules.ts ruleTable). */
  rules: RuleTable
}

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const

export function sarifSink(o: SarifOptions, target: () => Out): Sink {
  const findings: Finding[] = []
  return {
    finding: (f) => void findings.push(f),
    finish: () => void target().write(JSON.stringify(sarifLog(findings, o), null, 2) + '\n'),
  }
}

export function sarifLog(findings: readonly Finding[], o: SarifOptions): Record<string, unknown> {
  const codes = Object.keys(o.rules) as FindingCode[]
  const base = directoryUri(o.root)
  const seen = new Map<string, number>()
  const results = findings.map((f) => {
    const artifactLocation = artifact(f.path, o, base)
    const hash = fingerprint(f, artifactLocation.uri)
    const n = (seen.get(hash) ?? 0) + 1
    seen.set(hash, n)
    const physicalLocation: Record<string, unknown> = { artifactLocation }
    if (f.line > 0) physicalLocation.region = { startLine: f.line, ...(f.column > 0 ? { startColumn: f.column } : {}) }
    return {
      ruleId: f.code,
      ruleIndex: codes.indexOf(f.code),
      level: f.pending ? 'warning' : LEVEL[f.severity],
      message: { text: findingText(f, o.mode) },
      locations: [{ physicalLocation }],
      partialFingerprints: { [FINGERPRINT]: `${hash}:${n}` },
      // A suppression in the source, with its reason (SARIF §3.35): viewers list it apart.
      ...(f.suppression ? { suppressions: [{ kind: 'inSource', status: 'accepted', justification: f.suppression.reason }] } : {}),
    }
  })
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'smi-migrate',
            version,
            semanticVersion: version,
            informationUri: REPOSITORY,
            rules: codes.map((c) => rule(c, o.rules[c]!)),
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: base } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  }
}

function rule(code: FindingCode, r: RuleInfo): Record<string, unknown> {
  const uri = helpUri(r)
  return {
    id: code,
    name: ruleName(code, r),
    shortDescription: { text: r.short },
    fullDescription: { text: r.full },
    help: { text: `${r.full} See ${uri}`, markdown: `${r.full} See [the documentation](${uri}).` },
    helpUri: uri,
    defaultConfiguration: { level: r.level },
  }
}

/** The file: URI of a directory, ending in `/` (a base URI must, or its last segment is dropped). */
function directoryUri(dir: string): string {
  const href = pathToFileURL(dir).href
  return href.endsWith('/') ? href : `${href}/`
}

/** A finding's file, relative to the root when inside it (`..x.yaml` is), else absolute. */
function artifact(path: string, o: SarifOptions, base: string): { uri: string; uriBaseId?: string } {
  const abs = resolve(o.cwd, path)
  const rel = relative(o.root, abs)
  const inside = rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
  if (!inside) return { uri: pathToFileURL(abs).href }
  // The same encoding as the base (pathToFileURL's), cut off it; a `:` is escaped too, so that
  // a first segment such as `a:b.yaml` is not read as a URI scheme.
  const href = pathToFileURL(abs).href
  if (!href.startsWith(base)) return { uri: href }
  return { uri: href.slice(base.length).replace(/:/g, '%3A'), uriBaseId: SRCROOT }
}

/** What identifies a result whatever its line: code, file, object, and the message without its numbers. */
function fingerprint(f: Finding, uri: string): string {
  const identity = [f.code, uri, f.object?.kind ?? '', f.object?.namespace ?? '', f.object?.name ?? '', f.message.replace(/\d+/g, '#')]
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 32)
}
