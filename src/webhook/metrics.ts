/**
 * `GET /metrics`: what to watch the webhook by, in Prometheus's text exposition format 0.0.4,
 * written here (no client library: a few counters, one histogram and three gauges).
 *
 * Label values come from fixed sets (a version of the chain, or `none`, `mixed`, `other`),
 * never from a client's bytes, so no review can grow the number of series.
 */
import { SPLIT_GROUP, SPLIT_VERSIONS } from '../kinds/trafficsplit/hops.js'
import type { Refusal } from './connections.js'
import type { Entry } from './route-convert.js'
import { IGNORED, type Ignored } from './stash.js'
import { LIMITS, type Limit } from './ledger.js'

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8'

/** Upper bounds of the review latency histogram, in seconds. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

const PREFIX = 'smi_migrate_webhook'

export class Metrics {
  private readonly reviews = new Map<string, number>()
  private readonly buckets = BUCKETS.map(() => 0)
  private count = 0
  private sum = 0
  private notes = 0
  private readonly refusals = new Map<Refusal, number>([
    ['maxConnections', 0],
    ['maxConnectionsPerAddress', 0],
    ['reserved', 0],
  ])
  private readonly requests = new Map<Limit | 'unread', number>([...LIMITS, 'unread' as const].map((l) => [l, 0]))
  private handshakes = 0
  private readonly ignored = new Map<Ignored, number>(IGNORED.map((r) => [r, 0]))

  review(entry: Entry, seconds: number): void {
    const key = `outcome="${entry.outcome}",from="${versionLabel(entry.from)}",to="${versionLabel(entry.to === undefined ? [] : [entry.to])}"`
    this.reviews.set(key, (this.reviews.get(key) ?? 0) + 1)
    this.count++
    this.sum += seconds
    BUCKETS.forEach((b, i) => {
      if (seconds <= b) this.buckets[i]!++
    })
    this.notes += entry.notes?.length ?? 0
    for (const why of entry.ignored ?? []) this.ignored.set(why, this.ignored.get(why)! + 1)
  }

  refused(why: Refusal): void {
    this.refusals.set(why, this.refusals.get(why)! + 1)
  }

  /** A request refused by a bound of the ledger, or a connection dropped because its answer was not read (`unread`). */
  requestRefused(why: Limit | 'unread'): void {
    this.requests.set(why, this.requests.get(why)! + 1)
  }

  handshakeFailed(): void {
    this.handshakes++
  }

  /** The exposition, with the gauges read now. */
  render(gauges: { connections: number; certificateNotAfter: string; now?: number }): string {
    const lines: string[] = []
    const family = (name: string, type: string, help: string) =>
      lines.push(`# HELP ${PREFIX}_${name} ${help}`, `# TYPE ${PREFIX}_${name} ${type}`)
    family('reviews_total', 'counter', 'ConversionReviews answered, by outcome (success, failure, rejected) and version pair.')
    for (const [labels, n] of [...this.reviews].sort()) lines.push(`${PREFIX}_reviews_total{${labels}} ${n}`)
    family('review_duration_seconds', 'histogram', 'Time from a review request to the end of its answer.')
    BUCKETS.forEach((b, i) => lines.push(`${PREFIX}_review_duration_seconds_bucket{le="${b}"} ${this.buckets[i]}`))
    lines.push(`${PREFIX}_review_duration_seconds_bucket{le="+Inf"} ${this.count}`)
    lines.push(`${PREFIX}_review_duration_seconds_sum ${this.sum}`, `${PREFIX}_review_duration_seconds_count ${this.count}`)
    family(
      'notes_total',
      'counter',
      'Values written in their least harmful form, or stashes left out for the size limit (the review log says which).',
    )
    lines.push(`${PREFIX}_notes_total ${this.notes}`)
    family(
      'stashes_ignored_total',
      'counter',
      'Stash annotations not restored from, by reason: unsigned, signature (another key or object), size, depth, shape, stale (the object changed since), value (a weight the tightened schema refuses).',
    )
    for (const [reason, n] of this.ignored) lines.push(`${PREFIX}_stashes_ignored_total{reason="${reason}"} ${n}`)
    family('connections_open', 'gauge', 'TCP connections open now.')
    lines.push(`${PREFIX}_connections_open ${gauges.connections}`)
    family('connections_refused_total', 'counter', 'Connections refused, by the cap that refused them.')
    for (const [limit, n] of this.refusals) lines.push(`${PREFIX}_connections_refused_total{limit="${limit}"} ${n}`)
    family(
      'requests_refused_total',
      'counter',
      'Reviews answered 503 by the bound that refused them, and connections dropped because their answer was not read (unread).',
    )
    for (const [limit, n] of this.requests) lines.push(`${PREFIX}_requests_refused_total{limit="${limit}"} ${n}`)
    family('tls_handshake_failures_total', 'counter', 'TLS handshakes that failed (a caBundle that does not match shows here).')
    lines.push(`${PREFIX}_tls_handshake_failures_total ${this.handshakes}`)
    family('certificate_expiry_seconds', 'gauge', 'Seconds until the serving certificate expires (negative once expired).')
    const left = (Date.parse(gauges.certificateNotAfter) - (gauges.now ?? Date.now())) / 1000
    lines.push(`${PREFIX}_certificate_expiry_seconds ${left}`)
    return `${lines.join('\n')}\n`
  }
}

/** A version label from a fixed set: one TrafficSplit version, none, mixed (several), or other. */
function versionLabel(apiVersions: readonly string[]): string {
  if (apiVersions.length === 0) return 'none'
  if (apiVersions.length > 1) return 'mixed'
  const v = apiVersions[0]!.startsWith(`${SPLIT_GROUP}/`) ? apiVersions[0]!.slice(SPLIT_GROUP.length + 1) : ''
  return (SPLIT_VERSIONS as readonly string[]).includes(v) ? v : 'other'
}
