import {
  GLOBSTAR,
  Minimatch,
  braceExpand,
  defaults,
  escape,
  filter,
  match,
  minimatch,
  sep,
  unescape
} from "./chunk-M3RSPWAC.js";
export {
  GLOBSTAR,
  Minimatch,
  braceExpand,
  defaults,
  escape,
  filter,
  match,
  minimatch,
  sep,
  unescape
};
