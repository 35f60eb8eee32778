/**
 * Whether kubectl may read a kustomization otherwise than the planner does. kustomize decodes
 * it with go-yaml, then Go's `encoding/json`: field names match without regard to case, Unicode
 * folding included (`Patches`, `reſources`, `nameprefix` beside `namePrefix`, of which the one
 * that comes last wins), merge keys (`<<`) merge, aliases read their anchor's node (and an edit
 * at an anchor changes every alias of it). The planner reads only the exact spellings, without
 * merges or aliases. By absence of proof, a kustomization holding any key that is not exactly
 * one of the fields (top level, patch entry, patch target), a merge key, an anchor or an alias
 * is not read here: unread.ts holds it back with everything it may reach.
 */
import { isAlias, isMap, isScalar, isSeq, parseDocument, visit, type YAMLMap } from 'yaml'

/** The fields of a kustomization (kustomize v5 `types.Kustomization`), exactly as spelled. */
const FIELDS = new Set([
  'apiVersion',
  'kind',
  'metadata',
  'openapi',
  'namePrefix',
  'nameSuffix',
  'namespace',
  'commonLabels',
  'labels',
  'commonAnnotations',
  'patchesStrategicMerge',
  'patchesJson6902',
  'patches',
  'images',
  'imageTags',
  'replacements',
  'replicas',
  'vars',
  'sortOptions',
  'resources',
  'components',
  'crds',
  'bases',
  'configMapGenerator',
  'secretGenerator',
  'helmGlobals',
  'helmCharts',
  'helmChartInflationGenerator',
  'generatorOptions',
  'configurations',
  'generators',
  'transformers',
  'validators',
  'buildMetadata',
])
/** The fields of a patch entry, and of its target (kustomize's `types.Patch`, `types.Selector`). */
const ENTRY = new Set(['path', 'patch', 'target', 'options'])
const TARGET = new Set(['group', 'version', 'kind', 'name', 'namespace', 'labelSelector', 'annotationSelector'])

export interface Foreign {
  offset: number
  message: string
}

/** The first place where kubectl may read `text` otherwise than the planner; undefined when there is none. */
export function foreignReading(text: string): Foreign | undefined {
  const doc = parseDocument(text, { schema: 'failsafe', uniqueKeys: false })
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined
  const found: Foreign[] = []
  const at = (n: unknown) => (n as { range?: number[] } | null)?.range?.[0] ?? 0
  visit(doc, {
    Node(_, n) {
      if (isAlias(n))
        found.push({ offset: at(n), message: `alias *${n.source}: kubectl reads the node it names there, which is not followed here` })
      else if (n.anchor)
        found.push({
          // At the `&` (the node's range starts at its value).
          offset: text.lastIndexOf(`&${n.anchor}`, at(n)) < 0 ? at(n) : text.lastIndexOf(`&${n.anchor}`, at(n)),
          message: `anchor &${n.anchor}: kubectl reads it wherever an alias names it, and an edit here would change those too`,
        })
    },
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.value === '<<')
        found.push({ offset: at(pair.key), message: 'merge key <<: kubectl merges in the mapping it names, which is not followed here' })
    },
  })
  unknownKeys(doc.contents, FIELDS, 'a kustomization', found)
  for (const field of ['patches', 'patchesJson6902']) {
    const list = doc.contents.get(field, true)
    if (!isSeq(list)) continue
    for (const item of list.items) {
      if (!isMap(item)) continue
      unknownKeys(item, ENTRY, `a ${field} entry`, found)
      const target = item.get('target', true)
      if (isMap(target)) unknownKeys(target, TARGET, 'a patch target', found)
    }
  }
  return found.sort((a, b) => a.offset - b.offset)[0]
}

/** Keys of `map` not spelled exactly as one of `known`. */
function unknownKeys(map: YAMLMap, known: ReadonlySet<string>, what: string, found: Foreign[]): void {
  for (const pair of map.items) {
    const key = isScalar(pair.key) ? pair.key.value : undefined
    if (typeof key === 'string' && (known.has(key) || key === '<<')) continue
    found.push({
      offset: (pair.key as { range?: number[] } | null)?.range?.[0] ?? map.range?.[0] ?? 0,
      message:
        `key ${typeof key === 'string' ? JSON.stringify(key) : '(not a string)'} is not a field of ${what} as spelled here: ` +
        'kubectl matches field names without regard to case, and may read it as one',
    })
  }
}
