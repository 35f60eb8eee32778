/**
 * The rewrite: for each release in the input, the revisions Helm builds (revisions.ts) get
 * their stored manifest converted. `--to v1alphaN` runs the manifest, a YAML stream, through
 * the very conversion every other input goes through (pipeline/bytes.ts: one factor per
 * object, only the apiVersion and weight scalars change); `--to gateway` removes the
 * TrafficSplit documents instead (the chart's next render creates the routes: writing routes
 * into history would make Helm believe it owns objects it never created). The release JSON
 * keeps every byte outside `manifest` (release.ts), and is encoded again as Helm encodes it
 * (encode.ts).
 */
import type { Finding, NoticeCode, Severity, Target } from '../model.js'
import { migrateBytes } from '../pipeline/bytes.js'
import { loadConverter, type Converter } from '../pipeline/segment.js'
import './codes.js'
import { encodeRelease } from './encode.js'
import { RecordError } from './decode.js'
import { type ManifestObject, removeDocuments, smiObjects } from './manifest.js'
import { type InputDocument, InputError, type Position, type ReleaseRecord } from './records.js'
import { readRelease, withManifest } from './release.js'
import { chooseRevisions } from './revisions.js'

export interface HelmReleaseOptions {
  to: Target | 'gateway'
  /** Rewrite every revision, not only those Helm builds on upgrade, rollback and uninstall. */
  allRevisions: boolean
  /** `check` words what would happen; `print` what was done. */
  mode: 'check' | 'print'
}

export interface HelmReleaseResult {
  /** What the run has to say, in report order: the command's own lines (codes.ts) and the stored manifests' conversion findings. */
  findings: Finding[]
  /** The new `data.release` of each record rewritten. */
  rewritten: Map<ReleaseRecord, string>
  releases: number
  records: number
  /** TrafficSplits converted or removed. */
  objects: number
}

const at = (p: Position) => `${p.path}:${p.line}:${p.column}`

/** A finding at a position of the input (or of a stored manifest), for the report sinks. */
function finding(p: Position, severity: Severity, code: NoticeCode, message: string, pending = false): Finding {
  const where = { path: p.path, line: p.line, column: p.column, offset: 0, code, message }
  // A refusal is never pending: the error sets the exit code.
  return severity === 'error' ? { severity, ...where } : { severity, ...where, ...(pending ? { pending } : {}) }
}

export async function convertReleases(docs: readonly InputDocument[], opts: HelmReleaseOptions): Promise<HelmReleaseResult> {
  const result: HelmReleaseResult = { findings: [], rewritten: new Map(), releases: 0, records: 0, objects: 0 }
  const converter = opts.to === 'gateway' ? undefined : await loadConverter()
  for (const records of groupReleases(docs)) {
    result.releases++
    result.records += records.length
    const first = records[0]!
    const namespace = first.namespace ?? first.json.namespace
    const given = records.map((r) => r.revision).sort((a, b) => a - b)
    const { chosen, notes } = chooseRevisions(records, opts.allRevisions)
    result.findings.push(
      finding(
        first.at,
        'info',
        'helm-release',
        `release ${namespace ? `${namespace}/` : ''}${first.release}: revisions ${given.join(', ')}`,
      ),
    )
    for (const n of notes) result.findings.push(finding(first.at, 'warning', 'helm-release-state', n))
    let objects = 0
    let refused = false
    for (const r of [...records].sort((a, b) => a.revision - b.revision)) {
      const choice = chosen.find((c) => c.record === r)
      const done = choice ? rewriteRecord(r, choice.why, opts, converter, result) : (leftAlone(r, result), undefined)
      objects += done?.objects ?? 0
      refused ||= done?.refused ?? false
    }
    // A record that cannot be written back holds its release (its other records too); the other releases go on.
    if (refused) for (const r of records) result.rewritten.delete(r)
    else result.objects += objects
  }
  return result
}

/** The records of each release (namespace and name), in the order releases first appear; a revision given twice is refused. */
function groupReleases(docs: readonly InputDocument[]): ReleaseRecord[][] {
  const groups = new Map<string, ReleaseRecord[]>()
  for (const d of docs) {
    for (const r of d.records) {
      const key = `${r.namespace ?? r.json.namespace ?? ''}/${r.release}`
      const group = groups.get(key) ?? []
      const twin = group.find((g) => g.revision === r.revision)
      if (twin) throw new InputError(r.at, `${r.name}: given twice (also at ${at(twin.at)})`)
      group.push(r)
      groups.set(key, group)
    }
  }
  return [...groups.values()]
}

function splitsOf(objects: readonly ManifestObject[]): ManifestObject[] {
  return objects.filter((o) => o.kind === 'TrafficSplit')
}

function describe(o: ManifestObject): string {
  return `${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name} (${o.apiVersion}${o.source ? `, ${o.source}` : ''})`
}

function holds(objects: readonly ManifestObject[]): string {
  const splits = splitsOf(objects)
  return splits.length ? `holds ${splits.map(describe).join(', ')}` : 'holds no TrafficSplit'
}

function leftAlone(r: ReleaseRecord, result: HelmReleaseResult): void {
  const objects = smiObjects(r.json.manifest)
  if (splitsOf(objects).length === 0) return
  result.findings.push(
    finding(
      r.at,
      'info',
      'helm-record-kept',
      `${r.name} (${r.status}): ${holds(objects)}; left as it is: only a helm rollback ` +
        `to revision ${r.revision} builds it (--all-revisions rewrites it too)`,
    ),
  )
}

