/**
 * `smi-migrate webhook manifests` (src/webhook/manifests.ts, manifests-cli.ts): what a user
 * applies to run the conversion webhook, checked offline since no API server is available.
 *
 * - Every generated object, in several variants, passes the schema validation of the npm
 *   package `kubernetes-models` (the Kubernetes OpenAPI schemas; cert-manager's CRDs through
 *   `@kubernetes-models/cert-manager`), and has no field its declared type lacks
 *   (test/helpers/k8s-types.ts: the schemas themselves let unknown fields through).
 * - The output reads the same in YAML 1.1 (kubectl) and 1.2, and is deterministic.
 * - The security settings, probes, names, labels and selectors are what docs/webhook.md says.
 * - The CRD patch, merge-patched into Linkerd's TrafficSplit CRD (testdata/webhook/), gives a
 *   CustomResourceDefinition that passes the schema and the API server's own conversion rules
 *   (restated below from apiextensions-apiserver's validation), the same result as
 *   `kubectl patch --local`; so do the storage-version patches docs/webhook.md prints.
 * - The OpenSSL commands of docs/webhook.md make a CA and a serving certificate that verifies
 *   for the Service's name, which the server then serves.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { parse, parseAllDocuments } from 'yaml'
import {
  conversionPatch,
  CRD_NAME,
  DEFAULT_NAME,
  PORT,
  TERMINATION_GRACE_SECONDS,
  TLS_DIR,
  STASH_KEY_DIR,
  STASH_KEY_FILE,
  toYaml,
  USER_ID,
  webhookManifests,
  webhookObjects,
  type WebhookOptions,
} from '../src/webhook/manifests.js'
import { runManifests } from '../src/webhook/manifests-cli.js'
import { cli } from './helpers/cli.js'
import { serve } from '../src/webhook/server.js'
import { fieldChecker } from './helpers/k8s-types.js'
import { testWith } from './helpers/tools.js'

type Obj = Record<string, any>

const DATA = 'testdata/webhook'
const CRD_FILE = join(DATA, 'trafficsplit-crd-linkerd-smi.yaml')
const CA_FILE = join(DATA, 'ca.crt')
const CA = readFileSync(CA_FILE, 'utf8')
const DOC = readFileSync('docs/webhook.md', 'utf8')

const VARIANTS: WebhookOptions[] = [
  { namespace: 'smi-webhook', image: 'ghcr.io/example/smi-migrate:0.1.0', certManager: true },
  { namespace: 'smi-webhook', image: 'ghcr.io/example/smi-migrate:0.1.0', certManager: false, caBundle: CA },
  {
    namespace: 'linkerd-smi',
    image: `registry.example.com:5000/team/smi-migrate@sha256:${'ab'.repeat(32)}`,
    certManager: true,
    name: 'ts-convert',
  },
  { namespace: '1', image: 'smi-migrate:dev', certManager: false, name: 'x', replicas: 3 },
]

type Model = new (data: any) => { validate(): void }
/**
 * The model classes, by apiVersion/kind (kubernetes-models 4.x, the line that supports Node 20;
 * 5.x wants Node 22), loaded before the tests.
 */
const MODELS: Record<string, Model> = {}
test.before(async () => {
  const [sa, svc, deploy, pdb, crd, cert, issuer] = await Promise.all([
    import('kubernetes-models/v1/ServiceAccount'),
    import('kubernetes-models/v1/Service'),
    import('kubernetes-models/apps/v1/Deployment'),
    import('kubernetes-models/policy/v1/PodDisruptionBudget'),
    import('kubernetes-models/apiextensions.k8s.io/v1/CustomResourceDefinition'),
    import('@kubernetes-models/cert-manager/cert-manager.io/v1/Certificate'),
    import('@kubernetes-models/cert-manager/cert-manager.io/v1/Issuer'),
  ])
  Object.assign(MODELS, {
    'v1/ServiceAccount': sa.ServiceAccount,
    'v1/Service': svc.Service,
    'apps/v1/Deployment': deploy.Deployment,
    'policy/v1/PodDisruptionBudget': pdb.PodDisruptionBudget,
    'apiextensions.k8s.io/v1/CustomResourceDefinition': crd.CustomResourceDefinition,
    'cert-manager.io/v1/Certificate': cert.Certificate,
    'cert-manager.io/v1/Issuer': issuer.Issuer,
  })
})

let checker: ReturnType<typeof fieldChecker> | undefined
const fields = () => (checker ??= fieldChecker())

/** The schema errors and unknown fields of one object (empty: valid). */
function problems(obj: Obj): string[] {
  const key = `${obj.apiVersion}/${obj.kind}`
  const Model = MODELS[key]
  if (!Model) return [`${key}: no model`]
  const out: string[] = []
  try {
    new Model(obj).validate()
  } catch (err) {
    out.push(`${key} ${obj.metadata?.name}: ${(err as Error).message}`)
  }
  for (const f of fields().unknownFields(obj)) out.push(`${key} ${obj.metadata?.name}: unknown field ${f}`)
  return out
}

/** The documents of a YAML stream, read as YAML 1.2 or as kubectl reads them (1.1); any error or warning fails. */
function documents(text: string, version: '1.1' | '1.2' = '1.2'): Obj[] {
  return parseAllDocuments(text, { version }).map((d) => {
    assert.equal(
      [...d.errors, ...d.warnings].map((e) => e.message),
      [],
    )
    return d.toJS() as Obj
  })
}

const byKind = (objs: Obj[], kind: string) => objs.filter((o) => o.kind === kind)
const one = (objs: Obj[], kind: string, name?: string) => {
  const found = byKind(objs, kind).filter((o) => name === undefined || o.metadata.name === name)
  assert.is(found.length, 1, `one ${kind}${name ? ` ${name}` : ''}`)
  return found[0]!
}
const matches = (selector: Obj, labels: Obj) => Object.entries(selector).every(([k, v]) => labels[k] === v)

