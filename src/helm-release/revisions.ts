/**
 * Which revisions of a release to rewrite, as Helm picks them (helm/helm `pkg/action`):
 * `helm upgrade` diffs against the last revision if it is deployed, else the newest deployed
 * one, else a last revision that failed or was superseded (`upgrade.go` `prepareUpgrade`), and
 * builds that manifest before it writes anything; `helm rollback` and `helm uninstall` build
 * the last revision (`rollback.go`, `uninstall.go`). Both are rewritten; older revisions only
 * matter to a rollback to them (`--all-revisions`).
 */
import type { ReleaseRecord } from './records.js'

export interface Choice {
  record: ReleaseRecord
  why: string
}

export interface Choices {
  chosen: Choice[]
  /** Notes about the release as a whole (a pending operation, no deployed revision given). */
  notes: string[]
}

/** `records`: one release's revisions, in any order (no two with the same revision). */
export function chooseRevisions(records: readonly ReleaseRecord[], all: boolean): Choices {
  const sorted = [...records].sort((a, b) => a.revision - b.revision)
  const last = sorted.at(-1)!
  const deployed = sorted.filter((r) => r.status === 'deployed').at(-1)
  const notes: string[] = []
  let base: ReleaseRecord | undefined
  let why: string
  if (last.status === 'deployed') {
    base = last
    why = 'helm upgrade diffs against it (the last revision, deployed); helm rollback and helm uninstall build it too'
  } else if (deployed) {
    base = deployed
    why = `helm upgrade diffs against it (the newest deployed revision; the last, ${last.revision}, is ${last.status})`
  } else if (last.status === 'failed' || last.status === 'superseded') {
    base = last
    why = `helm upgrade diffs against it (no revision given is deployed, and the last is ${last.status}); helm rollback and helm uninstall build it too`
  } else {
    why = ''
  }
  const chosen: Choice[] = base ? [{ record: base, why }] : []
  if (last !== base) {
    chosen.push({
      record: last,
      why: `the last revision (${last.status}): helm rollback and helm uninstall build it${base ? '' : '; helm upgrade finds no revision to diff against'}`,
    })
  }
  if (last.status.startsWith('pending-')) {
    notes.push(
      `the last revision, ${last.revision}, is ${last.status}: helm upgrade refuses until that operation is resolved ` +
        '(helm rollback builds the last revision and the one it rolls back to)',
    )
  }
  if (!deployed)
    notes.push('no revision given is deployed: if the release has one, give all its revisions (kubectl get secret -l owner=helm,name=NAME)')
  if (all) {
    for (const r of sorted) {
      if (!chosen.some((c) => c.record === r)) chosen.push({ record: r, why: `--all-revisions: helm rollback ${r.revision} builds it` })
    }
  }
  return { chosen: chosen.sort((a, b) => a.record.revision - b.record.revision), notes }
}
