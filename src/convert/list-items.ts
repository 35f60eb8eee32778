/**
 * The items of a List as kubectl decodes them (apimachinery's unstructuredJSONScheme.decodeToList,
 * v0.32.4, checked with `kubectl annotate --local -f F x=y -o json`): each item is decoded into an
 * object, and a scalar or a sequence stops it for the whole List (`json: cannot unmarshal string
 * into Go value of type map[string]interface {}`), so no item of it is applied. Such an item is an
 * error, and no item of the List is converted. A null item is an empty object to kubectl, refused
 * alone (it has no kind), as the tool leaves it. An item with an apiVersion and no kind fails the
 * file in kubectl too (kindless): an error, the List left whole.
 */
import type { Diagnostic } from '../model.js'
import {
  type Deref,
  isObjectNode,
  itemShape,
  keyOf,
  type ObjectNode,
  objectRef,
  offsetOf,
  pairOf,
  sequenceItems,
  stringValue,
} from '../yaml/nodes.js'

type Located = Parameters<typeof offsetOf>[0]
import { kindNamed } from '../kinds/registry.js'
import { notice } from './notices.js'

/**
 * Adds an error for each item of `items` that is no object (a null aside), when an item is an
 * object of a kind the run reads (`converts`); true when there is one (the List's views are dropped).
 */
export function refuseItems<V extends { list?: boolean }>(
  out: { views: V[]; notices: Diagnostic[] },
  items: readonly unknown[],
  deref: Deref,
  listKind: string,
  converts: (item: ObjectNode) => boolean,
): boolean {
  // A List none of whose items the run reads is not the tool's to refuse (the pre-filter passes it unparsed).
  if (!items.map(deref).some((i) => isObjectNode(i) && converts(i))) return false
  let refused = false
  for (const node of items) {
    const item = deref(node)
    const shape = itemShape(item)
    const why =
      shape === 'object'
        ? kindless(item as ObjectNode, deref)
        : shape === 'null'
          ? undefined
          : `is a ${shape}, not an object: kubectl cannot decode the List, and applies none of its items`
    if (!why) continue
    refused = true
    out.notices.push({
      severity: 'error',
      code: 'invalid-structure',
      offset: offsetOf(node as Located),
      message: `an item of this ${listKind} ${why}; left unchanged`,
    })
  }
  if (refused) out.views = out.views.filter((v) => !v.list)
  return refused
}

/**
 * An item with an apiVersion and no kind: kubectl gives an item its List's kind only when it
 * has neither, so it fails to decode this one ("Object 'Kind' is missing") and the file fails.
 * Read as an item of the List's kind, it would be converted; passed over, the List's
 * apiVersion would move without it: neither is what kubectl reads.
 */
function kindless(item: ObjectNode, deref: Deref): string | undefined {
  const value = (key: string) => stringValue(deref(pairOf(item, key, deref)?.value)) ?? ''
  if (value('kind') !== '' || value('apiVersion') === '') return undefined
  return `has an apiVersion and no kind: kubectl cannot decode it ("Object 'Kind' is missing") and fails the file; write its kind`
}

/**
 * A List whose `items` stand elsewhere (an alias, a merge key): kubectl applies them, but
 * they cannot be edited where the List is. Said of each item of a kind the tool converts.
 */
export function elsewhereItems(root: ObjectNode, listKind: string, deref: Deref): Diagnostic[] {
  const found = keyOf(root, 'items', deref)
  const items = sequenceItems(deref(found?.pair.value))
  if (!found || !items) return []
  const at = found.via ?? (found.pair.value as Located)
  const how = found.via ? 'through the merge key (<<)' : 'through an alias'
  return items.flatMap((item) => {
    const map = deref(item)
    const kind = isObjectNode(map) ? kindNamed(stringValue(deref(pairOf(map, 'kind', deref)?.value))) : undefined
    if (!kind) return []
    const ref = objectRef(map as ObjectNode, kind.kind)
    return [
      notice(
        'unsupported-alias',
        offsetOf(at),
        `an item of ${listKind || 'a List'} whose items come ${how}; write the items out to convert it`,
        ref,
      ),
    ]
  })
}
