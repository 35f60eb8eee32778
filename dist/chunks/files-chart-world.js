import {
  archivedChartName,
  archivedTemplates,
  linkOutside,
  loadBreak,
  sharedTemplate,
  worldOf
} from "./shared-2d2bf838e2.js";
import "./shared-ee31c5387e.js";
import "./shared-23068b7f95.js";
import "./shared-adac2e8139.js";
import "./shared-ee5c055de3.js";
import "./shared-afcbbfc458.js";
export {
  archivedChartName,
  archivedTemplates,
  linkOutside,
  loadBreak,
  sharedTemplate,
  worldOf
};
