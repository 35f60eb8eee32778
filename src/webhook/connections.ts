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
import type { Socket } from 'node:net'

type Log = (record: Record<string, unknown>) => void

/** One log line per `everyMs` at most, saying how many events it stands for. */
export class Throttled {
  private count = 0
  private last = -Infinity
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
    const t = Date.now()
    if (t - this.last < this.everyMs) return
    this.last = t
    this.log({ msg: this.msg, ...fields, count: this.count })
    this.count = 0
  }
}

export interface ConnectionLimits {
  maxConnections: number
  maxConnectionsPerAddress: number
}

export type Refusal = 'maxConnections' | 'maxConnectionsPerAddress'

export interface Connections {
  /** The open connections (for the drain on shutdown). */
  readonly sockets: Set<Socket>
}

/** Puts both caps on `server`; `refused` is told of each connection refused. */
export function limitConnections(server: Server, limits: ConnectionLimits, log: Log, refused: (why: Refusal) => void): Connections {
  const sockets = new Set<Socket>()
  const perAddress = new Map<string, number>()
  const drops = new Throttled(log, 'connection refused')
  server.maxConnections = limits.maxConnections
  server.on('drop', (data?: { remoteAddress?: string }) => {
    refused('maxConnections')
    drops.note({ limit: 'maxConnections', max: limits.maxConnections, remote: data?.remoteAddress })
  })
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown'
    const held = perAddress.get(address) ?? 0
    if (held >= limits.maxConnectionsPerAddress) {
      refused('maxConnectionsPerAddress')
      drops.note({ limit: 'maxConnectionsPerAddress', max: limits.maxConnectionsPerAddress, remote: address })
      socket.destroy()
      return
    }
    perAddress.set(address, held + 1)
    sockets.add(socket)
    socket.once('close', () => {
      sockets.delete(socket)
      const left = perAddress.get(address)! - 1
      if (left > 0) perAddress.set(address, left)
      else perAddress.delete(address)
    })
  })
  return { sockets }
}
