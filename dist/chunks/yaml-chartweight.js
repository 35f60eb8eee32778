import {
  goFloat,
  helmValue,
  parseValueForm,
  renderForm,
  rendersAs
} from "./shared-574f9d03ce.js";
import "./shared-40d24c5828.js";
export {
  goFloat,
  helmValue,
  parseValueForm,
  renderForm,
  rendersAs
};
