import {
  CORE_RULES,
  REPOSITORY,
  helpUri,
  ruleName,
  ruleTable
} from "./chunk-YRAXX2J2.js";
export {
  CORE_RULES,
  REPOSITORY,
  helpUri,
  ruleName,
  ruleTable
};
