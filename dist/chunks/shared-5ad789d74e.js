// src/files/helm/helmignore.ts
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
function helmIgnoreOf(dir) {
  let text;
  try {
    text = readFileSync(join(dir, ".helmignore"), "utf8").replace(/^\uFEFF/, "");
  } catch {
    text = "";
  }
  const rules = [];
  for (const line of [...text.split("\n"), "templates/.?*"]) {
    let r = line.trim();
    if (r === "" || r.startsWith("#")) continue;
    if (r.includes("**")) return { refused: `its rule ${r} uses **, which Helm's loader refuses, so the chart does not load` };
    const negate = r.startsWith("!");
    if (negate) r = r.slice(1);
    const dirOnly = r.endsWith("/");
    if (dirOnly) r = r.slice(0, -1);
    const anchored = r.startsWith("/");
    if (anchored) r = r.slice(1);
    const glob = shellGlob(r);
    if (!glob) return { refused: `its rule ${line.trim()} is not a glob Helm's loader reads, so the chart does not load` };
    rules.push({ glob, negate, dirOnly, wholePath: anchored || r.includes("/") });
  }
  return { rules };
}
function leftOut(rules, rel) {
  const parts = rel.split("/");
  return parts.some((_, i) => ignores(rules, parts.slice(0, i + 1).join("/"), i < parts.length - 1));
}
function ignores(rules, path, isDir) {
  for (const r of rules) {
    const name = r.wholePath ? path : path.slice(path.lastIndexOf("/") + 1);
    const hit = r.glob.test(name);
    if (r.negate) {
      if (r.dirOnly && !isDir || !hit) return true;
      continue;
    }
    if (r.dirOnly && !isDir) continue;
    if (hit) return true;
  }
  return false;
}
function shellGlob(glob) {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*") out += "[^/]*";
    else if (c === "?") out += "[^/]";
    else if (c === "\\") {
      if (++i >= glob.length) return void 0;
      out += escape(glob[i]);
    } else if (c === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end < 0) return void 0;
      let body = glob.slice(i + 1, end);
      const negated = body.startsWith("^");
      if (negated) body = body.slice(1);
      out += `[${negated ? "^/" : ""}${body.replace(/[\]\\^]/g, "\\$&")}]`;
      i = end;
    } else out += escape(c);
  }
  return new RegExp(`^${out}$`);
}
var escape = (c) => c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
function valuesLeftOut(renderer, chart) {
  const rel = relative(renderer, chart).split(sep).join("/");
  const inside = rel === "" ? "values.yaml" : rel.startsWith("charts/") ? `${rel}/values.yaml` : void 0;
  if (inside === void 0) return void 0;
  const read = helmIgnoreOf(renderer);
  const file = join(renderer, ".helmignore");
  if ("refused" in read) return { file, why: read.refused };
  if (!leftOut(read.rules, inside)) return void 0;
  return { file, why: `it leaves ${inside} out of the chart Helm loads, so Helm renders the chart without those values` };
}

export {
  helmIgnoreOf,
  leftOut,
  valuesLeftOut
};
