/**
 * The texts of a values file that `tpl` may render, as Helm decodes them (files/helm/values-proof.ts
 * and repo-values.ts ask; docs/helm.md#values-driven-weights). Helm reads values with go-yaml v2
 * (sigs.k8s.io/yaml), so a string is the scalar's value, not its source: a double-quoted scalar's
 * escapes (`can\x61ry`, `\x24`, an escaped line break) are undone, and a scalar tagged
 * tag:yaml.org,2002:binary (`!!binary`, `!<tag:yaml.org,2002:binary>`, or a `%TAG` handle that
 * resolves to it, `!y!binary`) is its base64 decoded. A YAML text inside a string is values too
 * (an Argo CD `helm.values: |`, a k3s `valuesContent`, a ConfigMap's or Secret's data a Flux
 * `valuesFrom` hands over, a Secret's `data` base64 decoded): it is parsed as values and its
 * strings are read the same way. A tag that does not resolve, or a values text inside a string
 * under a deployer's key that does not parse, cannot be read: it may hold anything.
 *
 * Each text is judged as a template's actions are (yaml/readers.ts, one rule): a read of the
 * value's path, and, when a chart renders values with `tpl`, any action that reads the root
 * (`toJson $`, `{{ . }}`, `include … $`, `Values` by name) or may change `.Values`.
 */
import { isMap, isPair, isScalar, parseAllDocuments, type Scalar, visit } from 'yaml'
import { type RootNames, type ValueReader, valueMutations, valueReaders } from './readers.js'

export interface ValuesText {
  /** Where the scalar (the outermost one, for a text inside a string) starts. */
  offset: number
  /** The string Helm reads. */
  text: string
  /** How its source hides it (`a !!binary text`), or undefined when it is written as it reads. */
  how?: string
  /** Why it cannot be read (an unresolved tag, an inner values text that does not parse). */
  unreadable?: string
}

const BINARY = 'tag:yaml.org,2002:binary'
/** Keys whose string is a YAML text of values: Argo CD/Fleet `helm.values`, k3s `valuesContent`, a ConfigMap's `values.yaml`. */
const CARRIER = /^(?:values|valuesContent|[\w.-]*values[\w.-]*\.ya?ml)$/i
const MAX_DEPTH = 3

/** Every string of the YAML `text` as Helm reads it (see the file's comment), and what cannot be read. */
export function valuesTexts(text: string, depth = 0): ValuesText[] {
  let docs
  try {
    // go-yaml v2 as Helm calls it keeps the last of two equal keys: no error there.
    docs = parseAllDocuments(text, { uniqueKeys: false })
  } catch {
    return []
  }
  const out: ValuesText[] = []
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    const tagError = doc.errors.find((e) => /resolve tag/i.test(e.message))
    if (tagError) out.push({ offset: tagError.pos[0], text: '', unreadable: 'a tag this run cannot resolve to a string or !!binary' })
    if (doc.errors.length) continue
    const secret = isMap(doc.contents) && String(doc.contents.get('kind')) === 'Secret' ? doc.contents.get('data', true) : undefined
    visit(doc, {
      Scalar(_, node, path) {
        const got = decoded(text, node)
        if (!got) return
        const offset = node.range![0]
        const parent = path.at(-1)
        const key = isPair(parent) && parent.value === node && isScalar(parent.key) ? String(parent.key.value) : undefined
        const base64 = isMap(secret) && path.includes(secret) && parent !== undefined && isPair(parent) && parent.value === node
        const texts = base64 ? [got, { text: Buffer.from(got.text, 'base64').toString('utf8'), how: "a Secret's base64 data" }] : [got]
        // A deployer's set entry reaches Helm as a `--set` value, whose backslashes strvals drops (`can\ary`).
        if (got.text.includes('\\') && setEntryValue(path, node))
          texts.push({ text: got.text.replace(/\\([\s\S])/g, '$1'), how: 'a set value whose backslashes Helm drops' })
        for (const t of texts) {
          out.push({ offset, ...t })
          if (depth < MAX_DEPTH) out.push(...inner(t, offset, depth, base64 || (key !== undefined && CARRIER.test(key))))
        }
      },
    })
  }
  return out
}

/** Keys whose entries a deployer hands Helm as `--set` pairs: Argo CD `helm.parameters`, helmfile `set`/`setString`, k3s `spec.set`. */
const SET_KEYS = /^(?:parameters|set|setString|setTemplate)$/

/** Whether `node` (reached by `path`) is the value of such an entry: a list item's `value`, or a k3s `set` map's. */
function setEntryValue(path: readonly unknown[], node: Scalar): boolean {
  const keyOf = (p: unknown) => (isPair(p) && isScalar(p.key) ? String(p.key.value) : undefined)
  const parent = path.at(-1)
  if (!isPair(parent) || parent.value !== node) return false
  if (keyOf(parent) === 'value' && SET_KEYS.test(keyOf(path.at(-4)) ?? '')) return true
  return keyOf(path.at(-3)) === 'set' && isMap(path.at(-2))
}

