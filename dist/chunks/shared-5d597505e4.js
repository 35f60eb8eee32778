import {
  checkWritable
} from "./shared-63797b09e0.js";
import {
  beyondMessage,
  repositoryOf
} from "./shared-adac2e8139.js";
import {
  realOrSelf
} from "./shared-ee5c055de3.js";

// src/files/helm/values.ts
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

// src/edit/log.ts
var EditLog = class {
  constructor(original) {
    this.original = original;
    this.text = original;
  }
  original;
  /** The text with every edit made. */
  text;
  made = [];
  /** The edits of the original text, sorted, not overlapping. */
  get edits() {
    return this.made;
  }
  /** Replaces `[start, end)` of the current text by `text`. */
  replace(start, end, text) {
    let shift = 0;
    let first = 0;
    while (first < this.made.length && this.currentEnd(this.made[first], shift) < start) shift += growth(this.made[first++]);
    let last = first;
    let from = start;
    let to = end;
    let endShift = shift;
    while (last < this.made.length && this.made[last].start + endShift <= end) {
      const m = this.made[last];
      from = Math.min(from, m.start + endShift);
      to = Math.max(to, this.currentEnd(m, endShift));
      endShift += growth(m);
      last++;
    }
    const merged = {
      start: first < last ? Math.min(this.made[first].start, start - shift) : start - shift,
      end: first < last ? Math.max(this.made[last - 1].end, end - endShift) : end - shift,
      text: this.text.slice(from, start) + text + this.text.slice(end, to)
    };
    this.made.splice(first, last - first, merged);
    this.text = this.text.slice(0, start) + text + this.text.slice(end);
  }
  currentEnd(m, shift) {
    return m.start + shift + m.text.length;
  }
};
function growth(e) {
  return e.text.length - (e.end - e.start);
}

