import {
  DOCS_TEMPLATE,
  chartCallsTpl,
  handedFiles,
  linkToValues,
  looseValuesName,
  otherChartsFile,
  outsideOtherCharts,
  repoSetting,
  repoTemplateText,
  repoTextChange,
  scriptSetKey,
  setsInAnyDocument,
  settingsOf,
  withHanded
} from "./shared-bef482e313.js";
import "./shared-e4bc5d0e5f.js";
import "./shared-29f1972fb5.js";
import "./shared-23068b7f95.js";
import "./shared-adac2e8139.js";
import "./shared-ee5c055de3.js";
import "./shared-29334cf685.js";
import "./shared-52d6f9d52b.js";
import "./shared-afcbbfc458.js";
import "./shared-2a7eafe8ab.js";
import "./shared-6c59af8607.js";
import "./shared-574f9d03ce.js";
import "./shared-5d7c34b40b.js";
import "./shared-051a59df81.js";
export {
  DOCS_TEMPLATE,
  chartCallsTpl,
  handedFiles,
  linkToValues,
  looseValuesName,
  otherChartsFile,
  outsideOtherCharts,
  repoSetting,
  repoTemplateText,
  repoTextChange,
  scriptSetKey,
  setsInAnyDocument,
  settingsOf,
  withHanded
};
