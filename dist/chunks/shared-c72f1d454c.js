import {
  realOrSelf
} from "./shared-ee5c055de3.js";

// src/files/helm/done-weights.ts
import { readFileSync as readFileSync2 } from "node:fs";
import { dirname as dirname2 } from "node:path";

// src/files/helm/chart.ts
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
function chartValuesFile(templateFile) {
  const dir = chartDir(templateFile);
  if (dir === void 0) return void 0;
  const values = join(dir, "values.yaml");
  return existsSync(values) ? values : void 0;
}
function chartDir(templateFile) {
  let dir = dirname(templateFile);
  for (; ; ) {
    if (existsSync(join(dir, "Chart.yaml"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return void 0;
    dir = parent;
  }
}
var IGNORE = "smi-migrate.io/ignore";
var spelled = /* @__PURE__ */ new Map();
function chartIgnoreSource(templateFile) {
  const dir = chartDir(templateFile);
  if (dir === void 0) return void 0;
  if (!spelled.has(dir)) {
    const files = [
      ...listed(dir, false).filter((f) => /\.ya?ml$/.test(f) && !/\/Chart\.yaml$/.test(f)),
      ...listed(join(dir, "ci"), true).filter((f) => /\.ya?ml$/.test(f)),
      ...listed(join(dir, "templates"), true).filter((f) => f.endsWith(".tpl"))
    ];
    spelled.set(
      dir,
      files.find((f) => read(f).includes(IGNORE))
    );
  }
  return spelled.get(dir);
}
function listed(dir, deep, seen = /* @__PURE__ */ new Set()) {
  const real = realOrSelf(dir);
  if (seen.has(real)) return [];
  seen.add(real);
  let names;
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const f = join(dir, name);
    const st = statOrUndefined(f);
    if (st?.isDirectory()) return deep ? listed(f, true, seen) : [];
    return st?.isFile() ? [f] : [];
  });
}
function statOrUndefined(f) {
  try {
    return statSync(f);
  } catch {
    return void 0;
  }
}
function read(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

// src/files/helm/done-weights.ts
async function withDoneWeights(findings, file, input, o) {
  if (!findings.some((f) => f.valuesDone)) return findings;
  const { parseValueForm } = await import("./yaml-chartweight.js");
  const valuesFile = chartValuesFile(file);
  const template = input.toString("utf8");
  const lines = template.split("\n");
  const out = [];
  const passed = /* @__PURE__ */ new Map();
  for (const f of findings) {
    if (f.code !== "templated" || f.severity !== "info" || !f.valuesDone) {
      out.push(f);
      continue;
    }
    const form = parseValueForm(actionAt(template, lines, f));
    const problems = !valuesFile ? ["the chart has no values.yaml"] : !form ? ["the action is not one this run reads"] : await renderProblems(form, f, valuesFile, o);
    if (problems.length === 0) {
      const split = `${f.object?.namespace ?? ""}/${f.object?.name ?? ""}`;
      passed.set(split, [...passed.get(split) ?? [], { f, form }]);
      continue;
    }
    out.push(pendingWarning(f, `${problems.join("; ")}: convert the value by hand`));
  }
  for (const [split, weights] of passed) {
    const odd = (weights[0].f.valuesLiterals ?? []).filter((v) => v.int === void 0);
    if (odd.length === 0) continue;
    passed.delete(split);
    out.push(pendingWarning(weights[0].f, `its literal weight ${odd.map((v) => v.raw).join(", ")} is no integer: convert it by hand`));
  }
  if (valuesFile && !o.notLinkerd) for (const weights of passed.values()) out.push(...await pastSum(weights, valuesFile, o));
  return out;
}
function pendingWarning(f, why) {
  const { valuesDone: _done, valuesPath: _path, valuesAffix: _affix, valuesLiterals: _literals, ...rest } = f;
  return { ...rest, severity: "warning", pending: true, message: `${f.message}; the split's version takes integer weights, but ${why}` };
}
async function pastSum(weights, valuesFile, o) {
  const { LINKERD_UNIT_SUM, pastLinkerdSum } = await import("./yaml-chartweight.js");
  const sources = await renderedIntegers(weights, valuesFile, o);
  const own = sources.get(valuesFile) ?? [];
  const over = (file2) => weights.map((_, i) => sources.get(file2)?.[i] ?? own[i]);
  const largest = weights.map(
    (_, i) => [...sources.values()].reduce(
      (a, v) => v[i] !== void 0 && (a === void 0 || v[i] > a) ? v[i] : a,
      void 0
    )
  );
  const literals = (weights[0].f.valuesLiterals ?? []).flatMap((v) => v.int === void 0 ? [] : [v.int]);
  const sumOf = (ints2) => ints2.reduce((a, b) => a + (b ?? 0n), 0n) + literals.reduce((a, b) => a + b, 0n);
  const past = (ints2) => pastLinkerdSum([...literals, ...ints2.filter((v) => v !== void 0)]);
  const file = [...sources.keys()].find((f) => past(over(f)));
  const ints = file !== void 0 ? over(file) : largest;
  if (file === void 0 && (sources.size < 3 || !past(largest))) return [];
  const where = file === void 0 ? `${[...sources.keys()].map(o.show).join(", ")} given together` : `${o.show(file)}${file === valuesFile ? "" : " (over values.yaml)"}`;
  const names = [...weights.map(({ form }) => `.Values.${form.path.join(".")}`), ...literals.map(String)].join(", ");
  const why = `${names} with ${where} ${file === void 0 ? "may " : ""}render integers that add up to ${sumOf(ints)}, past ${LINKERD_UNIT_SUM}, what Linkerd adds up without wrapping (it reads v1alpha2 integers as whole units, \xD7 10000 in 32 bits): convert the values by hand (divide them by their greatest common divisor)`;
  return [pendingWarning(weights[0].f, why)];
}
async function renderedIntegers(weights, valuesFile, o) {
  const { findValue } = await import("./yaml-values.js");
  const { renderForm } = await import("./yaml-chartweight.js");
  const { valueSetters } = await import("./files-helm-values-proof.js");
  const { settingsOf } = await import("./files-helm-repo-values.js");
  const out = /* @__PURE__ */ new Map();
  const put = (file, i, json) => {
    const rendered = renderForm(weights[i].form, json);
    if ("reason" in rendered || !/^\d+$/.test(rendered.text)) return;
    const ints = out.get(file) ?? weights.map(() => void 0);
    ints[i] = ints[i] === void 0 || BigInt(rendered.text) > ints[i] ? BigInt(rendered.text) : ints[i];
    out.set(file, ints);
  };
  const text = readText(valuesFile);
  weights.forEach(({ form }, i) => {
    put(valuesFile, i, findValue(text, form.path)?.json);
    const world = valueSetters({ chart: dirname2(valuesFile), valuesFile, show: o.show, ...o.world }, form.path);
    if ("refused" in world) return;
    for (const setter of world.setters) {
      for (const s of settingsOf(readText(setter.file), setter.path, setter.file)) {
        const value = "unreadable" in s ? void 0 : findValue(s.doc, setter.path);
        if (value) put(setter.file, i, value.json);
      }
    }
  });
  return out;
}
async function renderProblems(form, f, valuesFile, o) {
  const { findValue, valuesFileProblem } = await import("./yaml-values.js");
  const { renderForm } = await import("./yaml-chartweight.js");
  const { handedWhy, valueMention, valueMutation, valueSetters } = await import("./files-helm-values-proof.js");
  const { settingsOf } = await import("./files-helm-repo-values.js");
  const { valuesLeftOut } = await import("./files-helm-helmignore.js");
  const problems = [];
  const left = valuesLeftOut(dirname2(valuesFile), dirname2(valuesFile));
  if (left) problems.push(`${o.show(left.file)}:1:1: ${left.why}`);
  const check = (value, where) => {
    const rendered = renderForm(form, value?.json);
    const affix = f.valuesAffix;
    if ("reason" in rendered) problems.push(`${where}: ${rendered.reason}`);
    else if (affix?.more) problems.push(`the weight has more template text than the value action (${where})`);
    else if (!/^\d+$/.test(`${affix?.prefix ?? ""}${rendered.text}${affix?.suffix ?? ""}`))
      problems.push(`${where}, which renders ${affix?.prefix ?? ""}${rendered.text}${affix?.suffix ?? ""}`);
  };
  const text = readText(valuesFile);
  const unread = valuesFileProblem(text);
  if (unread) return [...problems, `${o.show(valuesFile)}:${unread.line}:${unread.column}: ${unread.how}`];
  const own = findValue(text, form.path);
  check(own, own ? `${o.show(valuesFile)}:${own.line}:${own.column} holds ${own.raw}` : o.show(valuesFile));
  const changed = valueMutation({ chart: dirname2(valuesFile), valuesFile, show: o.show, ...o.world }, form.path);
  if (changed) problems.push(`${changed} may change .Values.${form.path.join(".")}`);
  const world = valueSetters({ chart: dirname2(valuesFile), valuesFile, show: o.show, ...o.world }, form.path);
  if ("refused" in world)
    return [...problems, `the files that may set .Values.${form.path.join(".")} cannot all be found: ${world.refused}`];
  for (const setter of world.setters) {
    for (const s of settingsOf(readText(setter.file), setter.path, setter.file)) {
      const at = `${o.show(setter.file)}:${s.line}:${s.column}`;
      const name = `.Values.${setter.path.join(".")}`;
      if ("unreadable" in s) problems.push(`${at}: ${s.unreadable}, so it may set ${name}`);
      else if (!s.plain) problems.push(`${at} (${s.how}) may set ${name}`);
      else {
        const value = findValue(s.doc, setter.path);
        check(value, value ? `${at} holds ${value.raw}` : `${at} sets ${name}`);
      }
    }
  }
  const m = valueMention({ chart: dirname2(valuesFile), valuesFile, show: o.show, ...o.world }, form.path);
  if (m && !("refused" in m) && m.handed)
    problems.push(
      `${o.show(m.file)}:${m.line}:${m.column}: ${handedWhy(m.handed, o.show, `.Values.${form.path.join(".")}`)}, so it may set a non-integer`
    );
  else if (m && !("refused" in m))
    problems.push(
      `${o.show(m.file)}:${m.line}:${m.column} ${m.word === void 0 ? "mentions" : `spells ${m.word}, a key of`} .Values.${form.path.join(".")}: it may set a non-integer (a file this run cannot read as Helm's input)`
    );
  return problems;
}
async function toRepair(findings, file, readTemplate) {
  const notes = findings.filter((f) => f.code === "templated" && f.severity === "info" && f.valuesDone && f.valuesPath);
  const valuesFile = notes.length ? chartValuesFile(file) : void 0;
  if (!valuesFile) return [];
  const { findValue } = await import("./yaml-values.js");
  const { parseValueForm, renderForm } = await import("./yaml-chartweight.js");
  const text = readText(valuesFile);
  const template = readTemplate();
  const lines = template.split("\n");
  const splitOf = (f) => `${f.object?.namespace ?? ""}/${f.object?.name ?? ""}`;
  const broken = /* @__PURE__ */ new Set();
  const affixed = new Set(notes.filter((f) => f.valuesAffix).map(splitOf));
  for (const f of notes) {
    const form = parseValueForm(actionAt(template, lines, f));
    if (!form || affixed.has(splitOf(f))) continue;
    const rendered = renderForm(form, findValue(text, form.path)?.json);
    if (!("reason" in rendered) && !/^\d+$/.test(rendered.text)) broken.add(splitOf(f));
  }
  return notes.filter((f) => broken.has(splitOf(f)));
}
function actionAt(template, lines, f) {
  const at = lines.slice(0, f.line - 1).reduce((n, l) => n + l.length + 1, 0) + f.column - 1;
  return /^\{\{[\s\S]*?\}\}/.exec(template.slice(at))?.[0] ?? "";
}
function readText(file) {
  try {
    return readFileSync2(file, "utf8");
  } catch {
    return "";
  }
}

export {
  chartValuesFile,
  chartIgnoreSource,
  withDoneWeights,
  toRepair
};
