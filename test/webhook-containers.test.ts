/**
 * The bound on arrays and objects in a review (MAX_CONTAINERS, src/webhook/http.ts), through the
 * built webhook: a ConversionReview of 10,000 TrafficSplits of v1alpha4 with matches, near the
 * body bound, converts; a body of one more array than the bound is refused with a 400 naming it,
 * before it is parsed, as 3 MiB of arrays 90 deep (under the nesting bound) are; brackets in
 * strings are not counted.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { hasTool, testWith } from './helpers/tools.js'
import { makePki, type Issued, type Pki } from './helpers/certs.js'
import { type Cli, reviewOf, send, startCli } from './helpers/webhook-cli.js'
import { MAX_CONTAINERS, MAX_DEPTH } from '../src/webhook/server.js'
import { MAX_BODY } from '../src/webhook/review.js'

const it = testWith('openssl')
const pki: Pki | undefined = hasTool('openssl') ? makePki() : undefined
const cert: Issued | undefined = pki?.issue('a', '4101', 'ec')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const start = (): Promise<Cli> => startCli(['--cert', cert!.certFile, '--key', cert!.keyFile, '--port', '0', '--address', '127.0.0.1'])

/** The arrays and objects in a JSON text, counted on what JSON.parse reads (not the server's scan). */
function containers(text: string): number {
  const count = (v: unknown): number =>
    v === null || typeof v !== 'object' ? 0 : 1 + (Object.values(v) as unknown[]).reduce<number>((n, c) => n + count(c), 0)
  return count(JSON.parse(text))
}

const v1alpha4 = (i: number) =>
  `{"apiVersion":"split.smi-spec.io/v1alpha4","kind":"TrafficSplit","metadata":{"name":"web-${i}","namespace":"prod","uid":"u-${i}"},` +
  `"spec":{"service":"web","backends":[{"service":"a","weight":1},{"service":"b","weight":500}],"matches":[{"kind":"HTTPRouteGroup","name":"web-${i}-routes"}]}}`

/** `n` arrays in the review's list of objects, nested 90 deep at most: the review itself holds 3 more. */
function arrays(n: number): string {
  const parts: string[] = []
  for (let left = n; left > 0; left -= 90) parts.push('['.repeat(Math.min(90, left)) + ']'.repeat(Math.min(90, left)))
  return reviewOf([parts.join(',')], 'split.smi-spec.io/v1alpha1', 'dense')
}

/** The CPU milliseconds process `pid` has used (user + system, /proc/PID/stat in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

const said = (r: { status: number; text: string; error?: string }) =>
  `status ${r.status}${r.error ? ` (${r.error})` : ''}: ${r.text.slice(0, 300)}`

it('a review of 10,000 TrafficSplits of v1alpha4 with matches converts, well within the bound', async () => {
  const body = reviewOf(
    Array.from({ length: 10_000 }, (_, i) => v1alpha4(i)),
    'split.smi-spec.io/v1alpha1',
    'ten-thousand',
  )
  assert.ok(body.length < MAX_BODY, `${body.length} bytes`)
  // 8 per TrafficSplit and 3 for the review: the bound leaves more than three times that.
  assert.is(containers(body), 80_003)
  assert.ok(MAX_CONTAINERS >= 3 * 80_003, String(MAX_CONTAINERS))
  const cli = await start()
  try {
    const r = await send(cli.port, pki!.ca, { body })
    assert.ok(r.status === 200 && r.text.endsWith('"result":{"status":"Success"}}}'), said(r))
    const objects = JSON.parse(r.text).response.convertedObjects
    assert.is(objects.length, 10_000)
    assert.is(objects[9_999].apiVersion, 'split.smi-spec.io/v1alpha1')
    // The matches v1alpha1 has no field for are kept in the object's annotation.
    assert.match(objects[9_999].metadata.annotations['smi-migrate.io/conversion-data'], /web-9999-routes/)
  } finally {
    assert.is((await cli.stop()).code, 0)
  }
})

it('one array more than the bound is refused with a 400 naming it, before the body is parsed; brackets in strings do not count', async () => {
  const cli = await start()
  try {
    // At the bound: read, and failed as what it is (a list of arrays is no list of objects).
    const at = await send(cli.port, pki!.ca, { body: arrays(MAX_CONTAINERS - 3) })
    assert.ok(at.status === 200 && at.text.includes('"message":"objects[0] is not an object"'), said(at))
    const over = await send(cli.port, pki!.ca, { body: arrays(MAX_CONTAINERS - 2) })
    assert.is(over.status, 400, said(over))
    assert.is(JSON.parse(over.text).error, `the body holds more than ${MAX_CONTAINERS} arrays and objects in all`)
    // 3 MiB of arrays 90 deep, under the nesting bound: refused by this one, for a few ms of the
    // server's CPU (parsing it took 0.9 s).
    const hostile = arrays(Math.floor((MAX_BODY - 200) / 181) * 90)
    assert.ok(hostile.length <= MAX_BODY && containers(hostile) > 1_500_000, `${hostile.length} bytes`)
    const cpu = cpuMs(cli.pid)
    const dense = await send(cli.port, pki!.ca, { body: hostile })
    const used = cpuMs(cli.pid) - cpu
    assert.is(dense.status, 400, said(dense))
    assert.match(dense.text, `more than ${MAX_CONTAINERS} arrays and objects`)
    assert.ok(used < 400, `${used} ms of the server's CPU`)
    // Nesting past MAX_DEPTH is still named as such.
    const deep = await send(cli.port, pki!.ca, { body: '['.repeat(MAX_DEPTH + 1) })
    assert.match(deep.text, `deeper than ${MAX_DEPTH} levels`)
    // A valid review whose string holds 400,000 brackets converts.
    const quoted = v1alpha4(0).replace('"name":"web-0"', `"name":"web-0","generateName":"${'[{'.repeat(200_000)}"`)
    const strings = await send(cli.port, pki!.ca, { body: reviewOf([quoted], 'split.smi-spec.io/v1alpha3') })
    assert.ok(strings.status === 200 && strings.text.endsWith('"result":{"status":"Success"}}}'), said(strings))
    // The refusal's log line names the bound.
    let line: string | undefined
    for (let t = 0; t < 40 && !line; t++, await sleep(50)) line = cli.logs.find((l) => l.includes('arrays and objects in all'))
    assert.ok(line && /"outcome":"rejected"/.test(line) && /"status":400/.test(line), String(line))
  } finally {
    assert.is((await cli.stop()).code, 0)
  }
})

test.run()
