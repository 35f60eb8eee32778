#!/usr/bin/env node
import { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);
import {
  convertSegment
} from "./chunk-5YOVS6CU.js";
import "./chunk-6FXVUNUL.js";
import "./chunk-QWALWATZ.js";
import "./chunk-JQNYK2EV.js";
import "./chunk-PL3BMLT6.js";
export {
  convertSegment
};
