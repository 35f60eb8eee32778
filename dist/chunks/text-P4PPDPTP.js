import {
  convertSegment
} from "./chunk-RXN4KRDU.js";
import "./chunk-DFMWVETU.js";
import "./chunk-PV5VG7I3.js";
import "./chunk-PKSH5MIK.js";
import "./chunk-3II3PXMO.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-LSKGBNCJ.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  convertSegment
};
