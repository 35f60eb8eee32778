/**
 * What the locator says of the objects it leaves alone or keeps partly: templated fields (with
 * the value a weight renders from), nested TrafficSplits, server fields kept, and the pending
 * notice they share.
 */
import type { Action } from '../yaml/template.js'
import type { Diagnostic, NoticeCode, NoticeDiagnostic, ObjectRef, Version } from '../model.js'
import type { KindEntry } from '../kinds/kind.js'
import { HOPS, SPLIT_VERSIONS } from '../kinds/trafficsplit/hops.js'
import type { KeptField } from '../yaml/strip.js'
import type { Templated } from '../yaml/templated.js'
import type { NestedSplit } from '../yaml/nested.js'
import { objectRef } from '../yaml/nodes.js'
import { describeObject } from './describe.js'
import { literalWeights } from '../kinds/trafficsplit/literals.js'

export function shortAction(text: string, a: Action): string {
  const source = text.slice(a.start, a.end)
  return oneLine(source.length > 60 ? `${source.slice(0, 57)}...` : source)
}

/** A server field --strip-server-fields keeps because an alias elsewhere reads its anchor. */
export function keptNotice(k: KeptField, ref: ObjectRef): Diagnostic {
  // The object is converted; only this field stays: worth a look, not pending.
  return {
    ...notice('unsupported-alias', k.offset, `${k.path} not stripped: it holds anchor &${k.anchor}, which an alias outside it reads`, ref),
    pending: false,
  }
}

/**
 * A templated field the conversion cannot read. `apiVersion` is given when the conversion would
 * change nothing but the apiVersion (a TrafficSplit's templated weights, every hop to the
 * version asked for leaving weights alone): then that is what the person has to do.
 */
export function templatedNotice(t: Templated, ref: ObjectRef, text: string, reason?: string, apiVersion?: string): Diagnostic {
  const source = text.slice(t.action.start, t.action.end)
  const shown = oneLine(source.length > 60 ? `${source.slice(0, 57)}...` : source)
  const why = t.what === 'spec' ? `spec content comes from a template action (${shown})` : `${t.what} is templated (${shown})`
  const todo = apiVersion
    ? `the conversion changes only the apiVersion: set apiVersion to ${apiVersion} (the weights stay, as long as they render to integers)`
    : 'convert it by hand'
  const f: Diagnostic = notice('templated', t.action.start, `${why}; left unchanged${reason ? ` (${reason})` : ''}: ${todo}`, ref)
  if (t.action.valuesPath && t.what !== 'spec' && t.what !== 'kind') {
    f.valuesPath = t.action.valuesPath
    if (t.scalar) {
      const start = t.scalar.start + (t.scalar.quoted ? 1 : 0)
      const end = t.scalar.end - (t.scalar.quoted ? 1 : 0)
      const prefix = text.slice(start, Math.max(start, t.action.start))
      const suffix = text.slice(Math.min(end, t.action.end), end)
      if (prefix || suffix) f.valuesAffix = { prefix, suffix, more: (prefix + suffix).includes('{{') }
    }
  }
  return f
}

/**
 * A split whose templated fields are all weights, at or past the version the run writes
 * (`current`): converted by hand, done (true). In file mode (`chartFiles`), each weight that
 * renders from a value action (template.ts `valuesPath`) is named in `notices` by a note that file mode
 * checks (its values must render integers: files/helm/done-weights.ts) and never reports as it is;
 * every other weight action is a pending warning, since nothing proves what it renders.
 * When file mode gives the values of all its weights (`chartValues`, to repair a value that
 * renders no integer), it is not done (false): its weights are read with them and repaired.
 */
