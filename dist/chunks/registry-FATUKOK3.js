import {
  TARGETS,
  TARGET_OPTIONS,
  prepareTarget,
  readTargets,
  targetNamed,
  targetRules
} from "./chunk-7I7XO56I.js";
import "./chunk-JYXKUM7C.js";
import "./chunk-YFXYEOX6.js";
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
