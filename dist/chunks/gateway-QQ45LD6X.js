import {
  gatewayTarget
} from "./chunk-YGSVPVNV.js";
import "./chunk-FUZQVC3D.js";
import "./chunk-RQ5PBHT7.js";
import "./chunk-GLCI7XMW.js";
import "./chunk-ZRR3I5TW.js";
import "./chunk-CQODD65H.js";
import "./chunk-N3SKPVKC.js";
import "./chunk-TP7DFXLP.js";
import "./chunk-3II3PXMO.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-NZOMNWRT.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  gatewayTarget
};
