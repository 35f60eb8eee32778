// src/report/rules.ts
var REPOSITORY = "https://github.com/OWNER/smi-migrate";
var DOCS = `${REPOSITORY}/blob/main/docs/`;
var CONVERTED = "cli.md#what-is-converted";
var WEIGHTS = "cli.md#the-weight-rule";
var KINDS_CHECKS = "kinds.md#checks-across-objects";
var CORE_RULES = {
  converted: {
    name: "ObjectToConvert",
    level: "note",
    doc: CONVERTED,
    short: "An SMI object is (or would be) converted to the target version.",
    full: "The object is older than the version the run converts its kind to: its apiVersion moves and, from v1alpha1, its weights become integers by the weight rule (with --to gateway, the TrafficSplit becomes Gateway API routes). With --check and --diff it still needs converting."
  },
  repaired: {
    name: "WeightsToRepair",
    level: "note",
    doc: CONVERTED,
    short: "A TrafficSplit at v1alpha2 or later with non-integer weights is (or would be) repaired.",
    full: 'Its version already takes integer weights, but the weights are quantities such as 1000m or "250m" (written by a buggy tool, or kept by a conversion: None CRD). They are rewritten by the weight rule; the apiVersion stays.'
  },
  "patch-converted": {
    level: "note",
    doc: "kustomize.md",
    short: "A kustomize patch target or JSON 6902 value is (or would be) converted with its tree.",
    full: "A kustomization's patch target that selects TrafficSplits at an older version, or a JSON 6902 operation that writes weights, moves with the objects of its tree, so that the patch still matches and renders the same ratios."
  },
  "newer-than-target": {
    level: "note",
    doc: CONVERTED,
    short: "An object is newer than the target version and is left as it is.",
    full: "The tool never downgrades: an object already at a later version than --to (--specs-to, --access-to) is left unchanged."
  },
  "no-target": {
    level: "note",
    doc: KINDS_CHECKS,
    short: "An HTTPRouteGroup, TCPRoute or TrafficTarget is left as it is: no target version was asked for.",
    full: "Without --specs-to, --access-to or --mesh the sibling SMI kinds are not converted; this line says which are older than the newest version. It never fails a run."
  },
  "crd-not-served": {
    level: "warning",
    doc: KINDS_CHECKS,
    short: "A CustomResourceDefinition in the input does not serve the version the run writes.",
    full: "A cluster with this CRD would reject the converted objects. Serve the target version in the CRD, or convert to a version it serves (--to, --mesh)."
  },
  "incompatible-versions": {
    level: "warning",
    doc: KINDS_CHECKS,
    short: "An A/B TrafficSplit and the HTTPRouteGroup it matches end up at versions that do not pair.",
    full: "The SMI spec pairs a v1alpha3 TrafficSplit with v1alpha3 HTTPRouteGroups and v1alpha4 with v1alpha4. Convert both to one version (--to and --specs-to alike, or --mesh)."
  },
  "no-api-version": {
    level: "warning",
    doc: CONVERTED,
    short: "An SMI object has no apiVersion and is left for a person.",
    full: "Without an apiVersion the version cannot be known, so the object is not converted, and --check, --diff and --write exit 1. Add the apiVersion it has."
  },
  "near-miss-group": {
    level: "warning",
    doc: CONVERTED,
    short: "An apiVersion group is almost an SMI group (split.smi.spec.io) and is left for a person.",
    full: "A group a typo away from an SMI group is most likely meant to be it; the object is not converted, and --check, --diff and --write exit 1. Fix the group."
  },
  "unknown-version": {
    level: "warning",
    doc: CONVERTED,
    short: "An SMI object has a version the tool does not know and is left for a person.",
    full: "Only the released SMI versions are converted; the object is left unchanged, and --check, --diff and --write exit 1."
  },
  templated: {
    name: "TemplatedField",
    level: "warning",
    doc: "helm.md#chart-sources",
    short: "A Helm template action writes a weight, apiVersion or part of the object: left for a person.",
    full: "What a template action renders is not known before Helm runs, so the object is not converted and --check, --diff and --write exit 1. Convert it by hand (the message names the values.yaml line when there is one), or convert helm template output."
  },
  "invalid-weight": {
    level: "error",
    doc: WEIGHTS,
    short: "A weight is not one Kubernetes reads as a usable quantity.",
    full: "A negative weight, a value that is not a quantity, a missing or null weight, a value too large even divided by the greatest common divisor, a tagged or block scalar. The object is left unchanged and the run exits 2. Fix the weight."
  },
  "invalid-structure": {
    level: "error",
    doc: CONVERTED,
    short: "An object does not have the shape its kind needs, so it cannot be converted.",
    full: "A spec, list or key that is not what the kind defines (or, for a List, items that cannot follow its apiVersion): the object is left unchanged. Fix the object."
  },
  "invalid-yaml": {
    level: "error",
    doc: "cli.md#how-it-works",
    short: "A document that holds an object of a converted kind is not valid YAML as kubectl reads it.",
    full: "The document cannot be parsed (or kubectl would read it differently: NEL, LS, PS or a lone CR outside a quoted scalar), so nothing in it is converted and the run exits 2. Fix the YAML."
  },
  "unsupported-alias": {
    level: "error",
    doc: WEIGHTS,
    short: "A merge key or an alias makes the change unsafe to make in place.",
    full: "Converting would also change another copy read through the alias, or a later merge key could override the value. Write the keys out, then convert."
  },
  "not-utf8": {
    level: "error",
    doc: "reliability.md#encodings",
    short: "The input is not UTF-8.",
    full: "Only UTF-8 is converted and nothing is decoded lossily. UTF-16 or UTF-32 input that mentions an SMI kind is an error (convert it with iconv); without one it is skipped with a warning."
  },
  binary: {
    name: "BinaryInput",
    level: "error",
    doc: "reliability.md#encodings",
    short: "The input holds a NUL byte: binary, not YAML.",
    full: "A binary file is skipped with a warning; one whose bytes mention an SMI kind is an error, so that an object is never missed silently."
  },
  io: {
    name: "FileAccess",
    level: "error",
    doc: "cli.md#paths",
    short: "A path cannot be read, written or named.",
    full: "A path or glob that matches nothing, an unreadable or read-only file, or a file a patch cannot name. Other files are still processed; the run exits 2."
  },
  "not-written": {
    level: "warning",
    doc: "cli.md#reports",
    short: "A file that would change is left unchanged because of another file.",
    full: "A kustomize tree is converted whole or not at all, and a patch applies whole or not at all: this file is left as it is because another file of its tree (or of the patch) cannot be converted or named. The other finding says why."
  },
  "write-boundary": {
    level: "warning",
    doc: "reliability.md#the-write-boundary",
    short: "A file that would change is outside the paths being processed and their git repositories.",
    full: "A run writes only inside the paths it is given and the git repositories that hold them. A symlink, a kustomize entry, a glob through `..` that reaches further is read, never written: the file (and its whole kustomize tree) is left unchanged and the run exits 1. Pass its path too, or a directory that holds both."
  },
  "same-tree": {
    level: "note",
    doc: "kustomize.md",
    short: "A file not named by the run is (or would be) converted with its kustomize tree.",
    full: "Converting one file of a kustomize tree converts the whole tree with one factor per object, so that the overlays render the same ratios; this file is one of the tree's others."
  },
  "values-converted": {
    level: "note",
    doc: "helm.md#values-driven-weights",
    short: "A chart value that a TrafficSplit's weight renders is (or would be) converted with its template.",
    full: "The template's weight is a value action ({{ .Values.a.b }}) whose value is used nowhere else in the chart: the value in values.yaml takes the integer of the weight rule, with the same factor as the split's literal weights, and the template keeps its actions."
  },
  "kustomize-patch-target": {
    level: "error",
    doc: "gateway.md#refused-or-left-alone",
    short: "A kustomize patch targets a TrafficSplit that becomes routes.",
    full: "Its paths and merge keys would not match a route, so no file of the tree is written. Apply the patch first (kubectl kustomize), or rewrite it for the routes by hand."
  },
  suppressed: {
    name: "ObjectSuppressed",
    level: "note",
    doc: "suppressions.md",
    short: "An SMI object is left as it is on purpose, for the reason its suppression gives.",
    full: 'The object carries the annotation smi-migrate.io/ignore: "<reason>", or the comment # smi-migrate: ignore <reason> stands directly above it, its document or one of its fields. It is not converted, and it does not fail --check; --no-ignore converts and reports it as any other object.'
  },
  "invalid-suppression": {
    level: "error",
    doc: "suppressions.md#reasons",
    short: "A suppression without a reason, or an unknown # smi-migrate: directive.",
    full: 'Every suppression says why: smi-migrate.io/ignore: "<reason>" or # smi-migrate: ignore <reason>. The object is not converted and its file is not written until the reason is given (or the suppression removed).'
  }
};
function ruleName(code, r) {
  return r.name ?? code.replace(/(^|-)([a-z0-9])/g, (_m, _dash, c) => c.toUpperCase());
}
function helpUri(r) {
  return DOCS + r.doc;
}
function ruleTable(...targets) {
  return Object.assign({}, CORE_RULES, ...targets);
}

export {
  REPOSITORY,
  CORE_RULES,
  ruleName,
  helpUri,
  ruleTable
};
