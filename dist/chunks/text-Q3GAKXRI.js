import {
  convertSegment,
  replaceExisting
} from "./chunk-UINJ2563.js";
import "./chunk-DFMWVETU.js";
import "./chunk-UETIZYNK.js";
import "./chunk-3YYYDBNH.js";
import "./chunk-AKU7XVSP.js";
import "./chunk-3II3PXMO.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-ASJMRGWZ.js";
import "./chunk-LHHU3G2G.js";
import "./chunk-3Z2ZY4QJ.js";
import "./chunk-KKREWVWF.js";
export {
  convertSegment,
  replaceExisting
};
