import {
  goFloat,
  helmValue,
  parseValueForm,
  renderForm,
  rendersAs
} from "./shared-574f9d03ce.js";
import "./shared-5d7c34b40b.js";
import "./shared-6b8d96f437.js";
export {
  goFloat,
  helmValue,
  parseValueForm,
  renderForm,
  rendersAs
};