// ---- the objects --------------------------------------------------------------------------

test('every object of every variant passes the Kubernetes and cert-manager schemas, with no unknown field', () => {
  for (const o of VARIANTS) {
    const objs = documents(webhookManifests(o))
    const kinds = objs.map((x) => x.kind)
    assert.equal(
      kinds,
      o.certManager
        ? ['ServiceAccount', 'Issuer', 'Certificate', 'Issuer', 'Certificate', 'Service', 'Deployment', 'PodDisruptionBudget']
        : ['ServiceAccount', 'Service', 'Deployment', 'PodDisruptionBudget'],
    )
    assert.equal(objs.flatMap(problems), [], JSON.stringify(o))
    for (const obj of objs) assert.is(obj.metadata.namespace, o.namespace)
  }
})

test('the checks are live: a wrong type fails the schema, a misspelt field fails the field check', () => {
  const deployment = structuredClone(one(webhookObjects(VARIANTS[0]!), 'Deployment'))
  deployment.spec.replicas = '2'
  assert.match(problems(deployment).join('\n'), /replicas must be integer/)
  const misspelt = structuredClone(one(webhookObjects(VARIANTS[0]!), 'Deployment'))
  misspelt.spec.template.spec.containers[0].securityContext.readOnlyRootFileSystem = true
  misspelt.spec.template.spec.containers[0].livenessProbe.httpGet.schema = 'HTTPS'
  assert.not.throws(() => new MODELS['apps/v1/Deployment']!(misspelt).validate()) // why the field check exists
  assert.equal(fields().unknownFields(misspelt), [
    'spec.template.spec.containers[0].livenessProbe.httpGet.schema: no such field in IHTTPGetAction',
    'spec.template.spec.containers[0].securityContext.readOnlyRootFileSystem: no such field in ISecurityContext',
  ])
  const certificate = structuredClone(one(webhookObjects(VARIANTS[0]!), 'Certificate', 'smi-migrate-webhook-tls'))
  certificate.spec.privateKey.algorithm = 'DSA'
  certificate.spec.dnsName = ['x']
  assert.match(problems(certificate).join('\n'), /algorithm must be equal to one of the allowed values/)
  assert.match(problems(certificate).join('\n'), /unknown field spec\.dnsName/)
})

test('the stream: a leading comment, then documents; YAML 1.1 and 1.2 read exactly the objects built', () => {
  for (const o of VARIANTS) {
    const text = webhookManifests(o)
    const [head, ...docs] = text.split(/^---\n/m)
    assert.ok(
      head!
        .split('\n')
        .slice(0, -1)
        .every((l) => l.startsWith('# ')),
      'only comment lines before the first ---',
    )
    assert.match(head!, /kubectl apply -f/)
    assert.match(head!, new RegExp(`kubectl create namespace ${o.namespace}`))
    assert.match(head!, o.certManager ? /Needs cert-manager/ : new RegExp(`create secret tls ${o.name ?? DEFAULT_NAME}-tls`))
    assert.is(docs.length, webhookObjects(o).length)
    assert.equal(documents(text, '1.2'), webhookObjects(o))
    assert.equal(documents(text, '1.1'), webhookObjects(o))
    assert.ok(text.endsWith('\n') && !text.includes('\t') && !/ $/m.test(text))
  }
  // Strings that would read as something else unquoted are quoted.
  const tricky = {
    s: ['yes', 'no', 'on', 'null', '~', '0440', '1e3', '1:30', '9443', '--port', '-1', '- x', '#x', 'a: b', '@x', ''],
    n: 288,
    b: false,
    e: {},
    z: [],
  }
  assert.equal(parse(toYaml(tricky), { version: '1.1' }), tricky)
  assert.equal(parse(toYaml(tricky)), tricky)
})

test('same options, same bytes; different options, different objects', () => {
  for (const o of VARIANTS) {
    const reordered = Object.fromEntries(Object.entries(o).reverse()) as unknown as WebhookOptions
    assert.is(webhookManifests(reordered), webhookManifests(o))
    assert.is(webhookManifests(structuredClone(o)), webhookManifests(o))
    if (o.certManager || o.caBundle) assert.is(conversionPatch(reordered), conversionPatch(o))
  }
  assert.is.not(webhookManifests(VARIANTS[0]!), webhookManifests({ ...VARIANTS[0]!, namespace: 'other' }))
})

