// src/files/deploy-groups.ts
var DEPLOY_GROUPS = ["kustomize.toolkit.fluxcd.io", "argoproj.io", "fluxcd.controlplane.io", "helm.toolkit.fluxcd.io"];
var DEPLOY_API_PREFIXES = DEPLOY_GROUPS.map((g) => `${g}/`);
var CANDIDATE = /(?:kustomize\.toolkit\.fluxcd\.io|argoproj\.io|fluxcd\.controlplane\.io|helm\.toolkit\.fluxcd\.io)\/|\\(?:[xuU]|\r?\n)/;
var FLUX = Buffer.from("fluxcd.io/");
var ARGO = Buffer.from("argoproj.io/");
var BACKSLASH = 92;
function mayNameDeployGroup(bytes) {
  if (!bytes.includes(FLUX) && !bytes.includes(ARGO) && !bytes.includes(BACKSLASH)) return false;
  return CANDIDATE.test(bytes.toString("latin1"));
}

export {
  DEPLOY_API_PREFIXES,
  mayNameDeployGroup
};
