import {
  toRepair,
  withDoneWeights
} from "./shared-c3640e3e91.js";
import "./shared-ee5c055de3.js";
export {
  toRepair,
  withDoneWeights
};
