import {
  convertSegment
} from "./chunk-SJVJY5I3.js";
import "./chunk-ZBD47F5S.js";
import "./chunk-TTI2AE7N.js";
import "./chunk-ISBIHZID.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-LSKGBNCJ.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  convertSegment
};
