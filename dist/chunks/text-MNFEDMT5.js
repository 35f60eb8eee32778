import {
  convertSegment
} from "./chunk-SMXCR5K3.js";
import "./chunk-K6PZHNZJ.js";
import "./chunk-IXWEBBDC.js";
import "./chunk-HSZGHT4U.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  convertSegment
};
