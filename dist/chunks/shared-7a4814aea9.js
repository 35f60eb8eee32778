import {
  valueSetting,
  valuesFileProblem
} from "./shared-e4bc5d0e5f.js";
import {
  realFile
} from "./shared-ee31c5387e.js";
import {
  isInside,
  realOrSelf
} from "./shared-48451080c7.js";
import {
  maskTemplate
} from "./shared-29334cf685.js";

// src/files/repo-values.ts
import { lstatSync, readFileSync } from "node:fs";
import { basename, dirname } from "node:path";

// src/yaml/readers.ts
var VALUES_REF = /\.Values\b((?:\.[A-Za-z_]\w*)*)/g;
var VALUES_METHOD = /^(?:PathValue|Table|YAML|AsMap)$/;
var BY_NAME = /["`]Values["`]|\.Subcharts\b/g;
var WHOLE = /\b(?:toYaml|toJson|toPrettyJson|toRawJson|mustToJson|mustToPrettyJson|mustToRawJson|toToml|toString|deepCopy|mustDeepCopy|merge|mergeOverwrite|mustMerge|mustMergeOverwrite|pick|omit|values|dig|get|pluck|keys|print|printf|println|fromYaml|list|toStrings|first|last|sortAlpha|join)\b/;
var ROOT_BINDING = /\$(\w+)\s*:?=\s*(?:\.|\$)(?=\s*$)/;
var DICT_PAIR = /"(\w+)"\s+(?:\.|\$)(?=[\s)])/g;
function rootNames(texts) {
  const out = { vars: /* @__PURE__ */ new Set(), keys: /* @__PURE__ */ new Set() };
  for (const text of texts) {
    for (const body of actionBodies(text).map((b) => b.body)) {
      const v = ROOT_BINDING.exec(body);
      if (v) out.vars.add(v[1]);
      if (/\bdict\b/.test(body)) for (const m of body.matchAll(DICT_PAIR)) out.keys.add(m[1]);
    }
  }
  return out;
}
function valueReaders(text, path, template, roots) {
  const out = [];
  for (const m of text.matchAll(VALUES_REF)) {
    const got = m[1] ? m[1].slice(1).split(".") : [];
    if (got.length > 0 && VALUES_METHOD.test(got[0])) {
      out.push({ offset: m.index, what: `.Values.${got[0]}, which may read any value` });
      continue;
    }
    const n = Math.min(got.length, path.length);
    if (got.slice(0, n).every((k, i) => k === path[i])) out.push({ offset: m.index, what: `.Values${m[1]}` });
  }
  if (!template) return out;
  for (const m of text.matchAll(BY_NAME))
    out.push({ offset: m.index, what: m[0] === ".Subcharts" ? "a subchart's values" : `${m[0]} by name` });
  out.push(...wholeRootReads(text, roots ?? { vars: /* @__PURE__ */ new Set(), keys: /* @__PURE__ */ new Set() }));
  return out.sort((a, b) => a.offset - b.offset);
}
function rendersFiles(text) {
  return actionBodies(text).some((b) => /\btpl\b/.test(b.body));
}
function wholeRootReads(text, roots) {
  const out = [];
  const scopes = [];
  const dotIsRoot = () => scopes.every((s) => s);
  const vars = [...roots.vars].map((v) => `\\$${v}`).join("|");
  const keys = [...roots.keys].join("|");
  const named = [vars, keys && `\\$?\\.(?:${keys})`].filter(Boolean).join("|");
  for (const { body, start } of actionBodies(text)) {
    const head = /^(if|else|end|range|with|define|block)\b/.exec(body);
    if (head) {
      const word = head[1];
      const rest = body.slice(word.length).trim();
      if (word === "end") scopes.pop();
      else if (word === "if") scopes.push(true);
      else if (word === "define" || word === "block") scopes.push(true);
      else if (word === "range" || word === "with") scopes.push(isRootExpr(rest.replace(/^.*:=\s*/, ""), named));
      else if (/^with\b/.test(rest)) scopes[scopes.length - 1] = isRootExpr(rest.slice(4), named);
      continue;
    }
    const root = rootOperand(body, dotIsRoot(), named);
    if (root === void 0) continue;
    const printed = body.trim() === root;
    if (printed || WHOLE.test(body))
      out.push({ offset: start, what: `${printed ? "printing" : "a function of"} the root context (${root})` });
  }
  return out;
}
function isRootExpr(expr, named) {
  const e = expr.trim();
  return e === "." || e === "$" || named !== "" && new RegExp(`^(?:${named})$`).test(e);
}
function rootOperand(body, dotIsRoot, named) {
  const alts = [dotIsRoot ? "\\." : "", "\\$", named].filter(Boolean).join("|");
  const m = new RegExp(`(?:^|[\\s(|,])(${alts})(?=$|[\\s)|,])`).exec(body.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""'));
  if (!m) return void 0;
  const passes = /^(?:include|template)\s+\S+\s+(?:\.|\$\w*)\s*(?:\|.*)?$|\btpl\b|\bdict\b/.test(body.trim());
  if (passes && !WHOLE.test(body.replace(/\binclude\b|\btpl\b/g, ""))) return void 0;
  return m[1];
}
function actionBodies(text) {
  const masked = maskTemplate(text);
  if (!masked) return [];
  return masked.actions.map((a) => ({ body: bodyOf(text.slice(a.start, a.end)), start: a.start }));
}
function bodyOf(source) {
  let body = source.slice(2, -2);
  if (/^-[ \t\r\n]/.test(body)) body = body.slice(1);
  if (/[ \t\r\n]-$/.test(body)) body = body.slice(0, -1);
  return body.trim().replace(/^\/\*[\s\S]*\*\/$/, "");
}

// src/files/repo-values.ts
function outsideOtherCharts(files, chartDirs, renderers) {
  const dirs = chartDirs.map(realOrSelf);
  return files.filter((f) => {
    const real = realOrSelf(dirname(f));
    let nearest;
    for (const d of dirs) if (isInside(real, d) && (nearest === void 0 || d.length > nearest.length)) nearest = d;
    return nearest === void 0 || renderers.has(nearest);
  });
}
function repoSetting(files, path, readText) {
  for (const file of files) {
    const s = settingsOf(readText(file), path)[0];
    if (s && "unreadable" in s) return { file, line: s.line, column: s.column, how: `: ${s.unreadable}, so it may set` };
    if (s) return { file, line: s.line, column: s.column, how: s.plain ? " sets" : ` (${s.how}) sets` };
  }
  return void 0;
}
function settingsOf(text, path) {
  if (!text.includes(path[0]) && !/\\[xuU]/.test(text)) return [];
  const out = [];
  for (const doc of documents(text)) {
    const s = valueSetting(doc, path);
    if (s === "unreadable" && /\{\{/.test(doc)) continue;
    if (s === "unreadable") {
      const why = valuesFileProblem(doc);
      out.push({ doc, line: why?.line ?? 1, column: why?.column ?? 1, unreadable: why?.how ?? "it cannot be read" });
    } else if (s && s.how !== "it sets .Values to a non-mapping")
      out.push({ doc, line: s.line, column: s.column, how: s.how, plain: s.how === `it sets .Values.${path.join(".")}` });
  }
  return out;
}
function documents(text) {
  const starts = [0];
  for (const m of text.matchAll(/^---(?=[ \t\r\n]|$)/gm)) {
    const before = text.slice(starts[starts.length - 1], m.index);
    if (before.split("\n").some((l) => !/^\s*(?:[#%].*)?$/.test(l))) starts.push(m.index);
  }
  return starts.map((start, i) => text.slice(0, start).replace(/[^\n]/g, "") + text.slice(start, starts[i + 1] ?? text.length));
}
function linkToValues(files, valuesFile, proved) {
  const target = realFile(valuesFile);
  if (target === void 0) return void 0;
  const link = (f) => lstatSync(f, { throwIfNoEntry: false })?.isSymbolicLink() === true;
  return files.find(
    (f) => f !== valuesFile && link(f) && realFile(f) === target && !(basename(f) === "values.yaml" && proved.has(realOrSelf(dirname(f))))
  );
}
function repoTemplateText(files, paths) {
  for (const file of files) {
    const text = readFile(file);
    if (!text.includes("{{")) continue;
    for (const path of paths) {
      const u = valueReaders(text, path, false)[0];
      if (u) return { file, offset: u.offset };
    }
  }
  return void 0;
}
function readFile(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

export {
  rootNames,
  valueReaders,
  rendersFiles,
  outsideOtherCharts,
  repoSetting,
  settingsOf,
  linkToValues,
  repoTemplateText
};
