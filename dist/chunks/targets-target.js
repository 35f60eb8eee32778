import {
  OptionError,
  prepare,
  scopeTarget
} from "./shared-7cd1ba18bb.js";
export {
  OptionError,
  prepare,
  scopeTarget
};
