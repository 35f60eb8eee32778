/**
 * Who may hold a connection. Every connection holds a slot from its first TCP byte, before
 * TLS, so a client that opens connections and sends nothing (a pod in the cluster, since the
 * webhook's port is reachable from any pod unless a NetworkPolicy says otherwise) could take
 * every slot and lock the API server out. Two caps: `maxConnections` in all (Node refuses the
 * rest), and `maxConnectionsPerAddress` from one source address, well below it, so one client
 * can take only its share. The API server's replicas each come from their own address.
 *
 * Refusals and failed handshakes are logged as counted lines, at most one per kind every
 * 10 s, so a flood cannot turn into a flood of log lines.
 */
import type { Server } from 'node:https'
import { BlockList, isIPv4, type Socket } from 'node:net'

type Log = (record: Record<string, unknown>) => void

/**
 * One log line per `everyMs` at most, saying how many events it stands for: the first event
 * of a quiet spell at once, the rest of the spell in one line when it ends (flush() writes
 * what is pending, at shutdown), so a burst of 774 refusals reads as 1 and then 773.
 */
export class Throttled {
  private count = 0
  private last = -Infinity
  private fields: Record<string, unknown> = {}
  private timer: NodeJS.Timeout | undefined
  /** Every event since start. */
  total = 0
  constructor(
    private readonly log: Log,
    private readonly msg: string,
    private readonly everyMs = 10_000,
  ) {}

  note(fields: Record<string, unknown>): void {
    this.count++
    this.total++
    this.fields = fields
    const t = Date.now()
    if (t - this.last >= this.everyMs) {
      this.flush()
      this.last = t
      return
    }
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.last + this.everyMs - t)
      this.timer.unref()
    }
  }

  /** Writes the count pending, if any. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    if (this.count === 0) return
    this.last = Date.now()
    this.log({ msg: this.msg, ...this.fields, count: this.count })
    this.count = 0
  }
}

/**
 * The `--reserve-for` CIDRs that hold every address of their family (`0.0.0.0/0`, `::/0`):
 * every client is then the API server's, with no per-address bound, so one pod can take all
 * the capacity. Valid, so warned about rather than refused. `--network-policy` warns the same.
 */
export function catchAllReserves(reserveFor: readonly string[] | undefined): string[] {
  return (reserveFor ?? []).filter((c) => /\/0+$/.test(c))
}

/** What `webhook manifests` says about a catch-all `--network-policy` CIDR. */
export function catchAllPolicyWarning(cidr: string): string {
  return `warning: --network-policy ${cidr} holds every address: every pod can reach the webhook's port; name the API server's addresses`
}

/**
 * A CIDR of `flag` (`--reserve-for`, `--network-policy`) as node:net's BlockList takes it, or
 * an error naming it: an IPv4 or IPv6 address and a prefix length within its family's bits
 * (`10.0.0.0/33` and `300.0.0.0/8` are refused, as the API server refuses them in a
 * NetworkPolicy's ipBlock). A zone (`fe80::1%eth0/64`) names an interface, not addresses: Go's
 * net.ParseCIDR and netip.ParsePrefix refuse it ("IPv6 zones cannot be present in a prefix",
 * golang/go@d7a0c45 src/net/netip/netip.go ParsePrefix), and so does this. An IPv4-mapped
 * IPv6 prefix (`::ffff:10.0.0.0/104`, `::ffff:a00:0/104`) is refused too, naming the IPv4 CIDR
 * it means: the server sees an IPv4 client of a dual-stack listener as `::ffff:a.b.c.d` but
 * matches it as its IPv4 address, and a NetworkPolicy's ipBlock is matched against the IPv4
 * packets of such a client, so the mapped form is a spelling of the IPv4 CIDR that only some
 * readers would take as one. The prefix length is one to three digits after the one `/`
 * (`10.0.0.0/8/8` is refused; `/08` is taken, as Go takes it). The one parser of both flags,
 * so both take the same spellings.
 */
export function parseCidr(flag: string, cidr: string): { net: string; prefix: number; family: 'ipv4' | 'ipv6' } {
  if (cidr.includes('%')) throw new Error(`${flag}: "${cidr}" is not a CIDR (a prefix has no zone)`)
  // One `/` exactly: `10.0.0.0/8/8` is no CIDR to Go's net.ParseCIDR either.
  const parts = cidr.split('/')
  if (parts.length !== 2) throw new Error(`${flag}: "${cidr}" is not a CIDR`)
  const [net, bits] = parts
  const family = isIPv4(net!) ? 'ipv4' : 'ipv6'
  const prefix = Number(bits)
  if (!/^\d{1,3}$/.test(bits ?? '') || prefix > (family === 'ipv4' ? 32 : 128)) throw new Error(`${flag}: "${cidr}" is not a CIDR`)
  try {
    new BlockList().addSubnet(net!, prefix, family)
  } catch {
    throw new Error(`${flag}: "${cidr}" is not a CIDR`)
  }
  const mapped = family === 'ipv6' ? /^\[::ffff:([\da-f]{1,4}):([\da-f]{1,4})\]$/.exec(new URL(`http://[${net}]`).hostname) : null
  if (mapped) {
    const v4 = (parseInt(mapped[1]!, 16) * 65536 + parseInt(mapped[2]!, 16)).toString(16).padStart(8, '0')
    const dotted = v4
      .match(/../g)!
      .map((h) => parseInt(h, 16))
      .join('.')
    const means = prefix >= 96 ? `write ${dotted}/${prefix - 96}` : 'write the IPv4 CIDRs it is meant to hold'
    throw new Error(
      `${flag}: "${cidr}" is an IPv4-mapped IPv6 prefix, not taken: ${means} (IPv4 clients are matched by their IPv4 address, here and in a NetworkPolicy)`,
    )
  }
  return { net: net!, prefix, family }
}

