import {
  OptionError,
  prepare,
  scopeTarget
} from "./chunk-GLCI7XMW.js";
export {
  OptionError,
  prepare,
  scopeTarget
};
