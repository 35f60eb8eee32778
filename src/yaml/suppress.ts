/**
 * Reads suppressions (docs/suppressions.md): the annotation `smi-migrate.io/ignore: "<reason>"`
 * on an object, and the comment directive `# smi-migrate: ignore <reason>` on its own line
 * directly above the document, the object (a List item) or one of its fields. Plain data out:
 * what suppresses an object and why, or what is wrong with a suppression and where. It knows
 * no kind; convert/suppress.ts decides what a suppression does.
 */
import { type Document, isMap, isScalar, visit, type YAMLMap } from 'yaml'
import type { ObjectRef, Suppression } from '../model.js'
import { type Deref, isNullScalar, objectRef, offsetOf, pairOf, stringAt } from './nodes.js'
import { resolvePlain } from '../quantity/yaml11.js'
import { lineStart } from '../edit/lines.js'

export const IGNORE_ANNOTATION = 'smi-migrate.io/ignore'

/** Text that may hold a directive: documents without it are never scanned line by line. */
const MARKER = 'smi-migrate:'
/**
 * A comment line that speaks to the tool: `# smi-migrate: <rest>` (leading blanks allowed), also
 * after the dash of a List item (`- # smi-migrate: …`): there it stands above the item's first
 * key, as kpt writes a file's leading comment when it makes the file an item of a ResourceList.
 */
const DIRECTIVE = /^[ \t]*(?:-[ \t]+)*#[ \t]*smi-migrate:(.*)$/
const IGNORE = /^[ \t]*ignore(?:[ \t](.*))?$/
/**
 * A comment line that looks meant as the directive but is not one (`# SMI-MIGRATE: ignore`,
 * `#smi-migrate ignore`, `# smi_migrate: ignore`, `## smi-migrate: ignore`, `# smi-migrate -
 * ignore`, the annotation's key in a comment `# smi-migrate.io/ignore: …`): said, rather than
 * passed over in silence.
 */
const NEAR_MISS = /^[ \t]*(?:-[ \t]+)*#+[^\S\n]*smi(?:[^\w\n]|_)?migrat[a-z]*(?:\.io)?[^\w\n]{0,4}ignore\b/i
/**
 * Text that may hold a near miss: the marker spelt another way (any case, any one separator or
 * none, a Unicode hyphen or space among them, `migrat` cut short).
 */
const NEAR_MARKER = /smi(?:[^\w\n]|_)?migrat/i

/** Every spelling NEAR_MARKER takes holds this: a quicker search first, through text that rarely holds it. */
const MARKER_TAIL = /migrat/i

/**
 * The last short text mentionsTool was asked about, and its answer: a stream's document is asked
 * twice (the fast reader, then its suppressions). A long one is not kept (it would stay in memory).
 */
let lastAsked: { text: string; mentions: boolean } | undefined
const KEPT_TEXT = 64 * 1024

/** Whether `text` names the tool in any spelling: only then may it hold a suppression, a directive or a near miss. */
export function mentionsTool(text: string): boolean {
  if (lastAsked?.text === text) return lastAsked.mentions
  const mentions = MARKER_TAIL.test(text) && NEAR_MARKER.test(text)
  lastAsked = text.length <= KEPT_TEXT ? { text, mentions } : undefined
  return mentions
}

/** Whether `text` may hold a directive, or a near miss of one. */
function mayHoldDirective(text: string): boolean {
  return text.includes(MARKER) || NEAR_MARKER.test(text)
}

/** One `# smi-migrate:` comment line and the line it stands directly above. */
export interface Directive {
  /** Where the `#` is. */
  offset: number
  /**
   * The start of the first line below it that is neither blank nor a comment; -1 if a blank line
   * (or the end) comes first, or if that line is indented less than the `#` and the document has
   * lines above the comment: then the comment is the foot of what stands above it (kpt writes a file's last comment so, at the end of that
   * file's item, above the next file's item or `functionConfig:`), and stands above nothing.
   */
  target: number
  reason?: string
  /** Why it is not a valid suppression. */
  error?: string
  /** A near miss of the directive: what it looks like it means, and why it is not read so. */
  warning?: string
}

