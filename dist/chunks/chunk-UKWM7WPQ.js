import {
  DocumentSplitter,
  SegmentProcessor,
  encodingFinding,
  isCandidate
} from "./chunk-NBSXY7SL.js";

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
  migrateBytes
};
