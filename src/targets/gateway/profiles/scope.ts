/**
 * Which halves of a split/profile unit a file of the run sees: the partner (a TrafficSplit for
 * a profile, the profiles for a split) in its directory, the files applied together with it. A
 * partner only in another directory of the run (a repo with one directory per cluster or
 * environment) is not taken: when the file's directory holds the Service and so does
 * the partner's, each directory is a world of its own, without a partner; when either does not,
 * whether the two are applied together is not known, and the unit is left for a person. Where the
 * run's kustomizations render the file, they decide: a partner rendered by one of the same top
 * kustomizations is applied with it, one rendered only by others is not; a profile rendered by a
 * top kustomization that does not render its split is left for a person. A stream (no files) is
 * one world.
 */
import { dirname } from 'node:path'
import type { GatewayFacts, SourceFile, Sourced } from '../model.js'

export type Scoped<C> = { near: C[] } | { elsewhere: SourceFile[] }

export function unitScope<C extends Sourced<unknown>>(
  all: readonly C[],
  facts: GatewayFacts,
  serviceKey: string,
  side?: 'profile' | 'split',
): Scoped<C> {
  const from = facts.from
  if (!from || all.length === 0) return { near: [...all] }
  const dir = dirname(from.path)
  const near = all.filter((c) => c.file !== undefined && dirname(c.file.path) === dir)
  if (near.length) return { near }
  // The kustomizations answer it: a partner one top kustomization renders with this file is applied
  // with it; one that only other kustomizations render is not. A partner they do not render is not known.
  const mine = facts.renderedBy?.get(from.path)
  if (!mine) return byDirectory(all, facts, serviceKey, dir)
  const theirs = (c: C) => (c.file ? facts.renderedBy?.get(c.file.path) : undefined)
  const together = all.filter((c) => [...(theirs(c) ?? [])].some((k) => mine.has(k)))
  // A profile converted with its split carries the split's backends: every tree that renders the
  // profile must render the split too (a base profile under one overlay's split is wrong in the others).
  const covered = (c: C) => {
    const t = theirs(c)!
    return side === 'profile' ? [...mine].every((k) => t.has(k)) : [...t].every((k) => mine.has(k))
  }
  const partial = side ? together.filter((c) => !covered(c)) : []
  if (partial.length) return { elsewhere: [...new Map(partial.flatMap((c) => (c.file ? [[c.file.path, c.file] as const] : []))).values()] }
  const unknown = all.filter((c) => theirs(c) === undefined)
  const rest = unknown.length ? byDirectory(unknown, facts, serviceKey, dir) : { near: [] }
  return 'elsewhere' in rest ? rest : { near: together }
}

/** Partners in other directories, by where the Service is: apart when both directories hold it, else not known. */
function byDirectory<C extends Sourced<unknown>>(all: readonly C[], facts: GatewayFacts, serviceKey: string, dir: string): Scoped<C> {
  const services = facts.services.get(serviceKey) ?? []
  const holds = (d: string) => services.some((c) => c.file !== undefined && dirname(c.file.path) === d)
  // A partner in a directory without the Service may be this file's partner too (seen from it, this directory is its world).
  const open = holds(dir) ? all.filter((c) => c.file !== undefined && !holds(dirname(c.file.path))) : all
  if (open.length === 0) return { near: [] }
  const files = new Map(open.flatMap((c) => (c.file ? [[c.file.path, c.file] as const] : [])))
  return { elsewhere: [...files.values()] }
}

/** The message of a unit left because its partner is only in another directory. */
export function elsewhereMessage(partner: string, service: string, files: readonly SourceFile[]): string {
  return (
    `the ${partner} of Service ${service} is only in another directory of the run (${files.map((f) => f.shown).join(', ')}), and one of the two directories does not hold the Service: ` +
    'whether they are applied together (one cluster) or not (a directory per cluster) is not known, and the split and its profile are converted together or not at all: ' +
    'left for a person (put them in one directory; for kustomize overlays, convert the rendered overlays: kubectl kustomize DIR | smi-migrate --to gateway -)'
  )
}
