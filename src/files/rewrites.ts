/**
 * Objects already in the run's files that a conversion writes anew (`--to gateway
 * --keep-trafficsplit`: the route an earlier run wrote, when its TrafficSplit has changed
 * since). Every file is converted in memory before any is written, so the object is replaced
 * wherever it is: after its TrafficSplit or before it, in the same file or another one, a
 * document or a List item. Its file then changes with the rest of the run (written, patched
 * or checked as any other), and is held back with it (an error in it, a kustomize tree).
 */
import { resolve } from 'node:path'
import type { Edit, Finding } from '../model.js'
import { type PendingRewrite, rewriteInput } from '../pipeline/bytes.js'
import { loadRewriter } from '../pipeline/segment.js'
import { type FileResult, withFindings } from './result.js'

/** A file's conversion: its edits (UTF-16 ranges of its decoded input) when known, and the rewrites it asks of the run. */
export interface Converted {
  edits?: readonly Edit[]
  rewrites?: readonly PendingRewrite[]
}

/**
 * The rewrite pass: makes the rewrites the files' conversions ask for (by file, as given) and
 * returns the results with them made; `inputOf` gives a file's bytes as read. A rewrite not
 * made is reported at its TrafficSplit.
 */
export async function applyRewrites(
  results: ReadonlyMap<string, FileResult>,
  inputOf: (file: string) => Buffer | undefined,
): Promise<ReadonlyMap<string, FileResult>> {
  const all = [...results.values()].flatMap((r) => r.rewrites ?? [])
  if (all.length === 0) return results
  const rewriter = await loadRewriter()
  const byPath = new Map<string, PendingRewrite[]>()
  for (const w of all) byPath.set(w.file!.path, [...(byPath.get(w.file!.path) ?? []), w])
  const fileOf = new Map([...results.keys()].map((f) => [resolve(f), f]))
  const out = new Map(results)
  // A finding said at another file (a rewrite's TrafficSplit): added to that file's result.
  const report = (f: Finding): void => {
    const at = [...out].find(([, r]) => r.shown === f.path)
    if (at) out.set(at[0], withFindings(at[1], [f]))
  }
  for (const [path, rewrites] of byPath) {
    const file = fileOf.get(path)
    const input = file === undefined ? undefined : inputOf(file)
    const result = file === undefined ? undefined : out.get(file)!
    // An unchanged file has no edits; a changed one whose edits are not known (a kustomize file) cannot be changed again.
    const edits = result?.edits ?? (result?.changed ? undefined : [])
    if (!input || !result || !edits) {
      for (const w of rewrites) report({ ...w.refused, message: `${w.refused.message} (its file cannot be changed by this run)` })
      continue
    }
    const done = rewriteInput(input, edits, rewrites, rewriter, rewrites[0]!.file!.shown, false)
    const own = done.findings.filter((f) => f.path === result.shown)
    const rewritten = withFindings(result, own)
    out.set(file!, done.output ? { ...rewritten, input, output: done.output, changed: true, edits: [...edits, ...done.edits] } : rewritten)
    for (const f of done.findings) if (f.path !== result.shown) report(f)
  }
  return out
}
