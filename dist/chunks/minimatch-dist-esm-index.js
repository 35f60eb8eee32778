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
} from "./shared-4d6026caf7.js";
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
