import {
  QUANTITY_PATTERN,
  catchAllPolicyWarning,
  catchAllReserves,
  catchAllWarning,
  parseCidr,
  reservedMatcher
} from "./shared-099246b5fd.js";
import {
  UsageError,
  optionRows,
  readFlags
} from "./shared-1212ed35aa.js";
import {
  emitBlockMap
} from "./shared-94a13abe50.js";
import {
  SPLIT_GROUP,
  SPLIT_VERSIONS
} from "./shared-da01202873.js";
import "./shared-051a59df81.js";
import "./shared-6bfea2ec3c.js";

// src/webhook/manifests.ts
var DEFAULT_NAME = "smi-migrate-webhook";
var CRD_NAME = "trafficsplits.split.smi-spec.io";
var TLS_DIR = "/tls";
var STASH_KEY_DIR = "/stash-key";
var STASH_KEY_FILE = "stash.key";
var PORT = 9443;
var TERMINATION_GRACE_SECONDS = 30;
var USER_ID = 65532;
var LONGEST_SUFFIX = "-selfsigned".length;
var MAX_NAME = 63 - LONGEST_SUFFIX;
var DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
var DNS_1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
var IMAGE = /^[A-Z0-9][\w.\-/:@+]*$/i;
var PEM_CERT = /-----BEGIN CERTIFICATE-----\r?\n([A-Za-z0-9+/=\r\n]+)-----END CERTIFICATE-----/g;
function names(o) {
  const name = o.name ?? DEFAULT_NAME;
  if (!DNS_LABEL.test(o.namespace) || o.namespace.length > 63) {
    throw new Error(
      `--namespace "${o.namespace}" is not a namespace name: lower-case letters, digits and "-", starting and ending with a letter or digit, at most 63 characters`
    );
  }
  if (!DNS_1035_LABEL.test(name) || name.length > MAX_NAME) {
    throw new Error(
      `--name "${name}" cannot name a Service: lower-case letters, digits and "-", starting with a letter, ending with a letter or digit, at most ${MAX_NAME} characters (the derived names add up to ${LONGEST_SUFFIX})`
    );
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
    serviceHost: `${name}.${o.namespace}.svc`
  };
}
function caCertificates(pem) {
  if (/PRIVATE KEY-----/.test(pem)) {
    throw new Error("--ca-bundle holds a private key: give the CA certificate only (ca.crt, never ca.key)");
  }
  const blocks = [...pem.matchAll(PEM_CERT)].map(
    (m) => `-----BEGIN CERTIFICATE-----
${m[1].replace(/\r/g, "")}-----END CERTIFICATE-----
`
  );
  if (blocks.length === 0)
    throw new Error('--ca-bundle holds no PEM certificate ("-----BEGIN CERTIFICATE-----" \u2026 "-----END CERTIFICATE-----")');
  return blocks.join("");
}
function checkOptions(o) {
  if (o.certManager && o.caBundle !== void 0) {
    throw new Error("--ca-bundle and --cert-manager exclude each other: with --cert-manager, cert-manager injects the CA into the CRD");
  }
  if (o.caBundle !== void 0) caCertificates(o.caBundle);
}
function labels(n) {
  return {
    "app.kubernetes.io/name": DEFAULT_NAME,
    "app.kubernetes.io/instance": n.name,
    "app.kubernetes.io/component": "conversion-webhook",
    "app.kubernetes.io/part-of": "smi-migrate"
  };
}
function selectorLabels(n) {
  return { "app.kubernetes.io/name": DEFAULT_NAME, "app.kubernetes.io/instance": n.name };
}
function meta(n, name) {
  return { name, namespace: n.namespace, labels: labels(n) };
}
function webhookMeta(o) {
  const n = names(o);
  return meta(n, n.name);
}
function webhookSelector(o) {
  return selectorLabels(names(o));
}
function serviceAccount(n) {
  return { apiVersion: "v1", kind: "ServiceAccount", metadata: meta(n, n.name), automountServiceAccountToken: false };
}
function deployment(n, image, replicas, reserveFor) {
  const probe = (path, periodSeconds, failureThreshold) => ({
    httpGet: { path, port: "https", scheme: "HTTPS" },
    periodSeconds,
    timeoutSeconds: 3,
    failureThreshold
  });
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: meta(n, n.name),
    spec: {
      replicas,
      selector: { matchLabels: selectorLabels(n) },
      // A new pod is ready before an old one goes: the API server always has an endpoint.
      strategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
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
            seccompProfile: { type: "RuntimeDefault" }
          },
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: "kubernetes.io/hostname",
              whenUnsatisfiable: "ScheduleAnyway",
              labelSelector: { matchLabels: selectorLabels(n) }
            }
          ],
          containers: [
            {
              name: "webhook",
              image,
              imagePullPolicy: "IfNotPresent",
              args: serverArgs(reserveFor),
              ports: [{ name: "https", containerPort: PORT, protocol: "TCP" }],
              readinessProbe: probe("/readyz", 5, 2),
              livenessProbe: probe("/healthz", 10, 3),
              // V8 sizes its heap from the machine, not the container: without a bound the heap
              // grows past the limit under a flood of 3 MiB bodies before it collects. 256 MiB of
              // heap keeps the process (heap, buffers, code) under the limit (docs/webhook.md,
              // Memory; measured by bench/webhook.mjs's body flood).
              env: [{ name: "NODE_OPTIONS", value: "--max-old-space-size=256" }],
              resources: {
                requests: { cpu: "50m", memory: "128Mi" },
                limits: { memory: "512Mi" }
              },
              // The endpoint can stay listed for a moment after SIGTERM: keep serving 5 s before the
              // server drains (distroless has no sleep; the image's node does it).
              lifecycle: { preStop: { exec: { command: ["/nodejs/bin/node", "-e", "setTimeout(() => {}, 5000)"] } } },
              securityContext: {
                allowPrivilegeEscalation: false,
                readOnlyRootFilesystem: true,
                runAsNonRoot: true,
                runAsUser: USER_ID,
                runAsGroup: USER_ID,
                capabilities: { drop: ["ALL"] },
                seccompProfile: { type: "RuntimeDefault" }
              },
              // The whole Secret, never a subPath: the kubelet updates a Secret volume in place
              // (cert-manager's renewals), and the server reloads the files when they change.
              // The stash keys likewise (a rotation reaches the file; the server reads it again).
              volumeMounts: [
                { name: "tls", mountPath: TLS_DIR, readOnly: true },
                { name: "stash-key", mountPath: STASH_KEY_DIR, readOnly: true }
              ]
            }
          ],
          volumes: secretVolumes(n)
        }
      }
    }
  };
}
function serverArgs(reserveFor) {
  if (reserveFor) reservedMatcher(reserveFor);
  const reserve = reserveFor?.length ? ["--reserve-for", reserveFor.join(",")] : [];
  return [
    "webhook",
    "--cert",
    `${TLS_DIR}/tls.crt`,
    "--key",
    `${TLS_DIR}/tls.key`,
    "--stash-key",
    `${STASH_KEY_DIR}/${STASH_KEY_FILE}`,
    "--port",
    String(PORT),
    ...reserve
  ];
}
function secretVolumes(n) {
  return [
    { name: "tls", secret: { secretName: n.tlsSecret, defaultMode: 288 } },
    { name: "stash-key", secret: { secretName: n.stashKeySecret, defaultMode: 288 } }
  ];
}
function service(n) {
  return {
    apiVersion: "v1",
    kind: "Service",
    metadata: meta(n, n.name),
    spec: {
      type: "ClusterIP",
      selector: selectorLabels(n),
      ports: [{ name: "https", port: 443, targetPort: "https", protocol: "TCP" }]
    }
  };
}
function podDisruptionBudget(n) {
  return {
    apiVersion: "policy/v1",
    kind: "PodDisruptionBudget",
    metadata: meta(n, n.name),
    spec: { minAvailable: 1, selector: { matchLabels: selectorLabels(n) } }
  };
}
function certManagerObjects(n) {
  const issuerRef = (name) => ({ name, kind: "Issuer", group: "cert-manager.io" });
  return [
    { apiVersion: "cert-manager.io/v1", kind: "Issuer", metadata: meta(n, n.selfSignedIssuer), spec: { selfSigned: {} } },
    {
      apiVersion: "cert-manager.io/v1",
      kind: "Certificate",
      metadata: meta(n, n.caCertificate),
      spec: {
        isCA: true,
        commonName: n.caCertificate,
        secretName: n.caSecret,
        duration: "43800h",
        // 5 years: a new CA means a new caBundle (see docs/webhook.md)
        privateKey: { algorithm: "ECDSA", size: 256, rotationPolicy: "Always" },
        issuerRef: issuerRef(n.selfSignedIssuer)
      }
    },
    { apiVersion: "cert-manager.io/v1", kind: "Issuer", metadata: meta(n, n.caIssuer), spec: { ca: { secretName: n.caSecret } } },
    {
      apiVersion: "cert-manager.io/v1",
      kind: "Certificate",
      metadata: meta(n, n.servingCertificate),
      spec: {
        secretName: n.tlsSecret,
        dnsNames: [n.serviceHost, `${n.serviceHost}.cluster.local`],
        duration: "2160h",
        // 90 days, renewed 30 days before: the server reloads the files
        renewBefore: "720h",
        usages: ["server auth", "digital signature"],
        privateKey: { algorithm: "ECDSA", size: 256, rotationPolicy: "Always" },
        issuerRef: issuerRef(n.caIssuer)
      }
    }
  ];
}
function webhookObjects(o) {
  const n = names(o);
  checkOptions(o);
  if (!IMAGE.test(o.image)) throw new Error(`--image "${o.image}" is not an image reference (registry/repository:tag or @sha256:digest)`);
  const replicas = o.replicas ?? 2;
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 100)
    throw new Error(`replicas must be an integer from 1 to 100; got ${replicas}`);
  return [
    serviceAccount(n),
    ...o.certManager ? certManagerObjects(n) : [],
    service(n),
    deployment(n, o.image, replicas, o.reserveFor),
    ...replicas > 1 ? [podDisruptionBudget(n)] : []
  ];
}
function webhookManifests(o, command) {
  const objects = webhookObjects(o);
  const n = names(o);
  const head = [
    `smi-migrate webhook manifests: the TrafficSplit conversion webhook ${n.name} in namespace ${n.namespace}.`,
    `Generated by: ${command ?? `smi-migrate webhook manifests --namespace ${n.namespace} --image ${o.image}${o.certManager ? " --cert-manager" : ""}${n.name === DEFAULT_NAME ? "" : ` --name ${n.name}`}`}`,
    `The namespace is not created here: kubectl create namespace ${n.namespace} (if it does not exist).`,
    ...o.certManager ? [
      "Needs cert-manager (cert-manager.io/v1): the Issuers and Certificates below make a CA and the",
      `serving certificate (Secret ${n.tlsSecret}), and cert-manager's CA injector fills in the CRD's caBundle.`
    ] : [
      `Needs the Secret ${n.namespace}/${n.tlsSecret} (type kubernetes.io/tls), a serving certificate for`,
      `${n.serviceHost} signed by your CA: kubectl -n ${n.namespace} create secret tls ${n.tlsSecret} --cert=tls.crt --key=tls.key`
    ],
    `Needs the Secret ${n.namespace}/${n.stashKeySecret}, the key that signs the webhook's annotation (only the webhook mounts it):`,
    `kubectl -n ${n.namespace} create secret generic ${n.stashKeySecret} --from-literal=${STASH_KEY_FILE}="$(openssl rand -base64 48)"`,
    `Apply: kubectl apply -f THIS_FILE, wait for kubectl -n ${n.namespace} rollout status deployment/${n.name},`,
    `then patch the CRD (smi-migrate webhook manifests ... --patch): kubectl patch crd ${CRD_NAME} --type merge --patch-file PATCH_FILE`,
    "The whole procedure (storage version, rewriting stored objects, dropping v1alpha1): docs/webhook.md in smi-migrate."
  ];
  return comment(head) + objects.map((obj) => `---
${toYaml(obj)}`).join("");
}
function conversionPatch(o) {
  const n = names(o);
  checkOptions(o);
  if (!o.certManager && o.caBundle === void 0) {
    throw new Error(
      `the CRD patch needs the CA that signed the serving certificate: give --ca-bundle FILE (PEM, the CA of Secret ${n.namespace}/${n.tlsSecret}), or use --cert-manager`
    );
  }
  const clientConfig = { service: { namespace: n.namespace, name: n.name, path: "/convert", port: 443 } };
  if (o.caBundle !== void 0) clientConfig.caBundle = Buffer.from(caCertificates(o.caBundle), "utf8").toString("base64");
  const patch = {
    metadata: {
      annotations: {
        // cert-manager's CA injector fills in caBundle from the serving Certificate's Secret
        // (its ca.crt); without cert-manager, null removes an annotation left from an earlier
        // install, which would otherwise overwrite the caBundle given here.
        "cert-manager.io/inject-ca-from": o.certManager ? `${n.namespace}/${n.servingCertificate}` : null
      }
    },
    spec: {
      conversion: {
        strategy: "Webhook",
        webhook: { conversionReviewVersions: ["v1", "v1beta1"], clientConfig }
      }
    }
  };
  const head = [
    `smi-migrate webhook manifests --patch: send the conversions of ${CRD_NAME} to the webhook`,
    `${n.namespace}/${n.name} (POST /convert on port 443). Apply after the webhook is ready:`,
    `  kubectl patch crd ${CRD_NAME} --type merge --patch-file THIS_FILE`,
    o.certManager ? `caBundle is left to cert-manager's CA injector (annotation cert-manager.io/inject-ca-from: ${n.namespace}/${n.servingCertificate}).` : "caBundle: the CA certificate given with --ca-bundle, base64-encoded PEM; the annotation set to null is removed.",
    "This patch leaves the versions (served, storage) as they are: docs/webhook.md says when to change them."
  ];
  return comment(head) + toYaml(patch);
}
function comment(lines) {
  return lines.map((l) => `# ${l}
`).join("");
}
var STYLE = { flow: false, json: false, indent: 2, eol: "\n" };
function toYaml(value) {
  return `${emitBlockMap(value, STYLE, 0)}
`;
}

