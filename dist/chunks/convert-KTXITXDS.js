import {
  convertSegment
} from "./chunk-447O3H7V.js";
import "./chunk-U3W4K4UA.js";
import "./chunk-HSZGHT4U.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  convertSegment
};
