// The naive baseline: read the whole stream, `yaml` parseAllDocuments, bump the apiVersion
// of v1alpha1 TrafficSplits, print every document with toString(). It does not convert
// weights and it reformats the output; it shows what parsing everything costs.
import { readFileSync } from 'node:fs'
import { parseAllDocuments } from 'yaml'

const docs = parseAllDocuments(readFileSync(0, 'utf8'))
const out = []
for (const doc of Array.isArray(docs) ? docs : []) {
  if (doc.get('kind') === 'TrafficSplit' && doc.get('apiVersion') === 'split.smi-spec.io/v1alpha1') {
    doc.set('apiVersion', 'split.smi-spec.io/v1alpha2')
  }
  out.push(doc.toString())
}
process.stdout.write(out.join(''))
