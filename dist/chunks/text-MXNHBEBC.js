import {
  convertSegment
} from "./chunk-PGKJ6XBR.js";
import "./chunk-DFMWVETU.js";
import "./chunk-PHMZ3XAD.js";
import "./chunk-CQODD65H.js";
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
