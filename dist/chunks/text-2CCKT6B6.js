import {
  convertSegment
} from "./chunk-OPAQKG7V.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-HSZGHT4U.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  convertSegment
};
