import {
  MAX_WHOLE_DOCUMENT,
  SegmentProcessor,
  decodedLength,
  encodingFinding,
  isCandidate,
  locateFindings,
  splice
} from "./shared-c4ee163c72.js";
import {
  DocumentSplitter
} from "./shared-f775291102.js";

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
  const valuesWrites = [];
  let base = 0;
  for (const segment of DocumentSplitter.split(input)) {
    const known = processor.objects.length;
    const r = processor.process(segment);
    for (const o of processor.objects.slice(known)) o.offset += base;
    parts.push(r.bytes);
    for (const f of r.findings) findings.push({ ...f, offset: f.offset + base });
    for (const e of r.edits) edits.push({ start: e.start + base, end: e.end + base, text: e.text });
    for (const w of r.rewrites ?? []) rewrites.push({ ...w, refused: { ...w.refused, offset: w.refused.offset + base } });
    for (const w of r.valuesWrites ?? []) valuesWrites.push({ ...w, by: { ...w.by, offset: w.by.offset + base } });
    base += decodedLength(segment);
  }
  const own = rewrites.filter((w) => w.file === void 0);
  const result = {
    output: edits.length > 0 ? Buffer.concat(parts) : input,
    changed: edits.length > 0,
    findings,
    edits,
    objects: processor.objects,
    ...own.length < rewrites.length ? { rewrites: rewrites.filter((w) => w.file !== void 0) } : {},
    ...valuesWrites.length ? { valuesWrites } : {}
  };
  if (own.length === 0) return result;
  const done = rewriteInput(input, edits, own, rewriter, path, true);
  findings.push(...done.findings);
  if (done.refusedAt.size) return leftAsItIs(input, result, done, findings);
  if (!done.output) return result;
  return { ...result, output: done.output, changed: true, edits: [...edits, ...done.edits] };
}
function leftAsItIs(input, result, done, findings) {
  const held = (e) => [...done.refusedAt].some((at) => e.start <= at && at < Math.max(e.end, e.start + 1));
  const kept = result.edits.filter((e) => !held(e));
  const dropped = result.edits.filter(held);
  const converted = (f) => (f.code === "converted" || f.code === "repaired" || f.whenWritten === true) && dropped.some((e) => e.start <= f.offset && f.offset < Math.max(e.end, e.start + 1));
  const kept2 = findings.filter((f) => !converted(f));
  const all = [...kept, ...done.edits];
  const output = all.length ? Buffer.from(splice(input.toString("utf8"), all), "utf8") : input;
  return { ...result, output, changed: all.length > 0, edits: all, findings: kept2 };
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
  const refusedAt = /* @__PURE__ */ new Set();
  for (const w of rewrites) {
    const at = found.get(w);
    let why;
    if (!rewriter) why = "this run cannot write it";
    else if (!at) why = `no ${w.kind} ${w.name} is in ${path}`;
    else if ("refused" in at) why = `it ${at.refused}`;
    else if (stream && at.offset < w.refused.offset)
      why = "a stream has written it before the TrafficSplit is read: convert the files instead";
    else if ([...edits, ...added.map((a) => a.edit)].some((e) => e.start < at.edit.end && at.edit.start < Math.max(e.end, e.start + 1)))
      why = "another change of this run overlaps it";
    if (why || !at || "refused" in at) {
      findings.push({ ...w.refused, message: `${w.refused.message} (${why})` });
      refusedAt.add(w.refused.offset);
    } else {
      added.push({ edit: at.edit, by: w.refused.offset });
      done.push({ ...w.done, offset: at.offset, by: w.refused.offset });
    }
  }
  const made = stream ? added.filter((a) => !refusedAt.has(a.by)) : added;
  const said = (stream ? done.filter((d) => !refusedAt.has(d.by)) : done).map(({ by: _, ...d }) => d);
  findings.push(...locateFindings(said, text, 1, path));
  const out = made.map((a) => a.edit);
  if (out.length === 0) return { edits: out, findings, refusedAt: stream ? refusedAt : /* @__PURE__ */ new Set() };
  return { output: Buffer.from(splice(text, [...edits, ...out]), "utf8"), edits: out, findings, refusedAt: stream ? refusedAt : /* @__PURE__ */ new Set() };
}

export {
  migrateBytes,
  rewriteInput
};