/** A suppression found on an object, or a broken one (an empty reason, an unknown directive). */
export type Found = (Suppression & { offset: number }) | { error: string; offset: number } | { warning: string; offset: number }

/**
 * Every `# smi-migrate:` comment line of `text`, with the line each one is directly above.
 * `texts`: the spans of the scalars that run over lines (block scalars, multi-line quoted
 * strings), whose lines are text, not comments, however they look (scalarSpans).
 */
export function directivesIn(text: string, texts: readonly Span[] = []): Directive[] {
  if (!mayHoldDirective(text)) return []
  const out: Directive[] = []
  let open: Array<{ d: Directive; column: number }> = []
  // Whether a line of the document stands above: only then can a comment be the foot of something.
  let above = false
  for (let start = 0; start < text.length;) {
    const nl = text.indexOf('\n', start)
    const end = nl < 0 ? text.length : nl
    // A byte order mark opens the first line, before a comment as before a key (kubectl drops it).
    const from = start === 0 && text.startsWith('\uFEFF') ? 1 : 0
    const line = text.slice(start + from, end).replace(/\r$/, '')
    const inText = texts.some(([s, e]) => start > s && start < e)
    const blankOrComment = !inText && /^[ \t]*(?:#.*)?$/.test(line)
    const m = inText ? null : DIRECTIVE.exec(line)
    const near = !m && !inText && NEAR_MISS.test(line)
    if (m || near) {
      const read = m ? readDirective(m[1]!) : { warning: nearMiss(line) }
      const column = line.indexOf('#')
      const d: Directive = { offset: start + from + column, target: -1, ...read }
      out.push(d)
      open.push({ d, column })
    } else if (!blankOrComment) {
      const indent = line.search(/[^ \t]/)
      for (const o of open) if (!above || o.column <= indent) o.d.target = start
      open = []
      above = !/^(?:---|\.\.\.)(?:[ \t]|$)/.test(line)
    } else if (line.trim() === '') open = [] // a blank line: the directives above it stand above nothing
    start = end + 1
  }
  return out
}

function nearMiss(line: string): string {
  return (
    `"${line.trim()}" is not read as a directive: the one directive is "# smi-migrate: ignore <reason>" ` +
    '(lower case, a colon after smi-migrate); the object is left unchanged until it is spelt so, or the comment reworded'
  )
}

function readDirective(rest: string): { reason?: string; error?: string } {
  const m = IGNORE.exec(rest)
  if (!m) return { error: `unknown directive "# smi-migrate:${rest.trimEnd()}"; the one directive is "# smi-migrate: ignore <reason>"` }
  const reason = (m[1] ?? '').trim()
  if (reason === '') return { error: 'a suppression needs a reason: "# smi-migrate: ignore <reason>"' }
  return { reason }
}

/** A chart template's actions (yaml/template.ts) and its text as written, for an annotation value they write. */
export interface TemplateText {
  original: string
  actions: ReadonlyArray<{ start: number; end: number }>
}

/** The `smi-migrate.io/ignore` annotation of an object, if it has one, read as kubectl reads it. */
export function annotationOf(map: YAMLMap, deref: Deref = (n) => n, template?: TemplateText): Found | undefined {
  const meta = deref(pairOf(map, 'metadata', deref)?.value)
  const annotations = isMap(meta) ? deref(pairOf(meta, 'annotations', deref)?.value) : undefined
  if (!isMap(annotations)) return undefined
  const pair = pairOf(annotations, IGNORE_ANNOTATION, deref)
  if (!pair) return undefined
  const key = pair.key as { range?: [number, number, number] }
  const value = deref(pair.value)
  const offset = (isScalar(value) ? value.range?.[0] : undefined) ?? key.range?.[0] ?? 0
  // kubectl reads a null annotation as none (`kubectl annotate --local`), and a strategic-merge
  // patch deletes the annotation with it (kustomize/added.ts): no suppression, and no object to convert as if there were none.
  if (isNullNode(value))
    return {
      offset,
      warning:
        `annotation ${IGNORE_ANNOTATION} is null: kubectl reads the object as not annotated, and kustomize deletes the ` +
        'annotation with it (or, in a patch with a target, writes the null as its text); the object is left unchanged: ' +
        'write a reason to suppress it, or remove the key',
    }
  // Every scalar is a string to the failsafe schema; kubectl reads a plain `true` or `1` as YAML 1.1 does, and an annotation must be a string.
  // (`!!str yes` is the string yes.)
  const typed =
    isScalar(value) &&
    value.type === 'PLAIN' &&
    value.tag !== 'tag:yaml.org,2002:str' &&
    resolvePlain(String(value.value)).kind !== 'string'
  if (!isScalar(value) || typeof value.value !== 'string' || typed)
    return { offset, error: `annotation ${IGNORE_ANNOTATION} must be a string: the reason the object is left alone` }
  const written = template && value.range ? templatedReason(value.range, template) : undefined
  if (written?.alone)
    return {
      offset,
      error: `annotation ${IGNORE_ANNOTATION} is written by a template action alone: what it renders (perhaps nothing) is not known here; write the reason as text`,
    }
  const reason = written?.reason ?? value.value.trim()
  if (reason === '') return { offset, error: `annotation ${IGNORE_ANNOTATION} needs a reason: ${IGNORE_ANNOTATION}: "<reason>"` }
  return { offset, reason, by: 'annotation' }
}

/** A value YAML 1.1 reads as null: none at all, or a plain `~`, `null`, `Null`, `NULL`, nothing. */
export function isNullNode(value: unknown): boolean {
  return value === null || value === undefined || isNullScalar(value)
}

/**
 * Whether a strategic-merge patch document deletes the annotation from the object it patches:
 * its key with a null value, or `annotations` (or `metadata`) null (kustomize's strategic merge
 * deletes a key whose patch value is null, in a patch without a target: kustomize/added.ts).
 */
export function deletesAnnotation(map: YAMLMap, deref: Deref = (n) => n): boolean {
  const meta = pairOf(map, 'metadata', deref)
  if (meta && isNullNode(deref(meta.value))) return true
  const annotations = isMap(deref(meta?.value)) ? pairOf(deref(meta!.value) as YAMLMap, 'annotations', deref) : undefined
  if (annotations && isNullNode(deref(annotations.value))) return true
  const held = deref(annotations?.value)
  const pair = isMap(held) ? pairOf(held, IGNORE_ANNOTATION, deref) : undefined
  return pair !== undefined && isNullNode(deref(pair.value))
}

/**
 * An annotation value a template action writes part of: the reason as written (actions and
 * all, the parsed value being the mask's filler), or `alone` when nothing but actions writes
 * it, so that it may render empty, which is no suppression.
 */
function templatedReason(range: readonly [number, number, number], t: TemplateText): { reason: string; alone?: true } | undefined {
  const [start, end] = range
  const inside = t.actions.filter((a) => a.start < end && a.end > start)
  if (inside.length === 0) return undefined
  let source = t.original.slice(start, end)
  let literal = source
  for (const a of inside) literal = literal.replace(t.original.slice(a.start, a.end), '')
  const quote = source[0] === '"' || source[0] === "'" ? source[0] : ''
  if (quote) source = source.slice(1, -1)
  if (literal.replaceAll(quote || ' ', '').trim() === '') return { reason: '', alone: true }
  return { reason: source.trim() }
}

/** Source ranges as [start, end) offsets. */
export type Span = readonly [number, number]

/** The spans of the scalars of `doc` that run over more than one line of `text`: a line inside one is the scalar's text. */
export function scalarSpans(doc: Document.Parsed, text: string): Span[] {
  const out: Span[] = []
  visit(doc, {
    Scalar(_, node) {
      const [start, end] = node.range ?? [0, 0]
      const nl = text.indexOf('\n', start)
      if (nl >= 0 && nl < end - 1) out.push([start, end])
    },
  })
  return out
}

/** The span of a parsed map from the start of its first line (a List item's `- ` included). */
export function spanOf(map: YAMLMap, text: string): Span {
  const [start, , end] = map.range ?? [0, 0, 0]
  return [lineStart(text, start), Math.max(end, start + 1)]
}

/**
 * The directives that stand above a line of `inside` and of none of `outside` (the items of a
 * List, for the List's own lines), first the errors.
 */
export function directiveOf(directives: readonly Directive[], inside: readonly Span[], outside: readonly Span[] = []): Found | undefined {
  const within = (t: number, spans: readonly Span[]) => spans.some(([s, e]) => t >= s && t < e)
  const mine = directives.filter((d) => d.target >= 0 && within(d.target, inside) && !within(d.target, outside))
  const bad = mine.find((d) => d.error !== undefined)
  if (bad) return { offset: bad.offset, error: bad.error! }
  const good = mine.find((d) => d.reason !== undefined)
  if (good) return { offset: good.offset, reason: good.reason!, by: 'comment' }
  const near = mine.find((d) => d.warning !== undefined)
  return near ? { offset: near.offset, warning: near.warning! } : undefined
}

/** An object's suppression as plain data, for the stage that decides what it does (convert/suppress.ts). */
export interface Marked {
  found: Found
  ref: ObjectRef
  /** Its apiVersion as written. */
  apiVersion: string | undefined
  offset: number
}

/** The suppressions of one parsed document: its directives are read once, on first use. */
/**
 * Whether `text` may hold a suppression: the annotation's key and the comment's marker both
 * spell `smi-migrate`, as written unless a double-quoted escape spells or joins it (a
 * backslash). A document without either is not searched for one.
 */
export function maySuppress(text: string): boolean {
  return text.includes('\\') || mentionsTool(text)
}

export class DocumentSuppressions {
  private directives: Directive[] | undefined
  /** The spans of the List items, for directives on the List's own lines (they suppress every item). */
  private items: Span[] = []
  private list: Span | undefined

  /** `doc`: the document parsed from `text` (or its masked copy, of the same offsets), for the lines its scalars hold. */
  /** The suppressions of a document, or none when its text cannot hold one (maySuppress). */
  static of(text: string, doc: Document.Parsed, deref: Deref, actions: TemplateText['actions']): DocumentSuppressions | undefined {
    if (!maySuppress(text)) return undefined
    return new DocumentSuppressions(text, doc, deref, actions.length ? { original: text, actions } : undefined)
  }

  constructor(
    private readonly text: string,
    private readonly doc: Document.Parsed,
    private readonly deref: Deref,
    private readonly template?: TemplateText,
  ) {}

  /** Marks `root` as a List whose `items` are objects: a directive above one of its own lines is about all of them. */
  listOf(root: YAMLMap, items: readonly YAMLMap[]): void {
    this.list = spanOf(root, this.text)
    this.items = items.map((i) => spanOf(i, this.text))
  }

  /** The suppression of `map`, an object of `kind`, if it has one (or a broken one). */
  readonly read = (map: YAMLMap, kind: string): Marked | undefined => {
    const found = annotationOf(map, this.deref, this.template) ?? this.directiveFor(map)
    if (!found) return undefined
    return { found, ref: objectRef(map, kind), apiVersion: stringAt(map, 'apiVersion'), offset: offsetOf(map) }
  }

  private directiveFor(map: YAMLMap): Found | undefined {
    this.directives ??= mayHoldDirective(this.text) ? directivesIn(this.text, scalarSpans(this.doc, this.text)) : []
    if (this.directives.length === 0) return undefined
    const own = directiveOf(this.directives, [spanOf(map, this.text)], [])
    // A List's own lines (above the document, `kind: List`, `items:`) speak for every item.
    return own ?? (this.list && this.items.length ? directiveOf(this.directives, [this.list], this.items) : undefined)
  }
}
