/**
 * The one table of what a deploy object may hold (docs/kustomize.md#deploy-time-patches): a field
 * is harmless only when it is listed here, and the same list judges the object as written and
 * every field a kustomization's patch writes over it. Anything not listed (a field the tool does
 * not know, `sourceHydrator`, `resourcesTemplate`, `inputs`) is harmful.
 *
 * - `free`: renders nothing of the repository, whatever its value (labels, intervals, a destination).
 * - `reach`: says which path or chart is deployed (read by reachOf); harmless where it is written, but a
 *   patch that writes it changes what is deployed, so it is harmful there.
 * - `names`: a name prefix, suffix or namespace the tool sets over the path: harmful only to a tree with patches.
 * - `subst`: Flux `postBuild`, whose variables are substituted into the built objects: harmful only to a
 *   tree whose files hold `${`.
 * - `judged`: read by its own rule (patches, components, a plugin, a chart's values, generators).
 * - a mapping: only the keys listed (`*`: any key); `{ list: f }`: a list whose every element is `f`.
 */
export type Field = 'free' | 'reach' | 'names' | 'subst' | 'judged' | Fields | { list: Field }
export interface Fields {
  [key: string]: Field
}

const HELM_SOURCE: Fields = {
  values: 'judged',
  valuesObject: 'judged',
  valueFiles: 'judged',
  parameters: 'judged',
  fileParameters: 'judged',
  releaseName: 'free',
  passCredentials: 'free',
  ignoreMissingValueFiles: 'free',
  skipCrds: 'free',
  skipSchemaValidation: 'free',
  skipTests: 'free',
  version: 'free',
  kubeVersion: 'free',
  apiVersions: 'free',
  namespace: 'free',
}

const KUSTOMIZE_SOURCE: Fields = {
  namePrefix: 'names',
  nameSuffix: 'names',
  namespace: 'names',
  commonLabels: 'free',
  commonAnnotations: 'free',
  commonAnnotationsEnvsubst: 'free',
  forceCommonLabels: 'free',
  forceCommonAnnotations: 'free',
  labelWithoutSelector: 'free',
  labelIncludeTemplates: 'free',
  images: 'free',
  replicas: 'free',
  version: 'free',
  kubeVersion: 'free',
  apiVersions: 'free',
  ignoreMissingComponents: 'free',
  patches: 'judged',
  components: 'judged',
}

/** An Argo CD source: its repository, path or chart decide what is deployed. */
const ARGO_SOURCE: Fields = {
  repoURL: 'reach',
  path: 'reach',
  chart: 'reach',
  ref: 'reach',
  targetRevision: 'free',
  name: 'free',
  helm: HELM_SOURCE,
  kustomize: KUSTOMIZE_SOURCE,
  directory: { recurse: 'free', include: 'free', exclude: 'free', jsonnet: 'free' },
  plugin: 'judged',
}

const APPLICATION_SPEC: Fields = {
  project: 'free',
  destination: 'free',
  syncPolicy: 'free',
  ignoreDifferences: 'free',
  info: 'free',
  revisionHistoryLimit: 'free',
  source: ARGO_SOURCE,
  sources: { list: ARGO_SOURCE },
}

const KUSTOMIZE_PATCHES: Fields = {
  patches: 'judged',
  patchesJson6902: 'judged',
  patchesStrategicMerge: 'judged',
}

const FLUX_KUSTOMIZATION_SPEC: Fields = {
  path: 'reach',
  sourceRef: 'reach',
  interval: 'free',
  retryInterval: 'free',
  timeout: 'free',
  prune: 'free',
  wait: 'free',
  force: 'free',
  suspend: 'free',
  healthChecks: 'free',
  healthCheckExprs: 'free',
  dependsOn: 'free',
  decryption: 'free',
  serviceAccountName: 'free',
  kubeConfig: 'free',
  deletionPolicy: 'free',
  commonMetadata: 'free',
  images: 'free',
  ignoreMissingComponents: 'free',
  validation: 'free',
  namePrefix: 'names',
  nameSuffix: 'names',
  targetNamespace: 'names',
  postBuild: 'subst',
  components: 'judged',
  ...KUSTOMIZE_PATCHES,
}

