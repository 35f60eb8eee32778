import {
  gatewayTarget
} from "./chunk-TWVSV36F.js";
import "./chunk-ALPSZKZK.js";
import "./chunk-3B5VDXNS.js";
import "./chunk-AKU7XVSP.js";
import "./chunk-3II3PXMO.js";
import "./chunk-FUZQVC3D.js";
import "./chunk-RQ5PBHT7.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-GLCI7XMW.js";
import "./chunk-CQODD65H.js";
import "./chunk-TP7DFXLP.js";
import "./chunk-3Z2ZY4QJ.js";
import "./chunk-KKREWVWF.js";
export {
  gatewayTarget
};
