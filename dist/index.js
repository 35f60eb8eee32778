import {
  convertSegment,
  replaceExisting
} from "./chunks/shared-c5405fa481.js";
import "./chunks/shared-94a13abe50.js";
import "./chunks/shared-15b36a4456.js";
import {
  linkFindings
} from "./chunks/shared-5e4676b2ba.js";
import {
  migrateBytes
} from "./chunks/shared-2bc75f1796.js";
import {
  documentsOf,
  splice
} from "./chunks/shared-c4ee163c72.js";
import "./chunks/shared-f775291102.js";
import {
  gatewayTarget
} from "./chunks/shared-d4e7d27e69.js";
import "./chunks/shared-c3ec45101b.js";
import "./chunks/shared-830d5f64a9.js";
import "./chunks/shared-da01202873.js";
import "./chunks/shared-75891b8258.js";
import "./chunks/shared-29334cf685.js";
import "./chunks/shared-52d6f9d52b.js";
import "./chunks/shared-afcbbfc458.js";
import "./chunks/shared-2a7eafe8ab.js";
import "./chunks/shared-6c59af8607.js";
import "./chunks/shared-574f9d03ce.js";
import "./chunks/shared-5d7c34b40b.js";
import {
  parseQuantity
} from "./chunks/shared-051a59df81.js";
import {
  MESHES,
  resolveTargets
} from "./chunks/shared-f1acd8e619.js";
import "./chunks/shared-e2b5701804.js";
import {
  GATEWAY,
  GATEWAY_API_RELEASES,
  LINKERD_RELEASES,
  ROUTE_APIS,
  ROUTE_KINDS
} from "./chunks/shared-010d2dfd77.js";
import "./chunks/shared-cead045f6a.js";
import {
  ACCESS_TARGETS,
  SPECS_TARGETS,
  TARGETS,
  VERSIONS
} from "./chunks/shared-6bfea2ec3c.js";
import {
  prepare
} from "./chunks/shared-7cd1ba18bb.js";
import "./chunks/shared-bf13efb741.js";

// src/index.ts
var PLUGINS = { gateway: gatewayTarget };
function pluginOf(to) {
  return to !== void 0 && Object.hasOwn(PLUGINS, to) ? PLUGINS[to] : void 0;
}
function migrate(text, options = {}) {
  const plugin = pluginOf(options.to);
  const targets = resolveTargets({ ...options, to: plugin ? void 0 : options.to });
  const opts = {
    ...targets,
    stripServerFields: options.stripServerFields ?? false,
    noIgnore: options.noIgnore ?? false,
    // v1alpha2+ weights past what Linkerd sums are repaired unless another mesh reads them (ConvertOptions.notLinkerd).
    ...options.mesh !== void 0 && options.mesh !== "linkerd" ? { notLinkerd: true } : {}
  };
  if (plugin)
    opts.target = prepare(
      plugin,
      { ...options[plugin.name] ?? {}, ...options.noIgnore ? { noIgnore: true } : {} },
      documentsOf([Buffer.from(text, "utf8")])
    );
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
