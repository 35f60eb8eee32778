import {
  MESHES,
  linkFindings,
  migrateBytes,
  resolveTargets
} from "./chunks/chunk-FEIWNM3D.js";
import {
  splice
} from "./chunks/chunk-HDE5BVAQ.js";
import {
  convertSegment,
  parseQuantity
} from "./chunks/chunk-OPAQKG7V.js";
import {
  ACCESS_TARGETS,
  SPECS_TARGETS,
  TARGETS,
  VERSIONS
} from "./chunks/chunk-F3WZPMDD.js";
import "./chunks/chunk-HSZGHT4U.js";
import "./chunks/chunk-X3GTPCZH.js";
import "./chunks/chunk-S7MRHGHA.js";
import "./chunks/chunk-7VZ5H7B6.js";

// src/index.ts
function migrate(text, options = {}) {
  const targets = resolveTargets(options);
  const r = migrateBytes(Buffer.from(text, "utf8"), { ...targets, stripServerFields: options.stripServerFields ?? false }, options.path ?? "<input>", convertSegment);
  return {
    output: r.changed ? splice(text, r.edits) : text,
    changed: r.changed,
    findings: [...r.findings, ...linkFindings(r.objects)],
    failed: r.findings.some((f) => f.severity === "error")
  };
}
export {
  ACCESS_TARGETS,
  MESHES,
  SPECS_TARGETS,
  TARGETS,
  VERSIONS,
  migrate,
  parseQuantity
};
