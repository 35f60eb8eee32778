import {
  TARGETS,
  TARGET_OPTIONS,
  prepareTarget,
  readTargets,
  targetNamed,
  targetRules
} from "./chunk-LT7FLX2C.js";
import "./chunk-JYXKUM7C.js";
import "./chunk-V333KUCY.js";
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
