import {
  yamlData
} from "./shared-23068b7f95.js";
import {
  FORMAT_NAMES,
  deliver,
  formatHelp,
  formatNamed
} from "./shared-0872142d36.js";
import {
  UsageError,
  checkValues,
  optionRows,
  readFlags
} from "./shared-1212ed35aa.js";
import {
  migrateBytes
} from "./shared-2bc75f1796.js";
import {
  loadConverter
} from "./shared-c4ee163c72.js";
import {
  DocumentSplitter
} from "./shared-f775291102.js";
import {
  listReading
} from "./shared-52d6f9d52b.js";
import "./shared-afcbbfc458.js";
import "./shared-2a7eafe8ab.js";
import "./shared-6c59af8607.js";
import "./shared-e2b5701804.js";
import "./shared-cead045f6a.js";
import {
  TARGETS
} from "./shared-6bfea2ec3c.js";
import {
  countFinding,
  newTotals
} from "./shared-f341ea3861.js";

// src/helm-release/command.ts
import { readFileSync } from "node:fs";

// src/helm-release/codes.ts
var HISTORY = "helm.md#reports";
var HELM_RELEASE_RULES = {
  "helm-release": {
    name: "ReleaseRevisions",
    level: "note",
    doc: HISTORY,
    short: "A Helm release in the input, with the revisions given.",
    full: "The release records of one release (namespace and name), by revision. The lines after it say which revisions helm upgrade, rollback and uninstall build, and what happens to each."
  },
  "helm-release-state": {
    level: "warning",
    doc: HISTORY,
    short: "The release is in a state that changes which revisions Helm builds.",
    full: "A pending operation, or no deployed revision among those given: check with helm history which revision Helm will build before replacing the records."
  },
  "helm-record": {
    name: "RecordHelmBuilds",
    level: "note",
    doc: HISTORY,
    short: "A revision Helm builds: its stored manifest is (or would be) rewritten, or has nothing to change.",
    full: "helm upgrade diffs against this revision, or helm rollback and uninstall build it: the TrafficSplits in its stored manifest are converted (--to v1alphaN) or removed (--to gateway), every other byte of the record kept."
  },
  "helm-record-kept": {
    level: "note",
    doc: HISTORY,
    short: "An older revision that holds TrafficSplits is left as it is.",
    full: "Only a helm rollback to this revision builds it. --all-revisions rewrites it too."
  },
  "helm-record-refused": {
    level: "error",
    doc: HISTORY,
    short: "A record cannot be read, or cannot be stored once rewritten.",
    full: "A record that is not a release record Helm could read is refused, and nothing is printed. A record that would exceed Kubernetes' 1 MiB data limit once rewritten is a warning: its release is left as it is (its records printed as given), the other releases are converted, and the exit code is 1."
  },
  "helm-split-removed": {
    name: "TrafficSplitRemoved",
    level: "note",
    doc: HISTORY,
    short: "With --to gateway, a TrafficSplit document is (or would be) removed from the stored manifest.",
    full: "Routes are not written into history: the chart's next render creates them, and helm upgrade applies them."
  },
  "helm-manifest-refused": {
    level: "error",
    doc: HISTORY,
    short: "With --to gateway, a document of the stored manifest cannot be removed alone: nothing is printed.",
    full: "A document that names an SMI group but cannot be read, or a TrafficSplit that is an item of a List or of another group: its document cannot be removed without the rest. Edit the record by hand."
  },
  "helm-smi-kept": {
    level: "warning",
    doc: HISTORY,
    short: "With --to gateway, another SMI object stays in the stored manifest.",
    full: "Only TrafficSplits are removed. If the CRD of this object is removed or stops serving its version, helm upgrade fails the same way."
  },
  "helm-hook": {
    level: "warning",
    doc: HISTORY,
    short: "A hook of the release is a TrafficSplit: hooks are not rewritten.",
    full: "helm uninstall and helm rollback run the stored hooks: if it is a delete or rollback hook, edit it by hand. It is left for a person (--check exits 1)."
  }
};

// src/helm-release/encode.ts
import { constants, gzipSync } from "node:zlib";

