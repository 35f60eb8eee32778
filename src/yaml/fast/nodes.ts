/**
 * The `yaml` package's node classes, made without their constructors. A constructor defines
 * the node's type with Object.defineProperty on every instance, which took a seventh of the
 * time of a stream of small TrafficSplits (docs/performance.md); here the type sits on a
 * prototype between the node and its class, so `isScalar`, `isMap`, `isSeq`, `isPair` and
 * every method (`get`, `toJSON`…) work as on parsed nodes. The type is the package's own
 * `Symbol.for('yaml.node.type')` (yaml 2's nodes/identity.js, pinned in package.json); the
 * fast reader's differential test (test/fast-reader.test.ts) checks every node it makes with
 * the package's own predicates.
 */
import { Pair, type Range, Scalar, YAMLMap, YAMLSeq } from 'yaml'

const TYPE_KEY = Symbol.for('yaml.node.type')

/** A prototype that inherits from `base` and says it is a node of `type`. */
function typed(base: object, type: string): object {
  return Object.create(base, { [TYPE_KEY]: { value: Symbol.for(type) } }) as object
}

class FastScalar {
  constructor(
    readonly value: string,
    readonly type: Scalar.Type,
    readonly range: Range,
  ) {}
}
class FastMap {
  readonly items: Pair<Scalar, unknown>[] = []
  range: Range | undefined = undefined
}
class FastSeq {
  readonly items: unknown[] = []
  range: Range | undefined = undefined
}
class FastPair {
  constructor(
    readonly key: Scalar,
    readonly value: unknown,
  ) {}
}
Object.setPrototypeOf(FastScalar.prototype, typed(Scalar.prototype, 'yaml.scalar'))
Object.setPrototypeOf(FastMap.prototype, typed(YAMLMap.prototype, 'yaml.map'))
Object.setPrototypeOf(FastSeq.prototype, typed(YAMLSeq.prototype, 'yaml.seq'))
Object.setPrototypeOf(FastPair.prototype, typed(Pair.prototype, 'yaml.pair'))

export type Node = Scalar | YAMLMap<Scalar, Node> | YAMLSeq<Node>

export function scalar(value: string, type: Scalar.Type, range: Range): Scalar {
  return new FastScalar(value, type, range) as unknown as Scalar
}

export function map(): YAMLMap<Scalar, Node> {
  return new FastMap() as unknown as YAMLMap<Scalar, Node>
}

export function seq(): YAMLSeq<Node> {
  return new FastSeq() as unknown as YAMLSeq<Node>
}

export function pair(key: Scalar, value: Node): Pair<Scalar, Node> {
  return new FastPair(key, value) as unknown as Pair<Scalar, Node>
}
