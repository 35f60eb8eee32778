import {
  gatewayTarget
} from "./chunk-NUZ6KHNA.js";
import "./chunk-FUZQVC3D.js";
import "./chunk-RQ5PBHT7.js";
import "./chunk-GLCI7XMW.js";
import "./chunk-IYRYXBKE.js";
import "./chunk-CQODD65H.js";
import "./chunk-AL7GCN3C.js";
import "./chunk-TP7DFXLP.js";
import "./chunk-3II3PXMO.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-5TGP2BMR.js";
import "./chunk-3Z2ZY4QJ.js";
export {
  gatewayTarget
};