/** What the server and `webhook manifests` say about a catch-all `--reserve-for` CIDR. */
export function catchAllWarning(cidr: string): string {
  return `warning: --reserve-for ${cidr} holds every address: no client has a per-address bound, so one pod can take the webhook's whole capacity; name the API server's addresses`
}

/**
 * The API server's addresses (`--reserve-for CIDR,…`): capacity the others cannot take
 * (connections here, body and answer bytes in ledger.ts). An IPv4 client of a dual-stack
 * listener arrives as `::ffff:a.b.c.d` and is matched as its IPv4 address.
 */
export function reservedMatcher(cidrs: readonly string[]): (address: string) => boolean {
  if (cidrs.length === 0) return () => false
  const list = new BlockList()
  for (const cidr of cidrs) {
    const { net, prefix, family } = parseCidr('--reserve-for', cidr)
    list.addSubnet(net, prefix, family)
  }
  const seen = new Map<string, boolean>()
  return (address) => {
    let r = seen.get(address)
    if (r === undefined) {
      const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address
      r = list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6')
      if (seen.size > 10_000) seen.clear()
      seen.set(address, r)
    }
    return r
  }
}

export interface ConnectionLimits {
  maxConnections: number
  maxConnectionsPerAddress: number
  /** Connections only reserved addresses may hold (0 without `--reserve-for`). */
  reservedConnections: number
}

export type Refusal = 'maxConnections' | 'maxConnectionsPerAddress' | 'reserved'

export interface Connections {
  /** The open connections (for the drain on shutdown). */
  readonly sockets: Set<Socket>
  /** The counted line of refusals, flushed at shutdown. */
  readonly drops: Throttled
  /**
   * Whether a TLS client error is the end of a connection refused here, each refusal answering
   * for one: the TLS socket over a refused connection reports a reset (its raw socket, and with
   * it the remote address, gone), which is not a failed handshake.
   */
  wasRefused(err: Error & { code?: string }, remoteAddress: string | undefined): boolean
}

/** Puts both caps on `server`; `refused` is told of each connection refused. */
export function limitConnections(
  server: Server,
  limits: ConnectionLimits,
  reserved: (address: string) => boolean,
  log: Log,
  refused: (why: Refusal) => void,
): Connections {
  const sockets = new Set<Socket>()
  const perAddress = new Map<string, number>()
  let others = 0
  let unanswered = 0 // refused connections whose TLS socket has not reported its reset yet
  const drops = new Throttled(log, 'connection refused')
  server.maxConnections = limits.maxConnections
  server.on('drop', (data?: { remoteAddress?: string }) => {
    refused('maxConnections')
    drops.note({ limit: 'maxConnections', max: limits.maxConnections, remote: data?.remoteAddress })
  })
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown'
    const held = perAddress.get(address) ?? 0
    const mine = reserved(address)
    // The API server's addresses have no per-address cap, and the reserve is theirs alone.
    const why: Refusal | undefined = mine
      ? undefined
      : held >= limits.maxConnectionsPerAddress
        ? 'maxConnectionsPerAddress'
        : others >= limits.maxConnections - limits.reservedConnections
          ? 'reserved'
          : undefined
    if (why) {
      refused(why)
      drops.note({
        limit: why,
        max: why === 'reserved' ? limits.maxConnections - limits.reservedConnections : limits.maxConnectionsPerAddress,
        remote: address,
      })
      unanswered++
      socket.destroy()
      return
    }
    perAddress.set(address, held + 1)
    if (!mine) others++
    sockets.add(socket)
    socket.once('close', () => {
      if (!mine) others--
      sockets.delete(socket)
      const left = perAddress.get(address)! - 1
      if (left > 0) perAddress.set(address, left)
      else perAddress.delete(address)
    })
  })
  const wasRefused = (err: Error & { code?: string }, remoteAddress: string | undefined) => {
    if (unanswered === 0 || err.code !== 'ECONNRESET' || remoteAddress !== undefined) return false
    unanswered--
    return true
  }
  return { sockets, drops, wasRefused }
}

/**
 * The log lines of rejected requests, by source address: the first `burst` of an interval as
 * they are, the rest counted in one line when the interval ends, so one pod sending 10,000
 * bad requests writes a few dozen lines, not 10,000, and the API server's lines still show.
 */
export class BurstLog {
  private window = new Map<string, number>()
  private readonly over: Throttled
  private started = Date.now()
  constructor(
    private readonly log: Log,
    private readonly burst = 20,
    private readonly everyMs = 10_000,
  ) {
    this.over = new Throttled(log, 'rejected requests and failed reviews not logged one by one', everyMs)
  }

  note(address: string, record: Record<string, unknown>): void {
    const t = Date.now()
    if (t - this.started >= this.everyMs) {
      this.window = new Map()
      this.started = t
    }
    const n = (this.window.get(address) ?? 0) + 1
    if (this.window.size < 10_000) this.window.set(address, n)
    if (n <= this.burst) return this.log(record)
    this.over.note({ remote: address, limit: `${this.burst} lines per address every ${this.everyMs / 1000} s` })
  }

  flush(): void {
    this.over.flush()
  }
}