// src/webhook/hardening.ts
var MAX_WEIGHT_NUMBER = 2147483647;
var LINKERD_SUM = 429496729;
var MAX_V1ALPHA1_INTEGER = Math.floor(LINKERD_SUM / 1e3);
var SUM_RULE_MINOR = 30;
function kubeMinor(version) {
  const m = /^v?1\.(\d{1,3})(\.\d{1,4})?$/.exec(version);
  if (m === null) throw new Error(`--kube-version takes the cluster's Kubernetes version as 1.MINOR (1.30, v1.30.2), not "${version}"`);
  const minor = Number(m[1]);
  if (minor < 16) throw new Error(`--kube-version ${version}: the CRD patch needs Kubernetes 1.16 or later (apiextensions.k8s.io/v1)`);
  return minor;
}
var SUM_MESSAGE = `the weights add up to at most ${LINKERD_SUM}, a sum Linkerd adds up without wrapping`;
var sumRule = (list) => `${list}.map(b, has(b.weight) ? double(b.weight) : 0.0).sum() <= ${LINKERD_SUM}.0`;
function networkPolicy(o, cidrs, metricsFrom) {
  if (cidrs.length === 0) throw new Error(`--network-policy takes the API server's addresses as CIDRs (10.0.0.0/24,2001:db8::/64)`);
  for (const c of cidrs) parseCidr("--network-policy", c);
  const from = cidrs.map((cidr) => ({ ipBlock: { cidr } }));
  if (metricsFrom !== void 0) from.push({ namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": metricsFrom } } });
  const meta2 = webhookMeta(o);
  return {
    apiVersion: "networking.k8s.io/v1",
    kind: "NetworkPolicy",
    metadata: meta2,
    spec: {
      podSelector: { matchLabels: webhookSelector(o) },
      policyTypes: ["Ingress"],
      ingress: [{ from, ports: [{ protocol: "TCP", port: PORT }] }]
    }
  };
}
function weightSchema(version) {
  if (version === "v1alpha1")
    return {
      description: "Traffic weight value of this backend: a non-negative quantity.",
      anyOf: [{ type: "integer" }, { type: "string" }],
      // `pattern` applies to strings only, `minimum` and `maximum` to integers only.
      pattern: QUANTITY_PATTERN,
      minimum: 0,
      maximum: MAX_V1ALPHA1_INTEGER,
      "x-kubernetes-int-or-string": true
    };
  return {
    description: "Traffic weight value of this backend.",
    type: "integer",
    minimum: 0,
    maximum: MAX_WEIGHT_NUMBER
  };
}
function schemaPatch(versions, kubeMinorVersion) {
  const unknown = versions.find((v) => !SPLIT_VERSIONS.includes(v));
  if (unknown !== void 0 || versions.length === 0 || new Set(versions).size !== versions.length)
    throw new Error(
      `--tighten-schema takes the CRD's versions in the order of spec.versions, each once (${SPLIT_VERSIONS.join(",")}), not "${versions.join(",")}"`
    );
  const backends = (i) => `/spec/versions/${i}/schema/openAPIV3Schema/properties/spec/properties/backends`;
  const withSum = kubeMinorVersion !== void 0 && kubeMinorVersion >= SUM_RULE_MINOR;
  return [
    ...versions.map((v, i) => ({ op: "test", path: `/spec/versions/${i}/name`, value: v })),
    ...versions.map((v, i) => ({ op: "add", path: `${backends(i)}/items/properties/weight`, value: weightSchema(v) })),
    // The sum Linkerd adds up, as a CRD validation rule: only where the API server can estimate its cost (SUM_RULE_MINOR).
    ...versions.flatMap(
      (v, i) => v === "v1alpha1" || !withSum ? [] : [{ op: "add", path: `${backends(i)}/x-kubernetes-validations`, value: [{ rule: sumRule("self"), message: SUM_MESSAGE }] }]
    )
  ];
}
var v1SumRule = (list) => `${list}.map(b, !has(b.weight) ? 0.0 : type(b.weight) == int ? double(b.weight) : quantity(b.weight).asApproximateFloat()).sum() * 1000.0 + double(${list}.size()) + 1.0 <= ${LINKERD_SUM}.0`;
function weightRuleCel(version) {
  const each = version === "v1alpha1" ? `type(b.weight) == int ? b.weight >= 0 : (type(b.weight) == string && b.weight.matches('${QUANTITY_PATTERN.replace(/\\/g, "\\\\")}'))` : `double(b.weight) >= 0.0 && double(b.weight) <= ${MAX_WEIGHT_NUMBER}.0 && double(int(b.weight)) == double(b.weight)`;
  const sum = ` && ${version === "v1alpha1" ? v1SumRule("object.spec.backends") : sumRule("object.spec.backends")}`;
  return `!has(object.spec) || !has(object.spec.backends) || (object.spec.backends.all(b, !has(b.weight) || (${each}))${sum})`;
}
function admissionPolicy(o) {
  const meta2 = webhookMeta(o);
  const name = `${String(meta2.name)}-weights`;
  const labels2 = meta2.labels;
  return [
    {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicy",
      metadata: { name, labels: labels2 },
      spec: {
        failurePolicy: "Fail",
        matchConstraints: {
          resourceRules: [{ apiGroups: [SPLIT_GROUP], apiVersions: ["*"], operations: ["CREATE", "UPDATE"], resources: ["trafficsplits"] }]
        },
        validations: SPLIT_VERSIONS.map((v) => ({
          expression: `object.apiVersion != '${SPLIT_GROUP}/${v}' || (${weightRuleCel(v)})`,
          message: `${CRD_NAME} ${v}: ${v === "v1alpha1" ? `a weight is a non-negative quantity, its exponent at most 3 digits; their milli-values add up to at most ${LINKERD_SUM}, a sum Linkerd adds up without wrapping` : `a weight is an integer from 0 to ${MAX_WEIGHT_NUMBER}; ${SUM_MESSAGE}`} (the conversion webhook's schema tightening)`
        }))
      }
    },
    {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicyBinding",
      metadata: { name, labels: labels2 },
      spec: { policyName: name, validationActions: ["Deny"] }
    }
  ];
}

// src/webhook/manifests-cli.ts
var PREFIX = "smi-migrate webhook manifests";
var FLAGS = [
  { name: "namespace", value: "ns", help: "namespace of the webhook (it must exist; not created)" },
  {
    name: "image",
    value: "image",
    help: "the webhook's image, built from the repository's Dockerfile\n(pin it by digest: registry/smi-migrate@sha256:...)"
  },
  {
    name: "cert-manager",
    help: "cert-manager issues the serving certificate and injects the CA\ninto the CRD; without it, create the Secret <name>-tls (type\nkubernetes.io/tls) yourself and give its CA with --ca-bundle"
  },
  {
    name: "ca-bundle",
    value: "file",
    help: "with --patch, without --cert-manager: the PEM CA certificate\nthat signed the serving certificate"
  },
  { name: "name", value: "name", help: `name of the objects and the Service (default: ${DEFAULT_NAME})` },
  {
    name: "network-policy",
    value: "cidrs",
    help: "also a NetworkPolicy: only these addresses (the API server's, as\ncomma-separated CIDRs) reach the webhook's port"
  },
  { name: "metrics-from", value: "ns", help: "with --network-policy: the namespace that scrapes GET /metrics" },
  {
    name: "reserve-for",
    value: "cidrs",
    help: "the API server's addresses (comma-separated CIDRs), written into\nthe server's --reserve-for: capacity other clients cannot take"
  },
  {
    name: "admission-policy",
    help: "also a ValidatingAdmissionPolicy that refuses weights the webhook\ncannot convert exactly (what --tighten-schema makes the schema say)"
  },
  { name: "patch", help: "print the CRD patch instead of the objects" },
  {
    name: "tighten-schema",
    value: "versions",
    help: "with --patch: print instead the JSON patch that tightens the weights'\nschemas; the CRD's versions in the order of spec.versions"
  },
  {
    name: "kube-version",
    value: "version",
    help: "with --tighten-schema: the cluster's Kubernetes version (1.30,\nv1.30.2); 1.30+ adds the CRD rule on the weights' sum"
  },
  { name: "help", short: "h", help: "show this help" }
];
var MANIFESTS_HELP = `Usage: ${PREFIX} --namespace NS --image IMAGE [--cert-manager] [--name NAME]
           [--network-policy CIDRS [--metrics-from NS]] [--reserve-for CIDRS] [--admission-policy]
       ${PREFIX} --namespace NS --patch (--cert-manager | --ca-bundle FILE) [--name NAME]
       ${PREFIX} --namespace NS --patch --tighten-schema VERSIONS [--kube-version V]

Prints what runs the TrafficSplit conversion webhook in a cluster, for kubectl apply -f:
a ServiceAccount, Service, Deployment (2 replicas, probes, non-root, read-only root
filesystem) and PodDisruptionBudget, and with --cert-manager the Issuers and Certificates
of its serving certificate. With --patch, prints instead the patch that sends the CRD's
conversions to the webhook:
  kubectl patch crd ${CRD_NAME} --type merge --patch-file FILE
With --tighten-schema (JSON, apply with --type json), the weight schemas the webhook
converts exactly: kubectl get crd ${CRD_NAME} -o jsonpath='{.spec.versions[*].name}'
gives VERSIONS (comma-separated, in that order).

Options:
${optionRows(FLAGS)}

The rollout (storage version, rewriting stored objects, dropping v1alpha1): docs/webhook.md.
`;
async function runManifests(args, io) {
  const usage = (message) => {
    io.stderr.write(`${PREFIX}: ${message}
`);
    return 2;
  };
  let values;
  try {
    values = readFlags(args, FLAGS, false).values;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return usage(err.message + (HINTS[err.kind] ?? ""));
  }
  if (values.help) return write(io.stdout, MANIFESTS_HELP);
  for (const flag of [
    "namespace",
    "image",
    "ca-bundle",
    "name",
    "network-policy",
    "metrics-from",
    "reserve-for",
    "tighten-schema",
    "kube-version"
  ]) {
    if (values[flag] === "") return usage(`--${flag} needs a value`);
  }
  if (values.namespace === void 0) return usage("--namespace is required");
  if (!values.patch && values.image === void 0) return usage("--image is required (or --patch for the CRD patch)");
  let caBundle;
  if (values["ca-bundle"] !== void 0) {
    try {
      caBundle = io.readFile(values["ca-bundle"]);
    } catch (err) {
      return usage(`cannot read --ca-bundle ${values["ca-bundle"]}: ${err.message}`);
    }
  }
  const options = {
    namespace: values.namespace,
    image: values.image ?? "",
    certManager: values["cert-manager"] === true,
    ...caBundle !== void 0 ? { caBundle } : {},
    ...values.name !== void 0 ? { name: values.name } : {},
    ...values["reserve-for"] !== void 0 ? { reserveFor: values["reserve-for"].split(",").map((c) => c.trim()) } : {}
  };
  const misplaced = misplacedFlag(values);
  if (misplaced) return usage(misplaced);
  let text;
  try {
    text = values.patch ? patchText(values["tighten-schema"], values["kube-version"], options) : objectsText(values, options);
  } catch (err) {
    return usage(err.message);
  }
  for (const c of catchAllReserves(options.reserveFor)) io.stderr.write(`${PREFIX}: ${catchAllWarning(c)}
`);
  const policy = values["network-policy"]?.split(",").map((c) => c.trim());
  for (const c of catchAllReserves(policy)) io.stderr.write(`${PREFIX}: ${catchAllPolicyWarning(c)}
`);
  return write(io.stdout, text);
}
function misplacedFlag(values) {
  if (!values.patch && values["tighten-schema"] !== void 0) return "--tighten-schema goes with --patch";
  if (values["kube-version"] !== void 0 && values["tighten-schema"] === void 0) return "--kube-version goes with --tighten-schema";
  if (values.patch && (values["network-policy"] !== void 0 || values["admission-policy"] || values["reserve-for"] !== void 0))
    return "--network-policy, --reserve-for and --admission-policy print objects: leave out --patch";
  if (values["metrics-from"] !== void 0 && values["network-policy"] === void 0) return "--metrics-from goes with --network-policy";
  return void 0;
}
function patchText(tighten, kubeVersion, options) {
  if (tighten === void 0) return conversionPatch(options);
  const minor = kubeVersion === void 0 ? void 0 : kubeMinor(kubeVersion);
  return `${JSON.stringify(
    schemaPatch(
      tighten.split(",").map((v) => v.trim()),
      minor
    ),
    null,
    2
  )}
`;
}
function objectsText(values, options) {
  const extra = [
    ...values["network-policy"] !== void 0 ? [
      networkPolicy(
        options,
        values["network-policy"].split(",").map((c) => c.trim()),
        values["metrics-from"]
      )
    ] : [],
    ...values["admission-policy"] ? admissionPolicy(options) : []
  ];
  return webhookManifests(options, commandLine(values, options)) + extra.map((o) => `---
${toYaml(o)}`).join("");
}
function commandLine(values, options) {
  const words = [PREFIX, ...["--namespace", options.namespace, "--image", options.image].map(shellWord)];
  if (options.certManager) words.push("--cert-manager");
  if (options.name !== void 0 && options.name !== DEFAULT_NAME) words.push("--name", shellWord(options.name));
  if (values["network-policy"] !== void 0) words.push("--network-policy", shellWord(values["network-policy"]));
  if (values["metrics-from"] !== void 0) words.push("--metrics-from", shellWord(values["metrics-from"]));
  if (options.reserveFor !== void 0) words.push("--reserve-for", shellWord(options.reserveFor.join(",")));
  if (values["admission-policy"]) words.push("--admission-policy");
  return words.join(" ");
}
function shellWord(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
function write(out, text) {
  return new Promise((resolve, reject) => {
    out.write(text, (err) => err ? reject(err) : resolve(0));
  });
}
var HINTS = {
  "unknown-option": ` (run ${PREFIX} --help for usage)`,
  "unexpected-argument": " (this command takes only options)"
};
export {
  MANIFESTS_HELP,
  runManifests
};
