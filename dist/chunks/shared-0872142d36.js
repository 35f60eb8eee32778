import {
  findingJson,
  formatFinding,
  formatSummary,
  isConversion
} from "./shared-f341ea3861.js";

// src/report/json.ts
function jsonSink(target, mode = "write") {
  const records = [];
  const applied = mode !== "check" && mode !== "diff";
  return {
    finding: (f) => void records.push(isConversion(f.code) ? { ...findingJson(f), applied } : findingJson(f)),
    finish: (totals) => {
      records.push(summaryRecord(totals, mode));
      target().write(JSON.stringify(records, null, 2) + "\n");
    }
  };
}
function summaryRecord(t, mode) {
  return {
    record: "summary",
    mode,
    files: mode === "stream" ? void 0 : t.files,
    changedFiles: mode === "stream" ? void 0 : t.changedFiles,
    converted: Object.fromEntries(t.kinds),
    patches: t.patches || void 0,
    errors: t.errors,
    warnings: t.warnings,
    pending: t.pending,
    suppressed: t.suppressed || void 0,
    exitCode: t.exit?.code,
    exitReason: t.exit?.reason,
    message: formatSummary(t, mode)
  };
}

// src/report/text.ts
function textSink(o, target) {
  let out;
  let color = false;
  const stream = () => {
    if (!out) {
      out = target();
      color = Boolean(o.color && out.isTTY);
    }
    return out;
  };
  const write = (line) => {
    const to = stream();
    to.write(line() + "\n");
  };
  return {
    // Warnings and errors are always printed; -q hides only the per-object information lines.
    finding: (f) => {
      if (!(o.quiet && f.severity === "info")) write(() => formatFinding(f, o.mode, { color }));
    },
    note: (line) => write(() => line),
    // The summary is always printed: `-q --check` must still say why it exits 1.
    finish: (totals) => write(() => formatSummary(totals, o.mode))
  };
}

// src/report/formats.ts
var FORMATS = [
  {
    name: "text",
    about: "path:line:col: severity: message lines and a summary line, for people",
    sink: (c, out) => textSink({ mode: c.mode, quiet: c.quiet ?? false, color: c.color ?? false }, out)
  },
  {
    name: "json",
    about: "one JSON array: a record per finding, then a summary record",
    sink: (c, out) => jsonSink(out, c.mode)
  },
  {
    name: "sarif",
    about: "a SARIF 2.1.0 log, for GitHub code scanning and other SARIF viewers",
    sink: async (c, out) => {
      const [{ sarifSink }, { ruleTable }] = await Promise.all([import("./report-sarif.js"), import("./report-rules.js")]);
      return sarifSink({ mode: c.mode, cwd: c.cwd, root: await c.root(), rules: ruleTable(c.rules) }, out);
    }
  }
];
var FORMAT_NAMES = FORMATS.map((f) => f.name);
function formatNamed(name) {
  return FORMATS.find((f) => f.name === name);
}
function formatHelp() {
  const width = Math.max(...FORMAT_NAMES.map((n) => n.length)) + 2;
  return ["report format (default: text):", ...FORMATS.map((f) => `  ${f.name.padEnd(width)}${f.about}`)].join("\n");
}

// src/report/sink.ts
function fanOut(sinks) {
  return {
    finding: (f) => sinks.forEach((s) => s.finding(f)),
    note: (line) => sinks.forEach((s) => s.note?.(line)),
    finish: async (totals) => {
      for (const s of sinks) await s.finish(totals);
    }
  };
}
async function deliver(findings, totals, sinks) {
  const all = fanOut(sinks);
  for (const f of findings) all.finding(f);
  await all.finish(totals);
}

export {
  FORMAT_NAMES,
  formatNamed,
  formatHelp,
  fanOut,
  deliver
};
