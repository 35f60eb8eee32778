/**
 * `smi-migrate webhook manifests`: prints the webhook's Kubernetes objects, or with --patch
 * the CRD patch (manifests.ts makes both). Reads the --ca-bundle file through `io.readFile`,
 * writes only to `io.stdout` and `io.stderr`. Exit codes: 0 printed (or --help), 2 usage error.
 */
import type { Writable } from 'node:stream'
import { type Flag, optionRows, readFlags, UsageError } from '../command.js'
import { conversionPatch, CRD_NAME, DEFAULT_NAME, toYaml, webhookManifests } from './manifests.js'
import { catchAllPolicyWarning, catchAllReserves, catchAllWarning } from './connections.js'
import { admissionPolicy, kubeMinor, networkPolicy, schemaPatch } from './hardening.js'

export interface ManifestsIo {
  stdout: Writable
  stderr: Writable
  /** Reads a file as UTF-8 text; throws as node:fs does. */
  readFile: (path: string) => string
}

const PREFIX = 'smi-migrate webhook manifests'

const FLAGS: readonly Flag[] = [
  { name: 'namespace', value: 'ns', help: 'namespace of the webhook (it must exist; not created)' },
  {
    name: 'image',
    value: 'image',
    help: "the webhook's image, built from the repository's Dockerfile\n(pin it by digest: registry/smi-migrate@sha256:...)",
  },
  {
    name: 'cert-manager',
    help: 'cert-manager issues the serving certificate and injects the CA\ninto the CRD; without it, create the Secret <name>-tls (type\nkubernetes.io/tls) yourself and give its CA with --ca-bundle',
  },
  {
    name: 'ca-bundle',
    value: 'file',
    help: 'with --patch, without --cert-manager: the PEM CA certificate\nthat signed the serving certificate',
  },
  { name: 'name', value: 'name', help: `name of the objects and the Service (default: ${DEFAULT_NAME})` },
  {
    name: 'network-policy',
    value: 'cidrs',
    help: "also a NetworkPolicy: only these addresses (the API server's, as\ncomma-separated CIDRs) reach the webhook's port",
  },
  { name: 'metrics-from', value: 'ns', help: 'with --network-policy: the namespace that scrapes GET /metrics' },
  {
    name: 'reserve-for',
    value: 'cidrs',
    help: "the API server's addresses (comma-separated CIDRs), written into\nthe server's --reserve-for: capacity other clients cannot take",
  },
  {
    name: 'admission-policy',
    help: 'also a ValidatingAdmissionPolicy that refuses weights the webhook\ncannot convert exactly (what --tighten-schema makes the schema say)',
  },
  { name: 'patch', help: 'print the CRD patch instead of the objects' },
  {
    name: 'tighten-schema',
    value: 'versions',
    help: "with --patch: print instead the JSON patch that tightens the weights'\nschemas; the CRD's versions in the order of spec.versions",
  },
  {
    name: 'kube-version',
    value: 'version',
    help: "with --tighten-schema: the cluster's Kubernetes version (1.30,\nv1.30.2); 1.30+ adds the CRD rule on the weights' sum",
  },
  { name: 'help', short: 'h', help: 'show this help' },
]

export const MANIFESTS_HELP = `Usage: ${PREFIX} --namespace NS --image IMAGE [--cert-manager] [--name NAME]
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
`

export async function runManifests(args: string[], io: ManifestsIo): Promise<number> {
  const usage = (message: string) => {
    io.stderr.write(`${PREFIX}: ${message}\n`)
    return 2
  }
  let values: {
    namespace?: string
    image?: string
    'cert-manager'?: boolean
    'ca-bundle'?: string
    name?: string
    patch?: boolean
    help?: boolean
    'network-policy'?: string
    'metrics-from'?: string
    'reserve-for'?: string
    'admission-policy'?: boolean
    'tighten-schema'?: string
    'kube-version'?: string
  }
  try {
    values = readFlags(args, FLAGS, false).values as typeof values
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    return usage(err.message + (HINTS[err.kind] ?? ''))
  }
  if (values.help) return write(io.stdout, MANIFESTS_HELP)

  for (const flag of [
    'namespace',
    'image',
    'ca-bundle',
    'name',
    'network-policy',
    'metrics-from',
    'reserve-for',
    'tighten-schema',
    'kube-version',
  ] as const) {
    if (values[flag] === '') return usage(`--${flag} needs a value`)
  }
  if (values.namespace === undefined) return usage('--namespace is required')
  if (!values.patch && values.image === undefined) return usage('--image is required (or --patch for the CRD patch)')
  let caBundle: string | undefined
  if (values['ca-bundle'] !== undefined) {
    try {
      caBundle = io.readFile(values['ca-bundle'])
    } catch (err) {
      return usage(`cannot read --ca-bundle ${values['ca-bundle']}: ${(err as Error).message}`)
    }
  }
  const options = {
    namespace: values.namespace,
    image: values.image ?? '',
    certManager: values['cert-manager'] === true,
    ...(caBundle !== undefined ? { caBundle } : {}),
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values['reserve-for'] !== undefined ? { reserveFor: values['reserve-for'].split(',').map((c) => c.trim()) } : {}),
  }
  const misplaced = misplacedFlag(values)
  if (misplaced) return usage(misplaced)
  let text: string
  try {
    text = values.patch ? patchText(values['tighten-schema'], values['kube-version'], options) : objectsText(values, options)
  } catch (err) {
    return usage((err as Error).message)
  }
  for (const c of catchAllReserves(options.reserveFor)) io.stderr.write(`${PREFIX}: ${catchAllWarning(c)}\n`)
  const policy = values['network-policy']?.split(',').map((c) => c.trim())
  for (const c of catchAllReserves(policy)) io.stderr.write(`${PREFIX}: ${catchAllPolicyWarning(c)}\n`)
  return write(io.stdout, text)
}

