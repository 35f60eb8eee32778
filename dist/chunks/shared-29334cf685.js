import {
  lineStart
} from "./shared-2a7eafe8ab.js";
import {
  parseValueForm
} from "./shared-574f9d03ce.js";

// src/yaml/template.ts
var CONTROL = /^(?:if|else|end|range|with|define|break|continue)\b/;
var OPENER = /^(?:if|range|with|define|block)\b/;
var DEFINE = /^define\s+(?:"((?:[^"\\]|\\.)*)"|`([^`]*)`)/;
var ASSIGNMENT = /^\$\w*\s*:?=/;
function maskTemplate(text) {
  if (!text.includes("{{")) return void 0;
  const actions = [];
  for (let at = text.indexOf("{{"); at >= 0; at = text.indexOf("{{", at)) {
    const end = actionEnd(text, at + 2);
    if (end < 0) break;
    actions.push(describe(text, at, end));
    at = end;
  }
  if (actions.length === 0) return void 0;
  markStandalone(text, actions);
  unscopedValues(text, actions);
  const out = text.split("");
  for (const a of actions) {
    if (a.standalone) maskComment(out, a.start, a.end);
    else maskInline(out, a.start, a.end);
  }
  const defines = findDefines(text, actions);
  for (const d of defines) maskComment(out, d.start, d.end);
  return { text: out.join(""), actions, defines };
}
function unscopedValues(text, actions) {
  const open = [];
  for (const a of actions) {
    const body = bodyOf(text, a);
    const opener = OPENER.exec(body)?.[0];
    if (opener) open.push(opener);
    else if (/^end\b/.test(body)) open.pop();
    else if (open.some((o) => o !== "if")) delete a.valuesPath;
  }
}
function maskComment(out, start, end) {
  let lineHead = true;
  for (let i = start; i < end; i++) {
    const c = out[i];
    if (c === "\n") {
      lineHead = true;
      continue;
    }
    if (c === "\r" && out[i + 1] === "\n") continue;
    if (lineHead && (c === " " || c === "	")) continue;
    out[i] = lineHead ? "#" : " ";
    lineHead = false;
  }
}
function maskInline(out, start, end) {
  let first = true;
  let i = start;
  for (; i < end; i++) {
    const c = out[i];
    if (c === "\n") {
      first = false;
      continue;
    }
    if (c === "\r" && out[i + 1] === "\n") continue;
    out[i] = first ? "x" : " ";
  }
  if (first) return;
  for (; i < out.length && out[i] !== "\n" && !(out[i] === "\r" && out[i + 1] === "\n"); i++) out[i] = " ";
}
function findDefines(text, actions) {
  const defines = [];
  for (let i = 0; i < actions.length; i++) {
    const name = DEFINE.exec(bodyOf(text, actions[i]));
    if (!name) continue;
    let depth = 1;
    let j = i + 1;
    for (; j < actions.length && depth > 0; j++) {
      const body = bodyOf(text, actions[j]);
      if (OPENER.test(body)) depth++;
      else if (/^end\b/.test(body)) depth--;
      if (depth > 0) actions[j].inDefine = true;
    }
    const closed = depth === 0;
    const last = closed ? actions[j - 1] : void 0;
    if (last) last.inDefine = true;
    actions[i].inDefine = true;
    defines.push({
      name: name[1] ?? name[2] ?? "",
      start: actions[i].start,
      bodyStart: actions[i].end,
      end: last ? last.end : text.length
    });
    i = closed ? j - 1 : actions.length;
  }
  return defines;
}
function bodyOf(text, a) {
  return text.slice(skipTrim(text, a.start + 2), a.end);
}
function actionEnd(text, from) {
  let i = from;
  if (text.startsWith("/*", skipTrim(text, i))) {
    const close = text.indexOf("*/", i);
    if (close < 0) return -1;
    i = close + 2;
  }
  while (i < text.length) {
    const c = text[i];
    if (c === '"' || c === "'") {
      i++;
      while (i < text.length && text[i] !== c && text[i] !== "\n") i += text[i] === "\\" ? 2 : 1;
      i++;
    } else if (c === "`") {
      const close = text.indexOf("`", i + 1);
      if (close < 0) return -1;
      i = close + 1;
    } else if (c === "}" && text[i + 1] === "}") {
      return i + 2;
    } else {
      i++;
    }
  }
  return -1;
}
function skipTrim(text, i) {
  let j = i;
  if (text[j] === "-" && /\s/.test(text[j + 1] ?? "")) j++;
  while (/[ \t\r\n]/.test(text[j] ?? "")) j++;
  return j;
}
function describe(text, start, end) {
  const source = text.slice(start, end);
  const body = text.slice(skipTrim(text, start + 2), end);
  const output = !(body.startsWith("/*") || CONTROL.test(body) || ASSIGNMENT.test(body));
  const action = { start, end, standalone: false, output };
  const form = parseValueForm(source);
  if (form) action.valuesPath = form.path;
  return action;
}
function markStandalone(text, actions) {
  let i = 0;
  while (i < actions.length) {
    const first = lineStart(text, actions[i].start);
    let j = i;
    let pos = first;
    let alone = true;
    for (; ; ) {
      const a = actions[j];
      if (text.slice(pos, a.start).trim() !== "") alone = false;
      pos = a.end;
      const next = actions[j + 1];
      const eol = text.indexOf("\n", pos);
      const lineEnd = eol < 0 ? text.length : eol;
      if (next && next.start < lineEnd) {
        j++;
        continue;
      }
      if (text.slice(pos, lineEnd).trim() !== "") alone = false;
      break;
    }
    for (let k = i; k <= j; k++) actions[k].standalone = alone;
    i = j + 1;
  }
}
function actionWithin(actions, start, end) {
  return actions.find((a) => a.start < end && a.end > start);
}

export {
  maskTemplate,
  actionWithin
};
