import {
  gatewayTarget
} from "./shared-d4e7d27e69.js";
import "./shared-c3ec45101b.js";
import "./shared-830d5f64a9.js";
import "./shared-da01202873.js";
import "./shared-75891b8258.js";
import "./shared-29334cf685.js";
import "./shared-52d6f9d52b.js";
import "./shared-afcbbfc458.js";
import "./shared-2a7eafe8ab.js";
import "./shared-6c59af8607.js";
import "./shared-574f9d03ce.js";
import "./shared-5d7c34b40b.js";
import "./shared-051a59df81.js";
import "./shared-010d2dfd77.js";
import "./shared-cead045f6a.js";
import "./shared-6bfea2ec3c.js";
import "./shared-7cd1ba18bb.js";
import "./shared-bf13efb741.js";
export {
  gatewayTarget
};
