import {
  CORE_RULES,
  REPOSITORY,
  helpUri,
  ruleName,
  ruleTable
} from "./chunk-YRAXX2J2.js";
import "./chunk-7VZ5H7B6.js";
export {
  CORE_RULES,
  REPOSITORY,
  helpUri,
  ruleName,
  ruleTable
};
