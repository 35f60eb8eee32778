import {
  convertSegment
} from "./chunk-VNLXEKDG.js";
import "./chunk-XGB3FUNE.js";
import "./chunk-R7353UU3.js";
import "./chunk-Y23HNRTD.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-HSZGHT4U.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  convertSegment
};
