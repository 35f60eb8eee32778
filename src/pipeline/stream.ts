/**
 * Stream mode: bytes in, converted bytes out, as they arrive (see engine.ts for how).
 *
 * One driver (`drive`) runs the engine over a source and an output. A source is a file
 * descriptor or a Node stream: the CLI's descriptor is read with blocking reads straight
 * into the engine's buffer and written with blocking writes, so pass-through bytes are never
 * copied and no Promise is created per chunk (Node's stream machinery costs more than the
 * whole scan on a 50 MiB input); a descriptor that turns out to be non-blocking (EAGAIN)
 * goes on as a Node stream. Any Readable and Writable serve too (tests, library use). When
 * the engine stops before a document that needs the converter, the driver loads it and
 * lets the engine go on: the one place that waits for it.
 */
import { once } from 'node:events'
import { readSync, writeSync } from 'node:fs'
import type { Readable, Writable } from 'node:stream'
import type { Finding, GivenOptions } from '../model.js'
import { withVersions } from '../kinds/versions.js'
import { StreamEngine } from './engine.js'
import { isCandidate, loadConversion, loadConverter, loadRewriter, runOptions } from './segment.js'
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

/**
 * Where stream mode reads: `read` fills a view that `space` gives (at least `min` bytes) and
 * says how many bytes it put there, 0 at the end of the input.
 */
interface Source {
  read(space: (min: number) => Buffer): number | Promise<number>
}

/**
 * Where stream mode writes: `write` takes the bytes before it returns, `flush` sends them on,
 * `settle` resolves once all of them have left the process (at the end of the run).
 */
interface Output {
  write(bytes: Uint8Array): void
  flush(): void | Promise<void>
  settle(): void | Promise<void>
}

/**
 * Resolves once `stream` has handed on every byte written to it so far. A stream may still
 * queue bytes after its last write returned true; the run's summary, written to stderr next,
 * would overtake them where stdout and stderr share one pipe (`2>&1`). An empty write's
 * callback comes after those before it. A write error is the stream's to report.
 */
function written(stream: Writable): Promise<void> {
  if (stream.writableLength === 0) return Promise.resolve()
  return new Promise((resolve) => stream.write(Buffer.alloc(0), () => resolve()))
}

/** A Node stream as a source: each chunk copied into the space given. */
function streamSource(input: Readable): Source {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  return {
    async read(space) {
      for (;;) {
        const next = await chunks.next().catch((err: unknown) => {
          throw new StreamIoError('read', err as NodeJS.ErrnoException)
        })
        if (next.done) return 0
        const chunk = next.value
        if (chunk.length === 0) continue
        space(chunk.length).set(chunk)
        return chunk.length
      }
    },
  }
}

/**
 * Stream mode's input or output failed (stdin a directory: EISDIR; stdout full: ENOSPC): not
 * a fault of the tool, so the CLI names the stream in one line, without a stack trace.
 */
export class StreamIoError extends Error {
  constructor(
    readonly side: 'read' | 'write',
    readonly reason: NodeJS.ErrnoException,
  ) {
    super(reason.message)
  }
}

/** A descriptor as a source, read with blocking reads; on EAGAIN, the stream `fallback` gives. */
function fdSource(fd: number, fallback: () => Readable): Source {
  let stream: Source | undefined
  return {
    read(space) {
      if (stream) return stream.read(space)
      try {
        return readSync(fd, space(READ_SIZE), 0, READ_SIZE, null)
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code
        if (code === 'EOF') return 0 // Windows' way of saying a pipe is done
        if (code !== 'EAGAIN') throw new StreamIoError('read', err as NodeJS.ErrnoException)
        stream = streamSource(fallback())
        return stream.read(space)
      }
    },
  }
}

