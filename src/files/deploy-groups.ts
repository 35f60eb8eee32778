/**
 * The API groups of the objects that deploy a repository's manifests with patches of their own
 * (Flux, the Flux Operator, Argo CD: deployers.ts), and the byte test that says a file may hold
 * one. The read pass asks it of every file it reads, so the deploy-time check does not read
 * those files a second time.
 */
export const DEPLOY_GROUPS = [
  'kustomize.toolkit.fluxcd.io',
  'argoproj.io',
  'fluxcd.controlplane.io',
  'helm.toolkit.fluxcd.io',
  // Flux sources and artifact generators: they may rename the paths a Kustomization deploys.
  'source.toolkit.fluxcd.io',
  'source.extensions.fluxcd.io',
]

/**
 * What an object of those groups spells in its document: its apiVersion, the group then `/`
 * (deployer-objects.ts reads the group up to the last `/`). A scalar folded over lines gains a
 * space, so only escapes can spell it otherwise. A CRD of the group (`group: argoproj.io`, in
 * every vendored Argo CD or Flux install manifest) spells no such prefix.
 */
export const DEPLOY_API_PREFIXES = DEPLOY_GROUPS.map((g) => `${g}/`)

/** The prefixes as bytes spell them, or an escape that may spell one (`\u002e`, `\x2e`, an escaped line break). */
const CANDIDATE =
  /(?:kustomize\.toolkit\.fluxcd\.io|argoproj\.io|fluxcd\.controlplane\.io|helm\.toolkit\.fluxcd\.io|source\.(?:toolkit|extensions)\.fluxcd\.io)\/|\\(?:[xuU]|\r?\n)/
const FLUX = Buffer.from('fluxcd.io/')
const ARGO = Buffer.from('argoproj.io/')
const BACKSLASH = 0x5c

const ACTION = Buffer.from('{{')
const SUBST = Buffer.from('${')
/** An apiVersion or kind that Flux's `postBuild` substitution may fill in (`apiVersion: ${GROUP}/v1`). */
const SUBST_LINE = /(?:apiVersion|kind)["']?[ \t]*:[^\n]*\$\{/

/**
 * Whether `bytes` may spell a deploy group's apiVersion: literally, or by an escape, or (a template)
 * by a group's name and a template action that may add the `/` (`{{ printf "%s/%s" "argoproj.io" … }}`),
 * or by a Flux variable in an apiVersion or kind (`${GROUP}/v1`, which a `postBuild` may fill in).
 * No false negative; a byte search first.
 */
export function mayNameDeployGroup(bytes: Buffer): boolean {
  if (bytes.includes(ACTION)) {
    const text = bytes.toString('latin1')
    if (TEMPLATED_GROUP.test(text) || templatedDeployKind(text)) return true
  }
  if (bytes.includes(SUBST) && SUBST_LINE.test(bytes.toString('latin1'))) return true
  if (!bytes.includes(FLUX) && !bytes.includes(ARGO) && !bytes.includes(BACKSLASH)) return false
  return CANDIDATE.test(bytes.toString('latin1'))
}

/** A deploy group's name, not followed by `/` (a template may write the rest of the apiVersion). */
export const TEMPLATED_GROUP =
  /(?:kustomize\.toolkit\.fluxcd\.io|argoproj\.io|fluxcd\.controlplane\.io|helm\.toolkit\.fluxcd\.io|source\.(?:toolkit|extensions)\.fluxcd\.io)(?!\/)/

const ACTION_API = /apiVersion["']?[ \t]*:[^\n]*\{\{/
const DEPLOY_KIND_LINE =
  /kind["']?[ \t]*:[ \t]*["']?(?:Application|ApplicationSet|Kustomization|HelmRelease|ResourceSet|FluxInstance|GitRepository|OCIRepository|Bucket|ArtifactGenerator)\b/

/**
 * Whether a text holds a templated apiVersion and names a deploy kind: whatever the action spells
 * (`printf "%s%s/%s" "argoproj" ".io" "v1alpha1"` splits the group's name), it may be a deploy object.
 */
export function templatedDeployKind(text: string): boolean {
  return ACTION_API.test(text) && DEPLOY_KIND_LINE.test(text)
}
