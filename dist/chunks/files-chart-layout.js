import {
  NOT_VALUES,
  chartMeta,
  dependents,
  filesUnder,
  overrideFiles,
  realFile,
  subchartsOf,
  umbrellaIndex,
  umbrellasOf
} from "./shared-ee31c5387e.js";
import "./shared-23068b7f95.js";
import "./shared-48451080c7.js";
import "./shared-afcbbfc458.js";
export {
  NOT_VALUES,
  chartMeta,
  dependents,
  filesUnder,
  overrideFiles,
  realFile,
  subchartsOf,
  umbrellaIndex,
  umbrellasOf
};
