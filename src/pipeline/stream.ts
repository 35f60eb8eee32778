/**
 * Stream mode: bytes in, converted bytes out, as they arrive (see engine.ts for how).
 *
 * Two drivers share the engine. `migrateFd` is the CLI's: it reads the input descriptor
 * with blocking reads straight into the engine's buffer and writes with blocking writes, so
 * pass-through bytes are never copied and no Promise is created per chunk (Node's stream
 * machinery costs more than the whole scan on a 50 MiB input). If a descriptor turns out
 * to be non-blocking (EAGAIN), it falls back to Node's streams for the rest. `migrateStream`
 * takes any Readable and Writable (tests, library use).
 */
import { once } from 'node:events'
import { readSync, writeSync } from 'node:fs'
import type { Readable, Writable } from 'node:stream'
import type { ConvertOptions, Finding } from '../model.js'
import { StreamEngine } from './engine.js'
import { isCandidate, loadConverter, loadListInspector, loadRewriter, runOptions } from './segment.js'
import type { TargetChoice } from '../targets/registry.js'
import { migrateBytes } from './bytes.js'
import { linkFindings } from '../kinds/links.js'

export interface StreamSummary {
  findings: Finding[]
  changed: boolean
  /** The most input bytes held at once. */
  peakBuffer?: number
}

/** Bytes asked for per read: large reads keep the syscall count and per-chunk work low. */
const READ_SIZE = 1 << 20

/** Loads whatever the engine stopped for and lets it go on, until it needs more input. */
async function settle(engine: StreamEngine): Promise<void> {
  while (engine.wants) {
    if (engine.wants === 'converter') engine.converter = await loadConverter()
    else engine.inspector = await loadListInspector()
    engine.drain()
  }
}

export async function migrateStream(
  input: Readable,
  output: Writable,
  opts: ConvertOptions,
  path: string,
  onFinding: (f: Finding) => void = () => {},
): Promise<StreamSummary> {
  const parts: Buffer[] = []
  const engine = new StreamEngine(opts, path, (bytes) => parts.push(Buffer.from(bytes)), onFinding)
  const flush = async () => {
    if (parts.length === 0) return
    const out = parts.length === 1 ? parts[0]! : Buffer.concat(parts)
    parts.length = 0
    if (!output.write(out)) await once(output, 'drain')
  }
  for await (const chunk of input) {
    engine.push(chunk as Buffer)
    if (engine.wants) await settle(engine)
    await flush()
  }
  engine.end()
  if (engine.wants) await settle(engine)
  engine.finish()
  await flush()
  return engine.summary
}

/**
 * A target (`--to gateway`) in stream mode: it is prepared on the whole input (a route
 * needs the Services and route groups, which may come after the TrafficSplit), so the
 * stream is read to its end first and converted as a whole (as a file is).
 */
export async function migrateWhole(
  input: Readable,
  output: Writable,
  opts: ConvertOptions,
  target: TargetChoice,
  path: string,
  onFinding: (f: Finding) => void = () => {},
): Promise<StreamSummary> {
  const chunks: Buffer[] = []
  for await (const chunk of input) chunks.push(chunk as Buffer)
  const bytes = Buffer.concat(chunks)
  const r = migrateBytes(
    bytes,
    await runOptions(opts, target, [bytes]),
    path,
    isCandidate(bytes) ? await loadConverter() : () => ({ edits: [], findings: [], objects: [], claims: [] }),
    isCandidate(bytes) ? await loadRewriter() : undefined,
  )
  const findings = [...r.findings, ...linkFindings(r.objects)]
  findings.forEach(onFinding)
  if (!output.write(r.output)) await once(output, 'drain')
  return { findings, changed: r.changed, peakBuffer: bytes.length }
}

/** Pieces smaller than this are gathered into one write; larger ones go out directly. */
const GATHER = 64 * 1024

/**
 * Writes to a descriptor with blocking writes, gathering small pieces (converted
 * documents, pass-through runs between them) so that an input of small documents costs one
 * write per read, not one per document. On EAGAIN (a non-blocking pipe) it hands this and
 * every later write to `fallback` (a Node stream, which waits for the reader).
 */
class FdWriter {
  private stream: Writable | undefined
  private waiting = false
  private readonly gathered = Buffer.allocUnsafe(1 << 20)
  private used = 0

  constructor(
    private readonly fd: number,
    private readonly fallback: () => Writable,
  ) {}

  /** Takes `bytes` now: they are copied or written before this returns. */
  write(bytes: Uint8Array): void {
    if (bytes.length < GATHER) {
      if (this.used + bytes.length > this.gathered.length) this.flush()
      this.gathered.set(bytes, this.used)
      this.used += bytes.length
      return
    }
    this.flush()
    this.put(bytes)
  }

  /** Writes out what has been gathered. */
  flush(): void {
    if (this.used === 0) return
    const n = this.used
    this.used = 0
    this.put(this.gathered.subarray(0, n))
  }

  get blocked(): boolean {
    return this.waiting
  }

  /** Resolves once the fallback stream has room again. */
  async ready(): Promise<void> {
    if (this.stream && this.waiting) {
      await once(this.stream, 'drain')
      this.waiting = false
    }
  }

  private put(bytes: Uint8Array): void {
    if (this.stream) return this.queue(bytes)
    let done = 0
    while (done < bytes.length) {
      try {
        done += writeSync(this.fd, bytes, done, bytes.length - done)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err
        this.stream = this.fallback()
        return this.queue(bytes.subarray(done))
      }
    }
  }

  private queue(bytes: Uint8Array): void {
    // Our buffers are reused: the stream must get its own copy.
    if (!this.stream!.write(Buffer.from(bytes))) this.waiting = true
  }
}

/**
 * The CLI's stream mode: `inFd` to `outFd` (or to nowhere, for --check -). `streams` gives
 * the Node streams to fall back to when a descriptor is non-blocking.
 */
export async function migrateFd(
  inFd: number,
  outFd: number | undefined,
  opts: ConvertOptions,
  path: string,
  streams: { input: () => Readable; output: () => Writable },
  onFinding: (f: Finding) => void = () => {},
): Promise<StreamSummary> {
  const writer = outFd === undefined ? undefined : new FdWriter(outFd, streams.output)
  // The CLI reports each finding as it comes: the engine need not keep them (memory).
  const engine = new StreamEngine(opts, path, writer ? (bytes) => writer.write(bytes) : () => {}, onFinding, false)
  for (;;) {
    const space = engine.space(READ_SIZE)
    let n: number
    try {
      n = readSync(inFd, space, 0, READ_SIZE, null)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'EAGAIN') {
        for await (const chunk of streams.input()) {
          engine.push(chunk as Buffer)
          if (engine.wants) await settle(engine)
          writer?.flush()
          await writer?.ready()
        }
        break
      }
      if (code === 'EOF') break // Windows' way of saying a pipe is done
      throw err
    }
    if (n === 0) break
    engine.commit(n)
    engine.drain()
    if (engine.wants) await settle(engine)
    writer?.flush()
    if (writer?.blocked) await writer.ready()
  }
  engine.end()
  if (engine.wants) await settle(engine)
  engine.finish()
  writer?.flush()
  await writer?.ready()
  return engine.summary
}
