import {
  SMI_SPLIT_GROUP,
  VERSIONS
} from "./shared-6bfea2ec3c.js";

// src/kinds/trafficsplit/hops.ts
var SPLIT_GROUP = SMI_SPLIT_GROUP;
var SPLIT_KIND = "TrafficSplit";
var SPLIT_VERSIONS = VERSIONS;
var HOPS = [
  { from: "v1alpha1", to: "v1alpha2", weights: "quantity-to-integer" },
  { from: "v1alpha2", to: "v1alpha3", adds: [["spec", "matches"]] },
  { from: "v1alpha3", to: "v1alpha4" }
];
function splitVersion(apiVersion) {
  if (typeof apiVersion !== "string" || !apiVersion.startsWith(`${SPLIT_GROUP}/`)) return void 0;
  const v = apiVersion.slice(SPLIT_GROUP.length + 1);
  return SPLIT_VERSIONS.includes(v) ? v : void 0;
}

export {
  SPLIT_GROUP,
  SPLIT_KIND,
  SPLIT_VERSIONS,
  HOPS,
  splitVersion
};
