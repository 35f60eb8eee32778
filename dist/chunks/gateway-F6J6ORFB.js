import {
  gatewayTarget
} from "./chunk-XOW6YJTJ.js";
import "./chunk-DEK23AUW.js";
import "./chunk-YFXYEOX6.js";
import "./chunk-SOX6JU3Y.js";
import "./chunk-WA44FRRI.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-HSZGHT4U.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  gatewayTarget
};
