// src/command.ts
import { parseArgs } from "node:util";
var UsageError = class extends Error {
  constructor(message, kind = "other") {
    super(message);
    this.kind = kind;
  }
  kind;
};
function readFlags(args, flags, positionals) {
  const options = Object.fromEntries(
    flags.map((f) => [
      f.name,
      {
        type: f.value ? "string" : "boolean",
        ...f.short ? { short: f.short } : {},
        ...f.multiple ? { multiple: true } : {}
      }
    ])
  );
  try {
    return parseArgs({ args: [...args], options, allowPositionals: positionals, strict: true });
  } catch (err) {
    throw usageError(err, flags);
  }
}
function usageError(err, flags) {
  const quoted = /'([^']*)'/.exec(err.message)?.[1] ?? "";
  switch (err.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return new UsageError(`unknown option ${quoted}`.trimEnd(), "unknown-option");
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return new UsageError(`unexpected argument ${quoted}`.trimEnd(), "unexpected-argument");
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE": {
      const name = /--([a-z0-9-]+)/.exec(err.message)?.[1];
      const flag = flags.find((f) => f.name === name);
      return flag?.value ? new UsageError(`--${name} needs a value`, "needs-value") : new UsageError(`--${name ?? "?"} takes no value`, "takes-no-value");
    }
    default:
      return new UsageError(err.message.split(". ")[0]);
  }
}
function checkValues(values, flags) {
  for (const f of flags) {
    const v = values[f.name];
    if (f.value && !f.multiple && v === "") throw new UsageError(`--${f.name} needs a value`, "needs-value");
    if (f.choices && typeof v === "string" && !f.choices.includes(v)) {
      throw new UsageError(`--${f.name} must be one of ${f.choices.join(", ")}; got "${v}"`);
    }
  }
}
function optionRows(flags) {
  const rows = flags.map((f) => {
    const names = `${f.short ? `-${f.short}, ` : "    "}--${f.name}${f.value ? ` <${f.value}>` : ""}`;
    const choices = f.choices ? ` (${f.choices.join(", ")})` : "";
    return [names, (f.help + choices).split("\n")];
  });
  const width = Math.max(...rows.map(([n]) => n.length)) + 2;
  return rows.map(([n, lines]) => lines.map((l, i) => `  ${(i === 0 ? n : "").padEnd(width)}${l}`).join("\n")).join("\n");
}

export {
  UsageError,
  readFlags,
  checkValues,
  optionRows
};
