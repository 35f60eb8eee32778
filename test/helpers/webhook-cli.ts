/**
 * The built webhook (`node dist/cli.js webhook …`) in a child process, for tests that hold the
 * server to what the API server sees: its port (from the "listening" log line), its log
 * lines, reviews posted from a chosen loopback address (127.0.0.2, …: each client its own
 * source address, as pods and the API server are), `GET /metrics`, and SIGTERM.
 */
import { spawn } from 'node:child_process'
import { request } from 'node:https'
import { resolve } from 'node:path'

export interface Cli {
  port: number
  pid: number
  logs: string[]
  /** Peak RSS in MiB (test/helpers/rss.cjs reports it when the process exits). */
  stop(): Promise<{ code: number | null; peakMiB: number }>
}

export async function startCli(args: string[], env: Record<string, string> = {}): Promise<Cli> {
  const child = spawn(process.execPath, ['-r', resolve('test/helpers/rss.cjs'), resolve('dist/cli.js'), 'webhook', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)))
  const port = await new Promise<number>((ok, fail) => {
    let partial = ''
    child.stdout.on('data', (d: Buffer) => {
      partial += d.toString()
      const lines = partial.split('\n')
      partial = lines.pop()!
      for (const line of lines) {
        logs.push(line)
        const m = /"msg":"listening".*?"port":(\d+)/.exec(line)
        if (m) ok(Number(m[1]))
      }
    })
    child.on('exit', (code) => fail(new Error(`the webhook exited (${code}): ${stderr}`)))
  })
  return {
    port,
    pid: child.pid!,
    logs,
    async stop() {
      child.kill('SIGTERM')
      // The server's grace period is 20 s: a server still there 30 s after SIGTERM is killed, so
      // no test leaves one behind (its exit code, null, then fails the test that stops it).
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000)
      const code = await exited
      clearTimeout(killer)
      return { code, peakMiB: Number(/maxrss-kb (\d+)/.exec(stderr)?.[1]) / 1024 }
    },
  }
}

export interface Answer {
  status: number
  text: string
}

/**
 * One request on a new connection from `localAddress`; an error is an answer with status 0. The
 * connection is destroyed on any end: an error, an answer cut short, or `timeoutMs` (30 s)
 * without progress.
 */
export function send(
  port: number,
  ca: string | Buffer,
  o: { path?: string; method?: string; body?: string; localAddress?: string; timeoutMs?: number } = {},
): Promise<Answer & { error?: string }> {
  return new Promise((done) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: o.path ?? '/convert',
        method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
        ca,
        agent: false,
        localAddress: o.localAddress ?? '127.0.0.1',
        headers: o.body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(o.body) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (d: Buffer) => chunks.push(d))
        res.on('end', () => done({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', (e) => done({ status: 0, text: '', error: e.message }))
        // An answer cut short (after 'end' this changes nothing: the promise is settled).
        res.on('close', () => done({ status: 0, text: '', error: 'the connection closed before the end of the answer' }))
      },
    )
    req.on('error', (e: NodeJS.ErrnoException) => done({ status: 0, text: '', error: e.code ?? e.message }))
    req.setTimeout(o.timeoutMs ?? 30_000, () => req.destroy(new Error('timeout')))
    req.end(o.body)
  })
}

/** A ConversionReview of objects given as JSON text (so no number is read through a double). */
export function reviewOf(objectTexts: string[], desired: string, uid = 'u-1'): string {
  return `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"${uid}","desiredAPIVersion":"${desired}","objects":[${objectTexts.join(',')}]}}`
}

/** The value of one sample of `GET /metrics` (0 when absent). */
export function sample(exposition: string, series: string): number {
  const line = exposition.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? 0 : Number(line.slice(series.length + 1))
}
