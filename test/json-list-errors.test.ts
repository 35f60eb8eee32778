/**
 * A broken `kubectl get -o json` List dump refused at the same `path:line:col` in file mode and
 * in stream mode, through the built binary: the place where JSON breaks (where kubectl's JSON
 * decoder stops), not the start of the document. The dumps are the shape `npm run fuzz:kinds`
 * found (seed 6, cases 53918 and 64903): a line repeated without its comma, so a key appears
 * twice, and a stray `],` after the items, which the `yaml` package reports first, at 1:1.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'

const dir = mkdtempSync(join(tmpdir(), 'smi-json-list-'))

const split = [
  '        {',
  '            "apiVersion": "split.smi-spec.io/v1alpha2",',
  '            "kind": "TrafficSplit",',
  '            "metadata": {',
  '                "name": "web",',
  '                "namespace": "prod",',
  '                "uid": "1b4e28ba"',
  '                "uid": "1b4e28ba"',
  '            },',
  '            "spec": {',
  '                "backends": [',
  '                    {"service": "web-v1", "weight": "500m"},',
  '                    {"service": "web-v2", "weight": "500m"}',
  '                ],',
  '                "service": "web"',
  '            }',
  '        },',
  '        {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}, "data": {"note": "mentions TrafficSplit"}}',
]
const dump = (strayBracket: boolean) =>
  [
    '{',
    '    "apiVersion": "v1",',
    '    "items": [',
    ...split,
    '    ],',
    ...(strayBracket ? ['    ],'] : []),
    '    "kind": "List",',
    '    "metadata": {',
    '        "resourceVersion": ""',
    '    }',
    '}',
    '',
  ].join('\n')

/** Where the repeated key stands: its line and column (1-based), read off the text. */
function repeatedKey(text: string): string {
  const at = text.indexOf('"uid"', text.indexOf('"uid"') + 1)
  const before = text.slice(0, at)
  return `${before.split('\n').length}:${at - before.lastIndexOf('\n')}`
}

for (const stray of [true, false]) {
  test(`a JSON List dump with a key repeated without its comma${stray ? ' and a stray ],' : ''}: file and stream refuse it at the key`, () => {
    const text = dump(stray)
    const file = join(dir, `list${stray ? '-stray' : ''}.json`)
    writeFileSync(file, text)
    const where = repeatedKey(text)
    assert.is(where, '11:17')

    const checked = cli(['--check', file])
    assert.is(checked.status, 2, checked.stderr + checked.stdout)
    const fileErrors = (checked.stdout + checked.stderr).split('\n').filter((l) => l.includes(': error: '))
    assert.equal(fileErrors.length, 1, fileErrors.join('\n'))
    assert.ok(fileErrors[0]!.startsWith(`${file}:${where}: error: invalid YAML`), fileErrors[0])

    const streamed = cli(['-'], { input: text })
    assert.is(streamed.status, 2, streamed.stderr)
    assert.is(streamed.stdout, text, 'the refused dump comes out as it went in')
    const streamErrors = streamed.stderr.split('\n').filter((l) => l.includes(': error: '))
    assert.equal(streamErrors.length, 1, streamErrors.join('\n'))
    assert.ok(streamErrors[0]!.startsWith(`<stdin>:${where}: error: invalid YAML`), streamErrors[0])
    // The same refusal, word for word, but for the path.
    assert.is(streamErrors[0]!.slice('<stdin>'.length), fileErrors[0]!.slice(file.length))
    assert.is(readFileSync(file, 'utf8'), text)
  })
}

/** Two TrafficSplit items of a `kubectl get -o json` List, with `between` in place of the comma. */
const twoItems = (between: string) => {
  const item = (name: string) =>
    `        {"apiVersion": "split.smi-spec.io/v1alpha1", "kind": "TrafficSplit", "metadata": {"name": "${name}"},\n` +
    `            "spec": {"service": "web", "backends": [{"service": "web-v1", "weight": "500m"}]}}`
  return `{\n    "apiVersion": "v1",\n    "items": [\n${item('a')}${between}${item('b')}\n    ],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n`
}

const BROKEN: Record<string, string> = {
  'a missing comma': twoItems('\n'),
  'a doubled comma': twoItems(',,\n'),
  'a comma on a line of its own after another': twoItems(',\n        ,\n'),
  'a stray value between the items': twoItems('\n        "x"\n'),
  'a trailing comma': twoItems(',\n').replace('}}\n    ]', '}},\n    ]'),
}

for (const [name, text] of Object.entries(BROKEN)) {
  test(`a JSON List dump with ${name} is refused alike by stream mode and --write, at the same place`, () => {
    assert.throws(() => JSON.parse(text), undefined, 'the dump is broken JSON')
    const file = join(dir, `${name.replace(/\W+/g, '-')}.json`)
    writeFileSync(file, text)
    const written = cli(['--write', file], { cwd: dir })
    assert.is(written.status, 2, written.stderr + written.stdout)
    assert.is(readFileSync(file, 'utf8'), text, 'nothing written')
    const fileErrors = (written.stdout + written.stderr).split('\n').filter((l) => l.includes(': error: invalid YAML'))
    assert.is(fileErrors.length, 1, written.stdout + written.stderr)

    const streamed = cli(['-'], { input: text })
    assert.is(streamed.status, 2, streamed.stderr)
    assert.is(streamed.stdout, text, 'the refused dump comes out as it went in')
    const streamErrors = streamed.stderr.split('\n').filter((l) => l.includes(': error: '))
    assert.equal(streamErrors.length, 1, streamed.stderr)
    assert.ok(fileErrors[0]!.includes(streamErrors[0]!.slice('<stdin>'.length)), `${fileErrors[0]}\n${streamErrors[0]}`)
  })
}

test.run()
