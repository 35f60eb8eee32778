// src/model.ts
var VERSIONS = ["v1alpha1", "v1alpha2", "v1alpha3", "v1alpha4"];
var TARGETS = ["v1alpha2", "v1alpha3", "v1alpha4"];
var SPECS_TARGETS = ["v1alpha2", "v1alpha3", "v1alpha4"];
var ACCESS_TARGETS = ["v1alpha2", "v1alpha3"];
var SMI_SPLIT_GROUP = "split.smi-spec.io";

export {
  VERSIONS,
  TARGETS,
  SPECS_TARGETS,
  ACCESS_TARGETS,
  SMI_SPLIT_GROUP
};
