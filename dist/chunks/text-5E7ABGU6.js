import {
  convertSegment
} from "./chunk-VHHKBSP4.js";
import "./chunk-DFMWVETU.js";
import "./chunk-ZRR3I5TW.js";
import "./chunk-CQODD65H.js";
import "./chunk-N3SKPVKC.js";
import "./chunk-TP7DFXLP.js";
import "./chunk-3II3PXMO.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-JU2S2LQN.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  convertSegment
};
