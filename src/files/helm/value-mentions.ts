/**
 * Where a text mentions a value's path, whatever the file is (docs/helm.md#values-driven-weights,
 * the generic setter scan): the tools that hand a chart values are too many to list (Skaffold's
 * `setValues: {canary.weight: …}`, Terraform's `set { name = "canary.weight" }`, a CI step's
 * `--set canary.weight=…`, a k3s `valuesContent`, an Application inside a template), so a file
 * that names the path at all is taken as one that may set it. Three spellings are looked for, in
 * the raw text (so inside YAML block strings too):
 *
 * - the dotted path (`canary.weight`), not preceded by a word character nor under `Values.`:
 *   `.Values.canary.weight` is a template's reader, read elsewhere (yaml/readers.ts);
 * - the JSON pointer (`/spec/values/canary/weight`, a JSON 6902 patch's path);
 * - the keys nested, each directly under the one before, the first at any depth: YAML blocks
 *   (by indentation), flow mappings, JSON objects and HCL blocks (by braces), with `:` or `=`.
 */

export interface Mention {
  /** Offset of the last key (or of the dotted path) in the text. */
  offset: number
  /** Whether the first key is at the top of a document: what a values file given with -f sets. */
  top: boolean
}

/** Every mention of `path` in `text`. */
export function valueMentions(text: string, path: readonly string[]): Mention[] {
  if (path.length === 0 || !path.every((k) => text.includes(k))) return []
  const out: Mention[] = []
  // After a `.` too (yq/jq `.canary.weight = …`, kustomize `fieldPaths: [spec.values.canary.weight]`),
  // but not under `Values.`: a template's reader (`.Values.canary.weight`, `$.Values.x.canary.weight`).
  const dotted = new RegExp(`(?<![\\w$-])(?<!Values\\.(?:[\\w-]+\\.)*)${path.map(escaped).join('\\.')}(?![\\w-])`, 'g')
  for (const m of text.matchAll(dotted)) out.push({ offset: m.index, top: false })
  // A JSON pointer (a JSON 6902 patch's `path: /spec/values/canary/weight`).
  const pointer = new RegExp(`/${path.map(escaped).join('/')}(?![\\w-])`, 'g')
  for (const m of text.matchAll(pointer)) out.push({ offset: m.index + 1, top: false })
  for (const k of keysAt(text, path[0]!, 0, text.length, undefined)) {
    const last = descend(text, path, 1, k)
    if (last !== undefined) out.push({ offset: last, top: isTop(text, k.offset) })
  }
  return out
}

/** A key found: where its name starts and where its value starts (after `:` or `=`). */
interface Key {
  offset: number
  after: number
}

/** The offset of the last key of `path` nested from `i` on under `k`, or undefined. */
function descend(text: string, path: readonly string[], i: number, k: Key): number | undefined {
  if (i === path.length) return k.offset
  const block = blockOf(text, k)
  if (!block) return undefined
  for (const child of keysAt(text, path[i]!, block.from, block.to, block.child)) {
    const last = descend(text, path, i + 1, child)
    if (last !== undefined) return last
  }
  return undefined
}

/**
 * The occurrences of `key` as a key in `text[from, to)`. `child` says which are direct
 * children of the block: by brace depth 0 within a brace block, by indentation in a YAML
 * block; undefined takes every occurrence.
 */
function keysAt(text: string, key: string, from: number, to: number, child: Child | undefined): Key[] {
  const re = new RegExp(`(?<![\\w.$-])(["']?)${escaped(key)}\\1[ \\t]*(?::(?=[\\s{"'\\[]|$)|=(?![=~>]))`, 'g')
  re.lastIndex = from
  const out: Key[] = []
  for (let m = re.exec(text); m && m.index < to; m = re.exec(text)) {
    const offset = m.index + m[1]!.length
    if (child && !isChild(text, m.index, child)) continue
    out.push({ offset, after: m.index + m[0].length })
  }
  return out
}

type Child = { braces: number } | { indent: number }

function isChild(text: string, at: number, child: Child): boolean {
  if ('braces' in child) return depth(text, child.braces + 1, at) === 0
  const start = text.lastIndexOf('\n', at - 1) + 1
  return /^[ \t]*$/.test(text.slice(start, at)) && at - start === child.indent
}

/** The block a key holds: a brace block on its line, or the more-indented lines below it. */
function blockOf(text: string, k: Key): { from: number; to: number; child: Child } | undefined {
  const eol = text.indexOf('\n', k.after)
  const end = eol < 0 ? text.length : eol
  const rest = text.slice(k.after, end)
  const brace = /^[ \t]*\{/.exec(rest)
  if (brace) {
    const open = k.after + brace[0].length - 1
    return { from: open + 1, to: closing(text, open), child: { braces: open } }
  }
  // Nothing after the key but an anchor, a tag or a comment: a YAML block below.
  const words = rest
    .replace(/#.*/, '')
    .trim()
    .split(/[ \t]+/)
  if (!words.every((w) => w === '' || /^[&!]/.test(w))) return undefined
  const lineStart = text.lastIndexOf('\n', k.offset - 1) + 1
  const keyColumn = k.offset - lineStart - (/["']/.test(text[k.offset - 1] ?? '') ? 1 : 0)
  let indent: number | undefined
  let to = end
  for (let at = end + 1; at < text.length;) {
    const next = text.indexOf('\n', at)
    const line = text.slice(at, next < 0 ? text.length : next)
    const lead = /^[ \t]*/.exec(line)![0].length
    if (!/^\s*(?:#.*)?$/.test(line)) {
      if (lead <= keyColumn) break
      indent ??= lead
      to = next < 0 ? text.length : next
    }
    if (next < 0) break
    at = next + 1
  }
  return indent === undefined ? undefined : { from: end, to, child: { indent } }
}

/** The offset of the brace closing the one at `open` (the text's end when none does). */
function closing(text: string, open: number): number {
  let d = 0
  for (let i = open; i < text.length; i++) {
    const c = text[i]
    if (c === '{' || c === '[') d++
    else if ((c === '}' || c === ']') && --d === 0) return i
  }
  return text.length
}

/** The bracket depth at `at`, counted from `from`. */
function depth(text: string, from: number, at: number): number {
  let d = 0
  for (let i = from; i < at; i++) {
    const c = text[i]
    if (c === '{' || c === '[') d++
    else if (c === '}' || c === ']') d--
  }
  return d
}

/**
 * Whether a key at `at` is at the top of its document: at the start of a line outside any
 * bracket, or directly in a JSON object that opens the text.
 */
function isTop(text: string, at: number): boolean {
  const d = depth(text, 0, at)
  const lineStart = text.lastIndexOf('\n', at - 1) + 1
  const quoted = /["']/.test(text[at - 1] ?? '') ? 1 : 0
  if (d === 0) return at - quoted === lineStart
  return d === 1 && /^\s*\{/.test(text) && depth(text, text.indexOf('{') + 1, at) === 0
}

function escaped(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
