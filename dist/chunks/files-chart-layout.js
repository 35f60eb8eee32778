import {
  chartMeta,
  dependents,
  filesUnder,
  nearbyCharts,
  overrideFiles,
  realFile,
  subchartsOf,
  umbrellasOf
} from "./shared-ee31c5387e.js";
import "./shared-23068b7f95.js";
import "./shared-ee5c055de3.js";
import "./shared-afcbbfc458.js";
export {
  chartMeta,
  dependents,
  filesUnder,
  nearbyCharts,
  overrideFiles,
  realFile,
  subchartsOf,
  umbrellasOf
};
