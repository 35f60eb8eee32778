import {
  findingText
} from "./chunk-LWSTLUSS.js";
import {
  version
} from "./chunk-DEK23AUW.js";
import "./chunk-7VZ5H7B6.js";

// src/report/sarif.ts
import { createHash } from "node:crypto";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

// src/report/rules.ts
var REPOSITORY = "https://github.com/OWNER/smi-migrate";
var DOCS = `${REPOSITORY}/blob/main/docs/`;
var CONVERTED = "cli.md#what-is-converted";
var WEIGHTS = "cli.md#the-weight-rule";
var KINDS_CHECKS = "kinds.md#checks-across-objects";
var GATEWAY = "gateway.md#refused-or-left-alone";
var RULES = {
  "converted": {
    name: "ObjectToConvert",
    level: "note",
    doc: CONVERTED,
    short: "An SMI object is (or would be) converted to the target version.",
    full: "The object is older than the version the run converts its kind to: its apiVersion moves and, from v1alpha1, its weights become integers by the weight rule (with --to gateway, the TrafficSplit becomes Gateway API routes). With --check and --diff it still needs converting."
  },
  "repaired": {
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
  "templated": {
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
    full: "A negative weight, a value that is not a quantity, a missing or null weight, a value finer than 1n or too large even divided by the greatest common divisor, a tagged or block scalar. The object is left unchanged and the run exits 2. Fix the weight."
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
  "binary": {
    name: "BinaryInput",
    level: "error",
    doc: "reliability.md#encodings",
    short: "The input holds a NUL byte: binary, not YAML.",
    full: "A binary file is skipped with a warning; one whose bytes mention an SMI kind is an error, so that an object is never missed silently."
  },
  "io": {
    name: "FileAccess",
    level: "error",
    doc: "cli.md#paths",
    short: "A path cannot be read, written or named.",
    full: "A path or glob that matches nothing, an unreadable or read-only file, a refused symlink, or a file a patch cannot name. Other files are still processed; the run exits 2."
  },
  "not-written": {
    level: "warning",
    doc: "cli.md#reports",
    short: "A file that would change is left unchanged because of another file.",
    full: "A kustomize tree is converted whole or not at all, and a patch applies whole or not at all: this file is left as it is because another file of its tree (or of the patch) cannot be converted or named. The other finding says why."
  },
  "same-tree": {
    level: "note",
    doc: "kustomize.md",
    short: "A file not named by the run is (or would be) converted with its kustomize tree.",
    full: "Converting one file of a kustomize tree converts the whole tree with one factor per object, so that the overlays render the same ratios; this file is one of the tree's others."
  },
  "already-converted": {
    level: "note",
    doc: GATEWAY,
    short: "The routes of a TrafficSplit written by an earlier --keep-trafficsplit run are in the input.",
    full: "Nothing to do; delete the TrafficSplit once its routes are Accepted."
  },
  "port-unknown": {
    level: "error",
    doc: GATEWAY,
    short: "The Service port a route attaches to is not known.",
    full: "The root Service is not in the input and there is no --port, or it has no such port, or its ports are not integers from 1 to 65535. Add the Service to the input, or pass --port."
  },
  "headless-root": {
    level: "error",
    doc: GATEWAY,
    short: "The root Service is headless (clusterIP: None).",
    full: "A headless Service cannot be a route parent. Route a Service with a cluster IP."
  },
  "externalname": {
    name: "ExternalNameService",
    level: "error",
    doc: GATEWAY,
    short: "The root or a backend is an ExternalName Service.",
    full: "Route the Services behind it instead."
  },
  "routegroup-missing": {
    level: "error",
    doc: GATEWAY,
    short: "A match names an HTTPRouteGroup that is not in the input.",
    full: "The route matches come from the HTTPRouteGroup: add it to the input."
  },
  "cross-namespace": {
    level: "error",
    doc: GATEWAY,
    short: "The TrafficSplit names a Service in another namespace.",
    full: "Move the TrafficSplit to that namespace, or write the bare Service name."
  },
  "no-root-service": {
    level: "error",
    doc: GATEWAY,
    short: "The TrafficSplit has no spec.service.",
    full: "A route needs its parent Service: add spec.service."
  },
  "too-many-backends": {
    level: "error",
    doc: GATEWAY,
    short: "More backends than a route rule holds (16).",
    full: "Drop backends, weight-0 ones first."
  },
  "too-many-matches": {
    level: "error",
    doc: GATEWAY,
    short: "The route groups expand to more matches than a route holds.",
    full: "Use --gateway-api 1.2 or later if that is installed, or fewer matches."
  },
  "match-unrepresentable": {
    level: "error",
    doc: GATEWAY,
    short: "An SMI match that no HTTPRouteMatch can express.",
    full: "A method, header or path the Gateway API cannot state (or a path or method on a GRPCRoute port). Rewrite the match, or choose --route-kind http."
  },
  "weight-overflow": {
    level: "error",
    doc: GATEWAY,
    short: "Weights above 1,000,000 even divided by their greatest common divisor.",
    full: "A route weight is at most 1,000,000. Pass --rescale-weights to round them, or use smaller weights."
  },
  "route-kind": {
    level: "error",
    doc: GATEWAY,
    short: "No route kind fits the Service port, or the target release does not serve it.",
    full: "An appProtocol that maps to no route kind, a kind the target release does not serve, an A/B split on a TCPRoute port, or an opaque port before Linkerd 2.18 (a note for a port named grpc that gets an HTTPRoute). Use --route-kind, a newer --linkerd or --gateway-api, or another appProtocol."
  },
  "name-collision": {
    level: "error",
    doc: GATEWAY,
    short: "Another route of the same kind, namespace and name exists, or two splits share a Service port.",
    full: "A route not written by smi-migrate, or one another TrafficSplit of the run writes, has the name (an error); two TrafficSplits on one port of one Service merge their rules (a warning). Rename, or merge the splits by hand."
  },
  "kustomize-patch-target": {
    level: "error",
    doc: GATEWAY,
    short: "A kustomize patch targets a TrafficSplit that becomes routes.",
    full: "Its paths and merge keys would not match a route, so no file of the tree is written. Apply the patch first (kubectl kustomize), or rewrite it for the routes by hand."
  },
  "all-weights-zero": {
    level: "warning",
    doc: GATEWAY,
    short: "Every weight of the TrafficSplit is 0.",
    full: "The route sends no traffic to any backend: check that this is meant."
  },
  "backend-port-missing": {
    level: "warning",
    doc: GATEWAY,
    short: "A backend's Service lacks the port the route uses.",
    full: "A warning when the backend Service in the input has no such port (an error when no backend has it). Add the port, or leave it if that is what SMI did."
  },
  "no-backends": {
    level: "warning",
    doc: GATEWAY,
    short: "The TrafficSplit has no backends.",
    full: "The route sends everything to the root Service."
  },
  "weights-rescaled": {
    level: "warning",
    doc: GATEWAY,
    short: "--rescale-weights rounded the weights.",
    full: "The weights did not fit a route's limit even divided by their greatest common divisor and were rounded; check the largest change of a backend's share the message gives."
  },
  "owned-by-controller": {
    level: "warning",
    doc: GATEWAY,
    short: "The TrafficSplit is owned by a Flagger Canary or an Argo Rollout: left for a person.",
    full: "The controller would rewrite the split. Switch the controller to the Gateway API first."
  },
  "linkerd-opaque-port": {
    level: "warning",
    doc: GATEWAY,
    short: "Linkerd treats the port as opaque.",
    full: "With --linkerd 2.18 and later a TCPRoute is written (an HTTPRoute or GRPCRoute there would be ignored); with 2.17 a TCPRoute. Do as the message says."
  },
  "serviceprofile-precedence": {
    level: "note",
    doc: GATEWAY,
    short: "On Linkerd, the split's ServiceProfile takes precedence over the new routes.",
    full: "The linkerd-smi extension made a ServiceProfile for the split; follow the runbook to hand over to the routes."
  },
  "regex-path": {
    level: "note",
    doc: GATEWAY,
    short: "A pathRegex became a RegularExpression path match.",
    full: "The regex dialect and the precedence of RegularExpression matches are implementation-specific: check it on your mesh."
  }
};
function ruleName(code) {
  const r = RULES[code];
  return r.name ?? code.replace(/(^|-)([a-z0-9])/g, (_m, _dash, c) => c.toUpperCase());
}
function helpUri(code) {
  return DOCS + RULES[code].doc;
}

// src/report/sarif.ts
var SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
var SRCROOT = "%SRCROOT%";
var FINGERPRINT = "smiMigrate/v1";
var CODES = Object.keys(RULES);
var LEVEL = { error: "error", warning: "warning", info: "note" };
function sarifSink(o, target) {
  const findings = [];
  return {
    finding: (f) => void findings.push(f),
    finish: () => void target().write(JSON.stringify(sarifLog(findings, o), null, 2) + "\n")
  };
}
function sarifLog(findings, o) {
  const base = directoryUri(o.root);
  const seen = /* @__PURE__ */ new Map();
  const results = findings.map((f) => {
    const artifactLocation = artifact(f.path, o, base);
    const hash = fingerprint(f, artifactLocation.uri);
    const n = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, n);
    const physicalLocation = { artifactLocation };
    if (f.line > 0) physicalLocation.region = { startLine: f.line, ...f.column > 0 ? { startColumn: f.column } : {} };
    return {
      ruleId: f.code,
      ruleIndex: CODES.indexOf(f.code),
      level: f.pending && f.severity !== "error" ? "warning" : LEVEL[f.severity],
      message: { text: findingText(f, o.mode) },
      locations: [{ physicalLocation }],
      partialFingerprints: { [FINGERPRINT]: `${hash}:${n}` }
    };
  });
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [{
      tool: { driver: { name: "smi-migrate", version, semanticVersion: version, informationUri: REPOSITORY, rules: CODES.map(rule) } },
      originalUriBaseIds: { [SRCROOT]: { uri: base } },
      columnKind: "utf16CodeUnits",
      results
    }]
  };
}
function rule(code) {
  const r = RULES[code];
  const uri = helpUri(code);
  return {
    id: code,
    name: ruleName(code),
    shortDescription: { text: r.short },
    fullDescription: { text: r.full },
    help: { text: `${r.full} See ${uri}`, markdown: `${r.full} See [the documentation](${uri}).` },
    helpUri: uri,
    defaultConfiguration: { level: r.level }
  };
}
function directoryUri(dir) {
  const href = pathToFileURL(dir).href;
  return href.endsWith("/") ? href : `${href}/`;
}
function artifact(path, o, base) {
  const abs = resolve(o.cwd, path);
  const rel = relative(o.root, abs);
  const inside = rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
  if (!inside) return { uri: pathToFileURL(abs).href };
  const href = pathToFileURL(abs).href;
  if (!href.startsWith(base)) return { uri: href };
  return { uri: href.slice(base.length).replace(/:/g, "%3A"), uriBaseId: SRCROOT };
}
function fingerprint(f, uri) {
  const identity = [f.code, uri, f.object?.kind ?? "", f.object?.namespace ?? "", f.object?.name ?? "", f.message.replace(/\d+/g, "#")];
  return createHash("sha256").update(JSON.stringify(identity)).digest("hex").slice(0, 32);
}
export {
  FINGERPRINT,
  SARIF_SCHEMA,
  SRCROOT,
  sarifLog,
  sarifSink
};