test('the pod: non-root, read-only root filesystem, no privilege escalation, no capabilities, RuntimeDefault seccomp, probes over HTTPS', () => {
  for (const o of VARIANTS) {
    const d = one(webhookObjects(o), 'Deployment')
    const pod = d.spec.template.spec
    assert.is(d.spec.replicas, o.replicas ?? 2)
    assert.equal(d.spec.strategy.rollingUpdate, { maxUnavailable: 0, maxSurge: 1 })
    assert.is(pod.automountServiceAccountToken, false)
    assert.equal(pod.securityContext, {
      runAsNonRoot: true,
      runAsUser: USER_ID,
      runAsGroup: USER_ID,
      fsGroup: USER_ID,
      seccompProfile: { type: 'RuntimeDefault' },
    })
    assert.is(pod.containers.length, 1)
    const c = pod.containers[0]
    assert.is(c.image, o.image)
    assert.equal(c.args, [
      'webhook',
      '--cert',
      `${TLS_DIR}/tls.crt`,
      '--key',
      `${TLS_DIR}/tls.key`,
      '--stash-key',
      `${STASH_KEY_DIR}/${STASH_KEY_FILE}`,
      '--port',
      String(PORT),
    ])
    assert.equal(c.ports, [{ name: 'https', containerPort: PORT, protocol: 'TCP' }])
    assert.equal(c.securityContext, {
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      runAsNonRoot: true,
      runAsUser: USER_ID,
      runAsGroup: USER_ID,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    })
    assert.equal(c.readinessProbe.httpGet, { path: '/readyz', port: 'https', scheme: 'HTTPS' })
    assert.equal(c.livenessProbe.httpGet, { path: '/healthz', port: 'https', scheme: 'HTTPS' })
    assert.equal(c.resources, { requests: { cpu: '50m', memory: '128Mi' }, limits: { memory: '512Mi' } })
    assert.equal(
      c.lifecycle.preStop.exec.command,
      ['/nodejs/bin/node', '-e', 'setTimeout(() => {}, 5000)'],
      'a 5 s preStop pause before the drain',
    )
    // The TLS and stash key Secrets, whole (no subPath: a Secret volume's files are updated in place only then), read-only.
    assert.equal(c.volumeMounts, [
      { name: 'tls', mountPath: TLS_DIR, readOnly: true },
      { name: 'stash-key', mountPath: STASH_KEY_DIR, readOnly: true },
    ])
    assert.equal(pod.volumes, [
      { name: 'tls', secret: { secretName: `${o.name ?? DEFAULT_NAME}-tls`, defaultMode: 0o440 } },
      { name: 'stash-key', secret: { secretName: `${o.name ?? DEFAULT_NAME}-stash-key`, defaultMode: 0o440 } },
    ])
    assert.equal(
      pod.topologySpreadConstraints.map((t: Obj) => [t.topologyKey, t.maxSkew]),
      [['kubernetes.io/hostname', 1]],
    )
  }
})

test("the grace period covers the server's drain (src/webhook/server.ts graceMs)", () => {
  const server = readFileSync('src/webhook/server.ts', 'utf8')
  const m = /^\s*graceMs: ([\d_]+),/m.exec(server)
  assert.ok(m, 'server.ts DEFAULTS.graceMs not found: keep TERMINATION_GRACE_SECONDS above the drain')
  const graceMs = Number(m[1]!.replace(/_/g, ''))
  assert.ok(
    TERMINATION_GRACE_SECONDS * 1000 >= graceMs + 5000,
    `${TERMINATION_GRACE_SECONDS} s must exceed the ${graceMs} ms drain with room to spare`,
  )
  for (const o of VARIANTS)
    assert.is(one(webhookObjects(o), 'Deployment').spec.template.spec.terminationGracePeriodSeconds, TERMINATION_GRACE_SECONDS)
})

test('names, labels and selectors line up: Service and PodDisruptionBudget select the pods, the Certificate writes the mounted Secret', () => {
  for (const o of VARIANTS) {
    const objs: Obj[] = webhookObjects(o)
    const name = o.name ?? DEFAULT_NAME
    const d = one(objs, 'Deployment', name)
    const podLabels = d.spec.template.metadata.labels
    assert.ok(matches(d.spec.selector.matchLabels, podLabels), 'the Deployment selects its own pods')
    const svc = one(objs, 'Service', name)
    assert.ok(matches(svc.spec.selector, podLabels), 'the Service selects the pods')
    assert.equal(svc.spec.ports, [{ name: 'https', port: 443, targetPort: 'https', protocol: 'TCP' }])
    assert.ok(d.spec.template.spec.containers[0].ports.some((p: Obj) => p.name === svc.spec.ports[0].targetPort))
    const pdb = one(objs, 'PodDisruptionBudget', name)
    assert.is(pdb.spec.minAvailable, 1)
    assert.ok(matches(pdb.spec.selector.matchLabels, podLabels), 'the PodDisruptionBudget selects the pods')
    assert.ok(matches(d.spec.template.spec.topologySpreadConstraints[0].labelSelector.matchLabels, podLabels))
    const sa = one(objs, 'ServiceAccount', name)
    assert.is(sa.automountServiceAccountToken, false)
    assert.is(d.spec.template.spec.serviceAccountName, sa.metadata.name)
    const secret = d.spec.template.spec.volumes[0].secret.secretName
    if (o.certManager) {
      const serving = one(objs, 'Certificate', `${name}-tls`)
      assert.is(serving.spec.secretName, secret)
      assert.equal(serving.spec.dnsNames, [`${name}.${o.namespace}.svc`, `${name}.${o.namespace}.svc.cluster.local`])
      assert.equal(serving.spec.usages, ['server auth', 'digital signature'])
      // The standard CA bootstrap: self-signed Issuer → CA Certificate → CA Issuer → serving Certificate.
      const selfSigned = one(objs, 'Issuer', `${name}-selfsigned`)
      assert.equal(selfSigned.spec, { selfSigned: {} })
      const ca = one(objs, 'Certificate', `${name}-ca`)
      assert.is(ca.spec.isCA, true)
      assert.equal(ca.spec.issuerRef, { name: selfSigned.metadata.name, kind: 'Issuer', group: 'cert-manager.io' })
      const caIssuer = one(objs, 'Issuer', `${name}-ca-issuer`)
      assert.is(caIssuer.spec.ca.secretName, ca.spec.secretName)
      assert.equal(serving.spec.issuerRef, { name: caIssuer.metadata.name, kind: 'Issuer', group: 'cert-manager.io' })
      assert.ok(ca.spec.commonName.length <= 64, 'cert-manager refuses a commonName above 64 characters')
    } else {
      assert.is(secret, `${name}-tls`)
      assert.is(byKind(objs, 'Certificate').length + byKind(objs, 'Issuer').length, 0)
    }
    for (const obj of objs) assert.ok(obj.metadata.name.length <= 63, obj.metadata.name)
  }
})

test('one replica: no PodDisruptionBudget (minAvailable 1 would block every drain)', () => {
  const objs = webhookObjects({ ...VARIANTS[0]!, replicas: 1 })
  assert.is(byKind(objs, 'PodDisruptionBudget').length, 0)
  assert.is(one(objs, 'Deployment').spec.replicas, 1)
})

