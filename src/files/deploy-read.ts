/**
 * Deploy-time patches (docs/kustomize.md#deploy-time-patches): what the judging of kustomizations
 * shares (deploy-kustomizations.ts, deploy-makers.ts, deployers.ts): the patch source record, a
 * text's documents read as plainly as they allow, a key's place, a `helmCharts` list's values.
 */
import { parseDocuments } from '../yaml/documents.js'
import { readBlockSubset } from '../yaml/block-subset.js'
import { appChart, type Key, type Reach } from './deployer-objects.js'
import { obj, valuesHarm } from './deployer-values.js'

/** A deploy-time patch source: where it stands, what it is, and the directories it may reach. */
export interface Deployer {
  file: string
  offset: number
  text: string
  what: string
  reach: Reach
  /** It sets only names or a namespace over its path: it holds a tree only when the tree has patches. */
  names?: boolean
  /** It sets only Flux substitution variables over its path: it holds a tree only when the tree's files hold `${`. */
  subst?: boolean
}

/** A YAML or JSON text's documents, read (plain YAML without the package); undefined when one cannot be parsed or read. */
export function parseAll(text: string): unknown[] | undefined {
  const quick = readBlockSubset(text)
  if (quick !== undefined) return [quick]
  const docs = parseDocuments(text, { merge: true })
  if (docs.some((d) => d.error)) return undefined
  const out = docs.map((d) => safeJS(d.doc))
  return out.includes(undefined) ? undefined : out
}

export function safeJS(doc: { toJS(): unknown }): unknown {
  try {
    return doc.toJS()
  } catch {
    return undefined
  }
}

/** The offset of `key` in the mapping at `path` of `doc`, or undefined when there is none. */
export function keyOffset(
  doc: { getIn(path: readonly Key[], keep: true): unknown },
  path: readonly Key[],
  key: string,
): number | undefined {
  const node = doc.getIn(path, true) as { items?: Array<{ key?: { value?: unknown; range?: number[] } }> } | undefined
  const pair = node?.items?.find((p) => p.key?.value === key)
  return pair?.key?.range?.[0]
}

/**
 * A kustomization's `helmCharts` (Argo CD builds them with `--enable-helm`): a chart that may make
 * deploy objects (argocd-apps) is harmless only when every values source is read and holds no
 * patch-like key; any chart, when no value spells a deploy group's apiVersion.
 */
export function helmChartsHarm(v: unknown, read: (path: string) => string | undefined): boolean {
  if (!Array.isArray(v)) return true
  return v.some((c) => {
    const m = obj(c)
    if (!m) return true
    const app = appChart(m['name']) || (typeof m['repo'] === 'string' && /^oci:/.test(m['repo']) && appChart(m['repo']))
    if (valuesHarm(m['valuesInline'], parseAll, [], app) !== undefined) return true
    const files = [m['valuesFile'], ...(Array.isArray(m['additionalValuesFiles']) ? m['additionalValuesFiles'] : [])].filter(
      (f) => f !== undefined,
    )
    return files.some((f) => {
      const text = typeof f === 'string' && !/:\/\//.test(f) ? read(f) : undefined
      if (text === undefined) return app
      const docs = parseAll(text)
      return !docs || docs.some((d) => valuesHarm(d, parseAll, [], app) !== undefined)
    })
  })
}
