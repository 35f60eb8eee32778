import {
  DocumentSplitter,
  MAX_WHOLE_DOCUMENT,
  SegmentProcessor,
  encodingFinding,
  isCandidate,
  locateFindings,
  splice
} from "./shared-514e64de39.js";

// src/edit/bytes.ts
function toByteEdits(input, edits) {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const offsets = [...new Set(sorted.flatMap((e) => [e.start, e.end]))].sort((a, b) => a - b);
  const at = byteOffsets(input, offsets);
  return sorted.map((e) => ({ start: at.get(e.start), end: at.get(e.end), bytes: Buffer.from(e.text, "utf8") }));
}
function spliceBytes(input, edits) {
  if (edits.length === 0) return input;
  const parts = [];
  let pos = 0;
  for (const e of edits) {
    if (e.start < pos || e.end < e.start || e.end > input.length)
      throw new Error(`internal error: overlapping or out-of-range edit at byte ${e.start}`);
    parts.push(input.subarray(pos, e.start), e.bytes);
    pos = e.end;
  }
  parts.push(input.subarray(pos));
  return Buffer.concat(parts);
}
function byteOffsets(input, wanted) {
  const out = /* @__PURE__ */ new Map();
  let w = 0;
  let units = 0;
  let i = 0;
  while (i < input.length && w < wanted.length) {
    if (wanted[w] <= units) {
      out.set(wanted[w++], i);
      continue;
    }
    if (input[i] < 128) {
      units++;
      i++;
      continue;
    }
    const seq = sequenceAt(input, i);
    units += seq.units;
    if (seq.units === 2 && w < wanted.length && wanted[w] === units - 1) out.set(wanted[w++], i);
    i += seq.length;
  }
  while (w < wanted.length && wanted[w] <= units) out.set(wanted[w++], i);
  if (w < wanted.length) throw new Error(`internal error: edit offset ${wanted[w]} is past the end of the input`);
  return out;
}
function decodedLength(bytes) {
  let units = 0;
  for (let i = 0; i < bytes.length; ) {
    if (bytes[i] < 128) {
      units++;
      i++;
      continue;
    }
    const seq = sequenceAt(bytes, i);
    units += seq.units;
    i += seq.length;
  }
  return units;
}
function sequenceAt(b, i) {
  const lead = b[i];
  let need;
  let low = 128;
  let high = 191;
  if (lead >= 194 && lead <= 223) need = 1;
  else if (lead >= 224 && lead <= 239) {
    need = 2;
    if (lead === 224) low = 160;
    if (lead === 237) high = 159;
  } else if (lead >= 240 && lead <= 244) {
    need = 3;
    if (lead === 240) low = 144;
    if (lead === 244) high = 143;
  } else return { length: 1, units: 1 };
  for (let k = 1; k <= need; k++) {
    const c = b[i + k];
    if (c === void 0 || c < low || c > high) return { length: k, units: 1 };
    low = 128;
    high = 191;
  }
  return { length: need + 1, units: need === 3 ? 2 : 1 };
}

// src/pipeline/bytes.ts
function migrateBytes(input, opts, path, converter, rewriter) {
  const refused = encodingFinding(input, path);
  if (refused) return { output: input, changed: false, findings: [refused], edits: [], objects: [] };
  if (!isCandidate(input)) return { output: input, changed: false, findings: [], edits: [], objects: [] };
  const processor = new SegmentProcessor(opts, path, converter);
  const parts = [];
  const findings = [];
  const edits = [];
  const rewrites = [];
  let base = 0;
  for (const segment of DocumentSplitter.split(input)) {
    const known = processor.objects.length;
    const r = processor.process(segment);
    for (const o of processor.objects.slice(known)) o.offset += base;
    parts.push(r.bytes);
    for (const f of r.findings) findings.push({ ...f, offset: f.offset + base });
    for (const e of r.edits) edits.push({ start: e.start + base, end: e.end + base, text: e.text });
    for (const w of r.rewrites ?? []) rewrites.push({ ...w, refused: { ...w.refused, offset: w.refused.offset + base } });
    base += decodedLength(segment);
  }
  const own = rewrites.filter((w) => w.file === void 0);
  const result = {
    output: edits.length > 0 ? Buffer.concat(parts) : input,
    changed: edits.length > 0,
    findings,
    edits,
    objects: processor.objects,
    ...own.length < rewrites.length ? { rewrites: rewrites.filter((w) => w.file !== void 0) } : {}
  };
  if (own.length === 0) return result;
  const done = rewriteInput(input, edits, own, rewriter, path, true);
  findings.push(...done.findings);
  if (!done.output) return result;
  return { ...result, output: done.output, changed: true, edits: [...edits, ...done.edits] };
}
function rewriteInput(input, edits, rewrites, rewriter, path, stream) {
  const text = input.toString("utf8");
  const found = /* @__PURE__ */ new Map();
  let base = 0;
  for (const segment of rewriter ? DocumentSplitter.split(input) : []) {
    const length = decodedLength(segment);
    const mine = rewrites.filter((w) => segment.includes(w.name) && segment.includes(w.kind));
    const large = segment.length > MAX_WHOLE_DOCUMENT;
    const results = mine.length ? large ? mine.map(() => ({ refused: "is in a document too large to parse", offset: 0 })) : rewriter(segment.toString("utf8"), mine) : [];
    for (const [i, r] of results.entries()) {
      if (!r) continue;
      const offset = r.offset + base;
      found.set(
        mine[i],
        "edit" in r ? { edit: { ...r.edit, start: r.edit.start + base, end: r.edit.end + base }, offset } : { ...r, offset }
      );
    }
    base += length;
  }
  const added = [];
  const findings = [];
  const done = [];
  for (const w of rewrites) {
    const at = found.get(w);
    let why;
    if (!rewriter) why = "this run cannot write it";
    else if (!at) why = `no ${w.kind} ${w.name} is in ${path}`;
    else if ("refused" in at) why = `it ${at.refused}`;
    else if (stream && at.offset < w.refused.offset)
      why = "a stream has written it before the TrafficSplit is read: convert the files instead";
    else if ([...edits, ...added].some((e) => e.start < at.edit.end && at.edit.start < Math.max(e.end, e.start + 1)))
      why = "another change of this run overlaps it";
    if (why || !at || "refused" in at) findings.push({ ...w.refused, message: `${w.refused.message} (${why})` });
    else {
      added.push(at.edit);
      done.push({ ...w.done, offset: at.offset });
    }
  }
  findings.push(...locateFindings(done, text, 1, path));
  if (added.length === 0) return { edits: added, findings };
  return { output: Buffer.from(splice(text, [...edits, ...added]), "utf8"), edits: added, findings };
}

export {
  toByteEdits,
  spliceBytes,
  migrateBytes,
  rewriteInput
};
