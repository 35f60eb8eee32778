/**
 * Converts the kustomize-specific files of a tree:
 * - a kustomization's patch targets that select TrafficSplit by `group: split.smi-spec.io`
 *   and an older `version` move to the new version (or the patches would stop matching), when
 *   they select a TrafficSplit the run converts (the plan's `versionMoves`);
 * - its inline patches (`patch: |-`): JSON 6902 weights, or strategic-merge TrafficSplits;
 * - JSON 6902 patch files that write TrafficSplit weights.
 * All weights use the tree's factor for the object they patch (see tree.ts).
 */
import type { ConvertOptions, Edit, Diagnostic } from '../model.js'
import { SMI_SPLIT_GROUP, VERSIONS } from '../model.js'
import { stepsBetween } from '../convert/plan.js'
import { floorFor, splitVersion, trafficSplit } from '../kinds/trafficsplit/index.js'
import { splitsOnly } from './documents.js'
import { mentionsKind } from '../pipeline/escapes.js'
import { convertSegment } from '../convert/text.js'
import type { Kustomization, PatchEntry, PatchTarget } from './kustomization.js'
import { inlineOffsets, targetKey, targetsTrafficSplit } from './kustomization.js'
import { opEdits, readOpWeights } from './json6902.js'
import type { Floors } from './tree.js'

export interface FileConversion {
  edits: Edit[]
  findings: Diagnostic[]
}

export function convertKustomization(
  k: Kustomization,
  opts: ConvertOptions,
  floors: Floors,
  splitPatches: ReadonlySet<PatchEntry> = new Set(),
  versionMoves: ReadonlySet<PatchEntry> = new Set(),
): FileConversion {
  const out: FileConversion = { edits: [], findings: [] }
  for (const p of k.patches) {
    if (!targetsTrafficSplit(p.target) && !splitPatches.has(p) && !(p.inline && mentionsKind(String(p.inline.value), 'TrafficSplit')))
      continue
    const version = p.target?.version
    const from = version ? String(version.value) : ''
    if (
      version?.range &&
      versionMoves.has(p) &&
      (VERSIONS as readonly string[]).includes(from) &&
      stepsBetween(trafficSplit, from, splitVersion(opts)).length > 0
    ) {
      const raw = k.text.slice(version.range[0], version.range[1])
      const at = raw.indexOf(from)
      out.edits.push({ start: version.range[0] + at, end: version.range[0] + at + from.length, text: splitVersion(opts) })
      out.findings.push({
        severity: 'info',
        code: 'patch-converted',
        offset: version.range[0],
        object: { kind: 'TrafficSplit', name: p.target?.name },
        message: `${p.field} target ${describeTarget(p.target?.name)}: ${SMI_SPLIT_GROUP}/${from} -> ${splitVersion(opts)}`,
      })
    }
    if (p.inline) convertInline(k, p.inline, p.target, opts, floors, out)
  }
  return out
}

export function convertOpFile(text: string, target: string, floors: Floors): FileConversion {
  const weights = readOpWeights(text) ?? []
  return opEdits(weights, floorFor(floors, target === '*' ? undefined : target), target)
}

/**
 * An inline patch is a string inside the kustomization. In a literal block (`patch: |-`) each
 * line of the string is a line of the file, indented: edits map back line by line. Other
 * string styles are reported instead.
 */
function convertInline(
  k: Kustomization,
  node: NonNullable<Kustomization['patches'][number]['inline']>,
  target: PatchTarget | undefined,
  opts: ConvertOptions,
  floors: Floors,
  out: FileConversion,
): void {
  const inner = String(node.value)
  const ops = readOpWeights(inner)
  const inside = ops
    ? opEdits(ops, floorFor(floors, target && targetKey(target)), target?.name ?? '*')
    : convertSegment(inner, { versions: splitsOnly(splitVersion(opts)), scaleFloor: floors })
  if (inside.edits.length === 0 && !inside.findings.some((f) => f.severity === 'error')) return
  const map = inlineOffsets(k, node)
  if (!map) {
    out.findings.push({
      severity: 'warning',
      code: 'invalid-structure',
      offset: node.range?.[0] ?? 0,
      pending: true,
      message:
        'inline patch for a TrafficSplit is a quoted or folded string; convert it by hand (or write it as `patch: |-`); the kustomize tree is left unchanged',
    })
    return
  }
  for (const e of inside.edits) out.edits.push({ start: map(e.start), end: map(e.end), text: e.text })
  for (const f of inside.findings) out.findings.push({ ...f, offset: map(f.offset) })
}

function describeTarget(name: string | undefined): string {
  return name ? `TrafficSplit ${name}` : 'TrafficSplit (any name)'
}