test('options that cannot work are refused with a message', () => {
  const base = VARIANTS[0]!
  const refused: [Partial<WebhookOptions>, RegExp][] = [
    [{ namespace: 'Smi' }, /--namespace "Smi" is not a namespace name/],
    [{ namespace: 'a'.repeat(64) }, /at most 63/],
    [{ name: '1abc' }, /--name "1abc" cannot name a Service/],
    [{ name: 'a'.repeat(53) }, /at most 52 characters/],
    [{ image: 'ghcr.io/x y' }, /--image "ghcr.io\/x y" is not an image reference/],
    [{ image: '' }, /--image/],
    [{ caBundle: CA }, /--ca-bundle and --cert-manager exclude each other/],
    [{ replicas: 0 }, /replicas must be an integer from 1 to 100/],
  ]
  for (const [change, message] of refused) assert.throws(() => webhookManifests({ ...base, ...change }), message, JSON.stringify(change))
  const byo = { namespace: 'smi-webhook', certManager: false }
  assert.throws(() => conversionPatch(byo), /the CRD patch needs the CA that signed the serving certificate: give --ca-bundle FILE/)
  assert.throws(
    () => conversionPatch({ ...byo, caBundle: `${CA}-----BEGIN PRIVATE KEY-----\nMIG\n-----END PRIVATE KEY-----\n` }),
    /holds a private key/,
  )
  assert.throws(() => conversionPatch({ ...byo, caBundle: 'not a certificate' }), /holds no PEM certificate/)
  assert.not.throws(() => webhookManifests({ ...base, certManager: false }), 'the objects need no CA')
})

// ---- the CRD patch ---------------------------------------------------------------------------

/** RFC 7386 JSON merge patch (what `kubectl patch --type merge` applies to a custom resource's CRD). */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch
  const out: Obj = target !== null && typeof target === 'object' && !Array.isArray(target) ? { ...target } : {}
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k]
    else out[k] = mergePatch(out[k], v)
  }
  return out
}

/** RFC 6902 JSON patch, the two operations docs/webhook.md uses (`test`, `replace`). */
function jsonPatch(doc: Obj, ops: { op: string; path: string; value: unknown }[]): Obj {
  const out = structuredClone(doc)
  for (const { op, path, value } of ops) {
    const keys = path
      .split('/')
      .slice(1)
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    const last = keys.pop()!
    const parent = keys.reduce<any>((node, k) => node?.[k], out)
    if (parent === undefined || !(last in parent)) throw new Error(`${op} ${path}: no such path`)
    if (op === 'test') {
      if (JSON.stringify(parent[last]) !== JSON.stringify(value))
        throw new Error(`test ${path}: ${JSON.stringify(parent[last])}, not ${JSON.stringify(value)}`)
    } else if (op === 'replace') parent[last] = value
    else throw new Error(`unsupported op ${op}`)
  }
  return out
}

const DNS_1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/
const DNS_1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/

/**
 * What the API server checks of a CRD's versions and conversion beyond its OpenAPI schema,
 * restated from k8s.io/apiextensions-apiserver pkg/apis/apiextensions/validation/validation.go
 * (validateCustomResourceDefinitionSpec, validateCustomResourceConversion,
 * validateConversionReviewVersions) and k8s.io/apiserver pkg/util/webhook/validation.go
 * (ValidateWebhookService; ValidateCABundle, which loads the bundle as root certificates: at
 * least one PEM certificate must parse).
 */
function crdRuleErrors(crd: Obj): string[] {
  const errors: string[] = []
  const spec = crd.spec ?? {}
  const versions: Obj[] = spec.versions ?? []
  if (new Set(versions.map((v) => v.name)).size !== versions.length) errors.push('spec.versions: must contain unique version names')
  if (versions.filter((v) => v.storage).length !== 1) errors.push('spec.versions: must have exactly one version marked as storage version')
  for (const v of versions) if (!DNS_1035.test(v.name)) errors.push(`spec.versions ${v.name}: not a DNS-1035 label`)
  const preserve = spec.preserveUnknownFields ?? false // apiextensions.k8s.io/v1 defaults it to false
  if (!preserve)
    for (const v of versions) if (v.served && !v.schema?.openAPIV3Schema) errors.push(`spec.versions ${v.name}: schema required`)
  for (const stored of crd.status?.storedVersions ?? [])
    if (!versions.some((v) => v.name === stored)) errors.push(`status.storedVersions ${stored}: must appear in spec.versions`)
  const conversion = spec.conversion
  if (!conversion) return errors
  if (!['None', 'Webhook'].includes(conversion.strategy)) errors.push(`spec.conversion.strategy: unsupported ${conversion.strategy}`)
  if (conversion.strategy !== 'None' && preserve)
    errors.push('spec.conversion.strategy: must be None if spec.preserveUnknownFields is true')
  if (conversion.strategy !== 'Webhook') {
    if (conversion.webhook) errors.push('spec.conversion.webhook: should not be set when strategy is not set to Webhook')
    return errors
  }
  const cc = conversion.webhook?.clientConfig
  if (!cc) errors.push('spec.conversion.webhook.clientConfig: required when strategy is set to Webhook')
  else {
    if ((cc.url === undefined) === (cc.service === undefined)) errors.push('clientConfig: exactly one of url or service is required')
    if (cc.service) {
      const { name, namespace, path, port = 443 } = cc.service
      if (!name) errors.push('clientConfig.service.name: required')
      if (!namespace) errors.push('clientConfig.service.namespace: required')
      if (!Number.isInteger(port) || port < 1 || port > 65535) errors.push(`clientConfig.service.port: ${port} is not valid`)
      if (path !== undefined && path !== '' && path !== '/') {
        if (!path.startsWith('/')) errors.push(`clientConfig.service.path: ${path} must start with a '/'`)
        for (const step of path.slice(1).replace(/\/$/, '').split('/'))
          if (!DNS_1123_SUBDOMAIN.test(step)) errors.push(`clientConfig.service.path: segment ${step}`)
      }
    }
    if (cc.caBundle !== undefined) {
      const pem = Buffer.from(cc.caBundle, 'base64').toString('utf8')
      const certs = [...pem.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)].filter((m) => {
        try {
          // The constructor throws on anything that is not a certificate.
          new X509Certificate(m[0])
          return true
        } catch {
          return false
        }
      })
      if (certs.length === 0) errors.push('clientConfig.caBundle: unable to load root certificates')
    }
  }
  const reviews: string[] = conversion.webhook?.conversionReviewVersions ?? []
  if (reviews.length === 0) errors.push('conversionReviewVersions: required')
  if (new Set(reviews).size !== reviews.length) errors.push('conversionReviewVersions: duplicate version')
  for (const r of reviews) if (!DNS_1035.test(r)) errors.push(`conversionReviewVersions ${r}: not a DNS-1035 label`)
  if (reviews.length && !reviews.some((r) => r === 'v1' || r === 'v1beta1'))
    errors.push('conversionReviewVersions: must include at least one of v1, v1beta1')
  return errors
}

