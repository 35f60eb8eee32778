/**
 * A chart template's TrafficSplit whose annotations a template action may write, in a chart
 * that spells the suppression annotation (`chartSuppression`, files/helm/chart.ts): the action may
 * render `smi-migrate.io/ignore`, which the template's text does not show, so the object is
 * left for a person rather than converted while marked to be left alone
 * (docs/suppressions.md#where-suppressions-apply).
 */
import type { ConvertOptions, Diagnostic } from '../model.js'
import type { KindModule } from '../kinds/kind.js'
import { type ObjectNode, objectRef } from '../yaml/nodes.js'
import type { Action } from '../yaml/template.js'
import { templatedAnnotations } from '../yaml/templated.js'
import { notice, shortAction } from './notices.js'

/** The pending warning for `map`, an object of `kind` the run would convert (`older`), or undefined. */
export function markingAction(
  map: ObjectNode,
  kind: KindModule<never>,
  opts: Pick<ConvertOptions, 'chartSuppression' | 'noIgnore'>,
  template: { actions: readonly Action[]; original: string },
  older: boolean,
): Diagnostic | undefined {
  if (!opts.chartSuppression || opts.noIgnore || kind.kind !== 'TrafficSplit' || !older) return undefined
  const a = template.actions.length ? templatedAnnotations(map, template.actions, template.original) : undefined
  if (!a) return undefined
  return notice(
    'templated',
    a.start,
    `its annotations may come from a template action (${shortAction(template.original, a)}), and ${opts.chartSuppression} spells ` +
      'smi-migrate.io/ignore: what it renders may suppress the object; left unchanged: write the annotation in the template as ' +
      'text, or keep it out of the values (--no-ignore converts the object)',
    objectRef(map, kind.kind),
  )
}
