import {
  TARGETS,
  TARGET_OPTIONS,
  describeVersions,
  prepareTarget,
  readTargets,
  targetNamed,
  targetRules
} from "./shared-8f1e476c25.js";
import "./shared-f1acd8e619.js";
import "./shared-e2b5701804.js";
import "./shared-010d2dfd77.js";
import "./shared-cead045f6a.js";
import "./shared-6bfea2ec3c.js";
import "./shared-7cd1ba18bb.js";
export {
  TARGETS,
  TARGET_OPTIONS,
  describeVersions,
  prepareTarget,
  readTargets,
  targetNamed,
  targetRules
};
