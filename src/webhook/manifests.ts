/**
 * What a user applies to run the conversion webhook in a cluster (`smi-migrate webhook
 * manifests`): the objects (ServiceAccount, Deployment, Service, PodDisruptionBudget and, with
 * cert-manager, the CA bootstrap: a self-signed Issuer, a CA Certificate, a CA Issuer and the
 * serving Certificate) and the merge patch that points the TrafficSplit CRD's conversion at
 * the Service. Text in, text out: nothing here does I/O, and the output depends only on the
 * options (same options, same bytes).
 *
 * The YAML is written by the small emitter at the end (block style, a string quoted as JSON
 * whenever a plain scalar could read as anything but that string), so this file needs no
 * YAML library. What the server does with these settings: docs/webhook.md.
 */

export interface WebhookOptions {
  namespace: string
  image: string
  /** Let cert-manager issue the serving certificate and inject the CA into the CRD. */
  certManager: boolean
  /** PEM text of the CA certificate(s) that signed the serving certificate (without cert-manager). */
  caBundle?: string
  /** The name of every object (default smi-migrate-webhook). */
  name?: string
  /** Default 2; with 1 no PodDisruptionBudget is written (minAvailable 1 would block every node drain). */
  replicas?: number
  /** The API server's addresses, as CIDRs: the server's `--reserve-for` (connections.ts), checked as the server checks it. */
  reserveFor?: readonly string[]
}

/** What the CRD patch needs: the image and the replicas do not matter to it. */
export type PatchOptions = Pick<WebhookOptions, 'namespace' | 'certManager' | 'caBundle' | 'name'>

export const DEFAULT_NAME = 'smi-migrate-webhook'
export const CRD_NAME = 'trafficsplits.split.smi-spec.io'
/** Where the TLS Secret is mounted, and the server's port. */
export const TLS_DIR = '/tls'
/** Where the stash key Secret is mounted, and the key file in it (stash.ts). */
export const STASH_KEY_DIR = '/stash-key'
export const STASH_KEY_FILE = 'stash.key'
export const PORT = 9443
/** The server drains for up to 20 s after SIGTERM (server.ts graceMs); the kubelet waits this long before SIGKILL. */
export const TERMINATION_GRACE_SECONDS = 30
/** The distroless nonroot user, which the Dockerfile also sets. */
export const USER_ID = 65532
/** Derived names add at most this many characters (`-selfsigned`), so `name` is capped to keep them 63-character labels. */
const LONGEST_SUFFIX = '-selfsigned'.length
const MAX_NAME = 63 - LONGEST_SUFFIX

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/
/** A Service name is a DNS-1035 label: it starts with a letter. */
const DNS_1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/
/** Registry, path, tag and digest characters of an image reference; rejects spaces, quotes, `#` and control characters. */
const IMAGE = /^[A-Z0-9][\w.\-/:@+]*$/i
const PEM_CERT = /-----BEGIN CERTIFICATE-----\r?\n([A-Za-z0-9+/=\r\n]+)-----END CERTIFICATE-----/g

/** Plain data, as the objects are built and written. */
import { emitBlockMap, type Style } from '../edit/emit.js'
import { reservedMatcher } from './connections.js'

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }
type Obj = JsonObject

interface Names {
  name: string
  namespace: string
  /** The Secret the Deployment mounts: the user's (`kubectl create secret tls`) or cert-manager's. */
  tlsSecret: string
  /** The Secret with the keys that sign the stash annotation (the user's: it holds a secret). */
  stashKeySecret: string
  selfSignedIssuer: string
  caCertificate: string
  caSecret: string
  caIssuer: string
  servingCertificate: string
  serviceHost: string
}

function names(o: { namespace: string; name?: string }): Names {
  const name = o.name ?? DEFAULT_NAME
  if (!DNS_LABEL.test(o.namespace) || o.namespace.length > 63) {
    throw new Error(
      `--namespace "${o.namespace}" is not a namespace name: lower-case letters, digits and "-", starting and ending with a letter or digit, at most 63 characters`,
    )
  }
  if (!DNS_1035_LABEL.test(name) || name.length > MAX_NAME) {
    throw new Error(
      `--name "${name}" cannot name a Service: lower-case letters, digits and "-", starting with a letter, ending with a letter or digit, at most ${MAX_NAME} characters (the derived names add up to ${LONGEST_SUFFIX})`,
    )
  }
  return {
    name,
    namespace: o.namespace,
    tlsSecret: `${name}-tls`,
    stashKeySecret: `${name}-stash-key`,
    selfSignedIssuer: `${name}-selfsigned`,
    caCertificate: `${name}-ca`,
    caSecret: `${name}-ca`,
    caIssuer: `${name}-ca-issuer`,
    servingCertificate: `${name}-tls`,
    serviceHost: `${name}.${o.namespace}.svc`,
  }
}

