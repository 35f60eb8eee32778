/**
 * The values proof (docs/helm.md#values-driven-weights) and a script that may write a values
 * source. A file naming one (the chart's directory, `values.yaml`, the value's current text) is
 * read line by line: a line naming one that is no read-only command (`cd web`, a Python statement,
 * `grep -l`, a Dockerfile `RUN`, a justfile recipe) stops the proof, exit 1, nothing written.
 * Writes provably elsewhere (`/dev/null`, `$GITHUB_OUTPUT`, `out/all.yaml`, `Chart.yaml`, a `find
 * -name "*.txt"`) convert. The Go renderer (test/helpers/render.go) judges
 * the portable idiom `sed … > tmp && mv tmp values.yaml`: run, it changes the weight rendered.
 * A writer of a name it computes (an argument, a walk) holds when it may edit YAML, and converts
 * when it touches none (values-computed.ts).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { renderBatch } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'
import { splitTemplate } from './helpers/chart-templates.js'

const CHART = {
  'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
  'web/values.yaml': 'canary:\n  stable: 1\n  weight: 500m\n',
  'web/templates/split.yaml': splitTemplate(),
}
const MV = 'cd web\nsed "s/500m/100m/" values.yaml > v.tmp && mv v.tmp values.yaml\n'

const HELD: Array<[string, Record<string, string>, RegExp]> = [
  [
    'sed > tmp && mv tmp values.yaml',
    { 'promote.sh': MV },
    /promote\.sh:1:1: it may write .* web\/values\.yaml \(cd is not a command known read-only,/,
  ],
  [
    'cp onto values.yaml',
    { 'promote.sh': 'cd web\nsed s/500m/100m/ prod.yaml > /tmp/v && cp /tmp/v values.yaml\n' },
    /promote\.sh:1:1: .*\(cd is not a command known read-only,/,
  ],
  [
    'grep -rl | xargs sed -i, no name at all',
    { 'promote.sh': 'grep -rl 500m . | xargs sed -i s/500m/100m/\n' },
    /promote\.sh:1:1: .*\(grep -l hands names on,/,
  ],
  ['ruby -pi', { 'promote.sh': 'cd web\nruby -pi -e "gsub(/500m/, %q(100m))" values.yaml\n' }, /promote\.sh:1:1: .*\(cd is not/],
  ['ex -sc', { 'promote.sh': 'cd web && ex -sc "%s/500m/100m/|x" values.yaml\n' }, /promote\.sh:1:1: /],
  [
    'a name built from a variable',
    { 'promote.sh': 'F=va\ncd web\nsed -i s/500m/100m/ "${F}lues.yaml"\n' },
    /promote\.sh:2:1: .*\(cd is not/,
  ],
  [
    "Python's write_text",
    { 'promote.py': 'import pathlib\np = pathlib.Path("web") / "values.yaml"\np.write_text(p.read_text().replace("500m", "100m"))\n' },
    /promote\.py:2:1: .*\(p is not a command known read-only,/,
  ],
  [
    'a subprocess argv list with sed -i, in a program that reads YAML',
    { 'p.py': 'import subprocess, yaml\nsubprocess.run(["sed", "-i", "s/5/1/", path])\n' },
    /p\.py:2:\d+: .*a program that may edit YAML writes a file by a name it computes/,
  ],
  [
    "Node's writeFileSync of an argument, writing YAML",
    { 'p.js': 'const fs = require("fs")\nconst yaml = require("js-yaml")\nfs.writeFileSync(process.argv[2], yaml.dump({}))\n' },
    /p\.js:3:\d+: .*fs\.writeFileSync\(process\.argv\[2\].*a name it computes/,
  ],
  [
    "Go's os.WriteFile of an argument, writing the leaf key",
    { 'main.go': 'package main\nimport "os"\nfunc main() { os.WriteFile(os.Args[1], []byte("weight: 1"), 0o644) }\n' },
    /main\.go:3:\d+: .*os\.WriteFile\(os\.Args\[1\].*a name it computes/,
  ],
  [
    'a loop over found YAML files',
    { 'p.sh': 'for f in $(find . -name "*.yaml"); do sed -i s/a/b/ "$f"; done\n' },
    /p\.sh:1:1: .*in a script that may edit YAML/,
  ],
  [
    'a Dockerfile RUN',
    { Dockerfile: 'FROM alpine\nCOPY . /src\nRUN cd /src/web && sed -i s/5/1/ values.yaml\n' },
    /Dockerfile:3:1: .*\(cd is not/,
  ],
  ['a justfile recipe', { justfile: 'promote:\n  cd web && perl -i -pe s/5/1/ values.yaml\n' }, /justfile:2:1: .*\(cd is not/],
  [
    'a redirect to a variable',
    { 'p.sh': 'OUT=$(mktemp)\ncd web && sed s/5/1/ values.yaml > "$OUT" && cp "$OUT" values.yaml\n' },
    /p\.sh:2:1: .*\(cd is not/,
  ],
]

const CONVERTS: Array<[string, Record<string, string>]> = [
  ['sed -i on Chart.yaml', { 'release.sh': 'sed -i "s/^version: .*/version: $V/" web/Chart.yaml\nhelm lint web\n' }],
  ['a redirect to /dev/null and to a file outside the chart', { 't.sh': 'helm lint web > /dev/null\necho done > out/log.txt\n' }],
  [
    'a CI step writing $GITHUB_OUTPUT',
    {
      '.github/workflows/ci.yaml':
        'on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - run: |\n          echo "v=1" >> "$GITHUB_OUTPUT"\n',
    },
  ],
  ['find -name "*.txt" | xargs sed -i', { 'p.sh': 'find . -name "*.txt" | xargs sed -i s/a/b/\n' }],
  ['Python writing a literal report', { 'r.py': 'with open("out/report.txt", "w") as f:\n    f.write("ok")\n' }],
  // A writer of names it computes that touches no YAML (values-computed.ts).
  ['a subprocess argv list with sed -i, no YAML', { 'p.py': 'import subprocess\nsubprocess.run(["sed", "-i", "s/5/1/", path])\n' }],
  ["Node's writeFileSync of an argument, no YAML", { 'p.js': 'const fs = require("fs")\nfs.writeFileSync(process.argv[2], "x")\n' }],
  [
    "Go's os.WriteFile of an argument, no YAML",
    { 'main.go': 'package main\nimport "os"\nfunc main() { os.WriteFile(os.Args[1], nil, 0o644) }\n' },
  ],
  ['a shell loop over found text files', { 'p.sh': 'for f in $(find . -name "*.txt"); do sed -i s/a/b/ "$f"; done\n' }],
  ['a Makefile writing $(OUT)/log.txt', { Makefile: 'log:\n\techo done > $(OUT)/log.txt\n' }],
]

