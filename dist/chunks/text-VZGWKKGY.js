import {
  convertSegment,
  replaceExisting
} from "./chunk-ZGO3BFSJ.js";
import "./chunk-DFMWVETU.js";
import "./chunk-ALPSZKZK.js";
import "./chunk-3B5VDXNS.js";
import "./chunk-AKU7XVSP.js";
import "./chunk-3II3PXMO.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-CQODD65H.js";
import "./chunk-TP7DFXLP.js";
import "./chunk-3Z2ZY4QJ.js";
import "./chunk-KKREWVWF.js";
export {
  convertSegment,
  replaceExisting
};
