// Deterministic generator of a helm-template-like stream: `# Source:` comments,
// Deployments, Services, ConfigMaps with long block scalars and JSON strings, and about 1%
// v1alpha1 TrafficSplits in mixed weight notations. Usage: node bench/gen.mjs MiB > file
const mib = Number(process.argv[2] ?? 50)
let seed = 42
const rand = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return Math.floor((seed / 2147483648) * n)
}
const NOTATIONS = ['500m', '"1"', '1', '0.5', '250m', '"750m"', '1e3', '100', '0m', '1Ki']
const docs = {
  deployment: (i) => `---\n# Source: app${i}/templates/deployment.yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app${i}\n  labels:\n    app.kubernetes.io/name: app${i}\n    helm.sh/chart: app-1.2.3\nspec:\n  replicas: ${1 + rand(5)}\n  selector:\n    matchLabels:\n      app: app${i}\n  template:\n    metadata:\n      labels:\n        app: app${i}\n    spec:\n      containers:\n      - name: app\n        image: "registry.example.com/app${i}:1.16.0"\n        ports:\n        - containerPort: 8080 # http\n        resources:\n          limits: {cpu: 500m, memory: 128Mi}\n`,
  service: (i) => `---\n# Source: app${i}/templates/service.yaml\napiVersion: v1\nkind: Service\nmetadata:\n  name: app${i}\nspec:\n  type: ClusterIP\n  ports:\n  - port: 80\n    targetPort: http\n  selector:\n    app: app${i}\n`,
  configmap: (i) => {
    const lines = Array.from({ length: 20 + rand(400) }, (_, j) => `    line ${j}: some configuration text for app${i} with key=value pairs and more words`).join('\n')
    return `---\n# Source: app${i}/templates/configmap.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app${i}-config\ndata:\n  config.json: "{\\"name\\": \\"app${i}\\", \\"weights\\": [1, 2, 3], \\"enabled\\": true}"\n  app.conf: |\n${lines}\n`
  },
  split: (i) => `---\n# Source: app${i}/templates/trafficsplit.yaml\napiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: app${i}\nspec:\n  service: app${i}\n  backends:\n  - service: app${i}-stable\n    weight: ${NOTATIONS[rand(NOTATIONS.length)]}\n  - service: app${i}-canary\n    weight: ${NOTATIONS[rand(NOTATIONS.length)]}\n`,
}
const target = mib * 1024 * 1024
let size = 0
let i = 0
const out = []
while (size < target) {
  const r = rand(100)
  const kind = r < 1 ? 'split' : r < 40 ? 'deployment' : r < 80 ? 'service' : 'configmap'
  const d = docs[kind](i++)
  out.push(d)
  size += Buffer.byteLength(d)
  if (out.length >= 1000) { process.stdout.write(out.join('')); out.length = 0 }
}
process.stdout.write(out.join(''))
