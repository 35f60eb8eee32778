/**
 * What a stored manifest holds, document by document: a release's `manifest` is the chart's
 * rendered stream, `---\n# Source: CHART/templates/FILE\n<document>\n` per object (helm/helm
 * `pkg/action/action.go`). The documents are cut where kubectl cuts them (the pipeline's
 * splitter), so removing one keeps every other byte, as helm-mapkubeapis' removal of an API
 * without successor does (from its `---` to the next).
 */
import { DocumentSplitter } from '../pipeline/splitter.js'
import { yamlData } from '../yaml/data.js'
import { listReading } from '../yaml/nodes.js'

const SMI = '.smi-spec.io/'
const SPLIT_GROUP = 'split.smi-spec.io/'

export interface ManifestObject {
  kind: string
  apiVersion: string
  name: string
  namespace?: string
  /** The chart template it was rendered from (`# Source:`). */
  source?: string
  /** 1-based line of its document in the manifest. */
  line: number
  /** Its document's byte range in the manifest (as UTF-8). */
  start: number
  end: number
  /** A TrafficSplit at the top level of its document (`--to gateway` removes these documents). */
  split: boolean
  /** An SMI object inside a List: its document cannot be removed alone. */
  inList: boolean
  /** The document names an SMI group but is not YAML the parser reads. */
  problem?: string
}

/** The SMI objects of a manifest (every `*.smi-spec.io` group), in order. */
export function smiObjects(manifest: string): ManifestObject[] {
  const out: ManifestObject[] = []
  const bytes = Buffer.from(manifest, 'utf8')
  let start = 0
  let line = 1
  for (const segment of DocumentSplitter.split(bytes)) {
    const end = start + segment.length
    const text = segment.toString('utf8')
    if (text.includes(SMI)) out.push(...objectsIn(text, { line, start, end }))
    line += text.split('\n').length - 1
    start = end
  }
  return out
}

function objectsIn(text: string, where: { line: number; start: number; end: number }): ManifestObject[] {
  const data = yamlData(text)
  if ('error' in data) {
    const problem = `not valid YAML: ${data.error.message}`
    return [{ kind: '?', apiVersion: '?', name: '?', ...where, split: false, inList: false, problem }]
  }
  const value = data.value as Record<string, unknown> | null
  if (typeof value !== 'object' || value === null) return []
  const source = /^# Source: (.*)$/m.exec(text)?.[1]
  const reading = listReading('items' in value, value.kind)
  const items = reading === 'object' ? undefined : reading === 'list' && Array.isArray(value.items) ? (value.items as unknown[]) : []
  const objects = (items ?? [value]).filter((o): o is Record<string, unknown> => typeof o === 'object' && o !== null)
  return objects
    .filter((o) => typeof o.apiVersion === 'string' && o.apiVersion.includes(SMI))
    .map((o) => {
      const meta = (o.metadata ?? {}) as Record<string, unknown>
      const kind = String(o.kind)
      return {
        kind,
        apiVersion: o.apiVersion as string,
        name: String(meta.name ?? '?'),
        ...(typeof meta.namespace === 'string' ? { namespace: meta.namespace } : {}),
        ...(source !== undefined ? { source } : {}),
        ...where,
        split: items === undefined && kind === 'TrafficSplit' && (o.apiVersion as string).startsWith(SPLIT_GROUP),
        inList: items !== undefined,
      }
    })
}

/** The manifest without the given documents (byte ranges from smiObjects). */
export function removeDocuments(manifest: string, docs: readonly ManifestObject[]): string {
  const bytes = Buffer.from(manifest, 'utf8')
  const parts: Buffer[] = []
  let pos = 0
  for (const d of [...docs].sort((a, b) => a.start - b.start)) {
    if (d.start < pos) continue
    parts.push(bytes.subarray(pos, d.start))
    pos = d.end
  }
  parts.push(bytes.subarray(pos))
  return Buffer.concat(parts).toString('utf8')
}