for (const [name, files, why] of HELD)
  test(`a script that may write values.yaml is held: ${name}`, () => {
    const repo = tempRepo('smi-proof-writes-', { ...CHART, ...files })
    const r = cli(['--write', 'web'], { cwd: repo })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout, /it may write a file by a name, glob or variable that may be web\/values\.yaml/)
    assert.match(r.stdout, why)
    assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    rmSync(repo, { recursive: true, force: true })
  })

for (const [name, files] of CONVERTS)
  test(`a script whose writes are provably elsewhere converts: ${name}`, () => {
    const repo = tempRepo('smi-proof-writes-ok-', { ...CHART, ...files })
    const r = cli(['--write', 'web'], { cwd: repo })
    assert.is(r.status, 0, r.stdout + r.stderr)
    assert.match(git(repo, 'status', '--porcelain'), /web\/values\.yaml/)
    rmSync(repo, { recursive: true, force: true })
  })

testWith('go')('the judge: the sed-then-mv idiom changes what the chart renders', () => {
  const repo = tempRepo('smi-proof-writes-judge-', { ...CHART, 'promote.sh': MV })
  const step = spawnSync('sh', ['promote.sh'], { cwd: repo, encoding: 'utf8' })
  assert.is(step.status, 0, step.stderr)
  const [out] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
  assert.ok(out && 'objects' in out, JSON.stringify(out))
  const split = out.objects.find((o) => o.object.kind === 'TrafficSplit')!.object as { spec: { backends: Array<{ weight: unknown }> } }
  assert.equal(
    split.spec.backends.map((b) => b.weight),
    [1, '100m'],
  )
  rmSync(repo, { recursive: true, force: true })
})

test.run()
