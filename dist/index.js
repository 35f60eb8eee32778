import {
  MESHES,
  linkFindings,
  migrateBytes,
  resolveTargets
} from "./chunks/chunk-23WT3TTO.js";
import {
  documentsOf,
  splice
} from "./chunks/chunk-QGAENZDF.js";
import {
  convertSegment
} from "./chunks/chunk-RU6U5OLA.js";
import {
  parseQuantity
} from "./chunks/chunk-Y23HNRTD.js";
import "./chunks/chunk-DEK23AUW.js";
import {
  ACCESS_TARGETS,
  GATEWAY,
  GATEWAY_API_RELEASES,
  LINKERD_RELEASES,
  ROUTE_APIS,
  ROUTE_KINDS,
  SPECS_TARGETS,
  TARGETS,
  VERSIONS
} from "./chunks/chunk-EBY667EG.js";
import {
  collectFacts
} from "./chunks/chunk-ENSZJ7JJ.js";
import "./chunks/chunk-HSZGHT4U.js";
import "./chunks/chunk-X3GTPCZH.js";
import "./chunks/chunk-S7MRHGHA.js";
import "./chunks/chunk-7VZ5H7B6.js";

// src/index.ts
function migrate(text, options = {}) {
  const { gateway, ...targets } = resolveTargets(options);
  const opts = { ...targets, stripServerFields: options.stripServerFields ?? false };
  if (gateway) {
    opts.gateway = { ...gateway, facts: collectFacts(documentsOf([Buffer.from(text, "utf8")])) };
  }
  const r = migrateBytes(Buffer.from(text, "utf8"), opts, options.path ?? "<input>", convertSegment);
  return {
    output: r.changed ? splice(text, r.edits) : text,
    changed: r.changed,
    findings: [...r.findings, ...linkFindings(r.objects)],
    failed: r.findings.some((f) => f.severity === "error")
  };
}
export {
  ACCESS_TARGETS,
  GATEWAY,
  GATEWAY_API_RELEASES,
  LINKERD_RELEASES,
  MESHES,
  ROUTE_APIS,
  ROUTE_KINDS,
  SPECS_TARGETS,
  TARGETS,
  VERSIONS,
  migrate,
  parseQuantity
};
