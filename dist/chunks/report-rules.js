import {
  CORE_RULES,
  REPOSITORY,
  helpUri,
  ruleName,
  ruleTable
} from "./shared-7662770cbe.js";
export {
  CORE_RULES,
  REPOSITORY,
  helpUri,
  ruleName,
  ruleTable
};
