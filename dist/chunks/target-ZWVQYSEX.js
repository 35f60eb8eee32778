import {
  OptionError,
  prepare,
  scopeTarget
} from "./chunk-GLCI7XMW.js";
import "./chunk-7VZ5H7B6.js";
export {
  OptionError,
  prepare,
  scopeTarget
};