const linkerdCrd = () => parse(readFileSync(CRD_FILE, 'utf8')) as Obj
const PATCHES: [string, PatchArgs][] = [
  ['cert-manager', { namespace: 'smi-webhook', certManager: true }],
  ['own CA', { namespace: 'smi-webhook', certManager: false, caBundle: CA }],
  ['own CA, another name', { namespace: 'linkerd-smi', certManager: false, caBundle: CA, name: 'ts-convert' }],
]
type PatchArgs = Parameters<typeof conversionPatch>[0]

test('the vendored CRD and CA are the files their README names', () => {
  const readme = readFileSync(join(DATA, 'README.md'), 'utf8')
  for (const file of ['trafficsplit-crd-linkerd-smi.yaml', 'LICENSE', 'ca.crt']) {
    const sum = createHash('sha256')
      .update(readFileSync(join(DATA, file)))
      .digest('hex')
    assert.ok(readme.includes(`${sum}  ${file}`), `${file}: ${sum} is not the sum in ${DATA}/README.md`)
  }
})

test("the CRD patch, merged into Linkerd's CRD, gives a valid CustomResourceDefinition that the API server's conversion rules accept", () => {
  const crd = linkerdCrd()
  assert.equal(problems(crd), [], 'the CRD as shipped is valid')
  assert.equal(crdRuleErrors(crd), [])
  assert.is(crd.spec.conversion.strategy, 'None')
  for (const [label, o] of PATCHES) {
    const text = conversionPatch(o)
    assert.match(
      text,
      new RegExp(`^# .*\\n(# .*\\n)*# +kubectl patch crd ${CRD_NAME.replace(/\./g, '\\.')} --type merge --patch-file THIS_FILE\\n`),
    )
    const patch = parse(text, { version: '1.1' }) as Obj
    assert.equal(parse(text) as Obj, patch)
    const patched = mergePatch(crd, patch) as Obj
    assert.equal(problems(patched), [], label)
    assert.equal(crdRuleErrors(patched), [], label)
    const name = o.name ?? DEFAULT_NAME
    assert.equal(patched.spec.conversion.webhook.conversionReviewVersions, ['v1', 'v1beta1'])
    assert.equal(patched.spec.conversion.webhook.clientConfig.service, { namespace: o.namespace, name, path: '/convert', port: 443 })
    if (o.certManager) {
      assert.is(patched.metadata.annotations['cert-manager.io/inject-ca-from'], `${o.namespace}/${name}-tls`)
      assert.is(patched.spec.conversion.webhook.clientConfig.caBundle, undefined)
      // The annotation names the serving Certificate that the objects of the same options define.
      const serving = one(webhookObjects({ ...o, image: 'x:1' }), 'Certificate', `${name}-tls`)
      assert.is(`${serving.metadata.namespace}/${serving.metadata.name}`, patched.metadata.annotations['cert-manager.io/inject-ca-from'])
    } else {
      assert.is(Buffer.from(patched.spec.conversion.webhook.clientConfig.caBundle, 'base64').toString('utf8'), CA)
      assert.equal(patched.metadata.annotations, {}, 'an inject-ca-from annotation would be removed')
      const afterCertManager = mergePatch(crd, parse(conversionPatch({ namespace: o.namespace, certManager: true, name })))
      assert.equal(
        (mergePatch(afterCertManager, patch) as Obj).metadata.annotations,
        {},
        'the annotation left by a cert-manager install is removed',
      )
    }
    // Nothing else of the CRD changes: the versions, names and schemas stay.
    assert.equal({ ...patched.spec, conversion: undefined }, { ...crd.spec, conversion: undefined })
  }
})

test('the conversion rules are live: what the API server refuses is refused here', () => {
  const patched = mergePatch(linkerdCrd(), parse(conversionPatch(PATCHES[1]![1]))) as Obj
  const broken = (change: (crd: Obj) => void) => {
    const crd = structuredClone(patched)
    change(crd)
    return crdRuleErrors(crd).join('\n')
  }
  assert.match(
    broken((c) => {
      c.spec.preserveUnknownFields = true
    }),
    /must be None if spec.preserveUnknownFields is true/,
  )
  assert.match(
    broken((c) => {
      c.spec.conversion.webhook.clientConfig.caBundle = Buffer.from('junk').toString('base64')
    }),
    /unable to load root certificates/,
  )
  assert.match(
    broken((c) => {
      c.spec.conversion.webhook.conversionReviewVersions = ['v2']
    }),
    /must include at least one of v1, v1beta1/,
  )
  assert.match(
    broken((c) => {
      c.spec.conversion.webhook.clientConfig.service.path = 'convert'
    }),
    /must start with a '\/'/,
  )
  assert.match(
    broken((c) => {
      c.spec.conversion.webhook.clientConfig.url = 'https://x'
    }),
    /exactly one of url or service/,
  )
  assert.match(
    broken((c) => {
      c.spec.versions[1].storage = true
    }),
    /exactly one version marked as storage/,
  )
})

