// src/report/exit.ts
var EXIT_CLEAN = 0;
var EXIT_CHANGES = 1;
var EXIT_ERROR = 2;
function exitOf(t, mode) {
  if (t.errors > 0) return { code: EXIT_ERROR, reason: "errors" };
  if (t.pending > 0) return { code: EXIT_CHANGES, reason: "left-for-a-person" };
  if (mode === "stream") return { code: EXIT_CLEAN, reason: "converted" };
  if (t.changedFiles > 0 && (mode === "check" || mode === "diff")) return { code: EXIT_CHANGES, reason: "would-convert" };
  return { code: EXIT_CLEAN, reason: mode === "write" && t.changedFiles > 0 ? "converted" : "nothing-to-convert" };
}

export {
  EXIT_ERROR,
  exitOf
};
