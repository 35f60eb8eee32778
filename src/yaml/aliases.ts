/**
 * The aliases of one document, resolved once (see AliasIndex).
 */
import { type Alias, type Document, isAlias, isPair, isScalar, type Node, visit } from 'yaml'

/**
 * Every alias of the document, resolved once. An anchored weight may be edited only when
 * no alias outside this object's weights reads it; otherwise the edit would silently change
 * some other value too.
 *
 * Resolution is done here in one pass rather than with the library's Alias#resolve, which
 * walks the whole document on every call: a document of n aliases would cost n² (an alias
 * bomb of 8,000 aliases took seconds). An alias names the nearest anchor before it in
 * document order, which is the order `visit` walks (a collection before its items).
 */
export class AliasIndex {
  /** Undefined when the document has no anchor (most have none: nothing is allocated for them). */
  private readonly byTarget: Map<Node, Alias[]> | undefined
  private readonly targets: Map<Alias, Node> | undefined
  /** Anchored values of `apiVersion` keys. */
  private readonly apiVersions: Set<Node> | undefined
  /** `deref` as a function of its own, made once: readers take it for every key they look up. */
  readonly derefer = (node: unknown): unknown => this.deref(node)
  /** `text` is the document's source: without an `&` it has no anchor, and the walk is skipped. */
  constructor(
    readonly doc: Document.Parsed,
    text?: string,
  ) {
    if (text !== undefined && !text.includes('&')) return
    const byTarget = (this.byTarget = new Map<Node, Alias[]>())
    const targets = (this.targets = new Map<Alias, Node>())
    const apiVersions = (this.apiVersions = new Set<Node>())
    const anchors = new Map<string, Node>()
    visit(doc, {
      Node: (_key, node, path) => {
        if (node.anchor && !isAlias(node)) {
          const pair = path[path.length - 1]
          if (isPair(pair) && isScalar(pair.key) && pair.key.value === 'apiVersion') apiVersions.add(node)
        }
        if (isAlias(node)) {
          const target = anchors.get(node.source)
          if (!target) return
          targets.set(node, target)
          const list = byTarget.get(target)
          if (list) list.push(node)
          else byTarget.set(target, [node])
        } else if (node.anchor) {
          anchors.set(node.anchor, node)
        }
      },
    })
  }

  resolve(alias: Alias): Node | undefined {
    return this.targets?.get(alias)
  }

  /** What a value reads as kubectl reads it: an alias is the node its anchor names. */
  deref(node: unknown): unknown {
    return isAlias(node) ? this.resolve(node) : node
  }

  /** Whether the node is an anchored apiVersion (some object's, which a conversion may move). */
  isAnchoredApiVersion(node: Node): boolean {
    return this.apiVersions?.has(node) === true
  }

  isAliased(node: Node): boolean {
    return (this.byTarget?.get(node)?.length ?? 0) > 0
  }

  sharedOutside(uses: Node[]): { node: Node; message: string } | undefined {
    const byTarget = this.byTarget
    if (!byTarget) return undefined
    const useSet = new Set(uses)
    for (const use of uses) {
      const target = isAlias(use) ? this.resolve(use) : use
      if (!target) continue
      const readers = byTarget.get(target) ?? []
      if (readers.length === 0) continue
      if (!useSet.has(target)) {
        return {
          node: use,
          message: `weight alias *${(use as Alias).source} points at an anchor that is not a weight of this TrafficSplit; write the weight literally`,
        }
      }
      const outside = readers.find((a) => !useSet.has(a))
      if (outside) {
        return {
          node: target,
          message: `anchored weight &${target.anchor ?? ''} is also used outside this TrafficSplit's weights; write the weights literally`,
        }
      }
    }
    return undefined
  }
}
