import {
  helmIgnoreOf,
  leftOut,
  valuesLeftOut
} from "./shared-dd26c55de7.js";
export {
  helmIgnoreOf,
  leftOut,
  valuesLeftOut
};