/** A Node stream as an output: the pieces of a read gathered into one write. */
function streamOutput(output: Writable): Output {
  const parts: Buffer[] = []
  // A Node stream reports a failed write (stdout full: ENOSPC) as an event, after the write returned.
  let failed: NodeJS.ErrnoException | undefined
  output.on('error', (err: NodeJS.ErrnoException) => void (failed ??= err))
  const check = () => {
    if (failed) throw new StreamIoError('write', failed)
  }
  return {
    write: (bytes) => void parts.push(Buffer.from(bytes)),
    async flush() {
      check()
      if (parts.length === 0) return
      const out = parts.length === 1 ? parts[0]! : Buffer.concat(parts)
      parts.length = 0
      if (!output.write(out)) await once(output, 'drain').catch(check)
    },
    async settle() {
      await written(output)
      check()
    },
  }
}

/** No output (`--check -`). */
const NOWHERE: Output = { write: () => {}, flush: () => {}, settle: () => {} }

/**
 * The driver: reads `source` into the engine, lets it convert what each read completes,
 * and sends what it wrote on to `output`; the conversion is loaded when the engine first
 * stops for it.
 */
async function drive(engine: StreamEngine, source: Source, output: Output): Promise<StreamSummary> {
  const space = (min: number) => engine.space(min)
  for (;;) {
    const read = source.read(space)
    const n = typeof read === 'number' ? read : await read
    if (n === 0) break
    engine.commit(n)
    if (engine.drain()) await loadInto(engine)
    const flushed = output.flush()
    if (flushed) await flushed
  }
  engine.end()
  if (engine.drain()) await loadInto(engine)
  engine.finish()
  await output.flush()
  await output.settle()
  return engine.summary
}

async function loadInto(engine: StreamEngine): Promise<void> {
  engine.load(await loadConversion())
  if (engine.drain()) throw new Error('internal error: the stream engine stopped for a conversion it has')
}

/** Any Readable to any Writable (tests, library use). */
export async function migrateStream(
  input: Readable,
  output: Writable,
  opts: GivenOptions,
  path: string,
  onFinding: (f: Finding) => void = () => {},
): Promise<StreamSummary> {
  const out = streamOutput(output)
  return drive(new StreamEngine(opts, path, out.write, onFinding), streamSource(input), out)
}

/** Everything a source gives, in one buffer. */
async function readAll(source: Source): Promise<Buffer> {
  let buf = Buffer.allocUnsafe(READ_SIZE)
  let len = 0
  const space = (min: number) => {
    if (buf.length - len < min) {
      const bigger = Buffer.allocUnsafe(Math.max(buf.length * 2, len + min))
      buf.copy(bigger, 0, 0, len)
      buf = bigger
    }
    return buf.subarray(len)
  }
  for (;;) {
    const n = await source.read(space)
    if (n === 0) return buf.subarray(0, len)
    len += n
  }
}

/**
 * A target (`--to gateway`) in stream mode: it is prepared on the whole input (a route
 * needs the Services and route groups, which may come after the TrafficSplit), so the
 * stream is read to its end first and converted as a whole (as a file is).
 */
export async function migrateWhole(
  input: Readable | { fd: number; stream: () => Readable },
  output: Writable,
  opts: GivenOptions,
  target: TargetChoice,
  path: string,
  onFinding: (f: Finding) => void = () => {},
): Promise<StreamSummary> {
  // A descriptor is read directly: Node's stdin stream ends quietly on a directory (EISDIR).
  const bytes = await readAll('fd' in input ? fdSource(input.fd, input.stream) : streamSource(input))
  const r = await convertWhole(bytes, opts, target, path)
  r.findings.forEach(onFinding)
  const out = streamOutput(output)
  out.write(r.output)
  await out.flush()
  await out.settle()
  return { findings: r.findings, changed: r.changed, peakBuffer: bytes.length }
}

/** Everything a descriptor (read directly, as stream mode reads stdin) or a Node stream gives, in one buffer. */
export async function readInput(input: Readable | { fd: number; stream: () => Readable }): Promise<Buffer> {
  return readAll('fd' in input ? fdSource(input.fd, input.stream) : streamSource(input))
}

/**
 * An input already in memory through the stream engine, as if it were read from a pipe:
 * what stream mode writes and says of it (`smi-migrate krm`'s items, pipeline/list.ts).
 */
