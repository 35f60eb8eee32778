/**
 * Which of a repository's kustomizations may belong to the trees of the run's files, told
 * from their text without parsing them. A pre-commit run on one manifest in a repository of
 * many kustomizations would otherwise load the kustomize planner and parse every one of them.
 *
 * A kustomization joins a file to its tree only by naming it (a resource or patch file) or by
 * naming a directory whose kustomization is in the tree; either way its text spells the last
 * segment of that path. So a kustomization is read when its text spells the name of a file of
 * the trees found so far, or the name of the directory of one of their kustomizations
 * (case-insensitive, each run of the name between spaces and quotes on its own, since YAML
 * folds long scalars at spaces and doubles a quote in single quotes), and the search repeats
 * with the files those trees add until nothing new is named; a text with a backslash is also
 * searched with its double-quoted escapes decoded. A text that spells a one-piece name only in
 * plain entries (`- x.yaml`, `path: x.yaml`) that resolve to other files does not count. Where
 * the last segment need not be the file's own name, the kustomization is read whatever it names:
 * a path that ends in `.` or `..`, a line that continues a scalar or a flow collection, an
 * explicit key, and any entry in it that is a symlink on disk (or a directory whose
 * kustomization is one).
 */
import { lstatSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { KUSTOMIZATION_NAMES } from '../kustomize/names.js'
import { realOrSelf } from '../paths.js'
import { lineStart } from '../edit/lines.js'

/** A path ending in `.` or `..` (`- ..`, `[./, ../]`, `path: ../.`): it names a directory by another name. */
const DOT_END = /(?:^|[\s[,'"/:-])\.\.?\/*(?=$|[\s\],'"#}])/m
/** A word of a kustomization, for the symlink check. */
const WORD = /[^\s,[\]{}'"]+/g

export class KustomizationMentions {
  /** Kustomizations to read whatever files are wanted. */
  private readonly anything = new Set<string>()
  /** The others' text, and in lower case. */
  private readonly texts = new Map<string, Text>()
  private readonly symlinks = new Map<string, boolean>()
  private readonly reals = new Map<string, string>()
  /** A path's real path (or itself), asked of the file system once per run. */
  private readonly real = (p: string): string => {
    let r = this.reals.get(p)
    if (r === undefined) this.reals.set(p, (r = realOrSelf(p)))
    return r
  }

  /** `read` returns a file's text, or undefined when it cannot be read (the planner skips those too). */
  constructor(kustomizations: readonly string[], read: (file: string) => string | undefined) {
    for (const k of kustomizations) {
      const text = read(k)
      if (text === undefined) continue
      // A double-quoted scalar spells a name with escapes too: the text is searched as if each were one.
      const decoded = text.includes('\\') ? unescaped(text) : undefined
      if (DOT_END.test(text) || (decoded !== undefined && DOT_END.test(decoded)) || continues(text)) this.anything.add(k)
      else {
        let real: string | undefined
        // Paths in it start where the planner reads it from: its real directory (realpath taken once, when asked).
        const entry: Text = { text, lower: folded(text), real: () => (real ??= this.real(k)) }
        if (decoded !== undefined) Object.assign(entry, { decoded, decodedLower: folded(decoded) })
        this.texts.set(k, entry)
      }
    }
  }

  /**
   * The kustomizations that may name one of `files` (paths as given and real paths, of
   * resources, patches and kustomizations; a kustomization is named by its directory too).
   */
  naming(files: Iterable<string>): Set<string> {
    const wanted = new Map<string, Wanted>()
    const want = (name: string, file: string, asDirectory: boolean) => {
      const w = wanted.get(name) ?? { pieces: piecesOf(name), files: [] }
      w.files.push({ file, asDirectory })
      wanted.set(name, w)
    }
    for (const f of files) {
      want(basename(f), f, false)
      if (KUSTOMIZATION_NAMES.has(basename(f))) want(basename(dirname(f)), f, true)
    }
    const out = new Set(this.anything)
    for (const [k, t] of this.texts) {
      const spells = (w: Wanted, lower: string | undefined) => lower !== undefined && w.pieces.every((piece) => lower.includes(piece))
      const named = [...wanted.values()].some((w) => spells(w, t.decodedLower) || (spells(w, t.lower) && !refuted(t, w, this.real)))
      if (named || this.namesSymlink(k, t)) out.add(k)
    }
    return out
  }

  /** Whether a word or line value of `text`, taken as a path from the kustomization's directory, is a symlink. */
  private namesSymlink(k: string, t: Text): boolean {
    let known = this.symlinks.get(k)
    if (known === undefined) {
      const dir = dirname(t.real())
      const paths = new Set<string>()
      for (const text of t.decoded !== undefined ? [t.text, t.decoded] : [t.text]) {
        // An anchored value may be any key's, and an alias may make it a path: then every key's value counts.
        const anyKey = ANCHOR.test(text)
        for (const line of text.split('\n')) {
          // An entry's value; on a line with a flow collection, each of its words.
          if (line.includes('[') || line.includes('{')) for (const m of line.matchAll(WORD)) paths.add(resolve(dir, m[0]))
          const value = lineValue(line, anyKey)
          if (value !== '') paths.add(resolve(dir, value))
        }
      }
      known = [...paths].some((p) => this.linked(p))
      this.symlinks.set(k, known)
    }
    return known
  }

  private readonly linkedPaths = new Map<string, boolean>()
  /** Whether `p` is a symlink, or a directory whose kustomization is one: named through it, a file or directory has another name than its own. */
  private linked(p: string): boolean {
    let known = this.linkedPaths.get(p)
    if (known === undefined) {
      const st = lstatOrUndefined(p)
      const isLink = (f: string) => lstatOrUndefined(f)?.isSymbolicLink() === true
      known = st !== undefined && (st.isSymbolicLink() || (st.isDirectory() && [...KUSTOMIZATION_NAMES].some((n) => isLink(join(p, n)))))
      this.linkedPaths.set(p, known)
    }
    return known
  }
}

/** A path's lstat; undefined when there is nothing there to follow (not there, not a directory on the way, not readable). */
function lstatOrUndefined(p: string) {
  try {
    return lstatSync(p, { throwIfNoEntry: false })
  } catch {
    return undefined
  }
}

interface Text {
  text: string
  lower: string
  /** The kustomization's real path. */
  real: () => string
  /** With a backslash: the text with every escape replaced by what it stands for. */
  decoded?: string
  decodedLower?: string
}

interface Wanted {
  pieces: string[]
  /** The files of that name, and whether the name is their directory's (a kustomization's). */
  files: { file: string; asDirectory: boolean }[]
  /** Their real paths, once asked for: of the files named as themselves, and of the kustomizations named by their directory. */
  targets?: { files: Set<string>; kustomizations: Set<string> }
}

/**
 * Whether every place where the text spells a one-piece name is a plain entry that names another
 * path: `- name`, `key: name` (quoted or not), alone on its line, not the continuation of a
 * scalar begun above it; then it names none of the files, and need not be read.
 */
function refuted(t: Text, w: Wanted, real: (p: string) => string): boolean {
  if (w.pieces.length !== 1 || t.lower.length !== t.text.length || t.decoded !== undefined) return false
  const piece = w.pieces[0]!
  // A kustomization named by its directory: its real path, and its name in its directory's real
  // path (the entry's directory is resolved, not each name's file in it: most of them do not
  // exist, and a failed realpath costs a thrown error; a linked kustomization is found by
  // namesSymlink).
  w.targets ??= {
    files: new Set(w.files.filter((f) => !f.asDirectory).map((f) => real(f.file))),
    kustomizations: new Set(
      w.files.filter((f) => f.asDirectory).flatMap((f) => [real(f.file), join(real(dirname(f.file)), basename(f.file))]),
    ),
  }
  const { files, kustomizations } = w.targets
  let seen = 0
  for (let at = t.lower.indexOf(piece); at >= 0; at = t.lower.indexOf(piece, at + 1)) {
    // A name spelt very often (a one-letter name): read the kustomization rather than look at each.
    if (++seen > MAX_LOOKS) return false
    const value = plainEntry(t.text, at)
    if (value === undefined) return false
    // The entry's path, and the kustomizations it would name as a directory, each resolved once
    // per run: compared with every file of the name (a repository of many apps has hundreds of
    // `base` directories), not resolved again for each.
    const path = resolve(dirname(t.real()), value)
    if (files.size && files.has(real(path))) return false
    if (kustomizations.size && [...KUSTOMIZATION_NAMES].some((n) => kustomizations.has(join(real(path), n)))) return false
  }
  return true
}

/** Places a name is looked at in one kustomization, at most. */
const MAX_LOOKS = 64

/** An entry line's value: `- value`, `key: value`, `- key: value`, quoted or not, with a comment or not. */
const ENTRY = /^( *)(?:- +)*(?:[\w.-]+: +)?(["']?)([^\s,[\]{}'"#]+)\2 *(?: #.*)?$/

/**
 * The value of the line holding offset `at`, when the line is a plain entry and no scalar above
 * it can continue onto it: the line above is a bare key (`patches:`) or indented at least as far.
 */
function plainEntry(text: string, at: number): string | undefined {
  const from = lineStart(text, at)
  const to = text.indexOf('\n', at)
  const line = text.slice(from, to < 0 ? text.length : to).replace(/\r$/, '')
  const m = ENTRY.exec(line)
  if (!m) return undefined
  const indent = m[1]!.length
  let above: string | undefined
  for (let end = from - 1; end > 0 && above === undefined;) {
    const start = lineStart(text, end)
    const l = text.slice(start, end)
    if (l.trim() !== '' && !l.trim().startsWith('#')) above = l
    end = start - 1
  }
  if (above !== undefined) {
    const aboveIndent = above.length - above.trimStart().length
    if (aboveIndent < indent && !/:\s*(?:#.*)?$/.test(above.trimEnd())) return undefined
  }
  return m[3]
}

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
}

/** `text` with YAML's double-quoted escapes replaced by what they stand for (an escaped line break joins its lines). */
function unescaped(text: string): string {
  return text.replace(
    /\\(?:x([\da-fA-F]{2})|u([\da-fA-F]{4})|U([\da-fA-F]{8})|\r?\n[ \t]*|([\s\S]))/g,
    (m, x?: string, u?: string, U?: string, c?: string) => {
      const hex = x ?? u ?? U
      if (hex !== undefined) {
        const code = parseInt(hex, 16)
        return code <= 0x10ffff ? String.fromCodePoint(code) : m
      }
      return c === undefined ? '' : (ESCAPES[c] ?? m)
    },
  )
}

/** Text compared without case and Unicode normalisation (a disk may ignore either). */
function folded(text: string): string {
  return text.normalize('NFC').toLowerCase()
}

/** A file name's runs between spaces and quotes, folded (at least one: an empty run is in every text). */
function piecesOf(name: string): string[] {
  const pieces = folded(name)
    .split(/[\s'"]+/)
    .filter(Boolean)
  return pieces.length ? pieces : ['']
}

/** A line's dashes, key (plain or quoted) and the anchors or tags before its value. */
const ENTRY_HEAD = /^\s*(?:-\s+)*(?:([^\s#'"][^#]*?|"[^"\n]*"|'[^'\n]*'):\s+)?(?:[&!]\S*\s+)*/
/** An anchor (`&name`) on a node. */
const ANCHOR = /(?:^|[\s[{,:-])&[^\s,[\]{}]/
/** A key that is a plain word: of those, only a patch's `path` names a file. */
const WORD_KEY = /^["']?[\w-]+["']?$/
const PATH_KEY = /path["']?$/i

/**
 * A line's value that may name a file (a sequence entry, or a patch's `path`), without a comment
 * or quotes: what the symlink check looks at. Empty for any other key's value, unless `anyKey`.
 */
function lineValue(line: string, anyKey: boolean): string {
  const head = ENTRY_HEAD.exec(line)!
  const key = head[1]
  if (!anyKey && key !== undefined && WORD_KEY.test(key) && !PATH_KEY.test(key)) return ''
  let value = line.slice(head[0].length)
  // A comment line, or a key with nothing after it (`resources:`, `- target:`): no value at all.
  if (value.startsWith('#')) return ''
  const comment = value.search(/\s#/)
  value = (comment < 0 ? value : value.slice(0, comment)).trim()
  if (/^(["']).*\1$/.test(value)) return value.slice(1, -1)
  return key === undefined && value.endsWith(':') ? '' : value
}

/**
 * Whether a line continues something begun above it (a multi-line plain or quoted scalar, a
 * flow collection, a block scalar): a path may then be spelt across lines. A line that starts
 * an entry (`-`), holds a key (`key:`), opens a flow collection or is a comment does not.
 */
function continues(text: string): boolean {
  for (const line of text.split('\n')) {
    const t = line.trim()
    if (t === '' || t === '---' || t === '...' || t === '-' || t.startsWith('- ') || '#[{'.includes(t[0]!)) continue
    // An explicit key or its value (`? key`, `: value`): read whole.
    if (t[0] === '?' || t[0] === ':') return true
    if (!/:(?:\s|$)/.test(t)) return true
  }
  return false
}
