/**
 * The Node lines the project names, held together (docs/install.md#which-node): the webhook's
 * image (Dockerfile) and the GitHub Action (action.yml `runs.using`) ship one runtime, a Node
 * LTS line that is supported; package.json's `engines.node` is the oldest Node the tests run on,
 * so it is no newer than the Node running them, no newer than the shipped runtime, and the
 * bundles (scripts/build.mjs `target`) are built for it.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'

/**
 * The Node LTS lines and the day each one's support ends (nodejs.org/en/about/previous-releases).
 * A line is "supported" here when the project chose it while it had a year or more left; moving
 * to a new line is a change to this table, the Dockerfile, action.yml and docs/install.md together.
 */
const LTS_END: Readonly<Record<number, string>> = { 20: '2026-04-30', 22: '2027-04-30', 24: '2028-04-30' }
/** The lines a shipped runtime may use: 20 reached its end of life on 2026-04-30. */
const SUPPORTED = [22, 24]

const dockerfile = readFileSync('Dockerfile', 'utf8')
const actionYml = readFileSync('action.yml', 'utf8')
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }
const build = readFileSync('scripts/build.mjs', 'utf8')

/** The Node major of the image's base: gcr.io/distroless/nodejsNN-debianMM. */
function imageMajor(): number {
  const from = dockerfile.split('\n').filter((l) => /^FROM\s/i.test(l))
  assert.is(from.length, 1, 'one FROM line')
  const m = /^FROM\s+gcr\.io\/distroless\/nodejs(\d+)-debian\d+:/i.exec(from[0]!)
  assert.ok(m, `FROM ${from[0]}: a gcr.io/distroless/nodejsNN image`)
  return Number(m[1])
}

/** The Node major of the Action's runtime: `runs.using: nodeNN`. */
function actionMajor(): number {
  const using = actionYml.split('\n').filter((l) => /^\s+using:/.test(l))
  assert.is(using.length, 1, 'one runs.using')
  const m = /using:\s*['"]?node(\d+)['"]?\s*$/.exec(using[0]!)
  assert.ok(m, 'action.yml runs.using: nodeNN')
  return Number(m[1])
}

/** The floor of `engines.node`, which must be a plain `>=N` (a floor, with no upper bound to outdate). */
function enginesFloor(): number {
  const m = /^>=\s*(\d+)$/.exec(pkg.engines.node.trim())
  assert.ok(m, `engines.node "${pkg.engines.node}": a floor, >=N`)
  return Number(m[1])
}

test('the image and the Action ship one Node, a supported LTS line', () => {
  const image = imageMajor()
  const action = actionMajor()
  assert.is(image, action, `the image (Node ${image}) and the Action (node${action}) run the same Node line`)
  assert.ok(SUPPORTED.includes(image), `Node ${image} is a supported LTS line (${SUPPORTED.join(', ')})`)
  assert.ok(image % 2 === 0 && LTS_END[image] !== undefined, `Node ${image} is an LTS line with a known end of support`)
})

test('engines.node is the oldest Node the tests run on: no newer than this Node or the shipped runtime', () => {
  const floor = enginesFloor()
  const running = Number(process.versions.node.split('.')[0])
  assert.ok(floor <= running, `engines >=${floor}, but the tests run on Node ${running}: the floor would promise an untested Node`)
  assert.ok(floor <= imageMajor(), `engines >=${floor} allows the image's Node ${imageMajor()}`)
  assert.ok(LTS_END[floor] !== undefined, `engines >=${floor} starts at an LTS line`)
})

test("the bundles are built for engines' floor, so every Node it allows runs them", () => {
  const m = /target:\s*'node(\d+)'/.exec(build)
  assert.ok(m, "scripts/build.mjs sets esbuild's target: 'nodeNN'")
  assert.is(Number(m[1]), enginesFloor(), 'the build target is the engines floor')
})

test('docs/install.md states the decision with the same numbers', () => {
  const doc = readFileSync('docs/install.md', 'utf8')
  assert.match(doc, new RegExp(`Node ${imageMajor()} LTS`), 'the shipped Node line')
  assert.match(doc, new RegExp(`\`>=${enginesFloor()}\``), 'the engines floor')
  assert.match(doc, new RegExp(`nodejs${imageMajor()}-debian`), "the image's base")
  assert.match(doc, new RegExp(`node${actionMajor()}`), "the Action's runtime")
})

test.run()
