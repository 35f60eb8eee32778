// Deterministic inputs for the benchmark.
//   helm:   a helm-template-like stream: `# Source:` comments, Deployments, Services,
//           ConfigMaps with long block scalars and JSON strings, about 1% v1alpha1
//           TrafficSplits in mixed weight notations;
//   list:   the same objects as one `kind: List` dump, laid out as `kubectl get -o yaml`
//           prints it (items at column 0, no comments);
//   splits: a stream in which every document is a v1alpha1 TrafficSplit;
//   gateway: the helm stream with each TrafficSplit's root Service before it (what
//           `--to gateway` needs: its port);
//   dense:  a helm-like stream that mentions TrafficSplit often: 3% TrafficSplits and 15%
//           ConfigMaps of 20-300 lines whose data strings (a JSON string, a block scalar of
//           notes) mention it, the rest Deployments and Services.
// Usage: node bench/gen.mjs helm|list|splits|gateway|dense MiB > file
import { once } from 'node:events'
import { pathToFileURL } from 'node:url'

const NOTATIONS = ['500m', '"1"', '1', '0.5', '250m', '"750m"', '1e3', '100', '0m', '1Ki']

function random(seed) {
  return (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return Math.floor((seed / 2147483648) * n)
  }
}

const TEMPLATES = {
  deployment: (i, rand) =>
    `---\n# Source: app${i}/templates/deployment.yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app${i}\n  labels:\n    app.kubernetes.io/name: app${i}\n    helm.sh/chart: app-1.2.3\nspec:\n  replicas: ${1 + rand(5)}\n  selector:\n    matchLabels:\n      app: app${i}\n  template:\n    metadata:\n      labels:\n        app: app${i}\n    spec:\n      containers:\n      - name: app\n        image: "registry.example.com/app${i}:1.16.0"\n        ports:\n        - containerPort: 8080 # http\n        resources:\n          limits: {cpu: 500m, memory: 128Mi}\n`,
  service: (i) =>
    `---\n# Source: app${i}/templates/service.yaml\napiVersion: v1\nkind: Service\nmetadata:\n  name: app${i}\nspec:\n  type: ClusterIP\n  ports:\n  - port: 80\n    targetPort: http\n  selector:\n    app: app${i}\n`,
  configmap: (i, rand) => {
    const lines = Array.from(
      { length: 20 + rand(400) },
      (_, j) => `    line ${j}: some configuration text for app${i} with key=value pairs and more words`,
    ).join('\n')
    return `---\n# Source: app${i}/templates/configmap.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app${i}-config\ndata:\n  config.json: "{\\"name\\": \\"app${i}\\", \\"weights\\": [1, 2, 3], \\"enabled\\": true}"\n  app.conf: |\n${lines}\n`
  },
  mentioning: (i, rand) => {
    const lines = Array.from({ length: 20 + rand(281) }, (_, j) =>
      j % 9 === 4
        ? `    step ${j}: shift the TrafficSplit app${i} by ${rand(50)} percent once the canary is healthy`
        : `    step ${j}: wait for the rollout of app${i} and check the error rate`,
    ).join('\n')
    return `---\n# Source: app${i}/templates/rollout.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app${i}-rollout\ndata:\n  rollout.json: "{\\"kind\\": \\"TrafficSplit\\", \\"name\\": \\"app${i}\\", \\"steps\\": [10, 50, 100]}"\n  notes.txt: |\n${lines}\n`
  },
  split: (i, rand) =>
    `---\n# Source: app${i}/templates/trafficsplit.yaml\napiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: app${i}\nspec:\n  service: app${i}\n  backends:\n  - service: app${i}-stable\n    weight: ${NOTATIONS[rand(NOTATIONS.length)]}\n  - service: app${i}-canary\n    weight: ${NOTATIONS[rand(NOTATIONS.length)]}\n`,
}

/** Helm-like documents (each starting with `---`), endlessly; about 1% TrafficSplits. */
export function* helmDocs() {
  const rand = random(42)
  for (let i = 0; ; i++) {
    const r = rand(100)
    const kind = r < 1 ? 'split' : r < 40 ? 'deployment' : r < 80 ? 'service' : 'configmap'
    yield TEMPLATES[kind](i, rand)
  }
}

/** Helm-like documents that mention TrafficSplit often: 3% TrafficSplits, 15% ConfigMaps that mention it. */
export function* denseDocs() {
  const rand = random(25)
  for (let i = 0; ; i++) {
    const r = rand(100)
    const kind = r < 3 ? 'split' : r < 18 ? 'mentioning' : r < 55 ? 'deployment' : r < 92 ? 'service' : 'configmap'
    yield TEMPLATES[kind](i, rand)
  }
}

/** The helm stream, each TrafficSplit after the Service it splits (about 1% of the documents). */
export function* gatewayDocs() {
  for (const doc of helmDocs()) {
    const name = /^ {2}service: (app\d+)$/m.exec(doc)?.[1]
    if (name) yield TEMPLATES.service(Number(name.slice(3)))
    yield doc
  }
}

/** TrafficSplit documents only, endlessly. */
export function* splitDocs() {
  const rand = random(7)
  for (let i = 0; ; i++) yield TEMPLATES.split(i, rand)
}

export const LIST_HEAD = 'apiVersion: v1\nitems:\n'
export const LIST_TAIL = 'kind: List\nmetadata:\n  resourceVersion: ""\n'

/** One generated document as a List item: markers and comments dropped, indented by 2. */
export function listItem(doc) {
  const lines = doc.split('\n').filter((l) => l !== '---' && !l.startsWith('# Source:'))
  if (lines.at(-1) === '') lines.pop()
  return lines.map((l, i) => (i === 0 ? `- ${l}` : l === '' ? '' : `  ${l}`)).join('\n') + '\n'
}

/** About `bytes` of the given input, in string batches. */
export function* generate(kind, bytes) {
  const docs = kind === 'splits' ? splitDocs() : kind === 'gateway' ? gatewayDocs() : kind === 'dense' ? denseDocs() : helmDocs()
  let size = 0
  let batch = kind === 'list' ? [LIST_HEAD] : []
  for (const doc of docs) {
    if (size >= bytes) break
    const text = kind === 'list' ? listItem(doc) : doc
    batch.push(text)
    size += Buffer.byteLength(text)
    if (batch.length >= 1000) {
      yield batch.join('')
      batch = []
    }
  }
  if (kind === 'list') batch.push(LIST_TAIL)
  yield batch.join('')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [kind = 'helm', mib = '50'] = process.argv.slice(2)
  if (!['helm', 'list', 'splits', 'gateway', 'dense'].includes(kind)) throw new Error(`unknown input kind ${kind}`)
  try {
    for (const batch of generate(kind, Number(mib) * 1024 * 1024)) {
      if (!process.stdout.write(batch)) await once(process.stdout, 'drain')
    }
  } catch (err) {
    if (err.code !== 'EPIPE') throw err // the reader stopped early: fine
  }
}
