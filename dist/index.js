import {
  convertSegment,
  replaceExisting
} from "./chunks/chunk-UINJ2563.js";
import "./chunks/chunk-DFMWVETU.js";
import {
  linkFindings
} from "./chunks/chunk-W7P5TWID.js";
import {
  migrateBytes
} from "./chunks/chunk-4TIIG2JV.js";
import {
  documentsOf,
  splice
} from "./chunks/chunk-BK5BWLJF.js";
import {
  gatewayTarget
} from "./chunks/chunk-4GSSDWFT.js";
import "./chunks/chunk-UETIZYNK.js";
import "./chunks/chunk-3YYYDBNH.js";
import "./chunks/chunk-AKU7XVSP.js";
import "./chunks/chunk-3II3PXMO.js";
import "./chunks/chunk-FUZQVC3D.js";
import {
  MESHES,
  resolveTargets
} from "./chunks/chunk-RF3I7G2M.js";
import {
  GATEWAY,
  GATEWAY_API_RELEASES,
  LINKERD_RELEASES,
  ROUTE_APIS,
  ROUTE_KINDS
} from "./chunks/chunk-RQ5PBHT7.js";
import {
  ACCESS_TARGETS,
  SPECS_TARGETS,
  TARGETS,
  VERSIONS
} from "./chunks/chunk-F3WZPMDD.js";
import {
  prepare
} from "./chunks/chunk-GLCI7XMW.js";
import "./chunks/chunk-ASJMRGWZ.js";
import {
  parseQuantity
} from "./chunks/chunk-LHHU3G2G.js";
import "./chunks/chunk-3Z2ZY4QJ.js";
import "./chunks/chunk-KKREWVWF.js";

// src/index.ts
var PLUGINS = { gateway: gatewayTarget };
function migrate(text, options = {}) {
  const plugin = options.to === void 0 ? void 0 : PLUGINS[options.to];
  const targets = resolveTargets({ ...options, to: plugin ? void 0 : options.to });
  const opts = { ...targets, stripServerFields: options.stripServerFields ?? false, noIgnore: options.noIgnore ?? false };
  if (plugin) opts.target = prepare(plugin, options[plugin.name] ?? {}, documentsOf([Buffer.from(text, "utf8")]));
  const r = migrateBytes(Buffer.from(text, "utf8"), opts, options.path ?? "<input>", convertSegment, replaceExisting);
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
