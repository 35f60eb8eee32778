/**
 * The Node lines the project names, held together (docs/install.md#which-node): the webhook's
 * image (Dockerfile) and the GitHub Action (action.yml `runs.using`) ship one runtime, a Node
 * LTS line that is supported; package.json's `engines.node` is the oldest Node the tests run on,
 * so it is no newer than the Node running them, no newer than the shipped runtime, and the
 * bundles (scripts/build.mjs `target`) are built for it; and every package package-lock.json
 * installs (dev ones too; npm leaves out an optional one that refuses it) runs on that Node line, so
 * `npm ci` there warns of no engine.
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

/** A version as one comparable number (each part below 1000000). */
const num = (major: number, minor = 0, patch = 0) => (major * 1e6 + minor) * 1e6 + patch

/**
 * The versions a range of package.json's `engines` admits, as [from, to) intervals: npm's
 * comparators (`>=`, `>`, `<`, `<=`, `=`, `^`, `~`, a bare or partial version) joined by spaces
 * and `||`, which is what the lock's engines use.
 */
function intervals(range: string): [number, number][] {
  return range.split('||').map((alternative) => {
    let [lo, hi] = [0, Infinity]
    for (const token of alternative
      .trim()
      .replace(/([<>=^~]+)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)) {
      const m = /^([<>]=?|[=^~])?v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(token)
      assert.ok(m, `an engines comparator npm reads: "${token}" in "${range}"`)
      const [M, mi, p] = [Number(m[2]), m[3] === undefined ? undefined : Number(m[3]), m[4] === undefined ? undefined : Number(m[4])]
      const at = num(M, mi ?? 0, p ?? 0)
      // The first version past what the token names: 20 -> 21.0.0, 20.1 -> 20.2.0, 20.1.2 -> 20.1.3.
      const past = mi === undefined ? num(M + 1) : p === undefined ? num(M, mi + 1) : num(M, mi, p + 1)
      const [from, to] =
        m[1] === '>='
          ? [at, Infinity]
          : m[1] === '>'
            ? [past, Infinity]
            : m[1] === '<'
              ? [0, at]
              : m[1] === '<='
                ? [0, past]
                : m[1] === '^'
                  ? [at, M > 0 ? num(M + 1) : mi ? num(0, mi + 1) : past]
                  : m[1] === '~'
                    ? [at, mi === undefined ? num(M + 1) : num(M, mi + 1)]
                    : [at, past]
      ;[lo, hi] = [Math.max(lo, from), Math.min(hi, to)]
    }
    return [lo, hi] as [number, number]
  })
}

/** Whether some release of Node `major` satisfies `range`. */
function runsOn(range: string, major: number): boolean {
  return intervals(range).some(([lo, hi]) => Math.max(lo, num(major)) < Math.min(hi, num(major + 1)))
}

test("every package npm ci installs runs on engines' floor (no EBADENGINE warning there)", () => {
  // The reader of ranges, on the shapes it must tell apart.
  assert.equal(
    [
      '>=20',
      '^22.18.0 || >=24.11.0',
      '^20.19.0 || ^22.13.0 || >=24',
      '18 || 20 || >=22',
      '>= 18',
      '^18.18.0 || ^20.9.0 || >=21.1.0',
      '<20',
      '~19.9',
    ].map((r) => runsOn(r, 20)),
    [true, false, true, true, true, true, false, false],
  )
  const floor = enginesFloor()
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } }>
  }
  const refused = Object.entries(lock.packages)
    // An optional package whose engines refuse the Node is left out by npm ci, silently (rollup-plugin-dts's @babel/code-frame).
    .filter(([path, p]) => path !== '' && !p.optional && p.engines?.node !== undefined && !runsOn(p.engines.node, floor))
    .map(([path, p]) => `${path.replace(/^node_modules\//, '')}@${p.version} (engines.node ${p.engines!.node})`)
  assert.equal(
    refused,
    [],
    `Node ${floor} is refused by: pin versions that run on it in package.json (npm ls <name> says who pulls each in)`,
  )
})

test('docs/install.md states the decision with the same numbers', () => {
  const doc = readFileSync('docs/install.md', 'utf8')
  assert.match(doc, new RegExp(`Node ${imageMajor()} LTS`), 'the shipped Node line')
  assert.match(doc, new RegExp(`\`>=${enginesFloor()}\``), 'the engines floor')
  assert.match(doc, new RegExp(`nodejs${imageMajor()}-debian`), "the image's base")
  assert.match(doc, new RegExp(`node${actionMajor()}`), "the Action's runtime")
})

test.run()
