#!/usr/bin/env node
import { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);
import {
  migrateBytes
} from "./chunks/chunk-UZJXE53A.js";
import {
  splice
} from "./chunks/chunk-NDUFUSAV.js";
import {
  convertSegment,
  parseQuantity
} from "./chunks/chunk-5YOVS6CU.js";
import {
  TARGETS,
  VERSIONS
} from "./chunks/chunk-6FXVUNUL.js";
import "./chunks/chunk-QWALWATZ.js";
import "./chunks/chunk-JQNYK2EV.js";
import "./chunks/chunk-PL3BMLT6.js";

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
