import {
  toRepair,
  withDoneWeights
} from "./shared-c3640e3e91.js";
export {
  toRepair,
  withDoneWeights
};
