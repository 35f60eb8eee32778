/**
 * The Go renderer (test/helpers/render.go: text/template, sprig, yaml.v2, written from Helm's
 * behaviour) as a judge of a chart conversion: it is built once per process, renders many
 * charts per run (-batch), and `sameRender` says whether a render after --write is the render
 * before but for TrafficSplit apiVersions and weights, whose ratios must be equal.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { isDeepStrictEqual } from 'node:util'

const SOURCE = resolve('test/helpers/render.go')

export interface Rendered {
  source: string
  object: Record<string, unknown>
}
export type Render = { objects: Rendered[] } | { error: string }
export interface RenderRequest {
  chart: string
  values: string[]
}

let binary: string | undefined

function goEnv(): NodeJS.ProcessEnv {
  const cache = process.env.GOCACHE ?? join(tmpdir(), 'smi-migrate-gocache')
  return { ...process.env, GO111MODULE: 'off', GOPATH: '/usr/share/gocode', GOCACHE: cache, GOFLAGS: '' }
}

/** The renderer, built once per process (into the shared GOCACHE: the suites that build it share the compiled packages). */
export function renderer(): string {
  if (binary) return binary
  const dir = mkdtempSync(join(tmpdir(), 'smi-render-'))
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  const out = join(dir, 'render')
  const r = spawnSync('go', ['build', '-o', out, SOURCE], { env: goEnv(), encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`go build render.go: ${r.stderr}`)
  binary = out
  return out
}

/** Renders each request (a chart directory and the values files given with -f), in one process. */
export function renderBatch(requests: readonly RenderRequest[]): Render[] {
  if (requests.length === 0) return []
  const input = requests.map((r) => JSON.stringify(r)).join('\n') + '\n'
  const r = spawnSync(renderer(), ['-batch'], { input, encoding: 'utf8', maxBuffer: 1 << 28 })
  if (r.status !== 0) throw new Error(`render.go: ${r.stderr}`)
  return r.stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Render)
}

/** A weight as Kubernetes gets it (a JSON number or a quantity string), as an exact count of nano-units. */
export function nanos(w: unknown): bigint {
  const m = /^(\d+)(?:\.(\d+))?(m)?$/.exec(String(w))
  if (!m) throw new Error(`unexpected weight ${JSON.stringify(w)}`)
  const whole = BigInt(m[1]!) * 10n ** 9n + BigInt((m[2] ?? '').padEnd(9, '0').slice(0, 9))
  return m[3] ? whole / 1000n : whole
}

/** Undefined when `after` is `before` except TrafficSplit apiVersions and weights with equal ratios; else what differs. */
export function sameRender(before: Render, after: Render): string | undefined {
  if ('error' in before || 'error' in after) {
    return isDeepStrictEqual(before, after) ? undefined : `render: ${JSON.stringify(before)} / ${JSON.stringify(after)}`
  }
  if (before.objects.length !== after.objects.length) return `${before.objects.length} objects, then ${after.objects.length}`
  for (const [i, b] of before.objects.entries()) {
    const a = after.objects[i]!
    if (a.source !== b.source) return `object ${i}: ${b.source}, then ${a.source}`
    if (b.object.kind !== 'TrafficSplit') {
      if (!isDeepStrictEqual(a.object, b.object)) return `${b.source}: ${JSON.stringify(b.object)}\n  became ${JSON.stringify(a.object)}`
      continue
    }
    const wb = weightsOf(b.object)
    const wa = weightsOf(a.object)
    if (!isDeepStrictEqual(withoutWeights(a.object), withoutWeights(b.object)) || wa.length !== wb.length)
      return `${b.source}: the split changed beyond its weights`
    try {
      const x = wb.map(nanos)
      const y = wa.map(nanos)
      if (!x.every((p, m) => x.every((q, n) => p * y[n]! === q * y[m]!))) return `${b.source}: weights ${wb} became ${wa}`
    } catch (e) {
      return `${b.source}: ${(e as Error).message}`
    }
    if (a.object.apiVersion !== b.object.apiVersion && !wa.every((w) => Number.isInteger(w)))
      return `${b.source}: ${String(a.object.apiVersion)} with weights ${wa}`
  }
  return undefined
}

function weightsOf(o: Record<string, unknown>): unknown[] {
  const backends = ((o.spec as { backends?: unknown[] } | undefined)?.backends ?? []) as Array<{ weight?: unknown }>
  return backends.map((b) => b.weight)
}

function withoutWeights(o: Record<string, unknown>): unknown {
  const copy = JSON.parse(JSON.stringify(o)) as { apiVersion?: unknown; spec?: { backends?: Array<{ weight?: unknown }> } }
  delete copy.apiVersion
  for (const b of copy.spec?.backends ?? []) delete b.weight
  return copy
}
