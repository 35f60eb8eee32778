import {
  findingText
} from "./shared-f341ea3861.js";
import {
  version
} from "./shared-bf13efb741.js";
import {
  REPOSITORY,
  helpUri,
  ruleName
} from "./shared-7662770cbe.js";

// src/report/sarif.ts
import { createHash } from "node:crypto";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
var SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
var SRCROOT = "%SRCROOT%";
var FINGERPRINT = "smiMigrate/v1";
var LEVEL = { error: "error", warning: "warning", info: "note" };
function sarifSink(o, target) {
  const findings = [];
  return {
    finding: (f) => void findings.push(f),
    finish: () => void target().write(JSON.stringify(sarifLog(findings, o), null, 2) + "\n")
  };
}
function sarifLog(findings, o) {
  const codes = Object.keys(o.rules);
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
      ruleIndex: codes.indexOf(f.code),
      level: f.pending ? "warning" : LEVEL[f.severity],
      message: { text: findingText(f, o.mode) },
      locations: [{ physicalLocation }],
      partialFingerprints: { [FINGERPRINT]: `${hash}:${n}` },
      // A suppression in the source, with its reason (SARIF §3.35): viewers list it apart.
      ...f.suppression ? { suppressions: [{ kind: "inSource", status: "accepted", justification: f.suppression.reason }] } : {}
    };
  });
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "smi-migrate",
            version,
            semanticVersion: version,
            informationUri: REPOSITORY,
            rules: codes.map((c) => rule(c, o.rules[c]))
          }
        },
        originalUriBaseIds: { [SRCROOT]: { uri: base } },
        columnKind: "utf16CodeUnits",
        results
      }
    ]
  };
}
function rule(code, r) {
  const uri = helpUri(r);
  return {
    id: code,
    name: ruleName(code, r),
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
