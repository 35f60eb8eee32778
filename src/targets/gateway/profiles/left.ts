/**
 * What the converter leaves before the gateway target sees it (convert/locate.ts, convert/plan.ts):
 * a TrafficSplit or ServiceProfile suppressed (`smi-migrate.io/ignore`, `# smi-migrate: ignore`,
 * or a broken suppression, which converts nothing either: docs/suppressions.md), one whose
 * apiVersion or kind comes through a merge key (refused, `unsupported-alias`), or one a Helm
 * template action writes part of (the target writes the object anew, so the locator leaves it,
 * `templated`). Read once, in `prepare`, for every split and profile of the run, with the same
 * readers the locator uses (yaml/suppress.ts, yaml/template.ts): the unit check (unit.ts) must see
 * these objects, since the one they hold is converted otherwise.
 */
import { AliasIndex } from '../../../yaml/aliases.js'
import { identityThroughMerge, MERGED_IDENTITY } from '../../../yaml/nodes.js'
import { nameAsWritten, plainObjectNodes, type PlainObject } from '../../../yaml/plain.js'
import { DocumentSuppressions } from '../../../yaml/suppress.js'
import { actionWithin } from '../../../yaml/template.js'
import type { Left } from '../model.js'
import { readSplit, type SplitFields } from '../../../kinds/trafficsplit/read.js'

/** The key prefix of ServiceProfile documents that do not parse and give no name (then the namespace, if they give one): splits.ts, unit.ts. */
export const UNREAD = '\0unread/'

/** The objects of a document's text, each with why the converter leaves it, if it does. */
export function leftObjects(
  text: string,
  noIgnore: boolean,
): Array<{ object: Record<string, unknown>; left?: Left; offset?: number; fields?: SplitFields }> {
  const { objects, actions } = plainObjectNodes(text)
  const suppressions = new Map<PlainObject['doc'], DocumentSuppressions | undefined>()
  return objects.map((o) => {
    const kind = typeof o.object.kind === 'string' ? o.object.kind : ''
    if (!o.node || (kind !== 'TrafficSplit' && kind !== 'ServiceProfile')) return { object: o.object }
    // A name a template action writes is said as written, not as the masked data reads it.
    const written = nameAsWritten(text, o.node)
    const name = written !== undefined ? { name: written } : {}
    const at = { offset: o.node.range?.[0] ?? 0 }
    if (!noIgnore) {
      if (!suppressions.has(o.doc)) {
        const s = DocumentSuppressions.of(text, o.doc, new AliasIndex(o.doc, text).derefer, actions)
        if (s && o.list) s.listOf(o.list.root, o.list.items)
        suppressions.set(o.doc, s)
      }
      const found = suppressions.get(o.doc)?.read(o.node, kind)?.found
      if (found) return { object: o.object, left: { ...suppressed(found), ...name }, ...at }
    }
    // Its apiVersion or kind through a merge key: the converter refuses it (convert/locate.ts), and kubectl applies it.
    const merged = identityThroughMerge(o.node, new AliasIndex(o.doc, text).derefer)
    if (merged)
      return { object: o.object, left: { code: 'unsupported-alias', message: `its ${merged.key} ${MERGED_IDENTITY}`, ...name }, ...at }
    const [start, end] = o.node.range ?? [0, 0]
    const action = actionWithin(actions, start, end)
    if (action)
      return {
        object: o.object,
        left: {
          code: 'templated',
          message: `a template action writes part of it (${short(text.slice(action.start, action.end))})`,
          ...name,
        },
        ...at,
      }
    if (kind !== 'TrafficSplit') return { object: o.object, ...at }
    // The converter's own reading of the split (kinds/trafficsplit/read.ts): whatever it refuses there
    // (a merge key anywhere, an alias, a weight it cannot read) leaves the split, and so the unit.
    const read = readSplit(o.node, { text, doc: o.doc, aliases: new AliasIndex(o.doc, text) })
    const problem = read.problem ?? read.data.weights.flatMap((w) => ('problem' in w ? [w.problem] : []))[0]
    const fields = read.data.fields()
    if (problem) return { object: o.object, left: { code: problem.code, message: problem.message, ...name }, fields, ...at }
    return { object: o.object, fields, ...at }
  })
}

function suppressed(found: NonNullable<ReturnType<DocumentSuppressions['read']>>['found']): Left {
  if ('reason' in found)
    return {
      code: 'suppressed',
      message: `${found.by === 'annotation' ? 'annotation smi-migrate.io/ignore' : 'comment # smi-migrate: ignore'}: ${JSON.stringify(found.reason)}`,
    }
  return { code: 'invalid-suppression', message: `its suppression is not one (${'error' in found ? found.error : found.warning})` }
}

function short(action: string): string {
  const one = action.replace(/\s+/g, ' ')
  return one.length > 40 ? `${one.slice(0, 37)}...` : one
}
