import {
  helmIgnoreOf,
  leftOut,
  valuesLeftOut
} from "./shared-5ad789d74e.js";
export {
  helmIgnoreOf,
  leftOut,
  valuesLeftOut
};
