import {
  convertSegment
} from "./chunk-RB4AVDZW.js";
import "./chunk-U3W4K4UA.js";
import "./chunk-3CLMZ2MH.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  convertSegment
};
