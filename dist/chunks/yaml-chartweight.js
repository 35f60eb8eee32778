import {
  goFloat,
  helmValue,
  parseValueForm,
  renderForm,
  rendersAs
} from "./shared-574f9d03ce.js";
import "./shared-5d7c34b40b.js";
import {
  LINKERD_UNIT_SUM,
  pastLinkerdSum
} from "./shared-051a59df81.js";
export {
  LINKERD_UNIT_SUM,
  goFloat,
  helmValue,
  parseValueForm,
  pastLinkerdSum,
  renderForm,
  rendersAs
};
