import {
  convertSegment
} from "./chunk-6G6WJYLS.js";
import "./chunk-Y23HNRTD.js";
import "./chunk-UMANFS4Z.js";
import "./chunk-EBY667EG.js";
import "./chunk-LRJDE7LF.js";
import "./chunk-HSZGHT4U.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  convertSegment
};