/** The certificates of a PEM text, re-joined (text around and between the blocks dropped). */
function caCertificates(pem: string): string {
  if (/PRIVATE KEY-----/.test(pem)) {
    throw new Error('--ca-bundle holds a private key: give the CA certificate only (ca.crt, never ca.key)')
  }
  const blocks = [...pem.matchAll(PEM_CERT)].map(
    (m) => `-----BEGIN CERTIFICATE-----\n${m[1]!.replace(/\r/g, '')}-----END CERTIFICATE-----\n`,
  )
  if (blocks.length === 0)
    throw new Error('--ca-bundle holds no PEM certificate ("-----BEGIN CERTIFICATE-----" … "-----END CERTIFICATE-----")')
  return blocks.join('')
}

function checkOptions(o: PatchOptions): void {
  if (o.certManager && o.caBundle !== undefined) {
    throw new Error('--ca-bundle and --cert-manager exclude each other: with --cert-manager, cert-manager injects the CA into the CRD')
  }
  if (o.caBundle !== undefined) caCertificates(o.caBundle)
}

function labels(n: Names): Obj {
  return {
    'app.kubernetes.io/name': DEFAULT_NAME,
    'app.kubernetes.io/instance': n.name,
    'app.kubernetes.io/component': 'conversion-webhook',
    'app.kubernetes.io/part-of': 'smi-migrate',
  }
}

/** The labels the Service, the PodDisruptionBudget and the spread constraint select pods by (a Deployment's selector cannot change later). */
function selectorLabels(n: Names): Obj {
  return { 'app.kubernetes.io/name': DEFAULT_NAME, 'app.kubernetes.io/instance': n.name }
}

function meta(n: Names, name: string): Obj {
  return { name, namespace: n.namespace, labels: labels(n) }
}

/** The metadata (name, namespace, labels) of the webhook's namespaced objects, for the objects hardening.ts adds. */
export function webhookMeta(o: { namespace: string; name?: string }): Obj {
  const n = names(o)
  return meta(n, n.name)
}

/** The labels the webhook's pods are selected by. */
export function webhookSelector(o: { namespace: string; name?: string }): Obj {
  return selectorLabels(names(o))
}

function serviceAccount(n: Names): Obj {
  return { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(n, n.name), automountServiceAccountToken: false }
}

function deployment(n: Names, image: string, replicas: number, reserveFor: readonly string[] | undefined): Obj {
  const probe = (path: string, periodSeconds: number, failureThreshold: number): Obj => ({
    httpGet: { path, port: 'https', scheme: 'HTTPS' },
    periodSeconds,
    timeoutSeconds: 3,
    failureThreshold,
  })
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(n, n.name),
    spec: {
      replicas,
      selector: { matchLabels: selectorLabels(n) },
      // A new pod is ready before an old one goes: the API server always has an endpoint.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: { labels: labels(n) },
        spec: {
          serviceAccountName: n.name,
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          terminationGracePeriodSeconds: TERMINATION_GRACE_SECONDS,
          securityContext: {
            runAsNonRoot: true,
            runAsUser: USER_ID,
            runAsGroup: USER_ID,
            fsGroup: USER_ID,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: 'kubernetes.io/hostname',
              whenUnsatisfiable: 'ScheduleAnyway',
              labelSelector: { matchLabels: selectorLabels(n) },
            },
          ],
          containers: [
            {
              name: 'webhook',
              image,
              imagePullPolicy: 'IfNotPresent',
              args: serverArgs(reserveFor),
              ports: [{ name: 'https', containerPort: PORT, protocol: 'TCP' }],
              readinessProbe: probe('/readyz', 5, 2),
              livenessProbe: probe('/healthz', 10, 3),
              // V8 sizes its heap from the machine, not the container: without a bound the heap
              // grows past the limit under a flood of 3 MiB bodies before it collects. 256 MiB of
              // heap keeps the process (heap, buffers, code) under the limit (docs/webhook.md,
              // Memory; measured by bench/webhook.mjs's body flood).
              env: [{ name: 'NODE_OPTIONS', value: '--max-old-space-size=256' }],
              resources: {
                requests: { cpu: '50m', memory: '128Mi' },
                limits: { memory: '512Mi' },
              },
              // The endpoint can stay listed for a moment after SIGTERM: keep serving 5 s before the
              // server drains (distroless has no sleep; the image's node does it).
              lifecycle: { preStop: { exec: { command: ['/nodejs/bin/node', '-e', 'setTimeout(() => {}, 5000)'] } } },
              securityContext: {
                allowPrivilegeEscalation: false,
                readOnlyRootFilesystem: true,
                runAsNonRoot: true,
                runAsUser: USER_ID,
                runAsGroup: USER_ID,
                capabilities: { drop: ['ALL'] },
                seccompProfile: { type: 'RuntimeDefault' },
              },
              // The whole Secret, never a subPath: the kubelet updates a Secret volume in place
              // (cert-manager's renewals), and the server reloads the files when they change.
              // The stash keys likewise (a rotation reaches the file; the server reads it again).
              volumeMounts: [
                { name: 'tls', mountPath: TLS_DIR, readOnly: true },
                { name: 'stash-key', mountPath: STASH_KEY_DIR, readOnly: true },
              ],
            },
          ],
          volumes: secretVolumes(n),
        },
      },
    },
  }
}

