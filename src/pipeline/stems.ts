/**
 * The kinds' names searched by their stems. Buffer#indexOf searches a needle of fewer than 8
 * bytes by its first byte (memchr) and a longer one with Boyer-Moore-Horspool, which on
 * manifests is 5-10x slower when the needle ends in a common letter (`TCPRoute`,
 * `TrafficTarget`: 30-60 ms per 50 MiB against 3-5 ms). So each name is searched by its first
 * 7 bytes, names that share them (`TrafficSplit`, `TrafficTarget`) are searched once, and
 * every hit is checked against the whole names.
 */
const STEM = 7

export interface StemGroup {
  stem: Buffer
  names: readonly Buffer[]
  /** The longest name's length. */
  longest: number
}

/** The names grouped by stem. */
export function stemGroups(names: readonly Buffer[]): StemGroup[] {
  const groups = new Map<string, Buffer[]>()
  for (const n of names) {
    const key = n.subarray(0, STEM).toString('latin1')
    groups.set(key, [...(groups.get(key) ?? []), n])
  }
  return [...groups].map(([key, ns]) => ({ stem: Buffer.from(key, 'latin1'), names: ns, longest: Math.max(...ns.map((n) => n.length)) }))
}

/** The first position at or after `from` where a name of `g` starts in `b`, or -1. */
export function findStem(b: Uint8Array, g: StemGroup, from: number): number {
  const buf = Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength)
  for (let at = buf.indexOf(g.stem, from); at >= 0; at = buf.indexOf(g.stem, at + 1)) if (nameAt(buf, g, at) > 0) return at
  return -1
}

/** The length of the name of `g` at `at` in `b`, or 0 if none starts there. */
export function nameAt(b: Uint8Array, g: StemGroup, at: number): number {
  for (const n of g.names) if (bytesAt(b, n, at)) return n.length
  return 0
}

/** Whether `b` holds the bytes of `s` at `at` (a byte loop: Buffer#compare costs more on names this short). */
export function bytesAt(b: Uint8Array, s: Uint8Array, at: number): boolean {
  if (at < 0 || at + s.length > b.length) return false
  for (let k = 0; k < s.length; k++) if (b[at + k] !== s[k]) return false
  return true
}