// src/helm-release/decode.ts
import { gunzipSync } from "node:zlib";
var MAX_DATA_BYTES = 1024 * 1024;
var MAX_JSON_BYTES = 256 * 1024 * 1024;
var RecordError = class extends Error {
};
function strictBase64(text, what) {
  const compact = text.includes("\n") || text.includes("\r") ? text.replace(/[\r\n]/g, "") : text;
  const problem = base64Problem(compact);
  if (problem) throw new RecordError(`${what} is not valid base64: ${problem}`);
  return Buffer.from(compact, "base64");
}
function base64Problem(s) {
  const padding = s.endsWith("==") ? 2 : s.endsWith("=") ? 1 : 0;
  const end = s.length - padding;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    const ok = c >= 65 && c <= 90 || c >= 97 && c <= 122 || c >= 48 && c <= 57 || c === 43 || c === 47;
    if (!ok) return `character ${JSON.stringify(s[i])} at ${i} is not in the standard base64 alphabet`;
  }
  if (s.length % 4 !== 0) return `its length (${s.length}) or padding is not that of standard base64`;
  return void 0;
}
function isGzip(bytes) {
  return bytes.length > 3 && bytes[0] === 31 && bytes[1] === 139 && bytes[2] === 8;
}
function decodeRelease(data, secret) {
  const helm = secret ? strictBase64(data, "data.release (Kubernetes' base64 of the Secret's data)").toString("latin1") : data;
  const bytes = strictBase64(helm, secret ? "the Helm string inside data.release" : "data.release");
  if (!isGzip(bytes)) {
    if (!looksLikeJson(bytes)) {
      throw new RecordError(
        `the release is neither gzip (it does not start with 1f 8b 08: ${hex(bytes)}) nor JSON (it does not start with "{")`
      );
    }
    return { json: bytes, gzip: false, helm };
  }
  let json;
  try {
    json = gunzipSync(bytes, { maxOutputLength: MAX_JSON_BYTES });
  } catch (err) {
    const e = err;
    const why = e.code === "ERR_BUFFER_TOO_LARGE" ? `it inflates to more than ${MAX_JSON_BYTES / 2 ** 20} MiB` : e.message;
    throw new RecordError(`the release's gzip data cannot be read: ${why}`);
  }
  return { json, gzip: true, helm };
}
function looksLikeJson(bytes) {
  for (const b of bytes) {
    if (b === 32 || b === 9 || b === 10 || b === 13) continue;
    return b === 123;
  }
  return false;
}
function hex(bytes) {
  return [...bytes.subarray(0, 3)].map((b) => b.toString(16).padStart(2, "0")).join(" ") || "empty";
}

// src/helm-release/encode.ts
function encodeRelease(json, gzip, secret, otherData = 0) {
  const payload = gzip ? smallestGzip(json) : json;
  const helm = payload.toString("base64");
  if (helm.length + otherData > MAX_DATA_BYTES) {
    throw new RecordError(
      `the rewritten record's data would be ${helm.length + otherData} bytes, over Kubernetes' limit of ${MAX_DATA_BYTES} (the Helm string alone is ${helm.length})`
    );
  }
  const data = secret ? Buffer.from(helm, "latin1").toString("base64") : helm;
  const back = decodeRelease(data, secret);
  if (!back.json.equals(json)) throw new Error("internal error: the encoded release does not decode to its JSON");
  return data;
}
function smallestGzip(json) {
  let best;
  for (const strategy of [constants.Z_DEFAULT_STRATEGY, constants.Z_FILTERED]) {
    const out = gzipSync(json, { level: constants.Z_BEST_COMPRESSION, memLevel: constants.Z_MAX_MEMLEVEL, windowBits: 15, strategy });
    if (!best || out.length < best.length) best = out;
  }
  return best;
}

// src/helm-release/manifest.ts
var SMI = ".smi-spec.io/";
var SPLIT_GROUP = "split.smi-spec.io/";
function smiObjects(manifest) {
  const out = [];
  const bytes = Buffer.from(manifest, "utf8");
  let start = 0;
  let line = 1;
  for (const segment of DocumentSplitter.split(bytes)) {
    const end = start + segment.length;
    const text = segment.toString("utf8");
    if (text.includes(SMI)) out.push(...objectsIn(text, { line, start, end }));
    line += text.split("\n").length - 1;
    start = end;
  }
  return out;
}
function objectsIn(text, where) {
  const data = yamlData(text);
  if ("error" in data) {
    const problem = `not valid YAML: ${data.error.message}`;
    return [{ kind: "?", apiVersion: "?", name: "?", ...where, split: false, inList: false, problem }];
  }
  const value = data.value;
  if (typeof value !== "object" || value === null) return [];
  const source = /^# Source: (.*)$/m.exec(text)?.[1];
  const reading = listReading("items" in value, value.kind);
  const items = reading === "object" ? void 0 : reading === "list" && Array.isArray(value.items) ? value.items : [];
  const objects = (items ?? [value]).filter((o) => typeof o === "object" && o !== null);
  return objects.filter((o) => typeof o.apiVersion === "string" && o.apiVersion.includes(SMI)).map((o) => {
    const meta = o.metadata ?? {};
    const kind = String(o.kind);
    return {
      kind,
      apiVersion: o.apiVersion,
      name: String(meta.name ?? "?"),
      ...typeof meta.namespace === "string" ? { namespace: meta.namespace } : {},
      ...source !== void 0 ? { source } : {},
      ...where,
      split: items === void 0 && kind === "TrafficSplit" && o.apiVersion.startsWith(SPLIT_GROUP),
      inList: items !== void 0
    };
  });
}
function removeDocuments(manifest, docs) {
  const bytes = Buffer.from(manifest, "utf8");
  const parts = [];
  let pos = 0;
  for (const d of [...docs].sort((a, b) => a.start - b.start)) {
    if (d.start < pos) continue;
    parts.push(bytes.subarray(pos, d.start));
    pos = d.end;
  }
  parts.push(bytes.subarray(pos));
  return Buffer.concat(parts).toString("utf8");
}