/** The server's arguments: the mounted files, the port, and the addresses whose reviews keep their share. */
function serverArgs(reserveFor: readonly string[] | undefined): string[] {
  // The server refuses to start on a CIDR it cannot read: refused here instead, before a
  // Deployment whose pods would never become ready is written.
  if (reserveFor) reservedMatcher(reserveFor)
  const reserve = reserveFor?.length ? ['--reserve-for', reserveFor.join(',')] : []
  return [
    'webhook',
    '--cert',
    `${TLS_DIR}/tls.crt`,
    '--key',
    `${TLS_DIR}/tls.key`,
    '--stash-key',
    `${STASH_KEY_DIR}/${STASH_KEY_FILE}`,
    '--port',
    String(PORT),
    ...reserve,
  ]
}

/** The Secrets the pod mounts, 0440 (288): readable by the owner and by fsGroup 65532, the server's group. */
function secretVolumes(n: Names): Obj[] {
  return [
    { name: 'tls', secret: { secretName: n.tlsSecret, defaultMode: 0o440 } },
    { name: 'stash-key', secret: { secretName: n.stashKeySecret, defaultMode: 0o440 } },
  ]
}

function service(n: Names): Obj {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta(n, n.name),
    spec: {
      type: 'ClusterIP',
      selector: selectorLabels(n),
      ports: [{ name: 'https', port: 443, targetPort: 'https', protocol: 'TCP' }],
    },
  }
}

function podDisruptionBudget(n: Names): Obj {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: meta(n, n.name),
    spec: { minAvailable: 1, selector: { matchLabels: selectorLabels(n) } },
  }
}

/** cert-manager's CA bootstrap: self-signed Issuer → CA Certificate → CA Issuer → serving Certificate. */
function certManagerObjects(n: Names): Obj[] {
  const issuerRef = (name: string): Obj => ({ name, kind: 'Issuer', group: 'cert-manager.io' })
  return [
    { apiVersion: 'cert-manager.io/v1', kind: 'Issuer', metadata: meta(n, n.selfSignedIssuer), spec: { selfSigned: {} } },
    {
      apiVersion: 'cert-manager.io/v1',
      kind: 'Certificate',
      metadata: meta(n, n.caCertificate),
      spec: {
        isCA: true,
        commonName: n.caCertificate,
        secretName: n.caSecret,
        duration: '43800h', // 5 years: a new CA means a new caBundle (see docs/webhook.md)
        privateKey: { algorithm: 'ECDSA', size: 256, rotationPolicy: 'Always' },
        issuerRef: issuerRef(n.selfSignedIssuer),
      },
    },
    { apiVersion: 'cert-manager.io/v1', kind: 'Issuer', metadata: meta(n, n.caIssuer), spec: { ca: { secretName: n.caSecret } } },
    {
      apiVersion: 'cert-manager.io/v1',
      kind: 'Certificate',
      metadata: meta(n, n.servingCertificate),
      spec: {
        secretName: n.tlsSecret,
        dnsNames: [n.serviceHost, `${n.serviceHost}.cluster.local`],
        duration: '2160h', // 90 days, renewed 30 days before: the server reloads the files
        renewBefore: '720h',
        usages: ['server auth', 'digital signature'],
        privateKey: { algorithm: 'ECDSA', size: 256, rotationPolicy: 'Always' },
        issuerRef: issuerRef(n.caIssuer),
      },
    },
  ]
}

/** The objects of `webhookManifests`, as data, in the order they are written. */
export function webhookObjects(o: WebhookOptions): Obj[] {
  const n = names(o)
  checkOptions(o)
  if (!IMAGE.test(o.image)) throw new Error(`--image "${o.image}" is not an image reference (registry/repository:tag or @sha256:digest)`)
  const replicas = o.replicas ?? 2
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 100)
    throw new Error(`replicas must be an integer from 1 to 100; got ${replicas}`)
  return [
    serviceAccount(n),
    ...(o.certManager ? certManagerObjects(n) : []),
    service(n),
    deployment(n, o.image, replicas, o.reserveFor),
    ...(replicas > 1 ? [podDisruptionBudget(n)] : []),
  ]
}