/** A flag given with the mode it does not belong to. */
function misplacedFlag(values: {
  patch?: boolean
  'tighten-schema'?: string
  'kube-version'?: string
  'network-policy'?: string
  'metrics-from'?: string
  'reserve-for'?: string
  'admission-policy'?: boolean
}) {
  if (!values.patch && values['tighten-schema'] !== undefined) return '--tighten-schema goes with --patch'
  if (values['kube-version'] !== undefined && values['tighten-schema'] === undefined) return '--kube-version goes with --tighten-schema'
  if (values.patch && (values['network-policy'] !== undefined || values['admission-policy'] || values['reserve-for'] !== undefined))
    return '--network-policy, --reserve-for and --admission-policy print objects: leave out --patch'
  if (values['metrics-from'] !== undefined && values['network-policy'] === undefined) return '--metrics-from goes with --network-policy'
  return undefined
}

function patchText(tighten: string | undefined, kubeVersion: string | undefined, options: Parameters<typeof conversionPatch>[0]): string {
  if (tighten === undefined) return conversionPatch(options)
  const minor = kubeVersion === undefined ? undefined : kubeMinor(kubeVersion)
  return `${JSON.stringify(
    schemaPatch(
      tighten.split(',').map((v) => v.trim()),
      minor,
    ),
    null,
    2,
  )}\n`
}

function objectsText(
  values: { 'network-policy'?: string; 'metrics-from'?: string; 'admission-policy'?: boolean },
  options: Parameters<typeof webhookManifests>[0],
): string {
  const extra = [
    ...(values['network-policy'] !== undefined
      ? [
          networkPolicy(
            options,
            values['network-policy'].split(',').map((c) => c.trim()),
            values['metrics-from'],
          ),
        ]
      : []),
    ...(values['admission-policy'] ? admissionPolicy(options) : []),
  ]
  return webhookManifests(options, commandLine(values, options)) + extra.map((o) => `---\n${toYaml(o)}`).join('')
}

/** The command line that prints these objects again: every flag that shapes them, quoted for a POSIX shell. */
function commandLine(
  values: { 'network-policy'?: string; 'metrics-from'?: string; 'admission-policy'?: boolean },
  options: Parameters<typeof webhookManifests>[0],
): string {
  const words = [PREFIX, ...['--namespace', options.namespace, '--image', options.image].map(shellWord)]
  if (options.certManager) words.push('--cert-manager')
  if (options.name !== undefined && options.name !== DEFAULT_NAME) words.push('--name', shellWord(options.name))
  if (values['network-policy'] !== undefined) words.push('--network-policy', shellWord(values['network-policy']))
  if (values['metrics-from'] !== undefined) words.push('--metrics-from', shellWord(values['metrics-from']))
  if (options.reserveFor !== undefined) words.push('--reserve-for', shellWord(options.reserveFor.join(',')))
  if (values['admission-policy']) words.push('--admission-policy')
  return words.join(' ')
}

/** A word as a POSIX shell reads it back: as it is when it holds nothing the shell treats specially, else in single quotes. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`
}

function write(out: Writable, text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    out.write(text, (err) => (err ? reject(err) : resolve(0)))
  })
}

/** What each kind of usage error adds to the shared message. */
const HINTS: Partial<Record<UsageError['kind'], string>> = {
  'unknown-option': ` (run ${PREFIX} --help for usage)`,
  'unexpected-argument': ' (this command takes only options)',
}
