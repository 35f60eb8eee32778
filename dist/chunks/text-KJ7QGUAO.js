import {
  convertSegment
} from "./chunk-DXMD2AL5.js";
import "./chunk-DFMWVETU.js";
import "./chunk-IYRYXBKE.js";
import "./chunk-CQODD65H.js";
import "./chunk-AL7GCN3C.js";
import "./chunk-TP7DFXLP.js";
import "./chunk-3II3PXMO.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-NZOMNWRT.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  convertSegment
};