/**
 * The YAML stream a user applies with `kubectl apply -f`: a comment saying what it is, then one
 * document per object. `command` is the command line that prints the whole output, when the
 * caller adds objects of its own after these (the CLI's --network-policy, --admission-policy):
 * the header must name every flag, or running it again gives something else.
 */
export function webhookManifests(o: WebhookOptions, command?: string): string {
  const objects = webhookObjects(o)
  const n = names(o)
  const head = [
    `smi-migrate webhook manifests: the TrafficSplit conversion webhook ${n.name} in namespace ${n.namespace}.`,
    `Generated by: ${command ?? `smi-migrate webhook manifests --namespace ${n.namespace} --image ${o.image}${o.certManager ? ' --cert-manager' : ''}${n.name === DEFAULT_NAME ? '' : ` --name ${n.name}`}`}`,
    `The namespace is not created here: kubectl create namespace ${n.namespace} (if it does not exist).`,
    ...(o.certManager
      ? [
          'Needs cert-manager (cert-manager.io/v1): the Issuers and Certificates below make a CA and the',
          `serving certificate (Secret ${n.tlsSecret}), and cert-manager's CA injector fills in the CRD's caBundle.`,
        ]
      : [
          `Needs the Secret ${n.namespace}/${n.tlsSecret} (type kubernetes.io/tls), a serving certificate for`,
          `${n.serviceHost} signed by your CA: kubectl -n ${n.namespace} create secret tls ${n.tlsSecret} --cert=tls.crt --key=tls.key`,
        ]),
    `Needs the Secret ${n.namespace}/${n.stashKeySecret}, the key that signs the webhook's annotation (only the webhook mounts it):`,
    `kubectl -n ${n.namespace} create secret generic ${n.stashKeySecret} --from-literal=${STASH_KEY_FILE}="$(openssl rand -base64 48)"`,
    `Apply: kubectl apply -f THIS_FILE, wait for kubectl -n ${n.namespace} rollout status deployment/${n.name},`,
    `then patch the CRD (smi-migrate webhook manifests ... --patch): kubectl patch crd ${CRD_NAME} --type merge --patch-file PATCH_FILE`,
    'The whole procedure (storage version, rewriting stored objects, dropping v1alpha1): docs/webhook.md in smi-migrate.',
  ]
  return comment(head) + objects.map((obj) => `---\n${toYaml(obj)}`).join('')
}

/** The merge patch for `kubectl patch crd trafficsplits.split.smi-spec.io --type merge --patch-file FILE`. */
export function conversionPatch(o: PatchOptions): string {
  const n = names(o)
  checkOptions(o)
  if (!o.certManager && o.caBundle === undefined) {
    throw new Error(
      `the CRD patch needs the CA that signed the serving certificate: give --ca-bundle FILE (PEM, the CA of Secret ${n.namespace}/${n.tlsSecret}), or use --cert-manager`,
    )
  }
  const clientConfig: Obj = { service: { namespace: n.namespace, name: n.name, path: '/convert', port: 443 } }
  if (o.caBundle !== undefined) clientConfig.caBundle = Buffer.from(caCertificates(o.caBundle), 'utf8').toString('base64')
  const patch: Obj = {
    metadata: {
      annotations: {
        // cert-manager's CA injector fills in caBundle from the serving Certificate's Secret
        // (its ca.crt); without cert-manager, null removes an annotation left from an earlier
        // install, which would otherwise overwrite the caBundle given here.
        'cert-manager.io/inject-ca-from': o.certManager ? `${n.namespace}/${n.servingCertificate}` : null,
      },
    },
    spec: {
      conversion: {
        strategy: 'Webhook',
        webhook: { conversionReviewVersions: ['v1', 'v1beta1'], clientConfig },
      },
    },
  }
  const head = [
    `smi-migrate webhook manifests --patch: send the conversions of ${CRD_NAME} to the webhook`,
    `${n.namespace}/${n.name} (POST /convert on port 443). Apply after the webhook is ready:`,
    `  kubectl patch crd ${CRD_NAME} --type merge --patch-file THIS_FILE`,
    o.certManager
      ? `caBundle is left to cert-manager's CA injector (annotation cert-manager.io/inject-ca-from: ${n.namespace}/${n.servingCertificate}).`
      : 'caBundle: the CA certificate given with --ca-bundle, base64-encoded PEM; the annotation set to null is removed.',
    'This patch leaves the versions (served, storage) as they are: docs/webhook.md says when to change them.',
  ]
  return comment(head) + toYaml(patch)
}

function comment(lines: string[]): string {
  return lines.map((l) => `# ${l}\n`).join('')
}

/** Block style, two spaces, sequences indented under their key: the one writer of fresh YAML (edit/emit.ts). */
const STYLE: Style = { flow: false, json: false, indent: 2, eol: '\n' }

export function toYaml(value: JsonObject): string {
  return `${emitBlockMap(value, STYLE, 0)}\n`
}
