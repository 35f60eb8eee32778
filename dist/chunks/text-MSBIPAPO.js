import {
  convertSegment
} from "./chunk-Q2MQ7I6K.js";
import "./chunk-DFMWVETU.js";
import "./chunk-UKFMMZRP.js";
import "./chunk-N3SKPVKC.js";
import "./chunk-NZOMNWRT.js";
import "./chunk-3II3PXMO.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-CQODD65H.js";
import "./chunk-TP7DFXLP.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-7VZ5H7B6.js";
export {
  convertSegment
};