export function doneByHand(
  notices: Diagnostic[],
  read: { data?: unknown; templated?: readonly Templated[] | undefined },
  current: boolean,
  o: { ref: ObjectRef; text: string; opts: { chartFiles?: boolean | undefined; chartValues?: ReadonlyMap<string, unknown> | undefined } },
): boolean {
  const templated = read.templated
  if (!templated?.length || !current || !templated.every((t) => t.what.endsWith(' weight'))) return false
  const unproved = (t: Templated, why: string) =>
    notices.push(
      notice('templated', t.action.start, `${t.what} is templated (${shortAction(o.text, t.action)}); ${why}: convert it by hand`, o.ref),
    )
  // Prove or leave, on every path: where no chart values are read (stdin, a kustomize tree's
  // file, a --to gateway run), nothing proves what a weight action renders.
  if (!o.opts.chartFiles) {
    const why =
      'the chart values are not read on this path (stdin, a file of a kustomize tree), so it is not proved to render an integer (the chart given as a path is checked with them)'
    for (const t of templated) unproved(t, why)
    return true
  }
  // File mode asked to repair it through its values (files/helm/done-weights.ts): read as Helm renders them.
  const values = o.opts.chartValues
  if (values && templated.every((t) => t.action.valuesPath && values.has(t.action.valuesPath.join('.')))) return false
  for (const t of templated) {
    // Prove or leave: a weight action the values path does not read exactly (`$.Values`, `printf`,
    // `include`, a range item, a literal string) may render anything: left for a person.
    if (!t.action.valuesPath) {
      unproved(t, 'its action is not one this run reads from the chart values, so it is not proved to render an integer')
      continue
    }
    const f = notice('templated', t.action.start, `${t.what} renders from a value (${shortAction(o.text, t.action)})`, o.ref)
    const note: Diagnostic = { ...f, severity: 'info', pending: false, valuesPath: t.action.valuesPath, valuesDone: true }
    const literals = literalWeights(read)
    if (literals.length) note.valuesLiterals = literals
    // The scalar's text around the action (`m` in `{{ .Values.w }}m`, quotes) renders with it.
    const prefix = t.scalar ? o.text.slice(t.scalar.start, Math.max(t.scalar.start, t.action.start)) : ''
    const suffix = t.scalar ? o.text.slice(Math.min(t.scalar.end, t.action.end), t.scalar.end) : ''
    if (prefix || suffix) note.valuesAffix = { prefix, suffix, more: (prefix + suffix).includes('{{') }
    notices.push(note)
  }
  return true
}

/**
 * The apiVersion a TrafficSplit whose only templated fields are weights needs, when no hop from
 * `from` to `to` changes weights (only v1alpha1 -> v1alpha2 does: quantities to integers).
 */
export function apiVersionOnly(kind: KindEntry, from: string, to: string | undefined): string | undefined {
  if (kind.kind !== 'TrafficSplit' || to === undefined) return undefined
  const [i, j] = [SPLIT_VERSIONS.indexOf(from as Version), SPLIT_VERSIONS.indexOf(to as Version)]
  if (i < 0 || j <= i) return undefined
  return HOPS.slice(i, j).some((h) => h.weights) ? undefined : `${kind.group}/${to}`
}

export function nestedNotice({ offset, map, path, why }: NestedSplit): Diagnostic {
  return notice(
    'templated',
    offset,
    `nested at ${path} (a manifest inside a value, such as Helm values rendered with toYaml)${why ? `: ${why}` : ''}; ` +
      `left unchanged: ${why ? 'fix' : 'convert'} it by hand`,
    objectRef(map, 'TrafficSplit'),
  )
}

/** An action that spans lines, shown on one. */
export function oneLine(s: string): string {
  if (!s.includes('\n')) return s
  const lines = s.split('\n')
  return lines
    .map((l, i) => (i > 0 ? l.trimStart() : l))
    .map((l, i) => (i < lines.length - 1 ? l.trimEnd() : l))
    .join(' ')
}

/** A TrafficSplit left for a person (templated, near-miss group, no or unknown apiVersion): pending. */
export function notice(code: NoticeCode, offset: number, message: string, object: ObjectRef): NoticeDiagnostic {
  return { severity: 'warning', code, message: `${describeObject(object)}: ${message}`, offset, object, pending: true }
}
