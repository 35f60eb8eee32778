import {
  versionFor
} from "./shared-cead045f6a.js";
import {
  ACCESS_TARGETS,
  SMI_SPLIT_GROUP,
  SPECS_TARGETS,
  TARGETS
} from "./shared-6bfea2ec3c.js";

// src/kinds/trafficsplit/entry.ts
var trafficSplitEntry = {
  kind: "TrafficSplit",
  group: SMI_SPLIT_GROUP,
  version: {
    name: "to",
    value: "version",
    choices: TARGETS,
    default: "v1alpha2",
    help: "apiVersion to convert TrafficSplits to (default: v1alpha2)"
  }
};
function splitVersion(opts) {
  return versionFor(trafficSplitEntry, opts);
}

// src/kinds/specs.ts
var SPECS_GROUP = "specs.smi-spec.io";
var SPECS_VERSIONS = ["v1alpha1", "v1alpha2", "v1alpha3", "v1alpha4"];
var SPECS_OPTION = {
  name: "specs-to",
  value: "version",
  choices: SPECS_TARGETS,
  help: "apiVersion to convert HTTPRouteGroups and TCPRoutes to (default: leave them alone)"
};
function specsKind(entry, steps) {
  return { ...entry, versions: SPECS_VERSIONS, steps, read: () => ({ data: void 0 }) };
}

// src/kinds/httproutegroup/entry.ts
var httpRouteGroupEntry = { kind: "HTTPRouteGroup", group: SPECS_GROUP, version: SPECS_OPTION };

// src/kinds/serviceprofile/entry.ts
var serviceProfileEntry = { kind: "ServiceProfile", group: "linkerd.io" };

// src/kinds/tcproute/entry.ts
var tcpRouteEntry = { kind: "TCPRoute", group: SPECS_GROUP, version: SPECS_OPTION };

// src/kinds/traffictarget/entry.ts
var trafficTargetEntry = {
  kind: "TrafficTarget",
  group: "access.smi-spec.io",
  version: {
    name: "access-to",
    value: "version",
    choices: ACCESS_TARGETS,
    help: "apiVersion to convert TrafficTargets to (default: leave them alone)"
  }
};

// src/kinds/names.ts
var KIND_ENTRIES = [
  trafficSplitEntry,
  httpRouteGroupEntry,
  tcpRouteEntry,
  trafficTargetEntry,
  serviceProfileEntry
];
var KIND_NAMES = KIND_ENTRIES.map((k) => k.kind);
var GROUP_PREFIXES = [...new Set(KIND_ENTRIES.map((k) => `${k.group}/`))];

// src/kinds/versions.ts
var VERSION_OPTIONS = [...new Set(KIND_ENTRIES.flatMap((k) => k.version ? [k.version] : []))];
function fieldOf(option) {
  return option.name.replace(/-([a-z])/g, (_m, c) => c.toUpperCase());
}
function resolveVersions(given, preset = {}) {
  const out = {};
  for (const k of KIND_ENTRIES) {
    const v = k.version && given(k.version) || preset[k.kind];
    if (v) out[k.kind] = v;
  }
  return out;
}
function versionsOfFields(o, preset) {
  const fields = o;
  return resolveVersions((option) => {
    const v = fields[fieldOf(option)];
    return typeof v === "string" ? v : void 0;
  }, preset);
}
var FIELDS = VERSION_OPTIONS.map(fieldOf);
function withVersions(o) {
  if (o.versions && !FIELDS.some((f) => f in o)) return o;
  const rest = { ...o };
  for (const f of FIELDS) delete rest[f];
  return { ...rest, versions: { ...versionsOfFields(o), ...o.versions } };
}

export {
  specsKind,
  httpRouteGroupEntry,
  serviceProfileEntry,
  tcpRouteEntry,
  trafficSplitEntry,
  splitVersion,
  trafficTargetEntry,
  KIND_ENTRIES,
  KIND_NAMES,
  GROUP_PREFIXES,
  VERSION_OPTIONS,
  resolveVersions,
  versionsOfFields,
  withVersions
};
