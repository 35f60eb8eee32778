/**
 * The input: Helm release records, as `kubectl get secret|configmap -o json|yaml` prints
 * them (one object, a `List` of them, or several documents or JSON values one after the
 * other), and the output that `kubectl replace -f -` takes back. Each record is checked as
 * Helm would need it (name `sh.helm.release.v1.NAME.vN`, labels, type, the data layers, the
 * size limit, the release JSON's name and version) and refused with `path:line:col` when it
 * is not: nothing is printed for an input with a refused record.
 */
import { DocumentSplitter } from '../pipeline/splitter.js'
import { yamlData } from '../yaml/data.js'
import { listReading } from '../yaml/nodes.js'
import { decodeRelease, type Decoded, MAX_DATA_BYTES, RecordError } from './decode.js'
import { readRelease, type ReleaseJson } from './release.js'

export interface Position {
  path: string
  line: number
  column: number
}

/** A refusal, where the input says what is wrong. */
export class InputError extends Error {
  constructor(
    readonly at: Position,
    message: string,
  ) {
    super(message)
  }
}

export interface ReleaseRecord {
  at: Position
  kind: 'Secret' | 'ConfigMap'
  /** metadata.name: `sh.helm.release.v1.NAME.vN`. */
  name: string
  namespace?: string
  /** The release's name and revision (the name's, the labels' and the JSON's, all equal). */
  release: string
  revision: number
  status: string
  decoded: Decoded
  json: ReleaseJson
  /** The decoded bytes of the record's other data keys (they count against the 1 MiB limit too). */
  otherData: number
  /** The object as read; the output is made from it, with only `data.release` replaced. */
  object: { data: Record<string, unknown> } & Record<string, unknown>
}

/** One document (or JSON value) of the input, and the records it holds. */
export interface InputDocument {
  value: Record<string, unknown>
  records: ReleaseRecord[]
}

const NAME = /^sh\.helm\.release\.v1\.(.+)\.v([1-9]\d*)$/
/** The largest document parsed whole as YAML (JSON is read with JSON.parse, at any size). */
const MAX_YAML_DOCUMENT = 16 * 2 ** 20

/** Reads every document of one input; throws InputError at the first thing that is not a valid record. */
export function readInput(path: string, bytes: Buffer): InputDocument[] {
  const docs: InputDocument[] = []
  let line = 1
  for (const segment of DocumentSplitter.split(bytes)) {
    const text = segment.toString('utf8')
    const read = readSegment(text, path, line)
    line += text.split('\n').length - 1
    if (read === undefined) continue
    const records: ReleaseRecord[] = []
    for (const { value, at } of objectsOf(read.value, read.at)) records.push(readRecord(value, at(), read.dataAt))
    docs.push({ value: read.value, records })
  }
  return docs
}

interface Segment {
  value: Record<string, unknown>
  /** Where an object is (found by the JSON text of its name), and where a data string is. */
  at: (name?: string) => Position
  dataAt: (data: string, near: Position) => Position
}

function readSegment(text: string, path: string, firstLine: number): Segment | undefined {
  let breaks: number[] | undefined
  const position = (offset: number): Position => {
    breaks ??= [...text.matchAll(/\n/g)].map((m) => m.index)
    let lo = 0
    let hi = breaks.length // finds the number of line breaks before offset
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (breaks[mid]! < offset) lo = mid + 1
      else hi = mid
    }
    return { path, line: firstLine + lo, column: offset - (lo > 0 ? breaks[lo - 1]! : -1) }
  }
  const start = text.search(/\S/)
  if (start < 0) return undefined
  let value: unknown
  if (text[start] === '{' || text[start] === '[') {
    try {
      value = JSON.parse(text.slice(start)) // after a BOM, which JSON.parse refuses
    } catch (err) {
      const m = /position (\d+)/.exec((err as Error).message)
      throw new InputError(position(start + (m ? Number(m[1]) : 0)), `not JSON: ${(err as Error).message}`)
    }
  } else {
    if (text.length > MAX_YAML_DOCUMENT)
      throw new InputError(position(start), `a YAML document of ${(text.length / 2 ** 20).toFixed(0)} MiB: print the records with -o json`)
    const data = yamlData(text)
    if ('error' in data) throw new InputError(position(data.error.offset), `not YAML: ${data.error.message}`)
    value = data.value
    if (value === null || value === undefined) return undefined
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InputError(position(start), 'not an object')
  let from = 0
  return {
    value: value as Record<string, unknown>,
    at: (name) => {
      const i = name === undefined ? -1 : text.indexOf(name, from)
      // Past this name: the next object of the same name (another namespace's record) is further on.
      if (i >= 0) from = i + name!.length
      return position(i >= 0 ? lineStart(text, i) : start)
    },
    dataAt: (data, near) => {
      const i = text.indexOf(data.slice(0, 64), from)
      return i >= 0 ? position(i) : near
    },
  }
}

function lineStart(text: string, i: number): number {
  const nl = text.lastIndexOf('\n', i)
  const indent = /^[ \t-]*/.exec(text.slice(nl + 1))![0].length
  return nl + 1 + indent
}

