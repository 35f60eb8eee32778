import {
  StreamIoError,
  convertWhole,
  migrateBuffer,
  migrateFd,
  migrateStream,
  migrateWhole,
  readInput
} from "./shared-17bcccb27a.js";
import "./shared-5e4676b2ba.js";
import "./shared-2bc75f1796.js";
import "./shared-c4ee163c72.js";
import "./shared-f775291102.js";
import "./shared-2a7eafe8ab.js";
import "./shared-6c59af8607.js";
import "./shared-e2b5701804.js";
import "./shared-cead045f6a.js";
import "./shared-6bfea2ec3c.js";
export {
  StreamIoError,
  convertWhole,
  migrateBuffer,
  migrateFd,
  migrateStream,
  migrateWhole,
  readInput
};
