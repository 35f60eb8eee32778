#!/usr/bin/env node
import { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);
import {
  convertSegment
} from "./chunk-UQPE5L62.js";
import "./chunk-6FXVUNUL.js";
import "./chunk-JQNYK2EV.js";
import "./chunk-PL3BMLT6.js";
export {
  convertSegment
};
