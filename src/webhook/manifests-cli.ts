/**
 * `smi-migrate webhook manifests`: prints the webhook's Kubernetes objects, or with --patch
 * the CRD patch (manifests.ts makes both). Reads the --ca-bundle file through `io.readFile`,
 * writes only to `io.stdout` and `io.stderr`. Exit codes: 0 printed (or --help), 2 usage error.
 */
import type { Writable } from 'node:stream'
import { type Flag, optionRows, readFlags, UsageError } from '../command.js'
import { conversionPatch, CRD_NAME, DEFAULT_NAME, webhookManifests } from './manifests.js'

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
  { name: 'patch', help: 'print the CRD patch instead of the objects' },
  { name: 'help', short: 'h', help: 'show this help' },
]

export const MANIFESTS_HELP = `Usage: ${PREFIX} --namespace NS --image IMAGE [--cert-manager] [--name NAME]
       ${PREFIX} --namespace NS --patch (--cert-manager | --ca-bundle FILE) [--name NAME]

Prints what runs the TrafficSplit conversion webhook in a cluster, for kubectl apply -f:
a ServiceAccount, Service, Deployment (2 replicas, probes, non-root, read-only root
filesystem) and PodDisruptionBudget, and with --cert-manager the Issuers and Certificates
of its serving certificate. With --patch, prints instead the patch that sends the CRD's
conversions to the webhook:
  kubectl patch crd ${CRD_NAME} --type merge --patch-file FILE

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
  }
  try {
    values = readFlags(args, FLAGS, false).values as typeof values
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    return usage(err.message + (HINTS[err.kind] ?? ''))
  }
  if (values.help) return write(io.stdout, MANIFESTS_HELP)

  for (const flag of ['namespace', 'image', 'ca-bundle', 'name'] as const) {
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
  }
  let text: string
  try {
    text = values.patch ? conversionPatch(options) : webhookManifests(options)
  } catch (err) {
    return usage((err as Error).message)
  }
  return write(io.stdout, text)
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
