// src/kustomize/names.ts
var KUSTOMIZATION_NAMES = /* @__PURE__ */ new Set(["kustomization.yaml", "kustomization.yml", "Kustomization"]);
function isKustomizationFile(file) {
  const slash = Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\"));
  return KUSTOMIZATION_NAMES.has(file.slice(slash + 1));
}

export {
  KUSTOMIZATION_NAMES,
  isKustomizationFile
};
