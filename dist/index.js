import {
  migrateBytes
} from "./chunks/chunk-E23Q3WM2.js";
import {
  splice
} from "./chunks/chunk-KV2I42DB.js";
import {
  convertSegment,
  parseQuantity
} from "./chunks/chunk-447O3H7V.js";
import {
  TARGETS,
  VERSIONS
} from "./chunks/chunk-U3W4K4UA.js";
import "./chunks/chunk-HSZGHT4U.js";
import "./chunks/chunk-S7MRHGHA.js";
import "./chunks/chunk-7VZ5H7B6.js";

// src/index.ts
function migrate(text, options = {}) {
  const r = migrateBytes(Buffer.from(text, "utf8"), { to: options.to ?? "v1alpha2", stripServerFields: options.stripServerFields ?? false }, options.path ?? "<input>", convertSegment);
  return {
    output: r.changed ? splice(text, r.edits) : text,
    changed: r.changed,
    findings: r.findings,
    failed: r.findings.some((f) => f.severity === "error")
  };
}
export {
  TARGETS,
  VERSIONS,
  migrate,
  parseQuantity
};
