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
 *   (by indentation), flow mappings, JSON objects and HCL blocks (by braces), with `:` or `=`;
 *   jsonnet's `+:` and `::`, CUE's chained `canary: weight: 1`, a Go composite literal
 *   (`"canary": map[string]any{…}`) and a call's keywords (Python's `canary=dict(weight=…)`).
 *
 * And a path that ends above the value, replacing the block that holds it: a JSON 6902 `path:
 * /spec/values/canary`, a yq/jq assignment `.canary = {…}` (or `|=`, `+=`; code's `values.canary =
 * {…}` too) or `del(.canary)`; and a subscript assignment down to it or above it (`v["canary"] = …`).
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

/** Every place `text` replaces or deletes a block above the value (a proper prefix of `path`) by a JSON 6902 or yq/jq path. */
export function blockMentions(text: string, path: readonly string[]): Mention[] {
  const out: Mention[] = []
  for (let n = 1; n <= path.length && text.includes(path[n - 1]!); n++) {
    const head = path.slice(0, n)
    // A subscript assignment (Python, JavaScript, Ruby): `values["canary"] = {…}`, `v['canary']['weight'] = …`.
    const subscript = new RegExp(`${head.map((k) => `\\[[ \\t]*(["'])${escaped(k)}\\1[ \\t]*\\]`).join('')}[ \\t]*=(?!=)`, 'g')
    for (const m of text.matchAll(subscript)) out.push({ offset: m.index + m[0].lastIndexOf(head.at(-1)!), top: false })
    if (n === path.length) break
    // A JSON 6902 operation's `path: /spec/values/canary` (YAML or JSON), ending at the block under
    // a field (a bare `/canary` is an object's top field, helm-proof-world.test.ts).
    const pointer = new RegExp(`(["']?)path\\1[ \\t]*[:=][ \\t]*["']?/(?:[^\\s"'/]+/)+${head.map(escaped).join('/')}(?![\\w/~-])`, 'g')
    // yq/jq: `.canary = {…}`, `.spec.values.canary |= …`, `del(.canary)`, and code's `values.canary = {…}`;
    // never a template's `.Values.canary`.
    const chain = `(?<![\\w$-])[\\w$]*(?:\\.[\\w-]+)*\\.${head.map(escaped).join('\\.')}(?<!Values\\.(?:[\\w-]+\\.)*[\\w-]+)`
    const yq = new RegExp(`${chain}[ \\t]*(?:[|+*/-]?=(?![=~])|\\))`, 'g')
    // A dotted path ending at the block (kustomize `fieldPaths: [spec.values.canary]`): whatever
    // writes there replaces it. Not a sibling below it (`canary.enabled`), nor a host name's part.
    const fieldPath = new RegExp(`${chain}(?![\\w.-])`, 'g')
    for (const re of [pointer, yq, fieldPath])
      for (const m of text.matchAll(re)) out.push({ offset: m.index + m[0].lastIndexOf(head.at(-1)!), top: false })
  }
  return out
}

/**
 * Where a file this run cannot read whole as data (code, a script, a template of another tool,
 * `.tf`, `.cue`, `.jsonnet`, a Makefile, a YAML file with template actions or that does not parse)
 * spells a key of the value's path above the leaf as a word (the leaf itself for a value at the
 * top): not inside a longer name (letters, digits, `_`, `-`), not under `Values.` (a template's
 * reader). Such a file may set the value however it spells the rest (`SetNestedField(o, v,
 * "canary", "weight")`, `delpaths([["canary"]])`, `canary: c`), so it is taken as a setter.
 */
export function wordMention(text: string, path: readonly string[]): (Mention & { key: string }) | undefined {
  let first: (Mention & { key: string }) | undefined
  for (const key of path.length > 1 ? path.slice(0, -1) : path) {
    if (!text.includes(key)) continue
    const word = new RegExp(`(?<![\\w-])(?<!Values\\.(?:[\\w-]+\\.)*)${escaped(key)}(?![\\w-])`)
    const m = word.exec(text)
    if (m && (first === undefined || m.index < first.offset)) first = { offset: m.index, top: false, key }
  }
  return first
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
  const re = new RegExp(`(?<![\\w.$-])(["']?)${escaped(key)}\\1[ \\t]*(?:\\+?:{1,3}(?=[\\s{"'\\[]|$)|=(?![=~>]))`, 'g')
  re.lastIndex = from
  const out: Key[] = []
  for (let m = re.exec(text); m && m.index < to; m = re.exec(text)) {
    const offset = m.index + m[1]!.length
    if (child && !isChild(text, m.index, child)) continue
    out.push({ offset, after: m.index + m[0].length })
  }
  return out
}

type Child = { braces: number; parens?: boolean } | { indent: number } | { chain: number }

function isChild(text: string, at: number, child: Child): boolean {
  if ('chain' in child) return at === child.chain
  if ('braces' in child) return depth(text, child.braces + 1, at, child.parens) === 0
  const start = text.lastIndexOf('\n', at - 1) + 1
  return /^[ \t]*$/.test(text.slice(start, at)) && at - start === child.indent
}

/** The block a key holds: a brace block on its line, or the more-indented lines below it. */
function blockOf(text: string, k: Key): { from: number; to: number; child: Child } | undefined {
  const eol = text.indexOf('\n', k.after)
  const end = eol < 0 ? text.length : eol
  const rest = text.slice(k.after, end)
  // A brace block, after a Go type (`map[string]interface{}{`) or a call (`dict(`) too.
  const brace = /^[ \t]*(?:[\w.$]+(?:\[[\w.]*\](?:interface\{\}|[\w.$]*))?[ \t]*)?([{(])/.exec(rest)
  if (brace) {
    const open = k.after + brace[0].length - 1
    const parens = brace[1] === '('
    return { from: open + 1, to: closing(text, open, parens), child: { braces: open, parens } }
  }
  // CUE's chained keys (`canary: weight: 1`): the next key on the line is the only child.
  const chain = /^[ \t]*(?=(["']?)[\w-]+\1[ \t]*:(?:[ \t]|$))/.exec(rest)
  if (chain) return { from: k.after, to: end, child: { chain: k.after + chain[0].length } }
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
function closing(text: string, open: number, parens = false): number {
  let d = 0
  for (let i = open; i < text.length; i++) {
    const c = text[i]!
    if (opens(c, parens)) d++
    else if (closes(c, parens) && --d === 0) return i
  }
  return text.length
}

/** The bracket depth at `at`, counted from `from`. */
function depth(text: string, from: number, at: number, parens = false): number {
  let d = 0
  for (let i = from; i < at; i++) {
    const c = text[i]!
    if (opens(c, parens)) d++
    else if (closes(c, parens)) d--
  }
  return d
}

const opens = (c: string, parens: boolean) => c === '{' || c === '[' || (parens && c === '(')
const closes = (c: string, parens: boolean) => c === '}' || c === ']' || (parens && c === ')')

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