function rewriteRecord(
  r: ReleaseRecord,
  why: string,
  opts: HelmReleaseOptions,
  converter: Converter | undefined,
  out: HelmReleaseResult,
): { objects: number; refused?: true } {
  const objects = smiObjects(r.json.manifest)
  const lines: Finding[] = []
  const manifest = converter ? convertManifest(r, opts, converter, lines) : removeSplits(r, objects, opts, lines)
  hookSplits(r, lines)
  const failed = lines.some((l) => l.severity === 'error')
  const changed = !failed && manifest !== undefined && manifest !== r.json.manifest
  const verb = changed ? (opts.mode === 'check' ? 'would be rewritten' : 'rewritten') : 'nothing to change'
  out.findings.push(finding(r.at, 'info', 'helm-record', `${r.name} (${r.status}): ${holds(objects)}; ${verb}: ${why}`))
  out.findings.push(...lines)
  if (!changed) return { objects: 0 }
  const json = withManifest(r.json, manifest)
  if (readRelease(json).manifest !== manifest)
    throw new Error(`internal error: ${r.name}: the spliced release JSON does not hold the new manifest`)
  try {
    out.rewritten.set(r, encodeRelease(json, r.decoded.gzip, r.kind === 'Secret', r.otherData))
  } catch (err) {
    if (!(err instanceof RecordError)) throw err
    // Its release is left as it is, for a person; the other releases of the input are printed.
    const message = `${r.name}: ${err.message}; release ${r.release} is left as it is (none of its records printed), for a person to convert`
    out.findings.push(finding(r.at, 'warning', 'helm-record-refused', message, true))
    return { objects: 0, refused: true }
  }
  return {
    objects: opts.to === 'gateway' ? splitsOf(objects).length : lines.filter((l) => l.code === 'converted' || l.code === 'repaired').length,
  }
}

/**
 * Where a stored manifest's findings are: `NAMESPACE/sh.helm.release.v1.NAME.vN/manifest`, as the
 * record is known in the cluster (the same release name and revision in two namespaces are two records).
 */
function manifestLabel(r: ReleaseRecord): string {
  const namespace = r.namespace ?? r.json.namespace
  return `${namespace ? `${namespace}/` : ''}${r.name}/manifest`
}

/** `--to v1alphaN`: the manifest through the pipeline's conversion; the new manifest, or undefined on errors. */
function convertManifest(r: ReleaseRecord, opts: HelmReleaseOptions, converter: Converter, lines: Finding[]): string | undefined {
  const input = Buffer.from(r.json.manifest, 'utf8')
  const convert = { versions: { TrafficSplit: opts.to as Target }, stripServerFields: false }
  const result = migrateBytes(input, convert, manifestLabel(r), converter)
  lines.push(...result.findings)
  if (result.findings.some((f) => f.severity === 'error')) return undefined
  if (!result.changed) return r.json.manifest
  // A second run over the result must find nothing left to do.
  if (migrateBytes(result.output, convert, manifestLabel(r), converter).changed)
    throw new Error(`internal error: ${r.name}: a second conversion of the manifest changes it again`)
  return result.output.toString('utf8')
}

/** `--to gateway`: the manifest without its TrafficSplit documents. */
function removeSplits(
  r: ReleaseRecord,
  objects: readonly ManifestObject[],
  opts: HelmReleaseOptions,
  lines: Finding[],
): string | undefined {
  const label = manifestLabel(r)
  const verb = opts.mode === 'check' ? 'would remove' : 'removed'
  for (const o of objects) {
    const where = { path: label, line: o.line, column: 1 }
    if (o.problem) lines.push(finding(where, 'error', 'helm-manifest-refused', `a document that names an SMI group is ${o.problem}`))
    else if (o.kind === 'TrafficSplit' && !o.split)
      lines.push(
        finding(
          where,
          'error',
          'helm-manifest-refused',
          `${describe(o)} is ${o.inList ? 'an item of a List' : 'of another group'}: its document cannot be removed alone`,
        ),
      )
    else if (o.split)
      lines.push(finding(where, 'info', 'helm-split-removed', `${verb} ${describe(o)}: the chart's next render creates its routes`))
    else
      lines.push(
        finding(
          where,
          'warning',
          'helm-smi-kept',
          `${describe(o)} stays in the stored manifest: if its CRD is removed or stops serving ${o.apiVersion}, helm upgrade fails the same way`,
        ),
      )
  }
  if (lines.some((l) => l.severity === 'error')) return undefined
  return removeDocuments(r.json.manifest, splitsOf(objects))
}

/** Hooks are stored apart (`hooks[].manifest`) and left alone: a TrafficSplit among them is named. */
function hookSplits(r: ReleaseRecord, lines: Finding[]): void {
  for (const hook of r.json.hooks) {
    for (const o of splitsOf(smiObjects(hook.manifest))) {
      lines.push(
        finding(
          r.at,
          'warning',
          'helm-hook',
          `${r.name}: hook ${hook.name} (${hook.events.join(', ') || 'no events'}) is ${describe(o)}; ` +
            'hooks are not rewritten: helm uninstall and helm rollback run the stored ones, so edit it by hand if it is a delete or rollback hook',
          true,
        ),
      )
    }
  }
}
