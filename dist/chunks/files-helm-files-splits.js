import {
  filesUnder
} from "./shared-29f1972fb5.js";
import "./shared-23068b7f95.js";
import {
  unchanged
} from "./shared-63797b09e0.js";
import "./shared-adac2e8139.js";
import {
  realOrSelf
} from "./shared-ee5c055de3.js";
import "./shared-afcbbfc458.js";

// src/files/helm/files-splits.ts
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
function filesSplits(charts, read, show) {
  const known = new Set(read.map(realOrSelf));
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  for (const dir of charts) {
    const templates = filesUnder(join(dir, "templates"));
    if (!templates.some((t) => /\.Files\b/.test(readText(t)))) continue;
    const inside = new Set(templates.map(realOrSelf));
    const named = templates.map(readText).join("\n");
    for (const f of filesUnder(dir, (n) => n === ".git")) {
      const real = realOrSelf(f);
      if (known.has(real) || inside.has(real) || seen.has(real) || f.endsWith(".tgz")) continue;
      if (/\.(?:md|markdown|rst|adoc)$/i.test(f) && !named.includes(relative(dir, f))) continue;
      seen.add(real);
      const text = readText(f);
      const at = splitAt(text);
      if (at === void 0 || text.includes("\0")) continue;
      const before = text.slice(0, at);
      const path = show(f);
      const message = `a chart file a template may render through .Files (tpl, .Files.Get) holds an SMI TrafficSplit, and this run does not read it (no YAML name): convert it by hand, or name it *.yaml`;
      const finding = {
        severity: "warning",
        code: "templated",
        message,
        offset: at,
        pending: true,
        path,
        line: before.split("\n").length,
        column: at - before.lastIndexOf("\n")
      };
      out.push(unchanged(f, path, [finding]));
    }
  }
  return out;
}
var KIND = /\bkind["']?\s*:\s*["']?TrafficSplit\b/;
var GROUP = /\bsplit\.smi-spec\.io\b/;
function templatedAt(text, key, built) {
  let from = 0;
  for (const line of text.split("\n")) {
    const action = line.indexOf("{{");
    const colon = line.indexOf(":");
    const keyed = new RegExp(`(?<![\\w-])${key}(?![\\w-])`).test(line);
    if (action >= 0 && (keyed || built && colon >= 0 && action < colon)) return from + Math.max(0, line.search(/\S/));
    from += line.length + 1;
  }
  return void 0;
}
function splitAt(text) {
  const kind = KIND.exec(text)?.index;
  const group = GROUP.exec(text)?.index;
  const k = kind ?? templatedAt(text, "kind", group !== void 0);
  const g = group ?? templatedAt(text, "apiVersion", kind !== void 0);
  if (k === void 0 || g === void 0) return void 0;
  return kind !== void 0 && group !== void 0 ? Math.min(kind, group) : kind ?? group ?? Math.min(k, g);
}
function readText(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
export {
  filesSplits,
  splitAt
};
