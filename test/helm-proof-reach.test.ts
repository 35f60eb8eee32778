/**
 * The two guards of the values proof's writers (docs/helm.md#values-driven-weights) on every
 * repro of a hostile review: a file naming a values source whose line naming it is no read-only
 * command (N1 to N7: CI steps, programs in a shell line, copies and fetches, indirection, hooks,
 * other languages, renderer lines) holds the chart, exit 1, a finding naming the file, nothing
 * written; ordinary writers (N8) convert. The Go renderer (test/helpers/render.go) judges the
 * effect the holds prevent: run on a copy, each promotion changes the weight the chart renders.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
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

const HELD: Array<[string, Record<string, string>]> = [
  [
    'N1: a GitHub Actions step with working-directory',
    {
      '.github/workflows/p.yml':
        'on: push\njobs:\n  p:\n    runs-on: ubuntu-latest\n    steps:\n      - run: sed -i s/500m/100m/ values.yaml\n        working-directory: web\n',
    },
  ],
  ['N1: a GitLab script with cd', { '.gitlab-ci.yml': 'promote:\n  script:\n    - cd web\n    - sed -i s/500m/100m/ values.yaml\n' }],
  [
    'N1: a Taskfile dir',
    { 'Taskfile.yml': 'version: "3"\ntasks:\n  p:\n    dir: web\n    cmds:\n      - sed -i s/500m/100m/ values.yaml\n' },
  ],
  [
    'N1: a pre-commit entry',
    {
      '.pre-commit-config.yaml':
        'repos:\n  - repo: local\n    hooks:\n      - id: p\n        name: p\n        language: system\n        entry: sed -i s/500m/100m/\n        files: values.yaml\n',
    },
  ],
  [
    'N2: python3 -c',
    {
      'promote.sh':
        'cd web\npython3 -c \'import pathlib; p = pathlib.Path("values.yaml"); p.write_text(p.read_text().replace("500m", "100m"))\'\n',
    },
  ],
  ['N2: node -e', { 'promote.sh': 'cd web\nnode -e \'require("fs").writeFileSync("values.yaml", "x")\'\n' }],
  [
    'N2: a heredoc fed to python3',
    { 'promote.sh': "cd web\npython3 - <<EOF\nimport pathlib\np = pathlib.Path('values.yaml')\np.write_text('x')\nEOF\n" },
  ],
  ['N3: cp into web/', { 'promote.sh': 'cp /srv/staging/values.yaml web/\n' }],
  [
    'N3: shutil.copy after os.chdir',
    { 'promote.py': 'import os, shutil\nos.chdir("web")\nshutil.copy("/srv/staging/values.yaml", ".")\n' },
  ],
  ['N3: git checkout of values.yaml from a branch', { 'promote.sh': 'cd web && git checkout staging -- values.yaml\n' }],
  ['N3: curl -o', { 'promote.sh': 'cd web\ncurl -fsSL https://example.com/v -o values.yaml\n' }],
  ['N3: tar -x -C web', { 'promote.sh': 'tar -xzf vals.tgz -C web\n' }],
  ['N4: an editor in a variable', { 'promote.sh': 'SED="sed -i"\ncd web\n$SED s/500m/100m/ values.yaml\n' }],
  [
    'N4: a name from a sourced file',
    { 'promote.sh': 'F=prod.yaml\n. ./env.sh\ncd web\nsed -i s/500m/100m/ "$F"\n', 'env.sh': 'F=values.yaml\n' },
  ],
  ['N4: an alias', { 'promote.sh': 'shopt -s expand_aliases\nalias inplace="sed -i"\ninplace s/500m/100m/ web/values.yaml\n' }],
  ['N4: a Make variable holding sed -i', { Makefile: 'SED_I := sed -i\np:\n\tcd web && $(SED_I) s/500m/100m/ values.yaml\n' }],
  ['N5: a husky hook', { '.husky/pre-commit': 'cd web\nsed -i "s/500m/100m/" values.yaml\n' }],
  [
    'N5: a script without a shebang run by sh',
    { Makefile: 'promote:\n\tsh scripts/promote\n', 'scripts/promote': 'cd web\nsed -i "s/500m/100m/" values.yaml\n' },
  ],
  ['N5: an Earthfile', { Earthfile: 'VERSION 0.7\np:\n  FROM alpine\n  COPY . .\n  RUN cd web && sed -i s/500m/100m/ values.yaml\n' }],
  ['N5: build.Dockerfile', { 'build.Dockerfile': 'FROM alpine\nCOPY . /src\nRUN cd /src/web && sed -i s/500m/100m/ values.yaml\n' }],
  ['N5: a package.json script', { 'package.json': '{"scripts":{"promote":"cd web && sed -i s/500m/100m/ values.yaml"}}\n' }],
  [
    'N6: Rust fs::write',
    {
      'xtask/src/main.rs':
        'use std::fs;\nfn main() {\n    std::env::set_current_dir("web").unwrap();\n    fs::write("values.yaml", "x").unwrap();\n}\n',
    },
  ],
  [
    'N6: Java Files.writeString',
    {
      'P.java':
        'class P { void m() throws Exception { java.nio.file.Files.writeString(java.nio.file.Path.of("web", "values.yaml"), "x"); } }\n',
    },
  ],
  ['N6: PHP file_put_contents', { 'p.php': '<?php\nchdir("web");\nfile_put_contents("values.yaml", "x");\n' }],
  ['N6: Lua io.open', { 'p.lua': 'local f = io.open("web/values.yaml", "w")\nf:write("x")\n' }],
  ['N6: Bun.write', { 'p.ts': 'process.chdir("web");\nawait Bun.write("values.yaml", "x");\n' }],
  ['N7: helm --debug template | sed', { 'deploy.sh': 'helm --debug template web ./web | sed s/500m/100m/ | kubectl apply -f -\n' }],
  [
    'N7: kubectl -o yaml > out.yaml, then sed -i',
    {
      'deploy.sh':
        'helm template web ./web | kubectl apply --dry-run=client -o yaml -f - > out.yaml\nsed -i s/500m/100m/ out.yaml\nkubectl apply -f out.yaml\n',
    },
  ],
  ['N7: $HELM template | sed', { 'deploy.sh': 'HELM=helm\n$HELM template web ./web | sed s/500m/100m/ | kubectl apply -f -\n' }],
  ['N7: helm get manifest | sed', { 'deploy.sh': 'helm get manifest web | sed s/500m/100m/ | kubectl apply -f -\n' }],
  [
    'N7: a Python argv starting with a variable',
    { 'd.py': 'import subprocess\nHELM = "helm"\nout = subprocess.check_output([HELM, "template", "web", "./web"])\n' },
  ],
  [
    'N7: Go exec.Command of helm with args...',
    {
      'd.go':
        'package main\nimport "os/exec"\nfunc main() {\n\targs := []string{"template", "web", "./web"}\n\texec.Command("helm", args...).Run()\n}\n',
    },
  ],
  [
    'N7: Node execFileSync of helm with args',
    {
      'd.js': 'const { execFileSync } = require("child_process")\nconst args = ["template", "web", "./web"]\nexecFileSync("helm", args)\n',
    },
  ],
  [
    'N7: an Argo CD plugin',
    {
      'plugin.yaml':
        'apiVersion: argoproj.io/v1alpha1\nkind: ConfigManagementPlugin\nmetadata: {name: p}\nspec:\n  generate:\n    command: [sh, -c]\n    args: ["helm template . | sed s/500m/100m/"]\n',
    },
  ],
]

const CONVERTS: Array<[string, Record<string, string>]> = [
  ['N8: a Make variable set to a literal, rm -rf', { Makefile: 'BUILD_DIR := build\nclean:\n\trm -rf $(BUILD_DIR)\n' }],
  ['N8: writeFileSync of a literal name', { 'report.js': 'const fs = require("fs");\nfs.writeFileSync("out/report.txt", "x");\n' }],
  [
    'N8: ${{ runner.temp }} names',
    {
      '.github/workflows/p.yml':
        'on: push\njobs:\n  p:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ secrets.KC }}" > ${{ runner.temp }}/kubeconfig\n      - run: cp dist/app.tgz ${{ runner.temp }}/\n',
    },
  ],
  [
    'N8: mktemp, helm template, kubeconform, rm -rf',
    { 'test.sh': 'tmp=$(mktemp -d)\nhelm template web ./web > "$tmp/all.yaml"\nkubeconform "$tmp/all.yaml"\nrm -rf "$tmp"\n' },
  ],
  ['N8: appends to $LOG_FILE, cp dist/*.tgz to $CHARTS_DIR', { 'ci.sh': 'echo start >> "$LOG_FILE"\ncp dist/*.tgz "$CHARTS_DIR"\n' }],
  [
    'N8: app code writing computed paths, no YAML',
    {
      'app/store.go;': 'package app\nimport "os"\nfunc Save(path string, b []byte) error { return os.WriteFile(path, b, 0o644) }\n',
      'app/store.py;': 'def save(path, d):\n    with open(path, "w") as f:\n        f.write(d)\n',
      'app/store.js': 'const fs = require("fs")\nexports.save = (p, d) => fs.writeFileSync(p, d)\n',
    },
  ],
]

for (const [name, files] of HELD)
  test(`held: ${name}`, () => {
    const repo = tempRepo('smi-reach-', { ...CHART, ...files })
    const r = cli(['--write', 'web'], { cwd: repo })
    assert.is(r.status, 1, r.stdout + r.stderr)
    const named = Object.keys(files).some((f) => r.stdout.includes(`(${f}:`))
    assert.ok(named, `a finding names one of ${Object.keys(files).join(', ')}: ${r.stdout}`)
    assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    rmSync(repo, { recursive: true, force: true })
  })

for (const [name, files] of CONVERTS)
  test(`converts: ${name}`, () => {
    const repo = tempRepo('smi-reach-ok-', { ...CHART, ...files })
    const r = cli(['--write', 'web'], { cwd: repo })
    assert.is(r.status, 0, r.stdout + r.stderr)
    assert.match(git(repo, 'diff', 'web/values.yaml'), /\+ {2}weight: 500\n/)
    rmSync(repo, { recursive: true, force: true })
  })

/** Promotions run on a copy: each changes the canary weight the chart renders from 500m to 100m. */
const EFFECTS: Array<[string, Record<string, string>, string]> = [
  ['N1: the GitHub step', {}, 'cd web && sed -i s/500m/100m/ values.yaml'],
  [
    'N2: python3 -c',
    {},
    'cd web && python3 -c \'import pathlib; p = pathlib.Path("values.yaml"); p.write_text(p.read_text().replace("500m", "100m"))\'',
  ],
  ['N3: cp into web/', { 'staging/values.yaml': 'canary:\n  stable: 1\n  weight: 100m\n' }, 'cp staging/values.yaml web/'],
  ['N4: a name from a sourced file', { 'env.sh': 'F=values.yaml\n' }, 'F=prod.yaml; . ./env.sh; cd web && sed -i s/500m/100m/ "$F"'],
  ['N5: the husky hook', { '.husky/pre-commit': 'cd web\nsed -i "s/500m/100m/" values.yaml\n' }, 'sh .husky/pre-commit'],
]

testWith('go')('the judge: each held promotion changes what the chart renders', () => {
  for (const [name, files, step] of EFFECTS) {
    const repo = tempRepo('smi-reach-judge-', { ...CHART, ...files })
    mkdirSync(join(repo, 'staging'), { recursive: true })
    writeFileSync(join(repo, 'prod.yaml'), '')
    const run = spawnSync('sh', ['-c', step], { cwd: repo, encoding: 'utf8' })
    assert.is(run.status, 0, `${name}: ${run.stderr}`)
    const [out] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
    assert.ok(out && 'objects' in out, JSON.stringify(out))
    const split = out.objects.find((o) => o.object.kind === 'TrafficSplit')!.object as { spec: { backends: Array<{ weight: unknown }> } }
    assert.equal(
      split.spec.backends.map((b) => b.weight),
      [1, '100m'],
      name,
    )
    rmSync(repo, { recursive: true, force: true })
  }
})

test.run()
