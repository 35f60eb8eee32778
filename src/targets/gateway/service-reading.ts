/**
 * What a split's root Service is beyond its facts: the kustomize patches of its ports, and
 * Service documents of the input that do not parse (an alias to another document's anchor, a
 * duplicate key): the run reads no ports from them, and a split of such a Service is refused
 * with that reason, naming where the Service is, not as a Service missing from the input (where
 * `--port` would convert the split against a Service that may never have applied).
 */
import { unreadDocuments } from '../../yaml/plain.js'
import type { GatewayFacts, SourceFile } from './model.js'

/** facts.ts `factKey` (not imported: facts.ts reads documents through this file). */
const factKey = (namespace: string | undefined, name: string): string => `${namespace ?? ''}/${name}`

/** `kind: Service` (or `"kind": "Service"`), not ServiceProfile or ServiceAccount. */
const SERVICE_KIND = /["']?kind["']?[ \t]*:[ \t]*["']?Service\b(?![-.])/

/** Whether `text` names the kind Service. */
export function namesServiceKind(text: string): boolean {
  return SERVICE_KIND.test(text)
}

/**
 * Records the documents of `text` (starting on `line` of its file, or of the stream) that name
 * the kind Service and do not parse: by the name and namespace the parser's partial reading
 * gives, else under the namespace alone (`?<namespace>`).
 */
export function addUnreadServices(text: string, file: SourceFile | undefined, line: number, facts: GatewayFacts): void {
  for (const u of unreadDocuments(text)) {
    if (!SERVICE_KIND.test(u.text)) continue
    const before = text.slice(0, u.offset)
    const row = line + (before.match(/\n/g)?.length ?? 0)
    const col = u.offset - before.lastIndexOf('\n')
    const key = u.name === undefined ? `?${u.namespace ?? ''}` : factKey(u.namespace, u.name)
    const list = (facts.unreadServices ??= new Map()).get(key) ?? []
    list.push({ where: `${file?.shown ?? '<stdin>'}:${row}:${col}`, message: u.message.split('\n')[0]! })
    facts.unreadServices.set(key, list)
  }
}

/** Why the root Service of a split cannot be read, when a document that may be it does not parse. */
export function unreadRoot(facts: GatewayFacts, namespace: string | undefined, root: string): string | undefined {
  const found = [factKey(namespace, root), `?${namespace ?? ''}`, ...(namespace === undefined ? [] : ['?'])].flatMap(
    (k) => facts.unreadServices?.get(k) ?? [],
  )[0]
  if (!found) return undefined
  return (
    `Service ${root} (${namespace === undefined ? 'without a namespace' : `in namespace ${namespace}`}) is in the input at ${found.where}, ` +
    `but that document cannot be read (${found.message}), so its ports are not known: fix the Service document, then convert ` +
    '(--port would route a Service whose manifest may never have applied)'
  )
}

/** The patches of a Service's ports in the kustomize tree of the split's file (any tree when its file is not known). */
export function patchesOf(facts: GatewayFacts, root: string): NonNullable<ReturnType<GatewayFacts['servicePatches']['get']>> {
  const from = facts.from?.path
  return (facts.servicePatches.get(root) ?? []).filter((p) => !p.fact.members || from === undefined || p.fact.members.has(from))
}