const HELM_RELEASE_SPEC: Fields = {
  chart: {
    metadata: 'free',
    spec: {
      chart: 'reach',
      sourceRef: 'reach',
      version: 'free',
      interval: 'free',
      reconcileStrategy: 'free',
      verify: 'free',
      ignoreMissingValuesFiles: 'free',
      valuesFiles: 'judged',
      valuesFile: 'judged',
    },
  },
  chartRef: 'reach',
  values: 'judged',
  valuesFrom: 'judged',
  postRenderers: { list: { kustomize: { images: 'free', ...KUSTOMIZE_PATCHES } } },
  interval: 'free',
  timeout: 'free',
  suspend: 'free',
  releaseName: 'free',
  targetNamespace: 'free',
  storageNamespace: 'free',
  maxHistory: 'free',
  persistentClient: 'free',
  kubeConfig: 'free',
  serviceAccountName: 'free',
  dependsOn: 'free',
  install: 'free',
  upgrade: 'free',
  rollback: 'free',
  uninstall: 'free',
  test: 'free',
  driftDetection: 'free',
  commonMetadata: 'free',
}

const APPLICATION_SET_SPEC: Fields = {
  generators: 'judged',
  template: { metadata: 'free', spec: APPLICATION_SPEC },
  goTemplate: 'free',
  goTemplateOptions: 'free',
  syncPolicy: 'free',
  strategy: 'free',
  preservedFields: 'free',
  ignoreApplicationDifferences: 'free',
  applyNestedSelectors: 'free',
}

const RESOURCE_SET_SPEC: Fields = {
  // Each resource is read: a deploy object among them is judged as one, and holds.
  resources: 'free',
  dependsOn: 'free',
  serviceAccountName: 'free',
  wait: 'free',
  commonMetadata: 'free',
}

const FLUX_INSTANCE_SPEC: Fields = {
  distribution: 'free',
  components: 'free',
  cluster: 'free',
  storage: 'free',
  sharding: 'free',
  wait: 'free',
  migrateResources: 'free',
  commonMetadata: 'free',
  kustomize: { patches: 'judged' },
  sync: { kind: 'reach', url: 'reach', path: 'reach', ref: 'free', pullSecret: 'free', interval: 'free', name: 'free', provider: 'free' },
}

const TOP: Fields = { apiVersion: 'reach', kind: 'reach', metadata: 'free', status: 'free' }

/** The fields of a deploy object by its group and kind; only `TOP` (no `spec`) for a kind without one. */
export function fieldsOf(group: string, kind: string): Fields {
  const spec =
    group === 'kustomize.toolkit.fluxcd.io' && kind === 'Kustomization'
      ? FLUX_KUSTOMIZATION_SPEC
      : group === 'helm.toolkit.fluxcd.io' && kind === 'HelmRelease'
        ? HELM_RELEASE_SPEC
        : group === 'argoproj.io' && kind === 'Application'
          ? APPLICATION_SPEC
          : group === 'argoproj.io' && kind === 'ApplicationSet'
            ? APPLICATION_SET_SPEC
            : group === 'fluxcd.controlplane.io' && kind === 'ResourceSet'
              ? RESOURCE_SET_SPEC
              : group === 'fluxcd.controlplane.io' && kind === 'FluxInstance'
                ? FLUX_INSTANCE_SPEC
                : undefined
  // An Application's `operation` is not listed: `operation.sync.source` carries a whole source, patches and all.
  return spec ? { ...TOP, spec } : TOP
}

/** The kinds with a table of their own, by the group a kind-only patch target leaves open. */
export const TABLED: ReadonlyArray<[string, string]> = [
  ['kustomize.toolkit.fluxcd.io', 'Kustomization'],
  ['helm.toolkit.fluxcd.io', 'HelmRelease'],
  ['argoproj.io', 'Application'],
  ['argoproj.io', 'ApplicationSet'],
  ['fluxcd.controlplane.io', 'ResourceSet'],
  ['fluxcd.controlplane.io', 'FluxInstance'],
]

/** The field at key `k` of `f` (a mapping's `*` for any key), or undefined when it is not listed. */
export function child(f: Field, k: string | number): Field | undefined {
  if (typeof f === 'string') return undefined
  if ('list' in f && typeof f.list !== 'undefined' && Object.keys(f).length === 1)
    return typeof k === 'number' ? (f.list as Field) : undefined
  if (typeof k === 'number') return undefined
  const m = f as Fields
  return Object.prototype.hasOwnProperty.call(m, k) ? m[k] : m['*']
}