// src/helm-release/release.ts
import { isUtf8 } from "node:buffer";
function readRelease(bytes) {
  let value;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch (err) {
    throw new RecordError(`the release is not JSON: ${err.message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new RecordError("the release JSON is not an object");
  const r = goFields(value, ["name", "version", "namespace", "info", "manifest", "hooks"]);
  if (typeof r.name !== "string") throw new RecordError('the release JSON has no "name" string');
  if (typeof r.version !== "number" || !Number.isSafeInteger(r.version)) throw new RecordError('the release JSON has no integer "version"');
  const tokens = topLevelTokens(bytes).filter((t) => goKeyOf(t.key, "manifest"));
  if (tokens.length > 1)
    throw new RecordError(`the release JSON has its manifest twice (${tokens.map((t) => JSON.stringify(t.key)).join(", ")})`);
  if (r.manifest !== void 0 && typeof r.manifest !== "string") throw new RecordError(`the release JSON's "manifest" is not a string`);
  const token = tokens[0];
  if (token && !isUtf8(bytes.subarray(token.start, token.end))) throw new RecordError("the release's manifest is not valid UTF-8");
  const info = typeof r.info === "object" && r.info !== null ? goFields(r.info, ["status"]) : void 0;
  return {
    bytes,
    name: r.name,
    version: r.version,
    ...typeof r.namespace === "string" ? { namespace: r.namespace } : {},
    ...typeof info?.status === "string" ? { status: info.status } : {},
    manifest: r.manifest ?? "",
    ...token ? { manifestToken: { start: token.start, end: token.end } } : {},
    hooks: hooksOf(r.hooks)
  };
}
function goKeyOf(key, field) {
  if (key === field) return true;
  if (key.length !== field.length) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key[i];
    const folded = c === "\u212A" ? "K" : c === "\u017F" ? "S" : c.charCodeAt(0) < 128 ? c.toUpperCase() : c;
    if (folded !== field[i].toUpperCase()) return false;
  }
  return true;
}
function goFields(o, names) {
  const out = {};
  for (const [key, value] of Object.entries(o)) {
    const name = names.find((n) => goKeyOf(key, n));
    if (name !== void 0) out[name] = value;
  }
  return out;
}
function hooksOf(hooks) {
  if (!Array.isArray(hooks)) return [];
  return hooks.map((h) => typeof h === "object" && h !== null ? goFields(h, ["name", "events", "manifest"]) : void 0).filter((h) => h !== void 0 && typeof h.manifest === "string").map((h) => ({
    name: typeof h.name === "string" ? h.name : "?",
    events: Array.isArray(h.events) ? h.events.map(String) : [],
    manifest: h.manifest
  }));
}
function withManifest(r, manifest) {
  if (!r.manifestToken) throw new Error("internal error: a release without a manifest has nothing to rewrite");
  const token = Buffer.from(goJsonString(manifest), "utf8");
  return Buffer.concat([r.bytes.subarray(0, r.manifestToken.start), token, r.bytes.subarray(r.manifestToken.end)]);
}
function goJsonString(s) {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
var WS = /* @__PURE__ */ new Set([32, 9, 10, 13]);
function topLevelTokens(b) {
  const out = [];
  let i = skipWs(b, 0);
  if (b[i] !== 123) return out;
  i = skipWs(b, i + 1);
  while (i < b.length && b[i] !== 125) {
    const keyEnd = skipString(b, i);
    const key = JSON.parse(b.subarray(i, keyEnd).toString("utf8"));
    i = skipWs(b, skipWs(b, keyEnd) + 1);
    const end = skipValue(b, i);
    out.push({ key, start: i, end });
    i = skipWs(b, end);
    if (b[i] === 44) i = skipWs(b, i + 1);
  }
  return out;
}
function skipWs(b, i) {
  while (i < b.length && WS.has(b[i])) i++;
  return i;
}
function skipString(b, i) {
  for (i++; i < b.length; i++) {
    if (b[i] === 92) i++;
    else if (b[i] === 34) return i + 1;
  }
  return i;
}
function skipValue(b, i) {
  if (b[i] === 34) return skipString(b, i);
  if (b[i] !== 123 && b[i] !== 91) {
    while (i < b.length && !WS.has(b[i]) && b[i] !== 44 && b[i] !== 125 && b[i] !== 93) i++;
    return i;
  }
  let depth = 0;
  for (; i < b.length; i++) {
    const c = b[i];
    if (c === 34) i = skipString(b, i) - 1;
    else if (c === 123 || c === 91) depth++;
    else if ((c === 125 || c === 93) && --depth === 0) return i + 1;
  }
  return i;
}

// src/helm-release/records.ts
var InputError = class extends Error {
  constructor(at2, message) {
    super(message);
    this.at = at2;
  }
  at;
};
var NAME = /^sh\.helm\.release\.v1\.(.+)\.v([1-9]\d*)$/;
var MAX_YAML_DOCUMENT = 16 * 2 ** 20;
function readInput(path, bytes) {
  const docs = [];
  let line = 1;
  for (const segment of DocumentSplitter.split(bytes)) {
    const text = segment.toString("utf8");
    const read = readSegment(text, path, line);
    line += text.split("\n").length - 1;
    if (read === void 0) continue;
    const records = [];
    for (const { value, at: at2 } of objectsOf(read.value, read.at)) records.push(readRecord(value, at2(), read.dataAt));
    docs.push({ value: read.value, records });
  }
  return docs;
}
function readSegment(text, path, firstLine) {
  let breaks;
  const position = (offset) => {
    breaks ??= [...text.matchAll(/\n/g)].map((m) => m.index);
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (breaks[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return { path, line: firstLine + lo, column: offset - (lo > 0 ? breaks[lo - 1] : -1) };
  };
  const start = text.search(/\S/);
  if (start < 0) return void 0;
  let value;
  if (text[start] === "{" || text[start] === "[") {
    try {
      value = JSON.parse(text.slice(start));
    } catch (err) {
      const m = /position (\d+)/.exec(err.message);
      throw new InputError(position(start + (m ? Number(m[1]) : 0)), `not JSON: ${err.message}`);
    }
  } else {
    if (text.length > MAX_YAML_DOCUMENT)
      throw new InputError(position(start), `a YAML document of ${(text.length / 2 ** 20).toFixed(0)} MiB: print the records with -o json`);
    const data = yamlData(text);
    if ("error" in data) throw new InputError(position(data.error.offset), `not YAML: ${data.error.message}`);
    value = data.value;
    if (value === null || value === void 0) return void 0;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new InputError(position(start), "not an object");
  let from = 0;
  return {
    value,
    at: (name) => {
      const i = name === void 0 ? -1 : text.indexOf(name, from);
      if (i >= 0) from = i + name.length;
      return position(i >= 0 ? lineStart(text, i) : start);
    },
    dataAt: (data, near) => {
      const i = text.indexOf(data.slice(0, 64), from);
      return i >= 0 ? position(i) : near;
    }
  };
}
function lineStart(text, i) {
  const nl = text.lastIndexOf("\n", i);
  const indent = /^[ \t-]*/.exec(text.slice(nl + 1))[0].length;
  return nl + 1 + indent;
}
function objectsOf(value, at2) {
  const reading = listReading("items" in value, value.kind);
  const objects = reading === "object" ? [value] : reading === "list" && Array.isArray(value.items) ? value.items : [];
  return objects.map((o) => ({ value: o, at: () => at2(nameOf(o)) }));
}
function nameOf(o) {
  const name = o?.metadata?.name;
  return typeof name === "string" ? name : void 0;
}
function readRecord(value, at2, dataAt) {
  const fail = (message, where2 = at2) => {
    throw new InputError(where2, message);
  };
  const o = typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
  const meta = o.metadata ?? {};
  const name = typeof meta.name === "string" ? meta.name : void 0;
  const what = `${String(o.kind ?? "an object without kind")}${name ? ` ${name}` : ""}`;
  if (o.kind !== "Secret" && o.kind !== "ConfigMap")
    fail(`${what}: not a Helm release record (a Secret or ConfigMap named sh.helm.release.v1.NAME.vN)`);
  if (o.apiVersion !== void 0 && o.apiVersion !== "v1") fail(`${what}: apiVersion ${String(o.apiVersion)}, not v1`);
  const m = name === void 0 ? null : NAME.exec(name);
  if (!m) fail(`${what}: the name is not that of a Helm release record (sh.helm.release.v1.NAME.vN)`);
  const labels = meta.labels ?? {};
  if (labels.owner !== "helm") fail(`${what}: label owner is ${JSON.stringify(labels.owner)}, not "helm": Helm does not see this record`);
  if (o.kind === "Secret" && o.type !== "helm.sh/release.v1") fail(`${what}: type is ${JSON.stringify(o.type)}, not "helm.sh/release.v1"`);
  const data = o.data;
  if (typeof data?.release !== "string") fail(`${what}: no data.release string`);
  const secret = o.kind === "Secret";
  const release = data.release;
  const where = dataAt(release, at2);
  const otherData = otherDataBytes(data, secret);
  const size = (secret ? Math.floor(release.replace(/[\r\n]/g, "").length * 3 / 4) : release.length) + otherData;
  if (size > MAX_DATA_BYTES + 2) fail(`${what}: data is ${size} bytes, over Kubernetes' limit of ${MAX_DATA_BYTES}`, where);
  let decoded;
  let json;
  try {
    decoded = decodeRelease(release, secret);
    json = readRelease(decoded.json);
  } catch (err) {
    if (!(err instanceof RecordError)) throw err;
    return fail(`${what}: ${err.message}`, where);
  }
  if (decoded.helm.length + otherData > MAX_DATA_BYTES)
    fail(`${what}: data is ${decoded.helm.length + otherData} bytes, over Kubernetes' limit of ${MAX_DATA_BYTES}`, where);
  const record = {
    at: at2,
    kind: o.kind,
    name,
    ...typeof meta.namespace === "string" ? { namespace: meta.namespace } : {},
    release: m[1],
    revision: Number(m[2]),
    status: json.status ?? "unknown",
    decoded,
    json,
    otherData,
    object: o
  };
  const mismatch = consistency(record, labels);
  if (mismatch) fail(`${what}: ${mismatch}`);
  return record;
}
function consistency(r, labels) {
  if (r.json.name !== r.release) return `the release JSON's name is ${JSON.stringify(r.json.name)}, the record's name says "${r.release}"`;
  if (r.json.version !== r.revision) return `the release JSON's version is ${r.json.version}, the record's name says ${r.revision}`;
  if (labels.name !== r.release) return `label name is ${JSON.stringify(labels.name)}, the record's name says "${r.release}"`;
  if (labels.version !== String(r.revision))
    return `label version is ${JSON.stringify(labels.version)}, the record's name says "${r.revision}"`;
  if (labels.status !== void 0 && labels.status !== r.status)
    return `label status is ${JSON.stringify(labels.status)}, the release JSON's is "${r.status}"`;
  if (r.namespace !== void 0 && r.json.namespace !== void 0 && r.json.namespace !== r.namespace)
    return `the release JSON's namespace is "${r.json.namespace}", the record is in "${r.namespace}"`;
  return void 0;
}
function otherDataBytes(data, secret) {
  let n = 0;
  for (const [key, value] of Object.entries(data)) {
    if (key === "release" || typeof value !== "string") continue;
    n += secret ? Math.floor(value.replace(/[\r\n=]/g, "").length * 3 / 4) : Buffer.byteLength(value);
  }
  return n;
}
function printDocuments(docs, rewritten) {
  for (const d of docs) for (const r of d.records) if (rewritten.has(r)) r.object.data.release = rewritten.get(r);
  return docs.map((d) => `${JSON.stringify(d.value, null, 4)}
`).join("");
}

// src/helm-release/revisions.ts
function chooseRevisions(records, all) {
  const sorted = [...records].sort((a, b) => a.revision - b.revision);
  const last = sorted.at(-1);
  const deployed = sorted.filter((r) => r.status === "deployed").at(-1);
  const notes = [];
  let base;
  let why;
  if (last.status === "deployed") {
    base = last;
    why = "helm upgrade diffs against it (the last revision, deployed); helm rollback and helm uninstall build it too";
  } else if (deployed) {
    base = deployed;
    why = `helm upgrade diffs against it (the newest deployed revision; the last, ${last.revision}, is ${last.status})`;
  } else if (last.status === "failed" || last.status === "superseded") {
    base = last;
    why = `helm upgrade diffs against it (no revision given is deployed, and the last is ${last.status}); helm rollback and helm uninstall build it too`;
  } else {
    why = "";
  }
  const chosen = base ? [{ record: base, why }] : [];
  if (last !== base) {
    chosen.push({
      record: last,
      why: `the last revision (${last.status}): helm rollback and helm uninstall build it${base ? "" : "; helm upgrade finds no revision to diff against"}`
    });
  }
  if (last.status.startsWith("pending-")) {
    notes.push(
      `the last revision, ${last.revision}, is ${last.status}: helm upgrade refuses until that operation is resolved (helm rollback builds the last revision and the one it rolls back to)`
    );
  }
  if (!deployed)
    notes.push("no revision given is deployed: if the release has one, give all its revisions (kubectl get secret -l owner=helm,name=NAME)");
  if (all) {
    for (const r of sorted) {
      if (!chosen.some((c) => c.record === r)) chosen.push({ record: r, why: `--all-revisions: helm rollback ${r.revision} builds it` });
    }
  }
  return { chosen: chosen.sort((a, b) => a.record.revision - b.record.revision), notes };
}

// src/helm-release/convert.ts
var at = (p) => `${p.path}:${p.line}:${p.column}`;
function finding(p, severity, code, message, pending = false) {
  const where = { path: p.path, line: p.line, column: p.column, offset: 0, code, message };
  return severity === "error" ? { severity, ...where } : { severity, ...where, ...pending ? { pending } : {} };
}
async function convertReleases(docs, opts) {
  const result = { findings: [], rewritten: /* @__PURE__ */ new Map(), releases: 0, records: 0, objects: 0 };
  const converter = opts.to === "gateway" ? void 0 : await loadConverter();
  for (const records of groupReleases(docs)) {
    result.releases++;
    result.records += records.length;
    const first = records[0];
    const namespace = first.namespace ?? first.json.namespace;
    const given = records.map((r) => r.revision).sort((a, b) => a - b);
    const { chosen, notes } = chooseRevisions(records, opts.allRevisions);
    result.findings.push(
      finding(
        first.at,
        "info",
        "helm-release",
        `release ${namespace ? `${namespace}/` : ""}${first.release}: revisions ${given.join(", ")}`
      )
    );
    for (const n of notes) result.findings.push(finding(first.at, "warning", "helm-release-state", n));
    let objects = 0;
    let refused = false;
    for (const r of [...records].sort((a, b) => a.revision - b.revision)) {
      const choice = chosen.find((c) => c.record === r);
      const done = choice ? rewriteRecord(r, choice.why, opts, converter, result) : (leftAlone(r, result), void 0);
      objects += done?.objects ?? 0;
      refused ||= done?.refused ?? false;
    }
    if (refused) for (const r of records) result.rewritten.delete(r);
    else result.objects += objects;
  }
  return result;
}
function groupReleases(docs) {
  const groups = /* @__PURE__ */ new Map();
  for (const d of docs) {
    for (const r of d.records) {
      const key = `${r.namespace ?? r.json.namespace ?? ""}/${r.release}`;
      const group = groups.get(key) ?? [];
      const twin = group.find((g) => g.revision === r.revision);
      if (twin) throw new InputError(r.at, `${r.name}: given twice (also at ${at(twin.at)})`);
      group.push(r);
      groups.set(key, group);
    }
  }
  return [...groups.values()];
}
function splitsOf(objects) {
  return objects.filter((o) => o.kind === "TrafficSplit");
}
function describe(o) {
  return `${o.kind} ${o.namespace ? `${o.namespace}/` : ""}${o.name} (${o.apiVersion}${o.source ? `, ${o.source}` : ""})`;
}
function holds(objects) {
  const splits = splitsOf(objects);
  return splits.length ? `holds ${splits.map(describe).join(", ")}` : "holds no TrafficSplit";
}
function leftAlone(r, result) {
  const objects = smiObjects(r.json.manifest);
  if (splitsOf(objects).length === 0) return;
  result.findings.push(
    finding(
      r.at,
      "info",
      "helm-record-kept",
      `${r.name} (${r.status}): ${holds(objects)}; left as it is: only a helm rollback to revision ${r.revision} builds it (--all-revisions rewrites it too)`
    )
  );
}
function rewriteRecord(r, why, opts, converter, out) {
  const objects = smiObjects(r.json.manifest);
  const lines = [];
  const manifest = converter ? convertManifest(r, opts, converter, lines) : removeSplits(r, objects, opts, lines);
  hookSplits(r, lines);
  const failed = lines.some((l) => l.severity === "error");
  const changed = !failed && manifest !== void 0 && manifest !== r.json.manifest;
  const verb = changed ? opts.mode === "check" ? "would be rewritten" : "rewritten" : "nothing to change";
  out.findings.push(finding(r.at, "info", "helm-record", `${r.name} (${r.status}): ${holds(objects)}; ${verb}: ${why}`));
  out.findings.push(...lines);
  if (!changed) return { objects: 0 };
  const json = withManifest(r.json, manifest);
  if (readRelease(json).manifest !== manifest)
    throw new Error(`internal error: ${r.name}: the spliced release JSON does not hold the new manifest`);
  try {
    out.rewritten.set(r, encodeRelease(json, r.decoded.gzip, r.kind === "Secret", r.otherData));
  } catch (err) {
    if (!(err instanceof RecordError)) throw err;
    const message = `${r.name}: ${err.message}; release ${r.release} is left as it is (none of its records printed), for a person to convert`;
    out.findings.push(finding(r.at, "warning", "helm-record-refused", message, true));
    return { objects: 0, refused: true };
  }
  return {
    objects: opts.to === "gateway" ? splitsOf(objects).length : lines.filter((l) => l.code === "converted" || l.code === "repaired").length
  };
}
function manifestLabel(r) {
  const namespace = r.namespace ?? r.json.namespace;
  return `${namespace ? `${namespace}/` : ""}${r.name}/manifest`;
}
function convertManifest(r, opts, converter, lines) {
  const input = Buffer.from(r.json.manifest, "utf8");
  const convert = { versions: { TrafficSplit: opts.to }, stripServerFields: false };
  const result = migrateBytes(input, convert, manifestLabel(r), converter);
  lines.push(...result.findings);
  if (result.findings.some((f) => f.severity === "error")) return void 0;
  if (!result.changed) return r.json.manifest;
  if (migrateBytes(result.output, convert, manifestLabel(r), converter).changed)
    throw new Error(`internal error: ${r.name}: a second conversion of the manifest changes it again`);
  return result.output.toString("utf8");
}
function removeSplits(r, objects, opts, lines) {
  const label = manifestLabel(r);
  const verb = opts.mode === "check" ? "would remove" : "removed";
  for (const o of objects) {
    const where = { path: label, line: o.line, column: 1 };
    if (o.problem) lines.push(finding(where, "error", "helm-manifest-refused", `a document that names an SMI group is ${o.problem}`));
    else if (o.kind === "TrafficSplit" && !o.split)
      lines.push(
        finding(
          where,
          "error",
          "helm-manifest-refused",
          `${describe(o)} is ${o.inList ? "an item of a List" : "of another group"}: its document cannot be removed alone`
        )
      );
    else if (o.split)
      lines.push(finding(where, "info", "helm-split-removed", `${verb} ${describe(o)}: the chart's next render creates its routes`));
    else
      lines.push(
        finding(
          where,
          "warning",
          "helm-smi-kept",
          `${describe(o)} stays in the stored manifest: if its CRD is removed or stops serving ${o.apiVersion}, helm upgrade fails the same way`
        )
      );
  }
  if (lines.some((l) => l.severity === "error")) return void 0;
  return removeDocuments(r.json.manifest, splitsOf(objects));
}
function hookSplits(r, lines) {
  for (const hook of r.json.hooks) {
    for (const o of splitsOf(smiObjects(hook.manifest))) {
      lines.push(
        finding(
          r.at,
          "warning",
          "helm-hook",
          `${r.name}: hook ${hook.name} (${hook.events.join(", ") || "no events"}) is ${describe(o)}; hooks are not rewritten: helm uninstall and helm rollback run the stored ones, so edit it by hand if it is a delete or rollback hook`,
          true
        )
      );
    }
  }
}

// src/helm-release/command.ts
var PREFIX = "smi-migrate helm-release";
var TO_CHOICES = [...TARGETS, "gateway"];
var FLAGS = [
  { name: "check", help: "list what each release holds and what would change; print no records;\nexit 1 if anything would change" },
  {
    name: "to",
    value: "target",
    choices: TO_CHOICES,
    help: "convert the stored TrafficSplits to this version (default v1alpha2), or\nwith gateway remove them from the stored manifest (the chart's next\nrender creates the routes)"
  },
  { name: "all-revisions", help: "rewrite every revision given, not only those helm upgrade, rollback\nand uninstall build" },
  // The formats' table (report/formats.ts) gives the choices and their help lines.
  { name: "format", value: "format", help: formatHelp() },
  { name: "stdin-filename", value: "name", help: "name stdin in the report (default: <stdin>)" },
  { name: "help", short: "h", help: "show this help" }
];
var HELM_RELEASE_HELP = `Usage: ${PREFIX} [--check] [--to VERSION|gateway] [--all-revisions] [--format FORMAT] (FILE... | -)

Rewrites Helm's release history so that helm upgrade, rollback and uninstall work once
TrafficSplit v1alpha1 is no longer served (or, with --to gateway, once the TrafficSplit CRD is
gone). Reads release records, Secrets or ConfigMaps named sh.helm.release.v1.NAME.vN, as
kubectl get prints them (one, a List, YAML or JSON), converts the TrafficSplits in the stored
manifest of the revision helm upgrade diffs against and of the last revision, and prints the
records as JSON for kubectl replace (in place: same names, labels, metadata; every byte of the
release outside its manifest kept). A record that is not valid is refused and nothing is printed.

Options:
${optionRows(FLAGS)}

Examples:
  $ kubectl get secret -n demo -l owner=helm,name=web -o json > web.json
  $ ${PREFIX} --check web.json
  $ set -o pipefail; ${PREFIX} web.json | kubectl replace -f -
  $ set -o pipefail; kubectl get secret -A -l owner=helm -o json | ${PREFIX} --check -

Exit codes: 0 printed (with --check: nothing to change), 1 with --check something would
change or is left for a person, 2 error (nothing printed). The runbook: docs/helm.md.
`;
async function runHelmRelease(args, io) {
  const usage = (message) => {
    io.stderr.write(`${PREFIX}: ${message}
`);
    return 2;
  };
  let values;
  let paths;
  try {
    const read = readFlags(args, FLAGS, true);
    values = read.values;
    paths = read.positionals;
    checkValues(read.values, FLAGS);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return usage(err.message + (err.kind === "unknown-option" ? ` (run ${PREFIX} --help for usage)` : ""));
  }
  if (values.help) return write(io.stdout, HELM_RELEASE_HELP);
  const format = values.format ?? "text";
  if (!FORMAT_NAMES.includes(format)) return usage(`--format must be one of ${FORMAT_NAMES.join(", ")}; got "${format}"`);
  if (paths.length === 0) return usage("no input: give record files, or - for stdin");
  if (paths.includes("-") && paths.length > 1) return usage('Cannot read stdin ("-") and files in the same run.');
  const mode = values.check ? "check" : "print";
  let docs;
  let result;
  try {
    docs = await readAll(paths, io.stdin, values["stdin-filename"] ?? "<stdin>");
    if (docs.length === 0) return usage("error: the input holds no document (did kubectl get fail?)");
    result = await convertReleases(docs, {
      to: values.to ?? "v1alpha2",
      allRevisions: Boolean(values["all-revisions"]),
      mode
    });
  } catch (err) {
    const failed = inputFailure(err);
    if (!failed) throw err;
    if (format === "text")
      return usage(failed.line ? `${failed.path}:${failed.line}:${failed.column}: error: ${failed.message}` : `error: ${failed.message}`);
    const refused = { findings: [failed], rewritten: /* @__PURE__ */ new Map(), releases: 0, records: 0, objects: 0 };
    return report([], refused, { mode, target: values.to ?? "v1alpha2", format, files: paths.length }, io);
  }
  return report(docs, result, { mode, target: values.to ?? "v1alpha2", format, files: paths.length }, io);
}
function inputFailure(err) {
  if (err instanceof InputError) return { severity: "error", code: "helm-record-refused", offset: 0, ...err.at, message: err.message };
  const e = err;
  if (!e?.syscall) return void 0;
  return { severity: "error", code: "io", offset: 0, path: e.path ?? "<stdin>", line: 0, column: 0, message: e.message };
}
async function report(docs, result, opts, io) {
  const { mode, target } = opts;
  const totals = countAll(result, opts.files);
  totals.line = summary(result, mode, target, totals.errors, totals.warnings);
  totals.exit = exitOf(totals, result, mode);
  const to = mode === "check" ? io.stdout : io.stderr;
  let text = "";
  const sink = await formatNamed(opts.format).sink(
    {
      // The findings' verbs: `would convert` with --check, `converted` beside the records.
      mode: mode === "check" ? "check" : "stream",
      cwd: process.cwd(),
      // Release records are a cluster's, not a repository's files: locations are relative to the current directory.
      root: () => Promise.resolve(process.cwd()),
      rules: HELM_RELEASE_RULES
    },
    // Collected and written at once, after the records (and never beside them on an error).
    () => ({ write: (t) => void (text += t) })
  );
  await deliver(result.findings, totals, [sink]);
  if (mode === "print" && totals.exit.code !== 2) await write(io.stdout, printDocuments(docs, result.rewritten));
  await write(to, text);
  return totals.exit.code;
}
function countAll(result, files) {
  const totals = newTotals(files, new Set([...result.rewritten.keys()].map((r) => r.at.path)).size);
  for (const f of result.findings) countFinding(totals, f);
  return totals;
}
function exitOf(t, r, mode) {
  if (t.errors > 0) return { code: 2, reason: "errors" };
  if (t.pending > 0 && (mode === "check" || r.findings.some((f) => f.code === "helm-record-refused")))
    return { code: 1, reason: "left-for-a-person" };
  if (mode === "check" && r.rewritten.size > 0) return { code: 1, reason: "would-convert" };
  return { code: 0, reason: r.rewritten.size > 0 && mode === "print" ? "converted" : "nothing-to-convert" };
}
function summary(r, mode, target, errors, warnings) {
  const n = (k, what) => `${k} ${what}${k === 1 ? "" : "s"}`;
  if (r.records === 0 && errors === 0) return "no Helm release records in the input";
  const verb = errors > 0 ? "nothing printed" : r.rewritten.size === 0 ? "nothing to change" : `${r.rewritten.size} ${mode === "check" ? "would be rewritten" : "rewritten"} (${n(r.objects, "TrafficSplit")} ${target === "gateway" ? "removed" : "converted"})`;
  const extra = [errors ? n(errors, "error") : "", warnings ? n(warnings, "warning") : ""].filter(Boolean);
  return `${n(r.releases, "release")}, ${n(r.records, "record")}: ${verb}${extra.length ? ` (${extra.join(", ")})` : ""}`;
}
async function readAll(paths, stdin, stdinName) {
  const docs = [];
  for (const path of paths) {
    const bytes = path === "-" ? await readStream(stdin) : readFileSync(path);
    docs.push(...readInput(path === "-" ? stdinName : path, bytes));
  }
  return docs;
}
async function readStream(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
function write(out, text) {
  return new Promise((resolve, reject) => {
    out.write(text, (err) => err ? reject(err) : resolve(0));
  });
}
export {
  HELM_RELEASE_HELP,
  runHelmRelease
};
