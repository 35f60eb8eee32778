/**
 * What a run with a target reads beside its files. pre-commit passes a hook only the files
 * staged, in batches: a TrafficSplit staged alone would not see the Service or the route an
 * earlier run wrote in the unchanged files of its directory, so it would be refused for a
 * missing Service, or get a second route of a name already taken. So a batch that holds
 * what the target replaces also reads the other manifests of those files' directories
 * (picked as a walk of the directory picks them: collect.ts `collectBeside`, git's ignore
 * rules and `--exclude` respected) for what they say, as a run on the whole directory
 * would. They are read only: never converted, written, counted or reported, and a target
 * refuses what would have to change in one of them (it knows them by `aside`).
 *
 * Nothing is read, and no git process started, without a target or without a file that
 * holds what it replaces.
 */
import { dirname } from 'node:path'
import { encodingFinding } from '../pipeline/encoding.js'
import { spellsNameByEscape } from '../pipeline/escapes.js'
import { stemGroups } from '../pipeline/stems.js'
import { realOrSelf } from '../paths.js'
import { collectBeside } from './collect.js'
import { FileReader } from './read.js'

export interface BesideOptions {
  /** Where `--exclude` globs start. */
  cwd: string
  /** --exclude: what the run leaves alone is not read beside it either. */
  exclude?: readonly string[]
}

/**
 * The manifests beside the run's files that may tell the target something, by path with
 * their bytes: those in the directories of the files that spell a kind the target
 * `replaces` (`inputs`), and that spell one of the names it `reads`; not the run's own
 * `files` (those given, and those a kustomize tree pulled in).
 */
export async function readBeside(
  files: readonly string[],
  inputs: Iterable<readonly [string, Buffer]>,
  target: { replaces: Readonly<Record<string, string>>; reads: readonly string[] },
  o: BesideOptions = { cwd: process.cwd() },
): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>()
  const replaces = Object.keys(target.replaces).map((n) => Buffer.from(n))
  const dirs = [...inputs].flatMap(([file, input]) => (replaces.some((n) => input.includes(n)) ? [dirname(file)] : []))
  if (dirs.length === 0) return out
  const given = new Set(files)
  // The run's files by real path, only when a file is not one of them as spelled (a run on a whole directory has them all).
  let real: Set<string> | undefined
  const inRun = (file: string): boolean => given.has(file) || (real ??= new Set(files.map(realOrSelf))).has(realOrSelf(file))
  const reads = target.reads.map((n) => Buffer.from(n))
  // A name spelled with escapes (`kind: "Servic\x65"`) is that name to kubectl.
  const readStems = stemGroups(reads)
  const reader = new FileReader()
  for (const file of await collectBeside(dirs, o.cwd, o.exclude)) {
    if (out.has(file) || inRun(file)) continue
    let input: Buffer
    try {
      input = reader.read(file)
    } catch {
      continue // unreadable: it tells nothing (a run given it would say why)
    }
    // UTF-16/32 and binary files are never decoded lossily: they add nothing.
    if (encodingFinding(input, file) || !(reads.some((n) => input.includes(n)) || spellsNameByEscape(input, readStems))) continue
    out.set(file, Buffer.from(input))
  }
  return out
}
