import {
  convertSegment,
  replaceExisting
} from "./chunk-Q6MDJWQF.js";
import "./chunk-DFMWVETU.js";
import "./chunk-IYRYXBKE.js";
import "./chunk-CQODD65H.js";
import "./chunk-AL7GCN3C.js";
import "./chunk-TP7DFXLP.js";
import "./chunk-3II3PXMO.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-5TGP2BMR.js";
import "./chunk-3Z2ZY4QJ.js";
export {
  convertSegment,
  replaceExisting
};
