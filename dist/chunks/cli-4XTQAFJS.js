// src/webhook/cli.ts
import { readFileSync } from "node:fs";
async function runWebhook(args, io) {
  if (args[0] === "manifests") {
    const { runManifests } = await import("./manifests-cli-7KXXFSRS.js");
    return runManifests(args.slice(1), { ...io, readFile: (path) => readFileSync(path, "utf8") });
  }
  const { runServe } = await import("./serve-cli-3FAMWBFO.js");
  return runServe(args, io);
}
export {
  runWebhook
};
