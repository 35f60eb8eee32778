import {
  TARGETS,
  TARGET_OPTIONS,
  prepareTarget,
  readTargets,
  targetNamed,
  targetRules
} from "./chunk-5FCXJI57.js";
import "./chunk-RF3I7G2M.js";
import "./chunk-RQ5PBHT7.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-GLCI7XMW.js";
export {
  TARGETS,
  TARGET_OPTIONS,
  prepareTarget,
  readTargets,
  targetNamed,
  targetRules
};
