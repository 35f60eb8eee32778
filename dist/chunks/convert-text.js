import {
  convertSegment,
  replaceExisting
} from "./shared-7f57b2514b.js";
import "./shared-94a13abe50.js";
import "./shared-d684bef865.js";
import "./shared-4401e7eb98.js";
import "./shared-da01202873.js";
import "./shared-13eef786d6.js";
import "./shared-574f9d03ce.js";
import "./shared-40d24c5828.js";
import "./shared-afcbbfc458.js";
import "./shared-2a7eafe8ab.js";
import "./shared-6bfea2ec3c.js";
export {
  convertSegment,
  replaceExisting
};
