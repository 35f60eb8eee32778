/**
 * The read pass: each source read once, whole, and sorted by what the run will do with it.
 * A source is a file on disk and why it is in the run (named by the run, or pulled in by a
 * kustomize tree); a new input surface is a new kind of source, read here and nowhere else.
 *
 * - kept: files that may need converting (they spell a kind, a JSON 6902 patch of backends,
 *   the SMI group, or are kustomizations), their bytes copied;
 * - facts: with a target, files that may hold a Service or route, read for what they say and
 *   never converted;
 * - settled: every other file, with its result already (nothing to say, or why it cannot be read);
 * - deployFree: the files read whose bytes cannot name a deploy group (deploy-groups.ts), by
 *   absolute path, so that the deploy-time check does not read them again.
 */
import { isAbsolute, resolve } from 'node:path'
import { isKustomizationFile } from '../kustomize/names.js'
import { encodingFinding } from '../pipeline/encoding.js'
import { spellsNameByEscape } from '../pipeline/escapes.js'
import { GROUP_NEEDLES, NEEDLES as KIND_NEEDLES } from '../pipeline/segment.js'
import { stemGroups } from '../pipeline/stems.js'
import { mayNameDeployGroup } from './deploy-groups.js'
import { FileReader } from './read.js'
import { type FileResult, ioError, skipped, unchanged } from './result.js'

export interface Source {
  file: string
  /** Pulled in by a kustomize tree that a file of the run touches: that file's shown path. */
  extraOf?: string
}

export interface ReadSources {
  readonly settled: ReadonlyMap<string, FileResult>
  readonly kept: ReadonlyMap<string, Buffer>
  readonly facts: ReadonlyMap<string, Buffer>
  readonly deployFree: ReadonlySet<string>
}

export interface ReadContext {
  show: (file: string) => string
  /** What makes a file worth reading for the target (its `reads` needles). */
  reads: readonly string[]
}

/**
 * Bytes that make a file worth a second look: a TrafficSplit, a JSON 6902 patch of its
 * backends (`/spec/backends`, or `/spec` with `backends` in the value), or the SMI group (a
 * chart template whose `kind:` is an action; isCandidate decides).
 */
const NEEDLES = [...KIND_NEEDLES, Buffer.from('backends'), ...GROUP_NEEDLES]

/** Reads `sources` after what `before` already read (a later pass adds sources to the first's). */
export function readSources(sources: Iterable<Source>, ctx: ReadContext, before?: ReadSources): ReadSources {
  const settled = new Map(before?.settled)
  const kept = new Map(before?.kept)
  const facts = new Map(before?.facts)
  const deployFree = new Set(before?.deployFree)
  const reads = ctx.reads.map((n) => Buffer.from(n))
  // A name the target reads may be spelled with escapes (`kind: "Servic\x65"`): kubectl reads it so.
  const readStems = stemGroups(reads)
  const reader = new FileReader()
  for (const { file, extraOf } of sources) {
    let input: Buffer
    try {
      input = reader.read(file) // a view of the reader's buffer: copied below if kept
    } catch (err) {
      settled.set(file, unchanged(file, ctx.show(file), [ioError(ctx.show(file), err)], extraOf))
      continue
    }
    // UTF-16/32 and binary files are never converted; encoding.ts says whether that is an error.
    const refused = encodingFinding(input, file)
    if (!refused && !mayNameDeployGroup(input)) deployFree.add(isAbsolute(file) ? file : resolve(file))
    if (refused) settled.set(file, unchanged(file, ctx.show(file), [{ ...refused, path: ctx.show(file) }], extraOf))
    else if (isKustomizationFile(file) || NEEDLES.some((n) => input.includes(n))) kept.set(file, Buffer.from(input))
    else {
      if (reads.some((n) => input.includes(n)) || spellsNameByEscape(input, readStems)) facts.set(file, Buffer.from(input))
      settled.set(file, skipped(file, ctx.show, extraOf))
    }
  }
  return { settled, kept, facts, deployFree }
}
