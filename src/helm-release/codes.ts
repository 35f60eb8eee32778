/**
 * The finding codes of `smi-migrate helm-release`'s own lines (a release, a record, a stored
 * manifest's documents), with what each means, for its JSON and SARIF reports. The findings
 * of the conversion of a stored manifest keep the core's codes. This file adds these to
 * `FindingCode` by declaration merging (model.ts's CommandFindingCodes), so model.ts names
 * none of them.
 */
import type { CommandFindingCodes, RuleInfo } from '../model.js'

declare module '../model.js' {
  interface CommandFindingCodes {
    'helm-release': true
    'helm-release-state': true
    'helm-record': true
    'helm-record-kept': true
    'helm-record-refused': true
    'helm-split-removed': true
    'helm-manifest-refused': true
    'helm-smi-kept': true
    'helm-hook': true
  }
}

type HelmCode = keyof CommandFindingCodes

/** The codes' table, beside what the command does. */
const HISTORY = 'helm.md#reports'

export const HELM_RELEASE_RULES = {
  'helm-release': {
    name: 'ReleaseRevisions',
    level: 'note',
    doc: HISTORY,
    short: 'A Helm release in the input, with the revisions given.',
    full: 'The release records of one release (namespace and name), by revision. The lines after it say which revisions helm upgrade, rollback and uninstall build, and what happens to each.',
  },
  'helm-release-state': {
    level: 'warning',
    doc: HISTORY,
    short: 'The release is in a state that changes which revisions Helm builds.',
    full: 'A pending operation, or no deployed revision among those given: check with helm history which revision Helm will build before replacing the records.',
  },
  'helm-record': {
    name: 'RecordHelmBuilds',
    level: 'note',
    doc: HISTORY,
    short: 'A revision Helm builds: its stored manifest is (or would be) rewritten, or has nothing to change.',
    full: 'helm upgrade diffs against this revision, or helm rollback and uninstall build it: the TrafficSplits in its stored manifest are converted (--to v1alphaN) or removed (--to gateway), every other byte of the record kept.',
  },
  'helm-record-kept': {
    level: 'note',
    doc: HISTORY,
    short: 'An older revision that holds TrafficSplits is left as it is.',
    full: 'Only a helm rollback to this revision builds it. --all-revisions rewrites it too.',
  },
  'helm-record-refused': {
    level: 'error',
    doc: HISTORY,
    short: 'A record cannot be read, or cannot be stored once rewritten.',
    full: "A record that is not a release record Helm could read is refused, and nothing is printed. A record that would exceed Kubernetes' 1 MiB data limit once rewritten is a warning: its release is left as it is (its records printed as given), the other releases are converted, and the exit code is 1.",
  },
  'helm-split-removed': {
    name: 'TrafficSplitRemoved',
    level: 'note',
    doc: HISTORY,
    short: 'With --to gateway, a TrafficSplit document is (or would be) removed from the stored manifest.',
    full: "Routes are not written into history: the chart's next render creates them, and helm upgrade applies them.",
  },
  'helm-manifest-refused': {
    level: 'error',
    doc: HISTORY,
    short: 'With --to gateway, a document of the stored manifest cannot be removed alone: nothing is printed.',
    full: 'A document that names an SMI group but cannot be read, or a TrafficSplit that is an item of a List or of another group: its document cannot be removed without the rest. Edit the record by hand.',
  },
  'helm-smi-kept': {
    level: 'warning',
    doc: HISTORY,
    short: 'With --to gateway, another SMI object stays in the stored manifest.',
    full: 'Only TrafficSplits are removed. If the CRD of this object is removed or stops serving its version, helm upgrade fails the same way.',
  },
  'helm-hook': {
    level: 'warning',
    doc: HISTORY,
    short: 'A hook of the release is a TrafficSplit: hooks are not rewritten.',
    full: 'helm uninstall and helm rollback run the stored hooks: if it is a delete or rollback hook, edit it by hand. It is left for a person (--check exits 1).',
  },
} as const satisfies Record<HelmCode, RuleInfo>
