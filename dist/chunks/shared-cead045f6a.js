// src/kinds/kind.ts
var apiVersionOnly = () => ({ ok: true });
function versionFor(kind, opts) {
  return opts.versions[kind.kind] ?? kind.version?.default;
}
function flagOf(kind) {
  return kind.version ? `--${kind.version.name}` : "--to";
}

export {
  apiVersionOnly,
  versionFor,
  flagOf
};
