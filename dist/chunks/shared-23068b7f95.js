import {
  isMap,
  parseAllDocuments,
  parseDocument,
  visit
} from "./shared-afcbbfc458.js";

// src/yaml/data.ts
function yamlData(text, maxAliases = 100) {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  const err = doc.errors[0];
  if (err) return { error: { offset: err.pos[0], message: err.message.split("\n")[0] } };
  try {
    return { value: doc.toJS({ maxAliasCount: maxAliases }) };
  } catch (e) {
    return { error: { offset: 0, message: e.message } };
  }
}
function yamlStreamReads(text) {
  return parseAllDocuments(text, { schema: "failsafe", uniqueKeys: false }).every((d) => d.errors.length === 0);
}
function programStrings(text) {
  const out = [];
  for (const doc of parseAllDocuments(text, { schema: "failsafe", uniqueKeys: false })) {
    visit(doc, {
      Scalar(key, node) {
        const v = node.value;
        if (key === "key" || typeof v !== "string" || !/['"()[\]|;=$]/.test(v)) return;
        const data = parseDocument(v, { schema: "failsafe", uniqueKeys: false });
        if (data.errors.length === 0 && isMap(data.contents)) return;
        out.push({ offset: node.range?.[0] ?? 0, value: v });
      }
    });
  }
  return out;
}
var COMMAND_KEYS = /^(?:run|script|scripts|before_script|after_script|cmds|cmd|commands|command|entry|entrypoint|args|exec|working-directory|working_dir|workdir|dir|cwd|chdir)$/i;
function commandStrings(text) {
  const docs = parseAllDocuments(text, { schema: "failsafe", uniqueKeys: false });
  if (docs.some((d) => d.errors.length > 0)) return void 0;
  const out = [];
  for (const doc of docs)
    visit(doc, {
      Scalar(key, node, path) {
        if (key === "key" || typeof node.value !== "string") return;
        const under = path.some((p) => "key" in p && isScalarKey(p.key) && COMMAND_KEYS.test(String(p.key.value)));
        if (under) out.push({ offset: node.range?.[0] ?? 0, value: node.value });
      }
    });
  return out;
}
function isScalarKey(k) {
  return typeof k === "object" && k !== null && "value" in k;
}

export {
  yamlData,
  yamlStreamReads,
  programStrings,
  commandStrings
};
