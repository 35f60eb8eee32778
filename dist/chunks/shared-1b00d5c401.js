import {
  archivedChartName,
  archivedTemplates
} from "./shared-c787c7c747.js";
import {
  chartMeta,
  filesUnder,
  subchartsOf
} from "./shared-29f1972fb5.js";

// src/files/helm/file-deps.ts
import { statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
function fileDependencyTemplates(meta) {
  const out = [];
  for (const path of notVendored(meta)) {
    const kind = kindOf(path);
    if (kind === void 0) continue;
    const read = kind === "dir" ? directoryTemplates(path) : archived(path);
    if ("unreadable" in read) return read;
    out.push(...read.templates);
  }
  return { templates: out };
}
function fileDependencyArchives(meta) {
  return notVendored(meta).filter((f) => kindOf(f) === "file");
}
function notVendored(meta) {
  const vendored = new Set(subchartsOf(meta.dir).map((s) => "meta" in s ? s.meta.name : archivedChartName(s.archive)));
  return meta.dependencies.flatMap((d) => {
    if (!d.repository?.startsWith("file://") || vendored.has(d.name)) return [];
    const path = d.repository.slice("file://".length);
    return [isAbsolute(path) ? path : resolve(meta.dir, path)];
  });
}
function directoryTemplates(dir) {
  if (!chartMeta(dir)) return { templates: [] };
  const files = [...filesUnder(join(dir, "templates")), ...filesUnder(join(dir, "charts"))];
  const out = [];
  for (const f of files) {
    if (!f.endsWith(".tgz")) {
      out.push({ file: f });
      continue;
    }
    const read = archived(f);
    if ("unreadable" in read) return read;
    out.push(...read.templates);
  }
  return { templates: out };
}
function archived(archive) {
  const read = archivedTemplates(archive);
  if ("unreadable" in read) return { unreadable: { file: archive, why: read.unreadable } };
  return { templates: read.templates.map((t) => ({ file: archive, entry: t.name, text: t.text })) };
}
function kindOf(path) {
  try {
    return statSync(path).isDirectory() ? "dir" : "file";
  } catch {
    return void 0;
  }
}
function depUses(deps, uses, show) {
  const out = [];
  for (const t of deps) {
    for (const u of uses(t.text)) {
      const plain = /^\.Values[\w.]*$/.test(u.what);
      if (t.entry === void 0) out.push(`${place(show(t.file), t.text, u.offset)}${plain ? "" : ` (${u.what})`}`);
      else out.push(`${show(t.file)}:1:1 (${place(t.entry, t.text, u.offset)} in the archive, a file:// dependency: ${u.what})`);
    }
  }
  return out;
}
function place(shown, text, offset) {
  const before = text.slice(0, offset);
  return `${shown}:${before.split("\n").length}:${offset - before.lastIndexOf("\n")}`;
}

export {
  fileDependencyTemplates,
  fileDependencyArchives,
  depUses
};
