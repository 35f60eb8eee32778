// The byte-level and YAML-aware mutations both fuzzers share (scripts/fuzz.mjs, the CI slice,
// and scripts/fuzz-kinds.mjs, which adds the sibling kinds' own). They draw from the fuzzer's
// seeded random stream, passed in, so a case stays reproducible from its seed.

const ODD_BYTES = [
  0x00, 0xff, 0xc3, 0xe2, 0x0d, 0x0a, 0x09, 0x20, 0x23, 0x3a, 0x2d, 0x22, 0x27, 0x26, 0x2a, 0x21, 0x7c, 0x3e, 0x7b, 0x5b, 0x5d, 0x7d, 0x2c,
  0x25, 0x40, 0x60, 0x5c,
]
const NOTATIONS = [
  '500m',
  '"1"',
  "'250m'",
  '0.5',
  '.5',
  '5.',
  '+1',
  '1e3',
  '"2e3"',
  '1Ki',
  '1.5Ki',
  '010',
  '0x10',
  '0b11',
  '1_000',
  '08',
  '-1',
  '5x',
  '~',
  'null',
  'yes',
  'true',
  '!!str 500m',
  '!!int 5',
  '&w 5',
  '*w',
  '|\n      5',
  '>-\n      500m',
  '1n',
  '1e-10',
  '2147483648',
  '1e999999',
  '"  7  "',
  '0m',
  '1.0001m',
  '2u',
  '"\\x35"',
  '[1]',
  '{a: 1}',
  '',
  '1 # note',
  '"1" #c',
  '9'.repeat(70),
  '1.' + '0'.repeat(70) + '1',
]
const LINES = [
  '---',
  '...',
  '--- |',
  '--- # c',
  '# comment',
  '%YAML 1.2',
  '%TAG ! tag:x,2000:',
  '',
  '  ',
  '\t',
  'kind: TrafficSplit',
  'apiVersion: split.smi-spec.io/v1alpha1',
  'weight: 5',
  '- weight: 500m',
  '<<: *base',
  'items:',
  '- {service: x, weight: 1m}',
  '"TrafficSplit"',
  '? weight',
  ': 1',
]
const VERSIONS = ['v1alpha1', 'v1alpha2', 'v1alpha3', 'v1alpha4', 'v1alpha9', 'v1', 'V1alpha1']

export function splitLines(b) {
  return b.toString('latin1').split('\n')
}
export function joinLines(lines) {
  return Buffer.from(lines.join('\n'), 'latin1')
}
export const latin1 = (s) => Buffer.from(s, 'utf8').toString('latin1')

/** The mutations, drawing from `random` (and its `int`, `pick`). */
/**
 * Whether `b` has an escape of a double-quoted scalar that can spell a kind's name without its
 * bytes (`\x`, `\u`, `\U`, a line continuation: escapeKind below makes them): such an input may
 * change though it never spells the name.
 */
export const spellsByEscape = (b) => /\\[xuU\r\n]/.test(b.toString('latin1'))

export function mutators({ random, int, pick }) {
  return {
    flipBit(b) {
      if (!b.length) return b
      const c = Buffer.from(b)
      c[int(c.length)] ^= 1 << int(8)
      return c
    },
    insertByte(b) {
      const at = int(b.length + 1)
      return Buffer.concat([b.subarray(0, at), Buffer.from([pick(ODD_BYTES)]), b.subarray(at)])
    },
    deleteRange(b) {
      const at = int(b.length + 1)
      return Buffer.concat([b.subarray(0, at), b.subarray(at + 1 + int(8))])
    },
    duplicateRange(b) {
      const at = int(b.length + 1)
      const len = 1 + int(40)
      return Buffer.concat([b.subarray(0, at + len), b.subarray(at, at + len), b.subarray(at + len)])
    },
    indent(b) {
      const lines = splitLines(b)
      const i = int(lines.length)
      const d = int(5) - 2
      lines[i] = d > 0 ? ' '.repeat(d) + lines[i] : d < 0 ? lines[i].replace(/^ {1,2}/, '') : '\t' + lines[i]
      return joinLines(lines)
    },
    quotes(b) {
      const lines = splitLines(b)
      const i = int(lines.length)
      const m = /^(.*?: ?)(.*)$/.exec(lines[i])
      if (!m) return b
      const [, key, value] = m
      const q = pick(['"', "'"])
      lines[i] = /^["']/.test(value) ? key + value.slice(1) : key + q + value + (random() < 0.8 ? q : '')
      return joinLines(lines)
    },
    markerLine(b) {
      const lines = splitLines(b)
      lines.splice(int(lines.length + 1), 0, latin1(pick(LINES)))
      return joinLines(lines)
    },
    comment(b) {
      const lines = splitLines(b)
      const i = int(lines.length)
      lines[i] = random() < 0.5 ? lines[i] + ' # ' + pick(['c', 'weight: 1', 'TrafficSplit', '"', '---']) : '# x'
      return joinLines(lines)
    },
    weight(b) {
      const lines = splitLines(b)
      const hits = lines.flatMap((l, i) => (/weight/.test(l) ? [i] : []))
      if (!hits.length) return b
      const i = pick(hits)
      lines[i] = lines[i].replace(/(weight"?\s*:\s*)([^,}\n]*)/, (_, k) => k + latin1(pick(NOTATIONS)))
      return joinLines(lines)
    },
    version(b) {
      const s = b.toString('latin1')
      return Buffer.from(
        s.replace(/v1alpha\d/, () => pick(VERSIONS)),
        'latin1',
      )
    },
    lineOps(b) {
      const lines = splitLines(b)
      const i = int(lines.length)
      const r = int(3)
      if (r === 0) lines.splice(i, 1)
      else if (r === 1) lines.splice(i, 0, lines[i] ?? '')
      else lines[i] = (lines[i] ?? '') + '\r'
      return joinLines(lines)
    },
    bom(b) {
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), b])
    },
    // A kind spelled by the escapes of a double-quoted scalar (`"Tr\x61fficSplit"`, `\u`, a line
    // continuation), which kubectl reads as the kind: the name's bytes are gone from the line.
    escapeKind(b) {
      const lines = splitLines(b)
      const hits = lines.flatMap((l, i) => (/^(\s*-?\s*"?kind"?\s*:\s*)([A-Za-z]{3,})\s*$/.test(l) ? [i] : []))
      if (!hits.length) return b
      const i = pick(hits)
      lines[i] = lines[i].replace(/^(\s*-?\s*"?kind"?\s*:\s*)([A-Za-z]{3,})\s*$/, (_, key, name) => {
        const at = 1 + int(name.length - 2)
        const hex = name.charCodeAt(at).toString(16)
        const how = int(3)
        // The continuation line indented past its key (a `- ` before the key counts as indentation).
        if (how === 2) return `${key}"${name.slice(0, at)}\\\n${' '.repeat(key.search(/[^\s-]/) + 2)}${name.slice(at)}"`
        return `${key}"${name.slice(0, at)}${how === 0 ? `\\x${hex}` : `\\u00${hex}`}${name.slice(at + 1)}"`
      })
      return joinLines(lines)
    },
  }
}