/** The string a scalar holds as go-yaml v2 decodes it, with how its source hides it; undefined for no string. */
function decoded(text: string, node: Scalar): { text: string; how?: string } | undefined {
  if (!node.range) return undefined
  const v: unknown = node.value
  if (node.tag === BINARY) {
    const s =
      v instanceof Uint8Array ? Buffer.from(v).toString('utf8') : Buffer.from(String(v).replace(/\s/g, ''), 'base64').toString('utf8')
    return { text: s, how: 'a !!binary text' }
  }
  if (typeof v !== 'string') return undefined
  const escaped = node.type === 'QUOTE_DOUBLE' && text.slice(node.range[0], node.range[1]).includes('\\')
  return escaped ? { text: v, how: 'a text with YAML escapes' } : { text: v }
}

/** The strings of a values text inside the string `t` (one that parses as a mapping); a deployer's (`carrier`) that does not parse cannot be read. */
function inner(t: { text: string; how?: string }, offset: number, depth: number, carrier: boolean): ValuesText[] {
  if (!t.text.includes(':') && !carrier) return []
  let docs
  try {
    docs = parseAllDocuments(t.text, { uniqueKeys: false })
  } catch {
    docs = undefined
  }
  const list = docs === undefined ? [] : Array.isArray(docs) ? docs : [docs]
  const broken = docs === undefined || list.some((d) => d.errors.length > 0)
  if (broken)
    return carrier && !t.text.includes('{{')
      ? [{ offset, text: '', unreadable: 'a values text inside a YAML string that cannot be read as YAML' }]
      : []
  if (!list.some((d) => isMap(d.contents))) return []
  const how = `a values text inside a YAML string${t.how ? ` (${t.how})` : ''}`
  return valuesTexts(t.text, depth + 1).map((x) => ({ ...x, offset, how: x.how ? `${how}, ${x.how}` : how }))
}

/** A text where a string may hide what it reads: escapes, tags, `%TAG`, a block string (a values text inside it), a Secret's data. */
const HIDES = /\\|!|%TAG|:[ \t]*[|>][-+0-9]*[ \t]*(?:#[^\n]*)?\r?\n|kind:\s*["']?Secret/

/** The texts Helm reads differently from their source, or inside a string: what a reading of the raw text misses. */
export function hiddenTexts(text: string): ValuesText[] {
  if (!HIDES.test(text)) return []
  return valuesTexts(text).filter((t) => t.how !== undefined || t.unreadable !== undefined)
}

/**
 * Where a values text of `text` reads one of `paths` or, when a chart renders values with `tpl`
 * (`tpl`), what a template action there reads or changes (yaml/readers.ts). `all`: every text,
 * as written too; else only those a reading of the raw text misses (`hiddenTexts`).
 */
export function valuesTextUses(
  text: string,
  paths: readonly (readonly string[])[],
  tpl: boolean,
  all = false,
  roots?: RootNames,
): ValueReader[] {
  const texts = all && text.includes('{{') ? valuesTexts(text) : hiddenTexts(text)
  for (const t of texts) {
    if (t.unreadable) return [{ offset: t.offset, what: `${t.unreadable}, which may hold any template text` }]
    for (const path of paths) {
      const use = textUse(t.text, path, tpl, roots)
      if (use) return [{ offset: t.offset, what: t.how ? `${t.how} that decodes to ${use}` : use }]
    }
  }
  return []
}

/** What a template text `t` does with `path`, for the message, or undefined. */
export function textUse(t: string, path: readonly string[], tpl: boolean, roots?: RootNames): string | undefined {
  if (valueReaders(t, path, false).length > 0) return 'a read of .Values'
  if (!tpl || !t.includes('{{')) return undefined
  const u = valueReaders(t, path, true, roots)[0] ?? valueMutations(t, path, roots)[0]
  return u && (/^\.Values[\w.]*$/.test(u.what) ? 'a read of .Values' : u.what)
}

/** Where a text `text` hides (see `hiddenTexts`) changes `.Values` on `full` when `tpl` renders it. */
export function valuesTextChange(text: string, full: readonly string[]): ValueReader | undefined {
  for (const t of hiddenTexts(text)) {
    if (t.unreadable) return { offset: t.offset, what: `${t.unreadable}, which may hold any template text tpl may render` }
    if (t.text.includes('{{') && valueMutations(t.text, full).length > 0)
      return { offset: t.offset, what: `${t.how!} tpl may render that decodes to a change of .Values` }
  }
  return undefined
}