export async function migrateBuffer(bytes: Buffer, opts: GivenOptions, path: string): Promise<{ output: Buffer; findings: Finding[] }> {
  let at = 0
  const source: Source = {
    read(space) {
      const n = Math.min(READ_SIZE, bytes.length - at)
      if (n <= 0) return 0
      space(n).set(bytes.subarray(at, at + n))
      at += n
      return n
    },
  }
  // The engine's views are of its own buffer, which the next read reuses: each is copied, into
  // one growing buffer (a List's item-wise output comes in pieces of a few bytes, a Buffer each
  // cost more than the copy).
  let buf = Buffer.allocUnsafe(Math.max(bytes.length + (bytes.length >> 3), 1024))
  let used = 0
  const write = (b: Uint8Array) => {
    if (used + b.length > buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(buf.length * 2, used + b.length))
      buf.copy(bigger, 0, 0, used)
      buf = bigger
    }
    buf.set(b, used)
    used += b.length
  }
  const out: Output = { write, flush: () => {}, settle: () => {} }
  const summary = await drive(new StreamEngine(opts, path, out.write, () => {}), source, out)
  return { output: buf.subarray(0, used), findings: summary.findings }
}

/**
 * A whole input converted as stream mode converts it (a target prepared on all of it): the
 * new bytes and every finding, those across objects included. `smi-migrate krm` takes its
 * ResourceList this way.
 */
export async function convertWhole(
  bytes: Buffer,
  opts: GivenOptions,
  target: TargetChoice | undefined,
  path: string,
): Promise<{ output: Buffer; changed: boolean; findings: Finding[] }> {
  const r = migrateBytes(
    bytes,
    await runOptions(withVersions(opts), target, [bytes]),
    path,
    isCandidate(bytes) ? await loadConverter() : () => ({ edits: [], findings: [], objects: [], claims: [] }),
    isCandidate(bytes) ? await loadRewriter() : undefined,
  )
  return { output: r.output, changed: r.changed, findings: [...r.findings, ...linkFindings(r.objects)] }
}

/** Pieces smaller than this are gathered into one write; larger ones go out directly. */
const GATHER = 64 * 1024

/**
 * Writes to a descriptor with blocking writes, gathering small pieces (converted
 * documents, pass-through runs between them) so that an input of small documents costs one
 * write per read, not one per document. On EAGAIN (a non-blocking pipe) it hands this and
 * every later write to `fallback` (a Node stream, which waits for the reader).
 */
class FdWriter implements Output {
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
      if (this.used + bytes.length > this.gathered.length) this.send()
      this.gathered.set(bytes, this.used)
      this.used += bytes.length
      return
    }
    this.send()
    this.put(bytes)
  }

  /** Writes out what has been gathered; a Promise only while the fallback stream has no room. */
  flush(): Promise<void> | undefined {
    this.send()
    return this.waiting ? this.ready() : undefined
  }

  private send(): void {
    if (this.used === 0) return
    const n = this.used
    this.used = 0
    this.put(this.gathered.subarray(0, n))
  }

  /** Everything gathered is written: with blocking writes already; through the fallback stream, once it has handed it on. */
  settle(): Promise<void> | undefined {
    return this.stream ? written(this.stream) : undefined
  }

  /** Resolves once the fallback stream has room again. */
  private async ready(): Promise<void> {
    await once(this.stream!, 'drain')
    this.waiting = false
  }

  private put(bytes: Uint8Array): void {
    if (this.stream) return this.queue(bytes)
    let done = 0
    while (done < bytes.length) {
      try {
        done += writeSync(this.fd, bytes, done, bytes.length - done)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw new StreamIoError('write', err as NodeJS.ErrnoException)
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
 * the Node streams to go on with when a descriptor is non-blocking.
 */
export async function migrateFd(
  inFd: number,
  outFd: number | undefined,
  opts: GivenOptions,
  path: string,
  streams: { input: () => Readable; output: () => Writable },
  onFinding: (f: Finding) => void = () => {},
): Promise<StreamSummary> {
  const output = outFd === undefined ? NOWHERE : new FdWriter(outFd, streams.output)
  // The CLI reports each finding as it comes: the engine need not keep them (memory).
  const engine = new StreamEngine(opts, path, (bytes) => output.write(bytes), onFinding, false)
  return drive(engine, fdSource(inFd, streams.input), output)
}
