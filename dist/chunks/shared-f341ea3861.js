// src/report/format.ts
var VERB = { stream: "converted", check: "would convert", diff: "would convert", write: "converted" };
var REPAIR_VERB = { stream: "repaired", check: "would repair", diff: "would repair", write: "repaired" };
var paint = (on, code, s) => on ? `\x1B[${code}m${s}\x1B[0m` : s;
function where(f) {
  return f.line ? `${f.path}:${f.line}:${f.column}` : f.path;
}
function formatFinding(f, mode, style) {
  const at = paint(style.color, 2, where(f));
  if (f.severity === "info") return `${at}: ${findingText(f, mode)}`;
  const label = f.severity === "error" ? paint(style.color, 31, "error") : paint(style.color, 33, "warning");
  return `${at}: ${label}: ${findingText(f, mode)}`;
}
function findingText(f, mode) {
  if (f.severity !== "info" || OWN_WORDS.has(f.code)) return f.message;
  const verb = f.code === "converted" || f.code === "patch-converted" || f.code === "values-converted" ? VERB[mode] : f.code === "repaired" ? REPAIR_VERB[mode] : f.code === "same-tree" ? `also ${VERB[mode]}:` : f.code === "suppressed" ? "suppressed" : "note";
  return `${verb} ${f.message}`;
}
var OWN_WORDS = /* @__PURE__ */ new Set(["helm-release", "helm-record", "helm-record-kept", "helm-split-removed"]);
function findingJson(f) {
  return {
    // A finding about a file as a whole (line 0) has no line or column.
    path: f.path,
    line: f.line || void 0,
    column: f.line ? f.column : void 0,
    severity: f.severity,
    code: f.code,
    kind: f.object?.kind,
    namespace: f.object?.namespace,
    name: f.object?.name,
    from: f.from,
    to: f.to,
    weightsBefore: f.weightsBefore,
    // After conversion weights are integers (below 2^31): JSON numbers, as the manifest now holds them.
    weightsAfter: f.weightsAfter?.map(Number),
    pending: f.pending,
    reason: f.suppression?.reason,
    suppressedBy: f.suppression?.by,
    message: f.message
  };
}
function isConversion(code) {
  return code === "converted" || code === "repaired" || code === "patch-converted" || code === "values-converted";
}
function newTotals(files = 0, changedFiles = 0) {
  return { files, changedFiles, converted: 0, kinds: /* @__PURE__ */ new Map(), patches: 0, errors: 0, warnings: 0, pending: 0, suppressed: 0 };
}
function countFinding(t, f) {
  if (f.severity === "error") t.errors++;
  else if (f.severity === "warning") t.warnings++;
  else if (f.code === "suppressed") t.suppressed++;
  else if (f.code === "patch-converted") t.patches++;
  else if (f.code === "values-converted") return;
  else if (isConversion(f.code)) {
    if (f.severity === "info" && "further" in f && f.further) return;
    t.converted++;
    const kind = f.object?.kind ?? "TrafficSplit";
    if (!kind.endsWith("List")) t.kinds.set(kind, (t.kinds.get(kind) ?? 0) + 1);
    else (t.lists ??= /* @__PURE__ */ new Map()).set(kind, (t.lists.get(kind) ?? 0) + 1);
  }
  if (f.pending) t.pending++;
}
function formatSummary(t, mode) {
  if (t.line !== void 0) return t.line;
  const patches = t.patches ? `${t.patches} kustomize patch value${t.patches === 1 ? "" : "s"}/target${t.patches === 1 ? "" : "s"}` : "";
  const counted = t.kinds.size || !t.lists ? t.kinds : t.lists;
  const kinds = [...counted].map(([kind, n]) => `${n} ${kind}${n === 1 ? "" : "s"}`);
  const parts = [...kinds, patches].filter(Boolean);
  const objects = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts.join("");
  const inFiles = mode === "stream" ? "" : ` in ${t.changedFiles} file${t.changedFiles === 1 ? "" : "s"}`;
  const tail = [
    t.errors && `${t.errors} error${t.errors === 1 ? "" : "s"}`,
    t.warnings && `${t.warnings} warning${t.warnings === 1 ? "" : "s"}`,
    t.pending && `${t.pending} left for a person to convert`,
    t.suppressed && `${t.suppressed} suppressed`
  ].filter(Boolean).join(", ");
  const checked = mode === "stream" ? "" : ` (${t.files} file${t.files === 1 ? "" : "s"} checked)`;
  let head;
  if (t.converted === 0 && t.patches === 0) head = `nothing to convert${t.pending ? " automatically" : ""}${checked}`;
  else if (mode === "check" || mode === "diff") head = `${objects}${inFiles} would be converted${checked}`;
  else head = `converted ${objects}${inFiles}${checked}`;
  return tail ? `${head}; ${tail}` : head;
}

export {
  formatFinding,
  findingText,
  findingJson,
  isConversion,
  newTotals,
  countFinding,
  formatSummary
};
