// src/webhook/cli.ts
import { readFileSync } from "node:fs";
async function runWebhook(args, io) {
  if (args[0] === "manifests") {
    const { runManifests } = await import("./webhook-manifests-cli.js");
    return runManifests(args.slice(1), { ...io, readFile: (path) => readFileSync(path, "utf8") });
  }
  const { runServe } = await import("./webhook-serve-cli.js");
  return runServe(args, io);
}
export {
  runWebhook
};
