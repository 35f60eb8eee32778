import {
  convertSegment
} from "./chunk-GCO4O5G4.js";
import "./chunk-DFMWVETU.js";
import "./chunk-PZ3UAT74.js";
import "./chunk-L4C24XN6.js";
import "./chunk-PLD2IWHC.js";
import "./chunk-TP7DFXLP.js";
import "./chunk-3II3PXMO.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-FRO4XOVE.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  convertSegment
};
