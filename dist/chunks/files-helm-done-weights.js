import {
  toRepair,
  withDoneWeights
} from "./shared-c72f1d454c.js";
import "./shared-ee5c055de3.js";
export {
  toRepair,
  withDoneWeights
};
