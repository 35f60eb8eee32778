import {
  NOT_VALUES,
  byName,
  chartMeta,
  dependents,
  filesUnder,
  overrideFiles,
  realFile,
  subchartsOf,
  umbrellaIndex,
  umbrellasOf
} from "./shared-29f1972fb5.js";
import "./shared-23068b7f95.js";
import "./shared-adac2e8139.js";
import "./shared-ee5c055de3.js";
import "./shared-afcbbfc458.js";
export {
  NOT_VALUES,
  byName,
  chartMeta,
  dependents,
  filesUnder,
  overrideFiles,
  realFile,
  subchartsOf,
  umbrellaIndex,
  umbrellasOf
};
