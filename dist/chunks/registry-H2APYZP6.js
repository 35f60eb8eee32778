import {
  TARGETS,
  TARGET_OPTIONS,
  prepareTarget,
  readTargets,
  targetNamed,
  targetRules
} from "./chunk-COAX3XQC.js";
import "./chunk-RF3I7G2M.js";
import "./chunk-RQ5PBHT7.js";
import "./chunk-GLCI7XMW.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-7VZ5H7B6.js";
export {
  TARGETS,
  TARGET_OPTIONS,
  prepareTarget,
  readTargets,
  targetNamed,
  targetRules
};
