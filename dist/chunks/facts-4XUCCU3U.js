import {
  GENERATOR,
  collectFacts,
  emptyFacts,
  factKey,
  portNumber,
  routeKey
} from "./chunk-ENSZJ7JJ.js";
import "./chunk-HSZGHT4U.js";
import "./chunk-X3GTPCZH.js";
import "./chunk-S7MRHGHA.js";
import "./chunk-7VZ5H7B6.js";
export {
  GENERATOR,
  collectFacts,
  emptyFacts,
  factKey,
  portNumber,
  routeKey
};
