import {
  DocumentSplitter,
  SegmentProcessor,
  encodingFinding,
  isCandidate
} from "./chunk-M3NQIJLE.js";

// src/kinds/links.ts
function linkFindings(objects) {
  const needed = objects.filter((o) => o.needs?.length);
  if (needed.length === 0) return [];
  const byKey = /* @__PURE__ */ new Map();
  for (const o of objects) {
    const key = `${o.kind}/${o.namespace ?? ""}/${o.name}`;
    const list = byKey.get(key);
    if (list) list.push(o);
    else byKey.set(key, [o]);
  }
  const out = [];
  for (const o of needed) {
    for (const need of o.needs) {
      for (const other of byKey.get(`${need.kind}/${o.namespace ?? ""}/${need.name}`) ?? []) {
        if (need.versions.includes(other.version)) continue;
        const where = ` (${other.path}:${other.line})`;
        out.push({
          severity: "warning",
          code: "incompatible-versions",
          offset: o.offset,
          path: o.path,
          line: o.line,
          column: o.column,
          object: { kind: o.kind, name: o.name, ...o.namespace !== void 0 ? { namespace: o.namespace } : {} },
          message: `${o.kind} ${o.namespace ? `${o.namespace}/` : ""}${o.name} is ${o.version} and matches ${need.kind} ${need.name}, which is ${other.version}${where}: the SMI spec pairs ${o.version} ${o.kind}s with ${need.versions.join(" or ")} ${need.kind}s (convert both to one version, e.g. --to and --specs-to alike)`
        });
      }
    }
  }
  return out;
}

// src/pipeline/bytes.ts
function migrateBytes(input, opts, path, converter) {
  const refused = encodingFinding(input, path);
  if (refused) return { output: input, changed: false, findings: [refused], edits: [], objects: [] };
  if (!isCandidate(input)) return { output: input, changed: false, findings: [], edits: [], objects: [] };
  const processor = new SegmentProcessor(opts, path, converter);
  const parts = [];
  const findings = [];
  const edits = [];
  let base = 0;
  for (const segment of DocumentSplitter.split(input)) {
    const known = processor.objects.length;
    const r = processor.process(segment);
    for (const o of processor.objects.slice(known)) o.offset += base;
    parts.push(r.bytes);
    for (const f of r.findings) findings.push({ ...f, offset: f.offset + base });
    for (const e of r.edits) edits.push({ start: e.start + base, end: e.end + base, text: e.text });
    base += utf16Length(segment);
  }
  return { output: edits.length > 0 ? Buffer.concat(parts) : input, changed: edits.length > 0, findings, edits, objects: processor.objects };
}
function utf16Length(bytes) {
  let n = 0;
  for (const b of bytes) {
    if ((b & 192) !== 128) n++;
    if (b >= 240) n++;
  }
  return n;
}

export {
  linkFindings,
  migrateBytes
};
