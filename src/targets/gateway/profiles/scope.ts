/**
 * Which halves of a split/profile unit a file of the run sees: the partner (a TrafficSplit for
 * a profile, the profiles for a split) in its directory, the files applied together with it. A
 * partner only in another directory of the run (a repo with one directory per cluster or
 * environment) is not taken: when the file's directory holds the Service and so does
 * the partner's, each directory is a world of its own, without a partner; when either does not,
 * whether the two are applied together is not known, and the unit is left for a person. A stream
 * (no files) is one world.
 */
import { dirname } from 'node:path'
import type { GatewayFacts, SourceFile, Sourced } from '../model.js'

export type Scoped<C> = { near: C[] } | { elsewhere: SourceFile[] }

export function unitScope<C extends Sourced<unknown>>(all: readonly C[], facts: GatewayFacts, serviceKey: string): Scoped<C> {
  const from = facts.from
  if (!from || all.length === 0) return { near: [...all] }
  const dir = dirname(from.path)
  const near = all.filter((c) => c.file !== undefined && dirname(c.file.path) === dir)
  if (near.length) return { near }
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
    'left for a person (put them in one directory, or convert each directory in a run of its own)'
  )
}
