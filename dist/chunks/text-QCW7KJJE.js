import {
  convertSegment
} from "./chunk-RU6U5OLA.js";
import "./chunk-Y23HNRTD.js";
import "./chunk-DEK23AUW.js";
import "./chunk-EBY667EG.js";
import "./chunk-ENSZJ7JJ.js";
import "./chunk-HSZGHT4U.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  convertSegment
};
