/**
 * The webhook's image (Dockerfile, .dockerignore), checked without Docker, which is not
 * available to the tests: the Dockerfile's invariants as text (a pinned Node 24 LTS base, the
 * nonroot user, only dist/ files, package.json and LICENSE copied, nothing run or fetched, the
 * entrypoint running dist/cli.js webhook with the paths the manifests mount), everything it
 * copies exists and is let through .dockerignore, and those files alone, laid out as in the
 * image, run the command line and the webhook (no node_modules, any working directory): the
 * converter, `webhook --help`, `webhook manifests`, and the server started as the image's
 * command starts it, answering over HTTPS and leaving with exit 0 on SIGTERM.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { PORT, STASH_KEY_DIR, STASH_KEY_FILE, TLS_DIR, USER_ID, webhookManifests, webhookObjects } from '../src/webhook/manifests.js'
import { testWith } from './helpers/tools.js'

interface Instruction {
  line: number
  op: string
  args: string
}

/** The instructions of a Dockerfile: comments dropped, `\` continuations joined. */
function instructions(text: string): Instruction[] {
  const out: Instruction[] = []
  let pending: { line: number; text: string } | undefined
  text.split('\n').forEach((raw, i) => {
    if (/^\s*#/.test(raw)) return // comments, also between continued lines
    const line = raw.replace(/\s+$/, '')
    if (!pending && line === '') return
    const text = (pending ? `${pending.text} ` : '') + line.replace(/\\$/, '').trim()
    const start = pending?.line ?? i + 1
    if (line.endsWith('\\')) pending = { line: start, text }
    else {
      pending = undefined
      const m = /^(\S+)\s*(.*)$/.exec(text)!
      out.push({ line: start, op: m[1]!.toUpperCase(), args: m[2]! })
    }
  })
  return out
}

const DOCKERFILE = readFileSync('Dockerfile', 'utf8')
const STEPS = instructions(DOCKERFILE)
const all = (op: string) => STEPS.filter((s) => s.op === op)
const only = (op: string) => {
  const found = all(op)
  assert.is(found.length, 1, `one ${op}`)
  return found[0]!.args
}
const execForm = (op: string): string[] => {
  const args = only(op)
  assert.match(args, /^\[/, `${op} in exec form (JSON), so no shell is needed (distroless has none)`)
  return JSON.parse(args)
}

/** The sources and destination of each COPY. */
const COPIES = all('COPY').map((s) => {
  assert.not.match(s.args, /--from|^\[/, 'COPY from the build context, in the plain form')
  const words = s.args.split(/\s+/).filter((w) => !w.startsWith('--chown') && !w.startsWith('--chmod'))
  return { sources: words.slice(0, -1), dest: words.at(-1)! }
})
const SOURCES = COPIES.flatMap((c) => c.sources)

test('the base image is Node 24 distroless, pinned to a tag (and optionally a digest), in one stage', () => {
  const from = only('FROM')
  const m = /^(gcr\.io\/distroless\/nodejs24-debian\d+):([\w.-]+)(@sha256:[0-9a-f]{64})?$/.exec(from)
  assert.ok(m, `FROM ${from}: a gcr.io/distroless/nodejs24 image with a tag`)
  assert.is.not(m[2], 'latest')
  assert.match(m[2]!, /nonroot/, 'the nonroot variant')
  // The Node lines of the image, the Action and engines are held together by test/runtimes.test.ts.
  assert.match(DOCKERFILE, /pin the digest/, 'the Dockerfile says how to pin the digest')
})

test('nothing is run, fetched or installed at build time; only dist/ files, package.json and LICENSE are copied', () => {
  for (const op of ['RUN', 'ADD', 'ONBUILD', 'VOLUME']) assert.equal(all(op), [], `no ${op}`)
  assert.equal(new Set(STEPS.map((s) => s.op)), new Set(['FROM', 'LABEL', 'WORKDIR', 'COPY', 'USER', 'EXPOSE', 'ENTRYPOINT', 'CMD']))
  for (const src of SOURCES) {
    assert.ok(src === 'package.json' || src === 'LICENSE' || src.startsWith('dist/'), `COPY ${src}`)
    assert.not.match(src, /[*?[]|\.\./, `COPY ${src}: no glob, nothing outside the context`)
    assert.ok(existsSync(src), `COPY ${src}: no such file in the repository`)
  }
  for (const needed of ['package.json', 'dist/cli.js', 'dist/chunks/']) assert.ok(SOURCES.includes(needed), `COPY ${needed}`)
  assert.not.ok(SOURCES.some((s) => /node_modules|src\/|test\//.test(s)))
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
  assert.is(pkg.type, 'module', 'dist/*.js are ES modules through package.json')
  assert.equal(pkg.dependencies ?? {}, {}, 'no runtime dependency: dist/ bundles everything')
})

test('the user is the numeric nonroot user the manifests run as', () => {
  assert.is(only('USER'), `${USER_ID}:${USER_ID}`)
  const pod = webhookObjects({ namespace: 'ns', image: 'x:1', certManager: true }).find((o) => o.kind === 'Deployment') as any
  assert.is(pod.spec.template.spec.securityContext.runAsUser, USER_ID)
})

test("the entrypoint runs dist/cli.js with distroless's node; the command is `webhook` with the paths the manifests mount", () => {
  const entrypoint = execForm('ENTRYPOINT')
  const workdir = only('WORKDIR')
  assert.is(workdir, '/app')
  assert.equal(entrypoint, ['/nodejs/bin/node', '/app/dist/cli.js'])
  const cmd = execForm('CMD')
  assert.equal(cmd, ['webhook', '--cert', `${TLS_DIR}/tls.crt`, '--key', `${TLS_DIR}/tls.key`])
  assert.is(only('EXPOSE'), String(PORT))
  // The Deployment passes the same, plus the stash key it mounts and the port (its default), as its args.
  const pod = webhookObjects({ namespace: 'ns', image: 'x:1', certManager: false }).find((o) => o.kind === 'Deployment') as any
  assert.equal(pod.spec.template.spec.containers[0].args, [
    ...cmd,
    '--stash-key',
    `${STASH_KEY_DIR}/${STASH_KEY_FILE}`,
    '--port',
    String(PORT),
  ])
  // Each copied file lands where the entrypoint looks for it.
  for (const { sources, dest } of COPIES) {
    assert.match(dest, /^\/app\/(dist\/(chunks\/)?)?$/, `COPY … ${dest}`)
    for (const src of sources) {
      const under = src.endsWith('/') ? src : dirname(src) === '.' ? '' : `${dirname(src)}/`
      assert.is(dest, `/app/${under}`, `COPY ${src} keeps its path under /app`)
    }
  }
})

test('.dockerignore lets in everything the Dockerfile copies, and shuts out the rest', () => {
  const patterns = readFileSync('.dockerignore', 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
  assert.is(patterns[0], '*', 'everything excluded first')
  const included = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1).replace(/\/$/, ''))
  for (const src of SOURCES) {
    const path = src.replace(/\/$/, '')
    assert.ok(
      included.some((p) => path === p || path.startsWith(`${p}/`)),
      `${src} is excluded by .dockerignore`,
    )
  }
  for (const p of included) assert.ok(['dist', 'package.json', 'LICENSE'].includes(p), `.dockerignore lets in ${p}`)
})

/** The files the Dockerfile copies, laid out under `root` as in the image (`/app/…`). */
function image(root: string): { cli: string; work: string } {
  for (const { sources, dest } of COPIES) {
    for (const src of sources) {
      const target = join(root, dest, src.endsWith('/') ? '' : src.split('/').at(-1)!)
      mkdirSync(dirname(target), { recursive: true })
      cpSync(src, target, { recursive: statSync(src).isDirectory() })
    }
  }
  const work = join(root, 'work')
  mkdirSync(work)
  return { cli: join(root, 'app/dist/cli.js'), work }
}

const ENV = { PATH: process.env.PATH ?? '', NO_COLOR: '1' }

test('the copied files alone, laid out as in the image, run the command line: no node_modules, any working directory', () => {
  const root = mkdtempSync(join(tmpdir(), 'smi-image-'))
  try {
    const { cli, work } = image(root)
    const node = (args: string[], input = '') =>
      spawnSync(process.execPath, [cli, ...args], { cwd: work, input, encoding: 'utf8', env: ENV })
    const version = node(['--version'])
    assert.is(version.status, 0, version.stderr)
    assert.is(version.stdout.trim(), JSON.parse(readFileSync('package.json', 'utf8')).version)
    // A conversion loads the lazily loaded chunks (the YAML parser, the kinds).
    const split =
      'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-v1\n    weight: 1\n  - service: web-v2\n    weight: 500m\n'
    const converted = node(['-'], split)
    assert.is(converted.status, 0, converted.stderr)
    assert.match(converted.stdout, /apiVersion: split\.smi-spec\.io\/v1alpha2/)
    assert.match(converted.stdout, /weight: 1000\n[\s\S]*weight: 500\n/)
    // The webhook's commands.
    const help = node(['webhook', '--help'])
    assert.is(help.status, 0, help.stderr)
    assert.match(help.stdout, /^Usage: smi-migrate webhook --cert FILE --key FILE/)
    const manifests = node([
      'webhook',
      'manifests',
      '--namespace',
      'smi-webhook',
      '--image',
      'ghcr.io/example/smi-migrate:0.1.0',
      '--cert-manager',
    ])
    assert.is(manifests.status, 0, manifests.stderr)
    assert.is(
      manifests.stdout,
      webhookManifests({ namespace: 'smi-webhook', image: 'ghcr.io/example/smi-migrate:0.1.0', certManager: true }),
    )
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})

testWith('openssl')(
  "the image's command serves HTTPS from the copied files with the certificate mounted at /tls, and exits 0 on SIGTERM",
  async () => {
    const root = mkdtempSync(join(tmpdir(), 'smi-image-'))
    try {
      const { cli, work } = image(root)
      const tls = join(root, TLS_DIR)
      mkdirSync(tls)
      const made = spawnSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost',
          '-keyout',
          join(tls, 'tls.key'),
          '-out',
          join(tls, 'tls.crt'),
        ],
        { encoding: 'utf8' },
      )
      assert.is(made.status, 0, made.stderr)
      // The image's CMD with the mount point moved under root, on a free loopback port.
      const args = execForm('CMD').map((a) => (a.startsWith(`${TLS_DIR}/`) ? join(root, a) : a))
      const child = spawn(process.execPath, [cli, ...args, '--port', '0', '--address', '127.0.0.1'], {
        cwd: work,
        env: ENV,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stdout = ''
      let stderr = ''
      child.stderr.on('data', (c: Buffer) => {
        stderr += c
      })
      const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)))
      try {
        const port = await new Promise<number>((done, fail) => {
          child.stdout.on('data', (c: Buffer) => {
            stdout += c
            for (const line of stdout.split('\n').slice(0, -1)) {
              const listening = /^\{.*"msg":"listening".*\}$/.test(line) ? (JSON.parse(line) as { port: number }) : undefined
              if (listening) done(listening.port)
            }
          })
          child.on('close', () => fail(new Error(`the server exited: ${stderr}`)))
        })
        for (const path of ['/healthz', '/readyz']) {
          const status = await new Promise<number>((done, fail) => {
            const req = request(
              { host: '127.0.0.1', port, path, servername: 'localhost', ca: readFileSync(join(tls, 'tls.crt')), agent: false },
              (res) => {
                res.resume()
                done(res.statusCode ?? 0)
              },
            )
            req.on('error', fail)
            req.end()
          })
          assert.is(status, 200, path)
        }
      } finally {
        child.kill('SIGTERM')
      }
      assert.is(await exited, 0, stderr)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  },
)

test.run()
