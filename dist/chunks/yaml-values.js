import {
  anchorReused,
  findValue,
  helmValueOf,
  renderedValue,
  settingIn,
  valueSetting,
  valuesFileProblem
} from "./shared-e4bc5d0e5f.js";
import "./shared-52d6f9d52b.js";
import "./shared-afcbbfc458.js";
import "./shared-2a7eafe8ab.js";
import "./shared-6c59af8607.js";
import {
  goFloat
} from "./shared-574f9d03ce.js";
import "./shared-5d7c34b40b.js";
import "./shared-051a59df81.js";
export {
  anchorReused,
  findValue,
  goFloat,
  helmValueOf,
  renderedValue,
  settingIn,
  valueSetting,
  valuesFileProblem
};
