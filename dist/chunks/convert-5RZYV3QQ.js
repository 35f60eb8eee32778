#!/usr/bin/env node
import { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);
import {
  convertSegment
} from "./chunk-BD6JKEEW.js";
import "./chunk-XZNXH3N7.js";
export {
  convertSegment
};