/** The `kubectl patch … --type json -p '…'` patches of docs/webhook.md, by their `<!-- test: … -->` marker. */
function docJsonPatch(marker: string): { op: string; path: string; value: unknown }[] {
  const block = new RegExp(`<!-- test: ${marker} -->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(DOC)
  assert.ok(block, `docs/webhook.md has no block marked ${marker}`)
  const p = /kubectl patch crd trafficsplits\.split\.smi-spec\.io --type json -p '([^']*)'/.exec(block[1]!)
  assert.ok(p, `the ${marker} block holds no kubectl patch --type json`)
  return JSON.parse(p[1]!)
}

test('the storage-version patches of docs/webhook.md give valid CRDs: storage v1alpha2, then v1alpha1 not served', () => {
  const webhook = mergePatch(linkerdCrd(), parse(conversionPatch(PATCHES[0]![1]))) as Obj
  const stored = jsonPatch(webhook, docJsonPatch('storage'))
  assert.equal(
    stored.spec.versions.map((v: Obj) => [v.name, v.served, v.storage]),
    [
      ['v1alpha1', true, false],
      ['v1alpha2', true, true],
    ],
  )
  assert.equal([...problems(stored), ...crdRuleErrors(stored)], [])
  const unserved = jsonPatch({ ...stored, status: { storedVersions: ['v1alpha2'] } }, docJsonPatch('unserve'))
  assert.equal(
    unserved.spec.versions.map((v: Obj) => [v.name, v.served, v.storage]),
    [
      ['v1alpha1', false, false],
      ['v1alpha2', true, true],
    ],
  )
  assert.equal([...problems(unserved), ...crdRuleErrors(unserved)], [])
  // The test operations refuse a CRD whose versions come in another order.
  const reversed = structuredClone(webhook)
  reversed.spec.versions.reverse()
  assert.throws(() => jsonPatch(reversed, docJsonPatch('storage')), /test \/spec\/versions\/0\/name: "v1alpha2", not "v1alpha1"/)
})

const kubectlTest = testWith('kubectl')

function kubectlPatch(dir: string, type: 'merge' | 'json', patch: string, crd: Obj): { ok: boolean; out?: Obj; stderr: string } {
  const crdFile = join(dir, 'crd.json')
  const patchFile = join(dir, `patch.${type === 'merge' ? 'yaml' : 'json'}`)
  writeFileSync(crdFile, JSON.stringify(crd))
  writeFileSync(patchFile, patch)
  const r = spawnSync('kubectl', ['patch', '--local', '--type', type, '--patch-file', patchFile, '-f', crdFile, '-o', 'json'], {
    encoding: 'utf8',
  })
  return r.status === 0 ? { ok: true, out: JSON.parse(r.stdout), stderr: r.stderr } : { ok: false, stderr: r.stderr }
}

kubectlTest('kubectl patch --local applies every patch exactly as the merge and JSON patches above do', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-webhook-crd-'))
  try {
    const crd = linkerdCrd()
    for (const [label, o] of PATCHES) {
      // The patch file as the docs apply it: YAML with its comments, through --patch-file.
      const r = kubectlPatch(dir, 'merge', conversionPatch(o), crd)
      assert.ok(r.ok, `${label}: ${r.stderr}`)
      const expected = mergePatch(crd, parse(conversionPatch(o))) as Obj
      assert.equal(r.out, expected, label)
      assert.equal([...problems(r.out!), ...crdRuleErrors(r.out!)], [], label)
      // Then the storage-version patches of docs/webhook.md.
      const stored = kubectlPatch(dir, 'json', JSON.stringify(docJsonPatch('storage')), r.out!)
      assert.ok(stored.ok, stored.stderr)
      assert.equal(stored.out, jsonPatch(r.out!, docJsonPatch('storage')))
      const unserved = kubectlPatch(dir, 'json', JSON.stringify(docJsonPatch('unserve')), stored.out!)
      assert.ok(unserved.ok, unserved.stderr)
      assert.equal(unserved.out, jsonPatch(stored.out!, docJsonPatch('unserve')))
    }
    // kubectl refuses the storage patch on a CRD whose versions are in another order (the test op).
    const reversed = mergePatch(crd, parse(conversionPatch(PATCHES[0]![1]))) as Obj
    reversed.spec.versions.reverse()
    assert.not.ok(kubectlPatch(dir, 'json', JSON.stringify(docJsonPatch('storage')), reversed).ok)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

// ---- the bring-your-own-CA commands ------------------------------------------------------------

const opensslTest = testWith('openssl')

opensslTest(
  "the OpenSSL commands of docs/webhook.md make a CA and a serving certificate the server serves for the Service's name",
  async () => {
    const block = /<!-- test: openssl -->\n```sh\n([\s\S]*?)```/.exec(DOC)
    assert.ok(block, 'docs/webhook.md has no block marked openssl')
    assert.not.match(block[1]!, /\bkubectl\b|^\s*smi-migrate\s/m, 'the block makes files only')
    const dir = mkdtempSync(join(tmpdir(), 'smi-webhook-ca-'))
    try {
      const r = spawnSync('bash', ['-euo', 'pipefail', '-c', block[1]!], { cwd: dir, encoding: 'utf8' })
      assert.is(r.status, 0, r.stderr)
      const ca = new X509Certificate(readFileSync(join(dir, 'ca.crt')))
      const tls = new X509Certificate(readFileSync(join(dir, 'tls.crt')))
      assert.ok(ca.ca, 'ca.crt is a CA')
      assert.not.ok(tls.ca)
      assert.ok(tls.verify(ca.publicKey), 'the CA signed tls.crt')
      assert.ok(tls.checkIssued(ca))
      const host = `${DEFAULT_NAME}.smi-webhook.svc`
      assert.is(tls.checkHost(host), host)
      assert.is(tls.checkHost(`${host}.cluster.local`), `${host}.cluster.local`)
      assert.equal(tls.keyUsage, ['1.3.6.1.5.5.7.3.1'], 'extended key usage: server auth')

      // The patch of `--patch --ca-bundle ca.crt` carries exactly that CA.
      const out = capture()
      const code = await runManifests(['--namespace', 'smi-webhook', '--patch', '--ca-bundle', join(dir, 'ca.crt')], {
        stdout: out,
        stderr: capture(),
        readFile: (p) => readFileSync(p, 'utf8'),
      })
      assert.is(code, 0)
      const patched = mergePatch(linkerdCrd(), parse(out.text())) as Obj
      assert.equal([...problems(patched), ...crdRuleErrors(patched)], [])
      assert.is(
        Buffer.from(patched.spec.conversion.webhook.clientConfig.caBundle, 'base64').toString('utf8'),
        readFileSync(join(dir, 'ca.crt'), 'utf8'),
      )

      // The server takes the pair, and a client that trusts only the CA and checks the
      // Service's name (as the API server does) accepts it.
      const server = await serve({
        certFile: join(dir, 'tls.crt'),
        keyFile: join(dir, 'tls.key'),
        port: 0,
        address: '127.0.0.1',
        log: () => {},
      })
      try {
        const status = await new Promise<number>((done, fail) => {
          const req = request(
            {
              host: '127.0.0.1',
              port: server.port,
              path: '/readyz',
              servername: host,
              ca: readFileSync(join(dir, 'ca.crt')),
              agent: false,
            },
            (res) => {
              res.resume()
              done(res.statusCode ?? 0)
            },
          )
          req.on('error', fail)
          req.end()
        })
        assert.is(status, 200)
      } finally {
        await server.shutdown()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
)

// ---- the command ------------------------------------------------------------------------------

function capture(): Writable & { text(): string } {
  const chunks: string[] = []
  const w = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk))
      done()
    },
  }) as Writable & { text(): string }
  w.text = () => chunks.join('')
  return w
}

async function run(args: string[], files: Record<string, string> = {}) {
  const stdout = capture()
  const stderr = capture()
  const readFile = (path: string) => {
    if (!(path in files)) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' })
    return files[path]!
  }
  const code = await runManifests(args, { stdout, stderr, readFile })
  return { code, stdout: stdout.text(), stderr: stderr.text() }
}

test('smi-migrate webhook manifests: the objects, the patch, --help', async () => {
  let r = await run(['--namespace', 'smi-webhook', '--image', 'ghcr.io/example/smi-migrate:0.1.0', '--cert-manager'])
  assert.equal([r.code, r.stderr], [0, ''])
  assert.is(r.stdout, webhookManifests(VARIANTS[0]!))
  r = await run(['--namespace', 'smi-webhook', '--image', 'ghcr.io/example/smi-migrate:0.1.0', '--name', 'ts-convert'])
  assert.is(
    r.stdout,
    webhookManifests({ namespace: 'smi-webhook', image: 'ghcr.io/example/smi-migrate:0.1.0', certManager: false, name: 'ts-convert' }),
  )
  r = await run(['--namespace', 'smi-webhook', '--cert-manager', '--patch'])
  assert.equal([r.code, r.stdout], [0, conversionPatch({ namespace: 'smi-webhook', certManager: true })])
  r = await run(['--patch', '--namespace=smi-webhook', '--ca-bundle', 'ca.crt'], { 'ca.crt': CA })
  assert.equal([r.code, r.stdout], [0, conversionPatch({ namespace: 'smi-webhook', certManager: false, caBundle: CA })])
  for (const help of ['--help', '-h']) {
    r = await run([help])
    assert.is(r.code, 0)
    assert.match(r.stdout, /^Usage: smi-migrate webhook manifests --namespace NS --image IMAGE/)
    for (const flag of ['--namespace', '--image', '--cert-manager', '--ca-bundle', '--name', '--patch'])
      assert.ok(r.stdout.includes(flag), flag)
  }
})

/** The words of a POSIX shell command line of plain and single-quoted words. */
function shellWords(line: string): string[] {
  const words: string[] = []
  for (const m of line.matchAll(/(?:[^\s']|'[^']*')+/g)) words.push(m[0].replace(/'([^']*)'/g, '$1'))
  return words
}

test("the built CLI's 'Generated by' line is a command line that prints the same output again, every flag kept", () => {
  const variants = [
    ['--namespace', 'smi-webhook', '--image', 'ghcr.io/example/smi-migrate:0.1.0'],
    ['--image', 'ghcr.io/example/smi-migrate@sha256:' + 'a'.repeat(64), '--cert-manager', '--namespace', 'mesh', '--name', 'ts-convert'],
    ['--namespace', 'smi-webhook', '--image', 'r/i:1', '--network-policy', '10.0.0.0/8,192.168.0.0/16', '--metrics-from', 'monitoring'],
    ['--admission-policy', '--namespace', 'smi-webhook', '--image', 'r/i:1', '--network-policy', '172.16.0.1/32', '--cert-manager'],
    ['--namespace', 'smi-webhook', '--image', 'r/i:1', '--reserve-for', '10.0.0.1/32,fd00::/64', '--network-policy', '10.0.0.1/32'],
  ]
  for (const args of variants) {
    const first = cli(['webhook', 'manifests', ...args])
    assert.equal([first.status, first.stderr], [0, ''], args.join(' '))
    const line = /^# Generated by: (.*)$/m.exec(first.stdout)?.[1]
    assert.ok(line, `a Generated by line for ${args.join(' ')}`)
    const words = shellWords(line)
    assert.equal(words.slice(0, 3), ['smi-migrate', 'webhook', 'manifests'], line)
    const again = cli(words.slice(1))
    assert.equal([again.status, again.stderr], [0, ''], line)
    assert.is(again.stdout, first.stdout, `${line} prints what ${args.join(' ')} printed`)
  }
})

test("--reserve-for goes into the Deployment's args, as the server reads it; without it the args have none", async () => {
  const argsOf = (stdout: string) => {
    const d = parseAllDocuments(stdout)
      .map((doc) => doc.toJS())
      .find((o) => o?.kind === 'Deployment')
    return d.spec.template.spec.containers[0].args as string[]
  }
  const base = ['--namespace', 'smi-webhook', '--image', 'r/i:1']
  const without = await run(base)
  assert.is(without.code, 0)
  assert.not.ok(argsOf(without.stdout).includes('--reserve-for'))
  const r = await run([...base, '--reserve-for', '10.0.0.1/32, 10.0.0.2/32,fd00::/64'])
  assert.equal([r.code, r.stderr], [0, ''])
  const args = argsOf(r.stdout)
  assert.equal(args.slice(args.indexOf('--reserve-for'), args.indexOf('--reserve-for') + 2), [
    '--reserve-for',
    '10.0.0.1/32,10.0.0.2/32,fd00::/64',
  ])
  // Only the Deployment's args change.
  const strip = (text: string) => text.replace(/^# Generated by: .*$/m, '').replace(/\n *- "--reserve-for"\n *- "[^\n]+"/, '')
  assert.is(strip(r.stdout), strip(without.stdout))
  // A CIDR the server would refuse at start is refused here, before a Deployment whose pods never get ready.
  // A zone too: Go's net.ParseCIDR refuses it, as --network-policy does.
  for (const bad of ['10.0.0.1', '10.0.0.0/33', 'example.com/8', '10.0.0.0/8,', 'fe80::1%eth0/64', '10.0.0.0/8,fe80::%1/10']) {
    const refused = await run([...base, '--reserve-for', bad])
    assert.is(refused.code, 2, bad)
    assert.is(refused.stdout, '', bad)
    assert.match(refused.stderr, /--reserve-for: ".*" is not a CIDR/, bad)
    // The server reads --reserve-for by the same rule: it would never start on it.
    const server = cli(['webhook', '--cert', 'c.pem', '--key', 'k.pem', '--reserve-for', bad])
    assert.is(server.status, 2, bad)
    assert.match(server.stderr, /--reserve-for: ".*" is not a CIDR/, bad)
  }
  // A catch-all is printed, with a warning: every client would be the API server's, without a per-address bound.
  for (const [all, named] of [
    ['0.0.0.0/0', ['0.0.0.0/0']],
    ['10.0.0.1/32,::/0', ['::/0']],
    ['0.0.0.0/00,::/0', ['0.0.0.0/00', '::/0']],
  ] as const) {
    const warned = await run([...base, '--reserve-for', all])
    assert.is(warned.code, 0, all)
    assert.equal(argsOf(warned.stdout).slice(-2), ['--reserve-for', all])
    const lines = warned.stderr.split('\n').filter(Boolean)
    assert.equal(
      lines.map((l) => /warning: --reserve-for (\S+) holds every address: no client has a per-address bound/.exec(l)?.[1]),
      [...named],
      all,
    )
    // The server says the same when it starts (here it then stops: no certificate to read).
    const server = cli(['webhook', '--cert', 'c.pem', '--key', 'k.pem', '--reserve-for', all])
    assert.equal(
      server.stderr
        .split('\n')
        .map((l) => /^smi-migrate webhook: warning: --reserve-for (\S+) holds every address/.exec(l)?.[1])
        .filter(Boolean),
      [...named],
      all,
    )
  }
  const patch = await run(['--namespace', 'ns', '--patch', '--cert-manager', '--reserve-for', '10.0.0.1/32'])
  assert.is(patch.code, 2)
  assert.match(patch.stderr, /--reserve-for .*leave out --patch/)
})

test('smi-migrate webhook manifests: usage errors exit 2 with one line on stderr and nothing on stdout', async () => {
  const cases: [string[], RegExp][] = [
    [['--image', 'x:1'], /--namespace is required/],
    [['--namespace', 'ns'], /--image is required \(or --patch for the CRD patch\)/],
    [['--namespace', 'ns', '--patch'], /give --ca-bundle FILE/],
    [['--namespace', 'ns', '--patch', '--ca-bundle', 'missing.pem'], /cannot read --ca-bundle missing\.pem: ENOENT/],
    [['--namespace', 'ns', '--patch', '--cert-manager', '--ca-bundle', 'ca.crt'], /exclude each other/],
    [['--namespace', 'NS', '--image', 'x:1'], /is not a namespace name/],
    [
      ['--namespace', 'ns', '--image', 'x:1', '--replicas', '3'],
      /unknown option --replicas \(run smi-migrate webhook manifests --help for usage\)/,
    ],
    [['--namespace'], /--namespace needs a value/],
    [['--namespace', '', '--image', 'x:1'], /--namespace needs a value/],
    [['--namespace', 'ns', '--image', 'x:1', '--patch=yes'], /--patch takes no value/],
    [['--namespace', 'ns', '--image', 'x:1', 'extra'], /unexpected argument extra/],
  ]
  for (const [args, message] of cases) {
    const r = await run(args, { 'ca.crt': CA })
    assert.is(r.code, 2, args.join(' '))
    assert.is(r.stdout, '', args.join(' '))
    assert.match(r.stderr, /^smi-migrate webhook manifests: [^\n]+\n$/, args.join(' '))
    assert.match(r.stderr, message, args.join(' '))
  }
})

test.run()
