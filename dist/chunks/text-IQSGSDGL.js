import {
  convertSegment
} from "./chunk-EO4AO7IE.js";
import "./chunk-FW5WWASO.js";
import "./chunk-2ML37MK2.js";
import "./chunk-HSZGHT4U.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  convertSegment
};
