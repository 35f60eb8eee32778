#!/usr/bin/env node
import { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);
import {
  migrateBytes
} from "./chunks/chunk-5JN6XA24.js";
import {
  convertSegment,
  parseQuantity
} from "./chunks/chunk-BD6JKEEW.js";
import {
  TARGETS,
  VERSIONS
} from "./chunks/chunk-XZNXH3N7.js";

// src/index.ts
function migrate(text, options = {}) {
  const r = migrateBytes(Buffer.from(text, "utf8"), options.to ?? "v1alpha2", options.path ?? "<input>", convertSegment);
  return {
    output: r.changed ? r.output.toString("utf8") : text,
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
