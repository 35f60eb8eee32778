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
import "./chunk-7VZ5H7B6.js";
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
