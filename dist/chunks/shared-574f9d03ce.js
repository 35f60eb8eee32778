import {
  resolvePlain
} from "./shared-5d7c34b40b.js";

// src/yaml/chartweight.ts
var PATH = /^\.Values((?:\.[A-Za-z_]\w*)+)$/;
var DEFAULT = /^default[ \t]+("[^"\\|]*"|[-+]?\d[\w.+-]*)$/;
function parseValueForm(source) {
  if (!source.startsWith("{{") || !source.endsWith("}}")) return void 0;
  let body = source.slice(2, -2);
  const trimLeft = /^-[ \t\r\n]/.test(body);
  const trimRight = /[ \t\r\n]-$/.test(body);
  if (trimLeft) body = body.slice(1);
  if (trimRight) body = body.slice(0, -1);
  const parts = body.split("|").map((p) => p.trim());
  let head = parts[0];
  let quote = false;
  if (/^quote[ \t]/.test(head)) {
    quote = true;
    head = head.slice(5).trim();
  }
  const path = PATH.exec(head);
  if (!path) return void 0;
  const form = { path: path[1].slice(1).split("."), int: false, quote, trimLeft, trimRight };
  let stage = 0;
  for (const part of parts.slice(1)) {
    const d = DEFAULT.exec(part);
    const next = d ? 1 : part === "int" ? 2 : part === "quote" ? 3 : 0;
    if (next === 0 || next <= stage || form.quote) return void 0;
    stage = next;
    if (d) form.default = d[1];
    else if (next === 2) form.int = true;
    else form.quote = true;
  }
  return form;
}
function renderForm(form, value) {
  const name = `.Values.${form.path.join(".")}`;
  if (value === void 0) {
    return form.default !== void 0 ? { reason: `${name} is not in values.yaml, so the template renders its default ${form.default}, which lives in the template` } : { reason: `${name} is not in values.yaml` };
  }
  if (form.default !== void 0 && isEmpty(value)) {
    return { reason: `${name} is empty to Helm (${JSON.stringify(value)}), so the template renders its default ${form.default}` };
  }
  if (form.quote)
    return { reason: "the template quotes the weight, and a v1alpha2 weight is an integer: drop quote from the action, then run again" };
  let text;
  if (typeof value === "number") {
    if (form.int && !Number.isSafeInteger(value)) return { reason: `${name} is ${goFloat(value)}, which int truncates` };
    text = form.int ? String(value) : goFloat(value);
  } else if (typeof value === "string") {
    if (form.int) return { reason: `${name} is the string ${JSON.stringify(value)}, which int reads with its own rules` };
    text = value;
  } else return { reason: `${name} is ${value === null ? "null" : Array.isArray(value) ? "a list" : typeof value}, not a weight` };
  if (!/^[\w.+-]+$/.test(text)) return { reason: `${name} renders ${JSON.stringify(text)}, which is not a plain weight` };
  return { text };
}
function helmValue(text, quoted) {
  if (quoted) return text;
  const r = resolvePlain(text);
  if (r.kind === "int") return Number(r.value);
  if (r.kind === "float") return r.value;
  if (r.kind === "string") return text;
  if (r.kind === "null") return null;
  if (r.kind === "bool") return ["y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"].includes(text);
  return void 0;
}
function rendersAs(form, value, text) {
  if (!("json" in value)) return { reason: "the value cannot be read" };
  const r = renderForm(form, helmValue(text, value.quoted));
  if ("reason" in r) return { reason: `its new value ${text} would not render as itself: ${r.reason}` };
  if (r.text !== text) return { reason: `${text} in values.yaml would render ${r.text}; write the weights smaller or use | int` };
  return r;
}
function isEmpty(value) {
  if (value === null || value === false || value === 0 || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === "object" && Object.keys(value).length === 0;
}
function goFloat(x) {
  if (!Number.isFinite(x)) return x > 0 ? "+Inf" : x < 0 ? "-Inf" : "NaN";
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const [mantissa, e] = x.toExponential().split("e");
  const exp = Number(e);
  if (exp < -4 || exp >= 6) return `${mantissa}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  return String(x);
}

export {
  parseValueForm,
  renderForm,
  helmValue,
  rendersAs,
  goFloat
};
