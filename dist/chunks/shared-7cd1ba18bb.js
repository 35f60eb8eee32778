// src/targets/target.ts
var OptionError = class extends Error {
};
function prepare(plugin, options, documents) {
  return { name: plugin.name, plugin, options, context: plugin.prepare(documents, options), ledger: /* @__PURE__ */ new Map() };
}
function scopeTarget(target, file) {
  return target.plugin.scope ? { ...target, context: target.plugin.scope(target.context, file) } : target;
}

export {
  OptionError,
  prepare,
  scopeTarget
};
