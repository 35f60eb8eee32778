/**
 * An independent oracle for the sibling SMI kinds: what each upgrade does to an object as
 * plain data (domain rules, written without the tool's code), and the check that a
 * conversion kept every line of the source apart from indentation. The harness and the
 * fuzzer hold the tool's output to both.
 */
import type { MigrateOptions } from '../../src/index.js'

type Obj = Record<string, unknown>
const VERSIONS = ['v1alpha1', 'v1alpha2', 'v1alpha3', 'v1alpha4']

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** The object as the upgrade should leave it (a deep copy), or the object itself when nothing applies. */
export function expectedSibling(o: unknown, opts: MigrateOptions, inList = false): unknown {
  if (!isObj(o)) return o
  // The items of a List are objects, whether or not the List names an apiVersion (kubectl reads
  // them either way); a List inside a List is not read (as for TrafficSplits).
  if (o.kind === 'List' && Array.isArray(o.items)) return inList ? o : { ...o, items: o.items.map((i) => expectedSibling(i, opts, true)) }
  if (typeof o.apiVersion !== 'string') return o
  const [group, version] = o.apiVersion.split('/')
  const kinds: Record<string, [string, string | undefined]> = {
    HTTPRouteGroup: ['specs.smi-spec.io', opts.specsTo],
    TCPRoute: ['specs.smi-spec.io', opts.specsTo],
    TrafficTarget: ['access.smi-spec.io', opts.accessTo],
  }
  const entry = typeof o.kind === 'string' ? kinds[o.kind] : undefined
  if (!entry || entry[0] !== group || !entry[1]) return o
  const from = VERSIONS.indexOf(version!)
  const to = VERSIONS.indexOf(entry[1])
  if (from < 0 || from >= to) return o
  const out: Obj = structuredClone(o)
  const crosses = (v: string) => from < VERSIONS.indexOf(v) && to >= VERSIONS.indexOf(v)
  if (o.kind === 'HTTPRouteGroup' && crosses('v1alpha3') && 'matches' in out) {
    if ('spec' in out) return o
    out.spec = { matches: out.matches }
    delete out.matches
  }
  if (o.kind === 'TCPRoute') {
    // v1alpha3 has a (possibly empty) spec; one written without it gets it on the way to v1alpha4.
    if ((crosses('v1alpha3') || crosses('v1alpha4')) && !('spec' in out)) out.spec = {}
    if (crosses('v1alpha4') && isObj(out.spec) && !('matches' in out.spec)) out.spec.matches = { ports: [] }
  }
  if (o.kind === 'TrafficTarget') {
    const holder = crosses('v1alpha2') ? out : isObj(out.spec) ? out.spec : out
    const subjects = [holder.destination, ...(Array.isArray(holder.sources) ? holder.sources : [])]
    if (crosses('v1alpha3') && subjects.some((s) => isObj(s) && 'port' in s)) return o
    if (crosses('v1alpha2')) {
      const moving = ['destination', 'sources', 'specs'].filter((k) => k in out)
      if (moving.length) {
        if ('spec' in out) return o
        const spec: Obj = {}
        for (const k of moving) {
          spec[k === 'specs' ? 'rules' : k] = out[k]
          delete out[k]
        }
        out.spec = spec
      }
    }
  }
  out.apiVersion = `${group}/${entry[1]}`
  return out
}

/**
 * Every word of `before` (split at whitespace and flow punctuation, so comments count) is in
 * `after`, as a multiset, with the version of an apiVersion and a moved `specs` key as the
 * only changes allowed; the words `after` adds are the keys an upgrade adds. Undefined when
 * so, else the first offender.
 */
export function linesKeptViolation(before: string, after: string): string | undefined {
  const words = (s: string) =>
    s
      .split(/[\s{}[\],]+/)
      .filter(Boolean)
      .map((w) => w.replace(/(smi-spec\.io\/)v1alpha\d/, '$1vN').replace(/^(["']?)specs\1:$/, '$1rules$1:'))
  const have = new Map<string, number>()
  for (const w of words(after)) have.set(w, (have.get(w) ?? 0) + 1)
  for (const w of words(before)) {
    const n = have.get(w) ?? 0
    if (n === 0) return `${JSON.stringify(w)} is missing from the output`
    have.set(w, n - 1)
  }
  const extra = [...have.entries()].find(([w, n]) => n > 0 && !/^(["']?)(spec|matches|ports)\1:$/.test(w))
  return extra === undefined ? undefined : `${JSON.stringify(extra[0])} was added`
}