// src/files/helm/values.ts
var ChartValuesRun = class {
  constructor(ctx) {
    this.ctx = ctx;
  }
  ctx;
  files = /* @__PURE__ */ new Map();
  /**
   * Converts `file` again with its chart's values when its first conversion left value
   * weights pending; records the values.yaml writes. Returns the conversion to keep.
   */
  async convert(file, first, opts, again) {
    if (!first.findings.some((f) => f.code === "templated")) return first;
    const pending = first.findings.filter((f) => f.code === "templated" && f.pending && f.valuesPath);
    const { toRepair } = await import("./files-helm-done-weights.js");
    const wanted = [...pending, ...await toRepair(first.findings, file, () => readText(file))];
    if (wanted.length === 0) return first;
    const chart = chartOf(file);
    const valuesFile = chart && join(chart, "values.yaml");
    if (!chart || !existsSync(valuesFile)) return first;
    const key = realOrSelf(valuesFile);
    const known = this.files.get(key);
    let input;
    try {
      input = known?.input ?? readFileSync(valuesFile);
    } catch {
      return first;
    }
    const text = known?.log.text ?? input.toString("utf8");
    const { values, proofs } = await this.readValues(file, chart, valuesFile, input.toString("utf8"), wanted);
    let second = again({ ...opts, chartValues: values });
    const { findValue, helmValueOf } = await import("./yaml-values.js");
    const { schemaRefusalOf } = await import("./files-helm-values-proof.js");
    const schema = (second.valuesWrites ?? []).flatMap((w) => {
      const key2 = w.path.join(".");
      const v = values.get(key2);
      const why = v && "quoted" in v ? schemaRefusalOf(proofs.get(key2), helmValueOf(w.text, v.quoted)) : void 0;
      return why ? [[key2, why]] : [];
    });
    if (schema.length) {
      for (const [key2, refused] of schema) values.set(key2, { refused });
      second = again({ ...opts, chartValues: values });
    }
    const writes = second.valuesWrites ?? [];
    if (writes.length === 0) return second;
    const record = known ?? { file: valuesFile, input, log: new EditLog(text), templates: [], repairs: [], findings: [] };
    for (const w of writes) {
      const at = findValue(record.log.text, w.path);
      if (!at) throw new Error(`internal error: ${w.path.join(".")} vanished from ${valuesFile}`);
      const q = at.quoted ? at.raw[0] : "";
      const written = `${q}${w.text}${q}`;
      if (at.raw !== findValue(record.input.toString("utf8"), w.path)?.raw) {
        if (at.raw === written) continue;
        throw new Error(`internal error: ${w.path.join(".")} of ${valuesFile} rewritten twice, to ${at.raw} and ${written}`);
      }
      record.findings.push({
        severity: "info",
        code: "values-converted",
        offset: at.start,
        path: this.ctx.show(record.file),
        line: at.line,
        column: at.column,
        message: `${w.path.join(".")} ${at.raw} -> ${written} (a weight of ${w.by.message.slice(0, w.by.message.indexOf(": "))} in ${w.by.path}:${w.by.line}:${w.by.column})`
      });
      record.log.replace(at.start, at.end, written);
    }
    this.files.set(key, record);
    if (second.changed) {
      record.templates.push(file);
      return second;
    }
    record.repairs.push(file);
    const by = (f) => writes.some((w) => w.by.code === f.code && w.by.line === f.line && w.by.column === f.column);
    record.findings.push(...second.findings.filter(by));
    return { ...second, findings: second.findings.filter((f) => !by(f)) };
  }
  /** Each wanted path's value as Helm reads it, or why it may not be converted (values-proof.ts decides). */
  async readValues(file, chart, valuesFile, text, wanted) {
    const { findValue, valuesFileProblem } = await import("./yaml-values.js");
    const problem = valuesFileProblem(text);
    const { valueRefusal } = await import("./files-helm-values-proof.js");
    const out = /* @__PURE__ */ new Map();
    const proofs = /* @__PURE__ */ new Map();
    const show = this.ctx.show;
    const whole = this.chartRefusal(valuesFile);
    const mine = readText(file);
    for (const f of wanted) {
      const path = f.valuesPath;
      const dotted = path.join(".");
      if (out.has(dotted)) continue;
      const refuse = (refused) => {
        const first = [...out].find(([, v]) => "refused" in v && v.refused === refused)?.[0];
        out.set(dotted, { refused: first ? `the same reason as for .Values.${first}` : refused });
      };
      const own = new Set(wanted.filter((w) => w.valuesPath.join(".") === dotted).map((w) => offsetAt(mine, w)));
      const at = findValue(text, path);
      if (whole) refuse(whole);
      else if (path[0] === "global") refuse("a global value is shared with every subchart");
      else if (own.size > 1) refuse(`.Values.${dotted} is read by ${own.size} weights, which could take different factors`);
      else if (problem) refuse(`${show(valuesFile)}:${problem.line}:${problem.column}: ${problem.how}`);
      else if (at?.fixed) refuse(`${show(valuesFile)}:${(at.fixedAt ?? at).line}:${(at.fixedAt ?? at).column}: ${at.fixed}`);
      else {
        const proof = {
          chart,
          valuesFile,
          valuesText: text,
          path,
          own: { file, offsets: own },
          show,
          dependents: await this.dependents(),
          world: this.world,
          runFiles: this.runReal()
        };
        const why = valueRefusal(proof);
        if (why) refuse(why);
        else out.set(dotted, at ? { json: at.json, quoted: at.quoted } : { absent: true });
        proofs.set(dotted, proof);
      }
    }
    return { values: out, proofs };
  }
  real;
  /** The run's files by their real paths, once. */
  runReal() {
    return this.real ??= new Set((this.ctx.runFiles ?? []).map((f) => realOrSelf(f)));
  }
  /** The world the values proof reads, kept for the run: done-weights.ts looks at the same files. */
  async proofWorld() {
    return { dependents: await this.dependents(), world: this.world, runFiles: this.runReal() };
  }
  /** The charts of each repository a proof has read, read once for the run (chart-world.ts). */
  world = /* @__PURE__ */ new Map();
  charts;
  /** The charts of the run's files (each file's nearest directory above it holding Chart.yaml) by what they render, once. */
  async dependents() {
    if (this.charts) return this.charts;
    const dirs = /* @__PURE__ */ new Set();
    const seen = /* @__PURE__ */ new Set();
    const repos = /* @__PURE__ */ new Map();
    for (const f of this.ctx.runFiles ?? []) {
      const top = repositoryOf(dirname(f), repos);
      for (let dir = dirname(f); !seen.has(dir); dir = dirname(dir)) {
        seen.add(dir);
        if (existsSync(join(dir, "Chart.yaml"))) {
          dirs.add(dir);
          break;
        }
        if (dir === top) break;
      }
    }
    const { dependents } = await import("./files-helm-chart-layout.js");
    return this.charts = dependents([...dirs]);
  }
  /** Why no value of this chart may be written: the write boundary, a read-only values.yaml. */
  chartRefusal(valuesFile) {
    const { boundary, writing } = this.ctx;
    if (boundary && !boundary.allows(valuesFile))
      return beyondMessage(`${this.ctx.show(valuesFile)} is`, { notWritten: "the value cannot be written" });
    if (writing) {
      try {
        checkWritable(valuesFile, boundary ? { boundary } : {});
      } catch (err) {
        return `${this.ctx.show(valuesFile)} cannot be written (${err.code ?? err.message})`;
      }
    }
    return void 0;
  }
};
function offsetAt(text, f) {
  let start = 0;
  for (let line = 1; line < f.line && start >= 0; line++) start = text.indexOf("\n", start) + 1;
  const action = start + f.column - 1;
  return text.indexOf(".Values", action);
}
function chartOf(file) {
  for (let dir = dirname(file); ; ) {
    if (basename(dir) === "templates" && existsSync(join(dirname(dir), "Chart.yaml"))) return dirname(dir);
    const parent = dirname(dir);
    if (parent === dir) return void 0;
    dir = parent;
  }
}
function readText(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

export {
  ChartValuesRun,
  chartOf
};
