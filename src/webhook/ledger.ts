/**
 * What the clients of `POST /convert` hold of the server, by source address: the bytes of the
 * bodies being read and converted, the bytes of answers written but not yet taken by the
 * client (an answer nobody reads stays in the process), and the requests open. Memory is
 * bounded before it is spent: a body's declared length is taken before a byte of it is read,
 * and an answer's bytes count until the client has taken them.
 *
 * Three bounds, so that no pod can starve the API server:
 * - `maxBytes` for everyone together (the process's memory limit);
 * - `maxBytesPerAddress` and `maxRequestsPerAddress` for one address, well below it, so one
 *   pod (5 connections declaring 3 MiB each) takes only its share;
 * - `reservedBytes` of `maxBytes` that only the reserved addresses (`--reserve-for`, the API
 *   server's) may take, so that many pods together still leave the API server room. The
 *   reserved addresses have no per-address bound: the API server's few replicas are the
 *   clients the webhook is for.
 */

export interface LedgerLimits {
  maxBytes: number
  maxBytesPerAddress: number
  maxRequestsPerAddress: number
  reservedBytes: number
}

/** Which bound refused (a label of smi_migrate_webhook_requests_refused_total). */
export type Limit = 'bytes' | 'bytesPerAddress' | 'requestsPerAddress' | 'reserved'
export const LIMITS: readonly Limit[] = ['bytes', 'bytesPerAddress', 'requestsPerAddress', 'reserved']

interface Holding {
  bytes: number
  requests: number
}

/** One client's account: its address and whether it is reserved. */
export interface Client {
  address: string
  reserved: boolean
}

export class Ledger {
  /** Bytes held by everyone, and by the addresses that are not reserved. */
  used = 0
  usedByOthers = 0
  private readonly by = new Map<string, Holding>()
  constructor(readonly limits: LedgerLimits) {}

  private holding(address: string): Holding {
    let h = this.by.get(address)
    if (!h) this.by.set(address, (h = { bytes: 0, requests: 0 }))
    return h
  }

  private tidy(address: string, h: Holding) {
    if (h.bytes === 0 && h.requests === 0) this.by.delete(address)
  }

  /** A request opens; undefined if admitted, else the bound that refused it. */
  enter(c: Client): Limit | undefined {
    const h = this.holding(c.address)
    if (!c.reserved && h.requests >= this.limits.maxRequestsPerAddress) {
      this.tidy(c.address, h)
      return 'requestsPerAddress'
    }
    h.requests++
    return undefined
  }

  leave(c: Client): void {
    const h = this.holding(c.address)
    h.requests--
    this.tidy(c.address, h)
  }

  /** Takes `n` bytes for `c`; undefined if they fit, else the bound that refused them. `force`: an answer already made counts whatever it is. */
  take(c: Client, n: number, force = false): Limit | undefined {
    const h = this.holding(c.address)
    if (!force) {
      const why = this.refusal(c, h, n)
      if (why) {
        this.tidy(c.address, h)
        return why
      }
    }
    h.bytes += n
    this.used += n
    if (!c.reserved) this.usedByOthers += n
    return undefined
  }

  private refusal(c: Client, h: Holding, n: number): Limit | undefined {
    if (this.used + n > this.limits.maxBytes) return 'bytes'
    if (c.reserved) return undefined
    if (h.bytes + n > this.limits.maxBytesPerAddress) return 'bytesPerAddress'
    if (this.usedByOthers + n > this.limits.maxBytes - this.limits.reservedBytes) return 'reserved'
    return undefined
  }

  give(c: Client, n: number): void {
    if (n === 0) return
    const h = this.holding(c.address)
    h.bytes -= n
    this.used -= n
    if (!c.reserved) this.usedByOthers -= n
    this.tidy(c.address, h)
  }
}
