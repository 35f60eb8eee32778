/**
 * What a suppression does to an object the locator found (docs/suppressions.md): a suppressed
 * object gets no view, so it is never converted, replaced or counted as left for a person;
 * it is reported once as `suppressed`, with its reason. A suppression without a reason is an
 * error at the annotation or comment, and the object is not converted either. With
 * `--no-ignore` (`noIgnore`) no suppression is read (yaml/suppress.ts reads them).
 */
import type { Diagnostic, ObjectFact, Problem } from '../model.js'
import type { KindModule } from '../kinds/kind.js'
import { NEEDED_KINDS } from '../kinds/registry.js'
import { describeObject } from './describe.js'
import type { Marked } from '../yaml/suppress.js'

/** The annotation's name, as messages spell it (yaml/suppress.ts reads it). */
const ANNOTATION = 'smi-migrate.io/ignore'

/** An object suppressed or not, of a kind (undefined: a templated kind); true when it gets no view. */
export type Skip<M> = (map: M, kind: KindModule<never> | undefined) => boolean

/** What the locator adds to: its notices, and the facts of suppressed objects others may need. */
export interface SuppressOut {
  notices: Diagnostic[]
  facts: ObjectFact[]
}

/**
 * The locator's check of one object: `read` finds its suppression (undefined with
 * `--no-ignore`), `active` says whether the run converts the kind (a valid suppression of a
 * kind the run leaves alone says nothing; a broken one is an error all the same),
 * `templatedKind` names an object whose `kind:` a template action writes.
 */
export function skipper<M>(
  read: ((map: M, kind: string) => Marked | undefined) | undefined,
  out: SuppressOut,
  active: (kind: KindModule<never>) => boolean,
  templatedKind: string,
): Skip<M> {
  return (map, kind) => {
    const marked = read?.(map, kind?.kind ?? templatedKind)
    if (!marked) return false
    const d = finding(marked, !kind || active(kind))
    if (!d) return false
    out.notices.push(d)
    const { ref } = marked
    if (d.code === 'suppressed' && ref.name !== undefined && NEEDED_KINDS.has(ref.kind)) {
      // It keeps its version: an object converted beside it that needs it is checked against that (kinds/links.ts).
      const version = (marked.apiVersion ?? '').split('/').pop()!
      const f: ObjectFact = { kind: ref.kind, name: ref.name, version, before: version, offset: d.offset }
      if (ref.namespace !== undefined) f.namespace = ref.namespace
      out.facts.push(f)
    }
    return true
  }
}

function finding({ found, ref, apiVersion, offset }: Marked, report: boolean): Diagnostic | undefined {
  if ('error' in found) return { severity: 'error', code: 'invalid-suppression', offset: found.offset, object: ref, message: found.error }
  if (!report) return undefined
  // A near miss of the directive: the object is left for a person, not converted against what the comment seems to ask.
  if ('warning' in found)
    return { severity: 'warning', code: 'invalid-suppression', offset: found.offset, object: ref, message: found.warning, pending: true }
  const what = `${describeObject(ref)}${apiVersion ? ` (${apiVersion})` : ''}`
  const by = found.by === 'annotation' ? `annotation ${ANNOTATION}` : 'comment # smi-migrate: ignore'
  return {
    severity: 'info',
    code: 'suppressed',
    offset,
    object: ref,
    suppression: { reason: found.reason, by: found.by },
    message: `${what}: ${JSON.stringify(found.reason)} (${by})`,
  }
}

/** Why a `<Kind>List` whose item reads its apiVersion cannot move: that item is suppressed. */
export function heldBySuppression(marked: { ref: Parameters<typeof describeObject>[0]; offset: number }): Problem {
  return { code: 'suppressed', offset: marked.offset, message: `${describeObject(marked.ref)} is suppressed` }
}