/** The objects of a document: a List's items, or the document itself. */
function objectsOf(value: Record<string, unknown>, at: Segment['at']): Array<{ value: unknown; at: () => Position }> {
  const reading = listReading('items' in value, value.kind)
  const objects = reading === 'object' ? [value] : reading === 'list' && Array.isArray(value.items) ? (value.items as unknown[]) : []
  return objects.map((o) => ({ value: o, at: () => at(nameOf(o)) }))
}

function nameOf(o: unknown): string | undefined {
  const name = (o as { metadata?: { name?: unknown } } | null)?.metadata?.name
  return typeof name === 'string' ? name : undefined
}

function readRecord(value: unknown, at: Position, dataAt: Segment['dataAt']): ReleaseRecord {
  const fail = (message: string, where = at): never => {
    throw new InputError(where, message)
  }
  const o = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as Record<string, unknown>
  const meta = (o.metadata ?? {}) as Record<string, unknown>
  const name = typeof meta.name === 'string' ? meta.name : undefined
  const what = `${String(o.kind ?? 'an object without kind')}${name ? ` ${name}` : ''}`
  if (o.kind !== 'Secret' && o.kind !== 'ConfigMap')
    fail(`${what}: not a Helm release record (a Secret or ConfigMap named sh.helm.release.v1.NAME.vN)`)
  if (o.apiVersion !== undefined && o.apiVersion !== 'v1') fail(`${what}: apiVersion ${String(o.apiVersion)}, not v1`)
  const m = name === undefined ? null : NAME.exec(name)
  if (!m) fail(`${what}: the name is not that of a Helm release record (sh.helm.release.v1.NAME.vN)`)
  const labels = (meta.labels ?? {}) as Record<string, unknown>
  if (labels.owner !== 'helm') fail(`${what}: label owner is ${JSON.stringify(labels.owner)}, not "helm": Helm does not see this record`)
  if (o.kind === 'Secret' && o.type !== 'helm.sh/release.v1') fail(`${what}: type is ${JSON.stringify(o.type)}, not "helm.sh/release.v1"`)
  const data = o.data as Record<string, unknown> | undefined
  if (typeof data?.release !== 'string') fail(`${what}: no data.release string`)
  const secret = o.kind === 'Secret'
  const release = data!.release as string
  const where = dataAt(release, at)
  const otherData = otherDataBytes(data!, secret)
  const size = (secret ? Math.floor((release.replace(/[\r\n]/g, '').length * 3) / 4) : release.length) + otherData
  if (size > MAX_DATA_BYTES + 2) fail(`${what}: data is ${size} bytes, over Kubernetes' limit of ${MAX_DATA_BYTES}`, where)
  let decoded: Decoded
  let json: ReleaseJson
  try {
    decoded = decodeRelease(release, secret)
    json = readRelease(decoded.json)
  } catch (err) {
    if (!(err instanceof RecordError)) throw err
    return fail(`${what}: ${err.message}`, where)
  }
  if (decoded.helm.length + otherData > MAX_DATA_BYTES)
    fail(`${what}: data is ${decoded.helm.length + otherData} bytes, over Kubernetes' limit of ${MAX_DATA_BYTES}`, where)
  const record: ReleaseRecord = {
    at,
    kind: o.kind as ReleaseRecord['kind'],
    name: name!,
    ...(typeof meta.namespace === 'string' ? { namespace: meta.namespace } : {}),
    release: m![1]!,
    revision: Number(m![2]),
    status: json.status ?? 'unknown',
    decoded,
    json,
    otherData,
    object: o as ReleaseRecord['object'],
  }
  const mismatch = consistency(record, labels)
  if (mismatch) fail(`${what}: ${mismatch}`)
  return record
}

/** What does not agree between the record's name, its labels and the release JSON. */
function consistency(r: ReleaseRecord, labels: Record<string, unknown>): string | undefined {
  if (r.json.name !== r.release) return `the release JSON's name is ${JSON.stringify(r.json.name)}, the record's name says "${r.release}"`
  if (r.json.version !== r.revision) return `the release JSON's version is ${r.json.version}, the record's name says ${r.revision}`
  if (labels.name !== r.release) return `label name is ${JSON.stringify(labels.name)}, the record's name says "${r.release}"`
  if (labels.version !== String(r.revision))
    return `label version is ${JSON.stringify(labels.version)}, the record's name says "${r.revision}"`
  if (labels.status !== undefined && labels.status !== r.status)
    return `label status is ${JSON.stringify(labels.status)}, the release JSON's is "${r.status}"`
  if (r.namespace !== undefined && r.json.namespace !== undefined && r.json.namespace !== r.namespace)
    return `the release JSON's namespace is "${r.json.namespace}", the record is in "${r.namespace}"`
  return undefined
}

function otherDataBytes(data: Record<string, unknown>, secret: boolean): number {
  let n = 0
  for (const [key, value] of Object.entries(data)) {
    if (key === 'release' || typeof value !== 'string') continue
    n += secret ? Math.floor((value.replace(/[\r\n=]/g, '').length * 3) / 4) : Buffer.byteLength(value)
  }
  return n
}

/** The documents as JSON for `kubectl replace -f -`, with the new `data.release` of each rewritten record. */
export function printDocuments(docs: readonly InputDocument[], rewritten: ReadonlyMap<ReleaseRecord, string>): string {
  for (const d of docs) for (const r of d.records) if (rewritten.has(r)) r.object.data.release = rewritten.get(r)
  return docs.map((d) => `${JSON.stringify(d.value, null, 4)}\n`).join('')
}
