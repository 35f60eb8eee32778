import {
  BurstLog,
  Throttled,
  admittedV1alpha1,
  catchAllReserves,
  catchAllWarning,
  limitConnections,
  reservedMatcher
} from "./shared-099246b5fd.js";
import {
  UsageError,
  optionRows,
  readFlags
} from "./shared-1212ed35aa.js";
import {
  readQuantityWeight,
  weightRule
} from "./shared-830d5f64a9.js";
import {
  HOPS,
  SPLIT_GROUP,
  SPLIT_KIND,
  SPLIT_VERSIONS,
  splitVersion
} from "./shared-da01202873.js";
import "./shared-5d7c34b40b.js";
import {
  EXACT_MARK,
  LINKERD_MILLI_SUM,
  MAX_DIGITS,
  MAX_WEIGHT,
  applied,
  boundedNote,
  digitCount,
  exactToken,
  gcd,
  milliValue,
  readIntegerWeight,
  readJsonWeight,
  scaleWeights,
  shift,
  withinSum
} from "./shared-051a59df81.js";
import "./shared-6bfea2ec3c.js";

// src/webhook/server.ts
import { createServer } from "node:https";

// src/webhook/certificates.ts
import { readFileSync, promises as fsp } from "node:fs";
import { createSecureContext } from "node:tls";
import { createHash, createPrivateKey, X509Certificate } from "node:crypto";
var TLS_MIN = "TLSv1.2";
var message = (err) => err instanceof Error ? err.message : String(err);
function loadPair(certFile, keyFile) {
  return checkPair(certFile, keyFile, readOrThrow(certFile, "certificate"), readOrThrow(keyFile, "key"));
}
function checkPair(certFile, keyFile, cert, key) {
  let x509;
  try {
    x509 = new X509Certificate(cert);
  } catch (err) {
    throw new Error(`certificate file ${certFile}: not a PEM certificate (${message(err)})`, { cause: err });
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch (err) {
    throw new Error(`key file ${keyFile}: not a usable PEM private key (${message(err)})`, { cause: err });
  }
  if (!x509.checkPrivateKey(privateKey))
    throw new Error(`key file ${keyFile} does not hold the private key of the certificate in ${certFile}`);
  try {
    createSecureContext({ cert, key, minVersion: TLS_MIN });
  } catch (err) {
    throw new Error(`certificate file ${certFile} and key file ${keyFile}: ${message(err)}`, { cause: err });
  }
  const info = {
    serial: x509.serialNumber,
    subject: x509.subject.replace(/\n/g, ", "),
    notAfter: new Date(x509.validTo).toISOString()
  };
  if (x509.subjectAltName) info.altNames = x509.subjectAltName;
  return { cert, key, hash: hashPair(cert, key), info };
}
function hashPair(cert, key) {
  return createHash("sha256").update(cert).update("\0").update(key).digest("hex");
}
function readOrThrow(file, what) {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new Error(`cannot read ${what} file ${file}: ${message(err)}`, { cause: err });
  }
}
function watchCertificates(files, first, server, log) {
  let current = first;
  let lastFailure;
  let timer;
  let polling;
  let stopped = false;
  const failed = (m) => log({ msg: "certificate reload failed", error: m, keeping: current.info.serial });
  async function poll() {
    let cert, key;
    try {
      ;
      [cert, key] = await Promise.all([
        fsp.readFile(files.certFile).catch((err) => Promise.reject(new Error(`cannot read certificate file ${files.certFile}: ${message(err)}`))),
        fsp.readFile(files.keyFile).catch((err) => Promise.reject(new Error(`cannot read key file ${files.keyFile}: ${message(err)}`)))
      ]);
    } catch (err) {
      if (lastFailure !== message(err)) failed(message(err));
      lastFailure = message(err);
      return;
    }
    const hash = hashPair(cert, key);
    if (hash === current.hash) {
      lastFailure = void 0;
      return;
    }
    if (lastFailure === hash) return;
    try {
      const next = checkPair(files.certFile, files.keyFile, cert, key);
      server.setSecureContext({ cert: next.cert, key: next.key, minVersion: TLS_MIN });
      const previous = current.info.serial;
      current = next;
      lastFailure = void 0;
      log({ msg: "certificate reloaded", ...next.info, previous });
      warnIfExpired(next, log);
    } catch (err) {
      lastFailure = hash;
      failed(message(err));
    }
  }
  const schedule = () => {
    timer = setTimeout(() => {
      polling = poll().finally(() => {
        polling = void 0;
        if (!stopped) schedule();
      });
    }, files.reloadIntervalMs);
    timer.unref();
  };
  return {
    current: () => current,
    start: schedule,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      return Promise.resolve(polling);
    }
  };
}
function warnIfExpired(pair, log) {
  if (Date.parse(pair.info.notAfter) < Date.now())
    log({ msg: "certificate expired", serial: pair.info.serial, notAfter: pair.info.notAfter });
}

// src/webhook/ledger.ts
var LIMITS = ["bytes", "bytesPerAddress", "requestsPerAddress", "reserved"];
var Ledger = class {
  constructor(limits) {
    this.limits = limits;
  }
  limits;
  /** Bytes held by everyone, and by the addresses that are not reserved. */
  used = 0;
  usedByOthers = 0;
  by = /* @__PURE__ */ new Map();
  holding(address) {
    let h = this.by.get(address);
    if (!h) this.by.set(address, h = { bytes: 0, requests: 0 });
    return h;
  }
  tidy(address, h) {
    if (h.bytes === 0 && h.requests === 0) this.by.delete(address);
  }
  /** A request opens; undefined if admitted, else the bound that refused it. */
  enter(c) {
    const h = this.holding(c.address);
    if (!c.reserved && h.requests >= this.limits.maxRequestsPerAddress) {
      this.tidy(c.address, h);
      return "requestsPerAddress";
    }
    h.requests++;
    return void 0;
  }
  leave(c) {
    const h = this.holding(c.address);
    h.requests--;
    this.tidy(c.address, h);
  }
  /** Takes `n` bytes for `c`; undefined if they fit, else the bound that refused them. `force`: an answer already made counts whatever it is. */
  take(c, n, force = false) {
    const h = this.holding(c.address);
    if (!force) {
      const why = this.refusal(c, h, n);
      if (why) {
        this.tidy(c.address, h);
        return why;
      }
    }
    h.bytes += n;
    this.used += n;
    if (!c.reserved) this.usedByOthers += n;
    return void 0;
  }
  refusal(c, h, n) {
    if (this.used + n > this.limits.maxBytes) return "bytes";
    if (c.reserved) return void 0;
    if (h.bytes + n > this.limits.maxBytesPerAddress) return "bytesPerAddress";
    if (this.usedByOthers + n > this.limits.maxBytes - this.limits.reservedBytes) return "reserved";
    return void 0;
  }
  give(c, n) {
    if (n === 0) return;
    const h = this.holding(c.address);
    h.bytes -= n;
    this.used -= n;
    if (!c.reserved) this.usedByOthers -= n;
    this.tidy(c.address, h);
  }
};

// src/kinds/json.ts
function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

// src/kinds/trafficsplit/objects.ts
var OK = { ok: true };
var OBJECT_STEPS = HOPS.map(stepOf);
function stepOf(hop) {
  const added = hop.adds ?? [];
  return {
    from: hop.from,
    to: hop.to,
    up(o, kept) {
      const r = hop.weights ? weightsUp(o, kept) : OK;
      for (const path of added) putBack(o, path, kept);
      return r;
    },
    down(o, kept, target = hop.from) {
      for (const path of added) {
        takeOut(o, path, kept);
        const fault = path[path.length - 1] === "matches" && kept.matches !== void 0 ? matchesFault(kept.matches) : void 0;
        if (fault) return { error: unreturnable(target, fault) };
      }
      return hop.weights ? weightsDown(o, kept) : OK;
    }
  };
}
function unreturnable(lower, fault) {
  return `${lower} cannot hold spec.matches, and ${fault}: not a reference v1alpha3 and v1alpha4 admit (kind HTTPRouteGroup, a string name, an optional string apiGroup, no other field), so the way back would not restore the matches: refused rather than lost`;
}
function convertObject(o, from, to, kept) {
  const up = SPLIT_VERSIONS.indexOf(from) < SPLIT_VERSIONS.indexOf(to);
  const notes = [];
  let unrestored;
  for (const s of stepsBetween(from, to)) {
    const r = up ? s.up(o, kept) : s.down(o, kept, to);
    if ("error" in r) return r;
    if (r.notes) notes.push(...r.notes);
    unrestored ??= r.unrestored;
  }
  o.apiVersion = `${SPLIT_GROUP}/${to}`;
  const result = notes.length ? { ok: true, notes } : OK;
  return unrestored ? { ...result, unrestored } : result;
}
function stepsBetween(from, to) {
  const key = `${from} ${to}`;
  let steps = STEPS_BETWEEN.get(key);
  if (!steps) {
    const at = (v) => SPLIT_VERSIONS.indexOf(v);
    const [a, b] = [at(from), at(to)];
    const between = OBJECT_STEPS.filter((s) => at(s.from) >= Math.min(a, b) && at(s.to) <= Math.max(a, b));
    steps = a < b ? between : between.reverse();
    STEPS_BETWEEN.set(key, steps);
  }
  return steps;
}
var STEPS_BETWEEN = /* @__PURE__ */ new Map();
function readKept(json) {
  if (!isObject(json)) return void 0;
  const kept = {};
  const adds = HOPS.flatMap((h) => h.adds ?? []).map((path) => path[path.length - 1]);
  for (const [key, value] of Object.entries(json)) {
    if (key === "weights") {
      if (!isObject(value) || !isJsonArray(value.original) || !isNumberArray(value.converted)) return void 0;
      if (value.original.length !== value.converted.length || Object.keys(value).length !== 2) return void 0;
      kept.weights = { original: value.original, converted: value.converted };
    } else if (key === "numbers") {
      if (!isObject(value) || !isNumberArray(value.original, true, true) || !isJsonArray(value.converted)) return void 0;
      if (value.original.length !== value.converted.length || Object.keys(value).length !== 2) return void 0;
      kept.numbers = { original: value.original, converted: value.converted };
    } else if (adds.includes(key)) {
      if (key === "matches" && !isMatches(value)) return void 0;
      kept[key] = value;
    } else if (key !== "noAnnotations" || value !== true) return void 0;
  }
  return kept;
}
var isJsonArray = (v) => Array.isArray(v);
var isNumberArray = (v, exact = false, nulls = false) => Array.isArray(v) && v.every((x) => typeof x === "number" && Number.isFinite(x) || exact && isNumberToken(exactToken(x)) || nulls && x === null);
var isNumberToken = (t) => t !== void 0 && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(t);
function isMatches(v) {
  return matchesFault(v) === void 0;
}
function matchesFault(v) {
  if (!Array.isArray(v)) return `spec.matches is ${clip(v)}, not a list`;
  const i = v.findIndex(
    (m) => !isObject(m) || m.kind !== "HTTPRouteGroup" || typeof m.name !== "string" || m.apiGroup !== void 0 && typeof m.apiGroup !== "string" || !Object.keys(m).every((k) => k === "kind" || k === "name" || k === "apiGroup")
  );
  return i < 0 ? void 0 : `spec.matches[${i}] is ${clip(v[i])}`;
}
var clip = (v) => {
  const text = v === void 0 ? "undefined" : JSON.stringify(v);
  return text.length > 120 ? `${text.slice(0, 120)}\u2026` : text;
};
function backendsOf(o) {
  const spec = isObject(o.spec) ? o.spec : void 0;
  return spec && Array.isArray(spec.backends) ? spec.backends : [];
}
var field = (i) => `spec.backends[${i}].weight`;
function weightsOf(o) {
  return backendsOf(o).map((b) => isObject(b) ? b.weight : void 0);
}
function tooLong(weights) {
  for (const [i, w] of weights.entries()) {
    const token = exactToken(w);
    if (token === void 0) continue;
    const digits = /^-?(\d+)$/.exec(token)?.[1]?.length ?? 0;
    if (digits > MAX_DIGITS) return { error: `${field(i)} is an integer of ${digits} digits: a weight has at most ${MAX_DIGITS}` };
  }
  return void 0;
}
function writeWeights(o, weights) {
  backendsOf(o).forEach((b, i) => {
    if (!isObject(b)) return;
    const w = weights[i];
    if (w === void 0 || w === null) delete b.weight;
    else b.weight = w;
  });
}
function weightsUp(o, kept) {
  const down = kept.numbers;
  delete kept.weights;
  delete kept.numbers;
  const original = weightsOf(o);
  const long = tooLong(original);
  if (long) return long;
  const unrestored = !down ? void 0 : !admitsNumbers(down.original) ? "value" : sameJson(downQuantities(down.original).weights, original) ? void 0 : "stale";
  if (down && !unrestored) {
    writeWeights(o, down.original);
    return OK;
  }
  const { ints, notes } = upIntegers(original);
  writeWeights(o, ints);
  const same = sameNumbers(original, ints);
  if (!same && !sameJson(downQuantities(ints).weights, original))
    kept.weights = { original: original.map((w) => w ?? null), converted: ints };
  else if (same && ints.reduce((a, b) => a + b, 0) > 429496 && !sameJson(downQuantities(ints).weights, original))
    notes.push(
      `the weights add up past what Linkerd sums (${LINKERD_MILLI_SUM} milli-units), which wrapped them: read back as v1alpha1, they are written as weights it sums, in these proportions`
    );
  const result = notes.length ? { ok: true, notes } : OK;
  return unrestored ? { ...result, unrestored } : result;
}
function admitsNumbers(numbers) {
  let sum = 0;
  for (const w of numbers) {
    if (w === null) continue;
    if (typeof w !== "number" || !Number.isInteger(w) || w < 0 || w > Number(MAX_WEIGHT)) return false;
    sum += w;
  }
  return sum <= Number(LINKERD_MILLI_SUM);
}
function upIntegers(original) {
  const rule = weightRule(original.map((w) => ({ json: w ?? null })));
  if (rule.ok) {
    const ints = rule.weights.map(Number);
    if (rule.notes.every((n) => n === void 0) && !rule.bounded) return { ints, notes: [] };
    const notes2 = rule.notes.flatMap((n, i) => n === void 0 ? [] : [`${field(i)} ${JSON.stringify(original[i])} ${n}`]);
    return { ints, notes: rule.bounded ? [...notes2, boundedNote()] : notes2 };
  }
  const notes = [];
  const values = original.map((w, i) => {
    const r = readQuantityWeight({ json: w ?? null });
    if (r.ok) return r.value;
    notes.push(`${field(i)} ${w === void 0 || w === null ? "is missing" : `${JSON.stringify(w)} ${r.reason}`}: written as 0`);
    return { negative: false, n: 0n, e: 0 };
  });
  const again = scaleWeights(values);
  if (again.ok) return { ints: again.weights.map(Number), notes: again.bounded ? [...notes, boundedNote()] : notes };
  return { ints: withinSum(applied(values).values, LINKERD_MILLI_SUM).map(Number), notes: [...notes, boundedNote()] };
}
function weightsDown(o, kept) {
  const stash = kept.weights;
  delete kept.weights;
  delete kept.numbers;
  const current = weightsOf(o);
  const long = tooLong(current);
  if (long) return long;
  const ints = [];
  for (const w of current) {
    const r = readIntegerWeight(w);
    if (r.ok) ints.push(r.value);
  }
  const whole = ints.length === current.length;
  const unrestored = !stash ? void 0 : !admittedV1alpha1(stash.original) ? "value" : !whole || !sameNumbers(stash.converted, ints) ? "stale" : restores(stash, ints) ? void 0 : "value";
  if (stash && !unrestored) {
    writeWeights(o, stash.original);
    return OK;
  }
  const { weights, notes } = downQuantities(current);
  writeWeights(o, weights);
  if (!writtenAsInt32(weights, current) && !sameJson(upIntegers(weights).ints, current))
    kept.numbers = { original: current.map((w) => w ?? null), converted: weights.map((w) => w ?? null) };
  const result = notes.length ? { ok: true, notes } : OK;
  return unrestored ? { ...result, unrestored } : result;
}
function writtenAsInt32(weights, current) {
  const max = Number(MAX_WEIGHT);
  return weights.every((w, i) => w === current[i] && typeof w === "number" && Number.isInteger(w) && w >= 0 && w <= max);
}
function downQuantities(current) {
  const notes = [];
  const negative = (i, w) => {
    notes.push(`${field(i)} ${typeof w === "string" ? exactToken(w) ?? w : JSON.stringify(w)} is negative: written as 0`);
    return 0;
  };
  const weights = current.map((w, i) => {
    if (typeof w === "number" && Number.isFinite(w)) {
      if (w < 0) return negative(i, w);
      return Number.isSafeInteger(w) ? w : String(w);
    }
    const token = exactToken(w);
    if (token !== void 0) {
      if (token.startsWith("-")) return negative(i, w);
      return /^\d+$/.test(token) ? w : token;
    }
    if (w !== void 0) notes.push(`${field(i)} ${JSON.stringify(w)} is not a number: written as it is`);
    return w;
  });
  return linkerdBound(weights, notes);
}
function linkerdBound(weights, notes) {
  let small = 0;
  for (const w of weights) small += typeof w === "number" && w >= 0 && w <= 429496 ? w : Infinity;
  if (small <= 429496) return { weights, notes };
  const values = [];
  for (const w of weights) {
    const r = readJsonWeight(w);
    const value = r.ok ? r.value : wholeToken(w);
    if (!value || value.negative) return { weights, notes };
    values.push(value);
  }
  const milli = values.map(milliOf);
  if (milli.reduce((a, b) => a + b, 0n) <= LINKERD_MILLI_SUM) return { weights, notes };
  const exact = exactIntegers(values);
  if (exact) {
    const sum = exact.reduce((a, b) => a + b, 0n);
    if (sum * 1000n <= LINKERD_MILLI_SUM) return { weights: exact.map(Number), notes };
    if (sum <= LINKERD_MILLI_SUM) return { weights: exact.map((m) => m === 0n ? 0 : `${m}m`), notes };
  }
  notes.push(
    `the weights add up past what Linkerd sums (${LINKERD_MILLI_SUM} milli-units): written in proportion as milli-quantities, as nearly as that allows`
  );
  return { weights: withinSum(values, LINKERD_MILLI_SUM).map((m) => m === 0n ? 0 : `${m}m`), notes };
}
function wholeToken(w) {
  const token = exactToken(w);
  return token !== void 0 && /^\d+$/.test(token) ? { negative: false, n: BigInt(token), e: 0 } : void 0;
}
var milliOf = (v) => milliValue(v, LINKERD_MILLI_SUM);
function exactIntegers(values) {
  const nonzero = values.filter((v) => v.n !== 0n);
  if (nonzero.length === 0) return values.map(() => 0n);
  const base = Math.min(...nonzero.map((v) => v.e));
  if (Math.max(...nonzero.map((v) => digitCount(v.n) + v.e)) - base > 40) return void 0;
  const ints = values.map((v) => v.n === 0n ? 0n : shift(v.n, v.e - base));
  const g = ints.reduce((a, b) => gcd(a, b), 0n);
  return ints.map((i) => i / g);
}
function restores(stash, ints) {
  if (!sameNumbers(stash.converted, ints)) return false;
  if (!stash.original.every((w) => w === null || readJsonWeight(w).ok)) return false;
  return sameNumbers(upIntegers(stash.original).ints, ints);
}
function parentOf(o, path) {
  let at = o;
  for (const key of path.slice(0, -1)) at = isObject(at) ? at[key] : void 0;
  return isObject(at) ? at : void 0;
}
function takeOut(o, path, kept) {
  const key = path[path.length - 1];
  const parent = parentOf(o, path);
  delete kept[key];
  if (parent && key in parent) {
    kept[key] = parent[key];
    delete parent[key];
  }
}
function putBack(o, path, kept) {
  const key = path[path.length - 1];
  const parent = parentOf(o, path);
  if (kept[key] !== void 0 && parent) parent[key] = kept[key];
  delete kept[key];
}
function sameNumbers(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
function sameJson(a, b) {
  return a.length === b.length && a.every((x, i) => JSON.stringify(x ?? null) === JSON.stringify(b[i] ?? null));
}

// src/webhook/numbers.ts
var MAX_RESPELLED = 1e4;
var TooManyRespelled = class extends Error {
};
function parseExact(text, limit = Infinity) {
  const spans = respelledTokens(text, limit);
  if (spans.length === 0) return JSON.parse(text);
  const parts = [];
  let at = 0;
  for (let k = 0; k < spans.length; k += 2) {
    parts.push(text.slice(at, spans[k]), OPEN, text.slice(spans[k], spans[k + 1]), '"');
    at = spans[k + 1];
  }
  parts.push(text.slice(at));
  return JSON.parse(parts.join(""));
}
var EXACT_MARK_JSON = JSON.stringify(EXACT_MARK).slice(1, -1);
var OPEN = `"${EXACT_MARK_JSON}`;
var MARKED = new RegExp(`"${EXACT_MARK_JSON.replace(/\\/g, "\\\\")}(-?[\\d.eE+-]+)"`, "g");
function stringifyExact(value) {
  const text = JSON.stringify(value);
  return text.includes(EXACT_MARK_JSON) ? text.replace(MARKED, "$1") : text;
}
function respelledTokens(text, limit) {
  const found = [];
  let counted = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = stringEnd(text, i);
      continue;
    }
    if (c !== 45 && (c < 48 || c > 57)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && isNumberChar(text.charCodeAt(j))) j++;
    const kept = keptAs(text, i, j);
    if (kept !== PLAIN) {
      found.push(i, j);
      if (kept === RESPELLED && ++counted > limit)
        throw new TooManyRespelled(
          `the review holds more than ${limit} number tokens spelled otherwise than the API server writes them (such as \`1.0\`, \`1e5\`, \`-0\`), each of which is kept as written: at most ${limit} are`
        );
    }
    i = j;
  }
  return found;
}
var PLAIN = 0;
var LONG = 1;
var RESPELLED = 2;
function keptAs(text, i, j) {
  let k = i;
  if (text.charCodeAt(k) === 45) k++;
  const intStart = k;
  if (k < j && text.charCodeAt(k) === 48) k++;
  else while (k < j && isDigit(text.charCodeAt(k))) k++;
  if (k === intStart) return PLAIN;
  const intEnd = k;
  let fractionEndsInZero = false;
  if (k < j && text.charCodeAt(k) === 46) {
    const from = ++k;
    while (k < j && isDigit(text.charCodeAt(k))) k++;
    if (k === from) return PLAIN;
    fractionEndsInZero = text.charCodeAt(k - 1) === 48;
  }
  let signless = false;
  let hasExponent = false;
  if (k < j) {
    const e = text.charCodeAt(k++);
    if (e !== 101 && e !== 69) return PLAIN;
    hasExponent = true;
    signless = e === 69;
    const sign = text.charCodeAt(k);
    if (sign === 43 || sign === 45) k++;
    else signless = true;
    const from = k;
    while (k < j && isDigit(text.charCodeAt(k))) k++;
    if (k === from || k !== j) return PLAIN;
  }
  if (!hasExponent && intEnd === j) {
    if (j - intStart < 16) return j - i === 2 && text.charCodeAt(i) === 45 && text.charCodeAt(intStart) === 48 ? RESPELLED : PLAIN;
    const token2 = text.slice(i, j);
    return String(Number(token2)) === token2 ? PLAIN : LONG;
  }
  if (fractionEndsInZero || signless) return RESPELLED;
  const token = text.slice(i, j);
  return String(Number(token)) === token ? PLAIN : RESPELLED;
}
var isDigit = (c) => c >= 48 && c <= 57;
var isNumberChar = (c) => c >= 48 && c <= 57 || c === 46 || c === 101 || c === 69 || c === 43 || c === 45;
function stringEnd(text, i) {
  let j = i + 1;
  for (; ; ) {
    const q = text.indexOf('"', j);
    if (q < 0) return text.length;
    let b = q;
    while (b > j && text.charCodeAt(b - 1) === 92) b--;
    if ((q - b) % 2 === 0) return q + 1;
    j = q + 1;
  }
}

// src/webhook/stash.ts
import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from "node:crypto";
var IGNORED = ["unsigned", "signature", "size", "depth", "shape", "stale", "value"];
var STASH_MAX_BYTES = 256 * 1024;
var STASH_MAX_DEPTH = 8;
var PREFIX = "v2:";
var MAC_LENGTH = 43;
var MIN_KEY = 32;
function parseKeys(text, file) {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  if (lines.length === 0 || lines.length > 2)
    throw new Error(`${file}: a stash key file holds one key per line, one or two keys (it has ${lines.length})`);
  const short = lines.findIndex((l) => l.trim().length < MIN_KEY);
  if (short >= 0) throw new Error(`${file}: line ${short + 1}: a stash key has at least ${MIN_KEY} characters`);
  const keys = lines.map((l) => Buffer.from(l.trim(), "utf8"));
  return { sign: keys[0], accept: keys };
}
var processKeys;
function ephemeralKeys() {
  if (processKeys) return processKeys;
  const key = randomBytes(32);
  return processKeys = { sign: key, accept: [key], ephemeral: true };
}
function identity(object) {
  const meta = isObject(object.metadata) ? object.metadata : {};
  const apiVersion = typeof object.apiVersion === "string" ? object.apiVersion : "";
  const group = apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.indexOf("/")) : "";
  const text = (v) => typeof v === "string" ? v : "";
  return `${group}\0${text(object.kind)}\0${text(meta.namespace)}\0${text(meta.name)}`;
}
function mac(key, object, json) {
  return hmac(key, object, json).digest();
}
var hmac = (key, object, json) => createHmac("sha256", keyObject(key)).update(`smi-migrate.io/conversion-data\0${identity(object)}\0${json}`);
function keyObject(key) {
  let k = KEY_OBJECTS.get(key);
  if (!k) KEY_OBJECTS.set(key, k = createSecretKey(key));
  return k;
}
var KEY_OBJECTS = /* @__PURE__ */ new WeakMap();
function seal(keys, object, json) {
  const id = `${identity(object)}\0${json}`;
  if (id.length > SEAL_MEMO_TEXT) return `${PREFIX}${hmac(keys.sign, object, json).digest("base64url")}:${json}`;
  let memo = SEAL_MEMOS.get(keys);
  if (!memo) SEAL_MEMOS.set(keys, memo = /* @__PURE__ */ new Map());
  let value = memo.get(id);
  if (value === void 0) {
    value = `${PREFIX}${hmac(keys.sign, object, json).digest("base64url")}:${json}`;
    if (memo.size >= SEAL_MEMO_ENTRIES) memo.clear();
    memo.set(id, value);
  }
  return value;
}
var SEAL_MEMO_ENTRIES = 4096;
var SEAL_MEMO_TEXT = 1536;
var SEAL_MEMOS = /* @__PURE__ */ new WeakMap();
function open(keys, object, value) {
  if (!value.startsWith(PREFIX) || value.charCodeAt(PREFIX.length + MAC_LENGTH) !== 58) return { ignored: "unsigned" };
  if (value.length > STASH_MAX_BYTES) return { ignored: "size" };
  const text = value.slice(PREFIX.length, PREFIX.length + MAC_LENGTH);
  const given = Buffer.from(text, "base64url");
  const json = value.slice(PREFIX.length + MAC_LENGTH + 1);
  if (given.length !== 32 || given.toString("base64url") !== text) return { ignored: "signature" };
  if (!keys.accept.some((k) => timingSafeEqual(mac(k, object, json), given))) return { ignored: "signature" };
  if (nestsDeeper(json, STASH_MAX_DEPTH)) return { ignored: "depth" };
  try {
    return { json: parseExact(json) };
  } catch {
    return { ignored: "shape" };
  }
}
function nestsDeeper(text, max) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

// src/webhook/round-trip.ts
var GROUP = SPLIT_GROUP;
var STASH = "smi-migrate.io/conversion-data";
var ANNOTATIONS_LIMIT = 256 * 1024;
function convertSplit(input, to, keys = ephemeralKeys(), owned = false) {
  const from = splitVersion(input.apiVersion);
  if (!from || input.kind !== SPLIT_KIND)
    return { error: `${describe(input)}: not a ${GROUP} ${SPLIT_KIND} (${String(input.apiVersion)} ${String(input.kind)})` };
  if (from === to) return { object: input };
  const object = owned ? input : structuredClone(input);
  const name = () => describe(object);
  const taken = takeStash(object, keys);
  const { kept, noAnnotations } = taken;
  const r = convertObject(object, from, to, kept);
  if ("error" in r) return { error: `${name()}: ${r.error}` };
  const ignored = taken.ignored ?? r.unrestored;
  const put = putStash(object, kept, noAnnotations, keys, to);
  if ("error" in put) return { error: `${name()}: ${put.error}` };
  const notes = [...r.notes ?? [], ...put.notes];
  if (ignored) notes.unshift(`the annotation ${STASH} was not restored from (${IGNORED_WHY[ignored]})`);
  const out = notes.length ? { object, notes: notes.map((n) => `${name()}: ${n}`) } : { object };
  return ignored ? { ...out, ignored } : out;
}
var IGNORED_WHY = {
  unsigned: "not signed by this webhook",
  signature: "its signature does not match this object and the stash keys",
  size: "larger than an object's annotations may be",
  depth: "nested deeper than a stash is",
  shape: "signed by this webhook, but not a record the way back restores: a field or value the schemas do not admit, or text that is not JSON",
  stale: "the object no longer holds the weights it was written for",
  value: "it holds a weight the tightened schema does not admit"
};
function takeStash(object, keys) {
  const meta = isObject(object.metadata) ? object.metadata : void 0;
  const annotations = meta && isObject(meta.annotations) ? meta.annotations : void 0;
  const raw = annotations?.[STASH];
  if (raw === void 0) return { kept: {}, noAnnotations: false };
  const opened = open(keys, object, String(raw));
  if ("ignored" in opened) return { kept: {}, noAnnotations: false, ignored: opened.ignored };
  const parsed = opened.json;
  const kept = readKept(parsed);
  if (!kept) return { kept: {}, noAnnotations: false, ignored: "shape" };
  delete annotations[STASH];
  return { kept, noAnnotations: isObject(parsed) && parsed.noAnnotations === true };
}
function putStash(object, kept, noAnnotations, keys, to) {
  const meta = isObject(object.metadata) ? object.metadata : object.metadata = {};
  const { weights, ...fields } = kept;
  const stash = Object.fromEntries(Object.entries({ weights, ...fields }).filter(([, v]) => v !== void 0));
  const hadMap = isObject(meta.annotations);
  if (!hadMap || noAnnotations) stash.noAnnotations = true;
  const annotations = isObject(meta.annotations) ? meta.annotations : {};
  const notes = [];
  const fits = roomFor(annotations);
  let json = stringifyExact(stash);
  for (const drop of ["weights", "numbers"]) {
    if (!hasContent(stash) || fits(json)) break;
    if (stash[drop] === void 0) continue;
    delete stash[drop];
    json = stringifyExact(stash);
    notes.push(`the ${drop} kept for the way back do not fit in the annotations' ${ANNOTATIONS_LIMIT} bytes: not kept`);
  }
  const lost = Object.keys(fields).filter((k) => stash[k] !== void 0);
  if (lost.length > 0 && !fits(json)) return { error: unkeptError(lost, json, annotations, to) };
  if (!hasContent(stash) || !fits(json)) {
    if (noAnnotations && hadMap && Object.keys(annotations).length === 0) delete meta.annotations;
    return { notes };
  }
  meta.annotations = annotations;
  annotations[STASH] = seal(keys, object, json);
  return { notes };
}
function unkeptError(fields, json, annotations, to) {
  const need = Buffer.byteLength(STASH) + SEAL_BYTES + Buffer.byteLength(json);
  return `${to} cannot hold its spec.${fields.join(", spec.")}, and the annotation that keeps them for the way back (${need} bytes) does not fit beside its other annotations (${annotationBytes(annotations)} bytes) within the ${ANNOTATIONS_LIMIT} bytes the API server allows: refused rather than lost (kubectl apply --server-side writes no last-applied-configuration annotation)`;
}
var SEAL_BYTES = "v2:".length + 43 + 1;
function roomFor(annotations) {
  const room = ANNOTATIONS_LIMIT - Buffer.byteLength(STASH) - SEAL_BYTES;
  let chars = 0;
  for (const [k, v] of Object.entries(annotations)) chars += k.length + (typeof v === "string" ? v.length : 0);
  let bytes;
  return (json) => 3 * (chars + json.length) <= room || Buffer.byteLength(json) <= room - (bytes ??= annotationBytes(annotations));
}
var hasContent = (stash) => Object.keys(stash).some((k) => k !== "noAnnotations");
function annotationBytes(annotations) {
  let total = 0;
  for (const [k, v] of Object.entries(annotations)) total += Buffer.byteLength(k) + (typeof v === "string" ? Buffer.byteLength(v) : 0);
  return total;
}
function describe(o) {
  const meta = isObject(o.metadata) ? o.metadata : {};
  const name = [meta.namespace, meta.name].filter((x) => typeof x === "string").join("/");
  return `${typeof o.kind === "string" ? o.kind : "object"} ${name || "(unnamed)"}`;
}

// src/webhook/review.ts
var MAX_BODY = 3 * 1024 * 1024;
var REVIEW_VERSIONS = ["apiextensions.k8s.io/v1", "apiextensions.k8s.io/v1beta1"];
function handleReview(raw, contentType, keys = ephemeralKeys()) {
  const stashKeys = keys;
  const log = { kinds: [], from: [], count: 0, outcome: "rejected" };
  const reject = (status, reason) => ({ status, body: { error: reason }, log: { ...log, reason } });
  if (!/^application\/json\s*(;|$)/i.test(contentType ?? ""))
    return reject(415, `Content-Type must be application/json, not ${contentType ?? "none"}`);
  if (raw.length > MAX_BODY) return reject(413, `the body is larger than ${MAX_BODY} bytes`);
  let review;
  let tooMany;
  try {
    try {
      review = parseExact(raw, MAX_RESPELLED);
    } catch (err) {
      if (!(err instanceof TooManyRespelled)) throw err;
      tooMany = err.message;
      review = JSON.parse(raw);
    }
  } catch (err) {
    return reject(400, `the body is not JSON: ${err.message}`);
  }
  if (!isObject(review)) return reject(400, "the body is not a JSON object");
  if (review.kind !== "ConversionReview" || typeof review.apiVersion !== "string" || !REVIEW_VERSIONS.includes(review.apiVersion)) {
    return reject(
      400,
      `not a ConversionReview of ${REVIEW_VERSIONS.join(" or ")} (got ${String(review.apiVersion)} ${String(review.kind)})`
    );
  }
  const request = review.request;
  if (!isObject(request) || typeof request.uid !== "string" || typeof request.desiredAPIVersion !== "string" || !Array.isArray(request.objects)) {
    return reject(400, "request must have a string uid, a string desiredAPIVersion and a list of objects");
  }
  const { uid, desiredAPIVersion, objects } = request;
  Object.assign(log, { uid, to: desiredAPIVersion, count: objects.length });
  const kinds = /* @__PURE__ */ new Set();
  const froms = /* @__PURE__ */ new Set();
  for (const o of objects) {
    if (!isObject(o)) continue;
    kinds.add(String(o.kind));
    froms.add(String(o.apiVersion));
  }
  log.kinds = [...kinds];
  log.from = [...froms];
  const respond = (response, outcome, reason) => ({
    status: 200,
    body: { apiVersion: review.apiVersion, kind: "ConversionReview", response: { uid, ...response } },
    log: { ...log, outcome, ...reason ? { reason } : {} }
  });
  const failure = (message2) => respond({ convertedObjects: [], result: { status: "Failure", message: message2 } }, "failure", message2);
  const to = splitVersion(desiredAPIVersion);
  if (!to)
    return failure(
      `desiredAPIVersion ${desiredAPIVersion} is not a TrafficSplit version this webhook serves (${SPLIT_VERSIONS.map((v) => `${GROUP}/${v}`).join(", ")})`
    );
  if (tooMany) return failure(tooMany);
  const converted = [];
  const notes = [];
  const ignored = [];
  for (const [i, o] of objects.entries()) {
    if (!isObject(o)) return failure(`objects[${i}] is not an object`);
    let r;
    try {
      r = convertSplit(o, to, stashKeys, true);
    } catch (err) {
      return failure(`${describe(o)}: cannot be converted (${err.message})`);
    }
    if ("error" in r) return failure(r.error);
    converted.push(r.object);
    if (r.notes) notes.push(...r.notes);
    if (r.ignored) ignored.push(r.ignored);
  }
  const ok = respond({ convertedObjects: converted, result: { status: "Success" } }, "success");
  if (notes.length) ok.log.notes = notes;
  if (ignored.length) ok.log.ignored = ignored;
  return ok;
}

// src/webhook/http.ts
var LINGER_MS = 2e3;
var LINGER_BYTES = 2 * MAX_BODY;
function contentTypeProblem(ct) {
  if (ct === void 0) return "Content-Type must be application/json (none was sent)";
  const [type, ...params] = ct.split(";");
  if (type.trim().toLowerCase() !== "application/json") return `Content-Type must be application/json, not ${ct.slice(0, 100)}`;
  for (const p of params) {
    const [name, value = ""] = p.split("=");
    if (name.trim().toLowerCase() !== "charset") continue;
    const charset = value.trim().replace(/^"(.*)"$/, "$1").toLowerCase();
    if (charset !== "utf-8" && charset !== "utf8") return `Content-Type charset must be utf-8, not ${value.trim().slice(0, 40)}`;
  }
  return void 0;
}
var MAX_DEPTH = 100;
var MAX_CONTAINERS = 3e5;
function structurePast(bytes, maxDepth, maxContainers = Infinity) {
  let depth = 0;
  let containers = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 92) i++;
      else if (b === 34) inString = false;
    } else if (b === 34) inString = true;
    else if (b === 91 || b === 123) {
      if (++depth > maxDepth) return "depth";
      if (++containers > maxContainers) return "containers";
    } else if (b === 93 || b === 125) depth--;
  }
  return void 0;
}
function clip2(value, max = 200) {
  if (typeof value === "string") return value.length > max ? `${value.slice(0, max)}\u2026 (${value.length} characters)` : value;
  if (Array.isArray(value)) {
    const items = value.slice(0, 10).map((v) => clip2(v, max));
    return value.length > 10 ? [...items, `\u2026 ${value.length - 10} more`] : items;
  }
  return value;
}
var hasBody = (req) => req.headers["transfer-encoding"] !== void 0 || req.headers["content-length"] !== void 0 && req.headers["content-length"] !== "0";
function dropTheRest(req) {
  const socket = req.socket;
  let dropped = 0;
  req.removeAllListeners("data");
  req.on("data", (chunk) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) socket.destroy();
  });
  req.resume();
  socket.destroySoon = function() {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
  };
}
function sendJson(res, status, body, headers = {}) {
  const text = stringifyExact(body);
  const length = Buffer.byteLength(text);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": String(length), ...headers });
  res.end(text);
  return length;
}

// src/webhook/route-convert.ts
function convertRoute(ctx) {
  return (req, res) => {
    const address = req.socket.remoteAddress ?? "unknown";
    const client = { address, reserved: ctx.reserved(address) };
    const x = track(req, res, ctx, client);
    const many = ctx.ledger.enter(client);
    if (many) {
      x.entered = false;
      if (hasBody(req)) dropTheRest(req);
      return busy(x, ctx, many);
    }
    const contentType = req.headers["content-type"];
    const ctProblem = contentTypeProblem(contentType);
    if (ctProblem) {
      if (!hasBody(req)) return x.reject(415, ctProblem);
      dropTheRest(req);
      return x.reject(415, ctProblem, { Connection: "close" });
    }
    const declared = req.headers["content-length"];
    if (declared !== void 0 && Number(declared) > MAX_BODY) {
      dropTheRest(req);
      return x.reject(413, `the body is larger than ${MAX_BODY} bytes (Content-Length: ${declared.slice(0, 20)})`, { Connection: "close" });
    }
    const refused = declared === void 0 ? void 0 : admit(x, ctx, Number(declared) || 0);
    if (refused) {
      dropTheRest(req);
      return busy(x, ctx, refused);
    }
    if (/^\s*100-continue\s*$/i.test(req.headers.expect ?? "")) res.writeContinue();
    readBody(req, x, ctx, declared !== void 0, (bytes) => answer(bytes, contentType, res, x, ctx));
  };
}
function admit(x, ctx, n) {
  const why = ctx.ledger.take(x.client, n);
  if (!why) x.reserved += n;
  return why;
}
var BUSY = {
  bytes: "the server is holding too many request bodies and unread answers at once; retry",
  bytesPerAddress: "this address holds its share of request bodies and unread answers; retry",
  requestsPerAddress: "this address has its share of requests open; retry",
  reserved: "what is left is reserved for the API server's addresses; retry"
};
function busy(x, ctx, why) {
  ctx.refused(why);
  x.reject(503, BUSY[why], { Connection: "close", "Retry-After": "1" });
}
function track(req, res, ctx, client) {
  const started = process.hrtime.bigint();
  const x = {
    client,
    entered: true,
    entry: { kinds: [], from: [], count: 0, outcome: "rejected" },
    reserved: 0,
    release() {
      ctx.ledger.give(client, x.reserved);
      x.reserved = 0;
    },
    reject(status, reason, headers) {
      x.entry = { ...x.entry, outcome: "rejected", reason, status };
      ctx.send(res, status, { error: reason }, headers);
    }
  };
  res.once("close", () => {
    x.release();
    if (x.entered) ctx.ledger.leave(client);
    if (x.entry.status === void 0) {
      const reason2 = req.complete ? "the client closed the connection before the response" : "the request ended before its body was complete (the client went away, or requestTimeout)";
      x.entry = { ...x.entry, outcome: "rejected", reason: x.entry.reason ?? reason2 };
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    ctx.reviewed(x.entry, seconds);
    const { uid, kinds, from, to, count, outcome, reason, status, error, notes } = x.entry;
    const record = {
      msg: "review",
      uid: clip2(uid),
      kinds: clip2(kinds),
      from: clip2(from),
      to: clip2(to),
      count,
      outcome,
      reason: clip2(reason, 1e3),
      notes: clip2(notes, 1e3),
      status,
      durationMs: Math.round(seconds * 1e6) / 1e3,
      // Where reviews come from: the address the NetworkPolicy and --reserve-for must name.
      remote: client.address,
      error
    };
    if (x.entry.status !== void 0 && !res.writableFinished) record.delivered = false;
    if (outcome === "rejected" || outcome === "failure") ctx.logRejected(client.address, record);
    else ctx.log(record);
    ctx.ended();
  });
  return x;
}
function readBody(req, x, ctx, admitted, done) {
  const chunks = [];
  let length = 0;
  let over = false;
  const stop = () => {
    over = true;
    req.off("end", onEnd);
    dropTheRest(req);
    chunks.length = 0;
    x.release();
  };
  const onData = (chunk) => {
    if (over) return;
    if (length + chunk.length > MAX_BODY || admitted && length + chunk.length > x.reserved) {
      stop();
      return x.reject(413, `the body is larger than ${admitted ? "its Content-Length" : `${MAX_BODY} bytes`}`, { Connection: "close" });
    }
    const refused = admitted ? void 0 : admit(x, ctx, chunk.length);
    if (refused) {
      stop();
      return busy(x, ctx, refused);
    }
    length += chunk.length;
    chunks.push(chunk);
  };
  const onEnd = () => {
    if (over) return;
    over = true;
    const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length);
    chunks.length = 0;
    done(bytes);
  };
  req.on("data", onData);
  req.on("end", onEnd);
}
var UTF8 = new TextDecoder("utf-8", { fatal: true });
function answer(bytes, contentType, res, x, ctx) {
  try {
    let raw;
    try {
      raw = UTF8.decode(bytes);
    } catch {
      x.release();
      return x.reject(400, "the body is not valid UTF-8");
    }
    const past = structurePast(bytes, MAX_DEPTH, MAX_CONTAINERS);
    if (past) {
      x.release();
      return x.reject(
        400,
        past === "depth" ? `the body nests arrays or objects deeper than ${MAX_DEPTH} levels` : `the body holds more than ${MAX_CONTAINERS} arrays and objects in all`
      );
    }
    const outcome = ctx.review(raw, contentType);
    x.release();
    x.entry = { ...outcome.log, status: outcome.status };
    holdUntilRead(res, x.client, ctx, ctx.send(res, outcome.status, outcome.body));
  } catch (err) {
    x.release();
    x.entry = {
      ...x.entry,
      outcome: "failure",
      status: 500,
      reason: `internal error: ${message(err)}`,
      error: err instanceof Error ? err.stack ?? err.message : String(err)
    };
    try {
      if (!res.headersSent) ctx.send(res, 500, { error: "internal error" }, { Connection: "close" });
      else res.destroy();
    } catch {
      res.destroy();
    }
  }
}
function holdUntilRead(res, client, ctx, bytes) {
  const socket = res.socket;
  if (!socket || socket.writableLength === 0 || res.writableFinished) return;
  ctx.ledger.take(client, bytes, true);
  let held = true;
  const done = () => {
    if (!held) return;
    held = false;
    clearTimeout(timer);
    ctx.ledger.give(client, bytes);
  };
  const timer = setTimeout(() => {
    if (!held) return;
    ctx.unread(client.address);
    socket.destroy();
  }, ctx.unreadTimeoutMs);
  timer.unref();
  res.once("finish", done);
  res.once("close", done);
}

// src/webhook/metrics.ts
var METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
var BUCKETS = [1e-3, 25e-4, 5e-3, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
var PREFIX2 = "smi_migrate_webhook";
var Metrics = class {
  reviews = /* @__PURE__ */ new Map();
  buckets = BUCKETS.map(() => 0);
  count = 0;
  sum = 0;
  notes = 0;
  refusals = /* @__PURE__ */ new Map([
    ["maxConnections", 0],
    ["maxConnectionsPerAddress", 0],
    ["reserved", 0]
  ]);
  requests = new Map([...LIMITS, "unread"].map((l) => [l, 0]));
  handshakes = 0;
  ignored = new Map(IGNORED.map((r) => [r, 0]));
  review(entry, seconds) {
    const key = `outcome="${entry.outcome}",from="${versionLabel(entry.from)}",to="${versionLabel(entry.to === void 0 ? [] : [entry.to])}"`;
    this.reviews.set(key, (this.reviews.get(key) ?? 0) + 1);
    this.count++;
    this.sum += seconds;
    BUCKETS.forEach((b, i) => {
      if (seconds <= b) this.buckets[i]++;
    });
    this.notes += entry.notes?.length ?? 0;
    for (const why of entry.ignored ?? []) this.ignored.set(why, this.ignored.get(why) + 1);
  }
  refused(why) {
    this.refusals.set(why, this.refusals.get(why) + 1);
  }
  /** A request refused by a bound of the ledger, or a connection dropped because its answer was not read (`unread`). */
  requestRefused(why) {
    this.requests.set(why, this.requests.get(why) + 1);
  }
  handshakeFailed() {
    this.handshakes++;
  }
  /** The exposition, with the gauges read now. */
  render(gauges) {
    const lines = [];
    const family = (name, type, help) => lines.push(`# HELP ${PREFIX2}_${name} ${help}`, `# TYPE ${PREFIX2}_${name} ${type}`);
    family("reviews_total", "counter", "ConversionReviews answered, by outcome (success, failure, rejected) and version pair.");
    for (const [labels, n] of [...this.reviews].sort()) lines.push(`${PREFIX2}_reviews_total{${labels}} ${n}`);
    family("review_duration_seconds", "histogram", "Time from a review request to the end of its answer.");
    BUCKETS.forEach((b, i) => lines.push(`${PREFIX2}_review_duration_seconds_bucket{le="${b}"} ${this.buckets[i]}`));
    lines.push(`${PREFIX2}_review_duration_seconds_bucket{le="+Inf"} ${this.count}`);
    lines.push(`${PREFIX2}_review_duration_seconds_sum ${this.sum}`, `${PREFIX2}_review_duration_seconds_count ${this.count}`);
    family(
      "notes_total",
      "counter",
      "Values written in their least harmful form, or stashes left out for the size limit (the review log says which)."
    );
    lines.push(`${PREFIX2}_notes_total ${this.notes}`);
    family(
      "stashes_ignored_total",
      "counter",
      "Stash annotations not restored from, by reason: unsigned, signature (another key or object), size, depth, shape, stale (the object changed since), value (a weight the tightened schema refuses)."
    );
    for (const [reason, n] of this.ignored) lines.push(`${PREFIX2}_stashes_ignored_total{reason="${reason}"} ${n}`);
    family("connections_open", "gauge", "TCP connections open now.");
    lines.push(`${PREFIX2}_connections_open ${gauges.connections}`);
    family("connections_refused_total", "counter", "Connections refused, by the cap that refused them.");
    for (const [limit, n] of this.refusals) lines.push(`${PREFIX2}_connections_refused_total{limit="${limit}"} ${n}`);
    family(
      "requests_refused_total",
      "counter",
      "Reviews answered 503 by the bound that refused them, and connections dropped because their answer was not read (unread)."
    );
    for (const [limit, n] of this.requests) lines.push(`${PREFIX2}_requests_refused_total{limit="${limit}"} ${n}`);
    family("tls_handshake_failures_total", "counter", "TLS handshakes that failed (a caBundle that does not match shows here).");
    lines.push(`${PREFIX2}_tls_handshake_failures_total ${this.handshakes}`);
    family("certificate_expiry_seconds", "gauge", "Seconds until the serving certificate expires (negative once expired).");
    const left = (Date.parse(gauges.certificateNotAfter) - (gauges.now ?? Date.now())) / 1e3;
    lines.push(`${PREFIX2}_certificate_expiry_seconds ${left}`);
    return `${lines.join("\n")}
`;
  }
};
function versionLabel(apiVersions) {
  if (apiVersions.length === 0) return "none";
  if (apiVersions.length > 1) return "mixed";
  const v = apiVersions[0].startsWith(`${SPLIT_GROUP}/`) ? apiVersions[0].slice(SPLIT_GROUP.length + 1) : "";
  return SPLIT_VERSIONS.includes(v) ? v : "other";
}

// src/webhook/stash-keys.ts
import { promises as fsp2, readFileSync as readFileSync2 } from "node:fs";
import { createHash as createHash2 } from "node:crypto";
function watchStashKeys(file, intervalMs, log) {
  if (file === void 0) {
    log({
      msg: "no --stash-key: stashes are signed with a key made at start",
      warning: "a restart, or another replica, ignores every stash written before (docs/webhook.md, The stash key)"
    });
    const keys2 = ephemeralKeys();
    return { current: () => keys2, stop: () => {
    } };
  }
  let text;
  try {
    text = readFileSync2(file, "utf8");
  } catch (err) {
    throw new Error(`cannot read stash key file ${file}: ${message(err)}`, { cause: err });
  }
  let keys = parseKeys(text, file);
  let seen = digest(text);
  log({ msg: "stash keys loaded", file, keys: keys.accept.length });
  const timer = setInterval(() => {
    fsp2.readFile(file, "utf8").then(
      (next) => {
        const d = digest(next);
        if (d === seen) return;
        seen = d;
        try {
          keys = parseKeys(next, file);
          log({ msg: "stash keys reloaded", file, keys: keys.accept.length });
        } catch (err) {
          log({ msg: "stash key reload failed", error: message(err), keeping: keys.accept.length });
        }
      },
      (err) => {
        const d = `error:${message(err)}`;
        if (d !== seen) log({ msg: "stash key reload failed", error: message(err), keeping: keys.accept.length });
        seen = d;
      }
    );
  }, intervalMs);
  timer.unref();
  return { current: () => keys, stop: () => clearInterval(timer) };
}
var digest = (text) => createHash2("sha256").update(text).digest("hex");

// src/webhook/server.ts
var DEFAULTS = {
  reloadIntervalMs: 1e4,
  // The API server sends a review's headers and body at once; its own wait for a conversion
  // webhook is at most 30 s.
  headersTimeoutMs: 5e3,
  requestTimeoutMs: 1e4,
  // Longer than the idle timeout of the API server's Go client (90 s), so the client closes an
  // idle connection first and a review never races the server's close.
  keepAliveTimeoutMs: 1e5,
  handshakeTimeoutMs: 1e4,
  idleTimeoutMs: 3e4,
  // A connection whose TLS handshake never finishes holds about 110 KB outside the heap for
  // handshakeTimeoutMs: 1,024 of them are 110 MiB, which with the 256 MiB heap of the
  // manifests' NODE_OPTIONS stays well within the 512Mi limit (docs/webhook.md, Limits; 4,096
  // did not). The per-address cap keeps one client from taking them all.
  maxConnections: 1024,
  maxConnectionsPerAddress: 64,
  // Bodies held at once. Reviews are converted one at a time, so a body admitted beyond the
  // few being converted only waits (past the API server's patience) and holds memory: a
  // parsed review takes several times its bytes, and the Deployment's memory limit is 512Mi
  // (docs/webhook.md, Memory; bench:webhook's body flood measures it).
  maxBufferedBytes: 4 * MAX_BODY,
  // One address: a body and an answer not yet read, and a little more; its requests open.
  maxBufferedBytesPerAddress: 2 * MAX_BODY + 1024 * 1024,
  maxRequestsPerAddress: 64,
  reserveFor: [],
  // With reserveFor: room for one more body of the API server's than the others leave.
  reservedBytes: MAX_BODY + 1024 * 1024,
  reservedConnections: 256,
  // The API server reads its answer at once; 10 s covers 3 MiB at 300 KB/s.
  unreadTimeoutMs: 1e4,
  // Kubernetes sends SIGKILL 30 s after SIGTERM by default.
  graceMs: 2e4
};
var now = () => (/* @__PURE__ */ new Date()).toISOString();
async function serve(opts) {
  const o = { ...DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== void 0)) };
  const log = (record) => {
    try {
      opts.log(JSON.stringify({ time: now(), ...record }));
    } catch {
    }
  };
  const first = loadPair(o.certFile, o.keyFile);
  const stashKeys = watchStashKeys(o.stashKeyFile, o.reloadIntervalMs, log);
  const state = { ready: false, shuttingDown: false, inFlight: 0 };
  const send = (res, status, body, headers = {}) => sendJson(res, status, body, state.shuttingDown ? { ...headers, Connection: "close" } : headers);
  const metrics = new Metrics();
  const reserved = reservedMatcher(o.reserveFor);
  const { convert, throttled } = convertWithin(o, reserved, metrics, log, {
    review: opts.review ?? ((raw, contentType) => handleReview(raw, contentType, stashKeys.current())),
    send,
    ended: () => {
      state.inFlight--;
      if (state.shuttingDown) server.closeIdleConnections();
    }
  });
  const server = createTlsServer(o, first, (req, res) => {
    try {
      if (routeOf(req) === "/convert" && req.method === "POST") {
        state.inFlight++;
        return convert(req, res);
      }
      const exposition = () => metrics.render({ connections: sockets.size, certificateNotAfter: certificates.current().info.notAfter });
      onOtherRequest(req, res, send, state.ready, exposition);
    } catch (err) {
      internalError(res, err, send, log);
    }
  });
  const limits = { ...o, reservedConnections: o.reserveFor.length > 0 ? o.reservedConnections : 0 };
  const { sockets, drops, wasRefused } = limitConnections(server, limits, reserved, log, (why) => metrics.refused(why));
  const handshakes = logHandshakes(server, metrics, log, wasRefused);
  const certificates = watchCertificates(o, first, server, log);
  const port = await listen(server, o.address, o.port);
  server.on("error", (err) => log({ msg: "server error", error: message(err) }));
  state.ready = true;
  log({ msg: "listening", address: o.address, port, ...first.info });
  warnIfExpired(first, log);
  certificates.start();
  let stopped;
  const shutdown = () => {
    if (stopped) return stopped;
    state.shuttingDown = true;
    state.ready = false;
    stashKeys.stop();
    for (const t of [drops, handshakes, ...throttled]) t.flush();
    log({ msg: "shutting down", inFlight: state.inFlight, connections: sockets.size, graceMs: o.graceMs });
    stopped = new Promise((resolve) => {
      const grace = setTimeout(() => {
        log({ msg: "grace period over, closing every connection", inFlight: state.inFlight, connections: sockets.size });
        for (const s of sockets) s.destroy();
      }, o.graceMs);
      grace.unref();
      server.close(() => {
        clearTimeout(grace);
        const stoppedNow = () => resolve(log({ msg: "stopped" }));
        certificates.stop().then(stoppedNow, stoppedNow);
      });
    });
    return stopped;
  };
  return {
    port,
    get ready() {
      return state.ready;
    },
    shutdown
  };
}
function logHandshakes(server, metrics, log, wasRefused) {
  const handshakes = new Throttled(log, "TLS handshake failed");
  server.on("tlsClientError", (err, socket) => {
    if (wasRefused(err, socket.remoteAddress)) return;
    metrics.handshakeFailed();
    handshakes.note({ error: message(err), remote: socket.remoteAddress });
  });
  return handshakes;
}
function convertWithin(o, reserved, metrics, log, parts) {
  const rejected = new BurstLog(log);
  const unread = new Throttled(log, "connection dropped: its answer was not read");
  const convert = convertRoute({
    ledger: new Ledger({
      maxBytes: o.maxBufferedBytes,
      maxBytesPerAddress: o.maxBufferedBytesPerAddress,
      maxRequestsPerAddress: o.maxRequestsPerAddress,
      reservedBytes: o.reserveFor.length > 0 ? o.reservedBytes : 0
    }),
    reserved,
    unreadTimeoutMs: o.unreadTimeoutMs,
    logRejected: (address, record) => rejected.note(address, record),
    refused: (why) => metrics.requestRefused(why),
    unread: (address) => {
      metrics.requestRefused("unread");
      unread.note({ remote: address, afterMs: o.unreadTimeoutMs });
    },
    log,
    reviewed: (entry, seconds) => metrics.review(entry, seconds),
    ...parts
  });
  return { convert, throttled: [rejected, unread] };
}
function createTlsServer(o, first, onRequest) {
  const server = createServer(
    {
      cert: first.cert,
      key: first.key,
      minVersion: TLS_MIN,
      handshakeTimeout: o.handshakeTimeoutMs,
      headersTimeout: o.headersTimeoutMs,
      requestTimeout: o.requestTimeoutMs,
      keepAliveTimeout: o.keepAliveTimeoutMs,
      // Node looks for expired headers and requests this often (its default is 30 s).
      connectionsCheckingInterval: Math.min(1e3, o.headersTimeoutMs)
    },
    (req, res) => {
      req.on("error", () => {
      });
      res.on("error", () => {
      });
      onRequest(req, res);
    }
  );
  server.timeout = o.idleTimeoutMs;
  server.maxHeadersCount = 100;
  server.on("checkContinue", (req, res) => server.emit("request", req, res));
  return server;
}
function routeOf(req) {
  const url = req.url ?? "";
  const q = url.indexOf("?");
  return q < 0 ? url : url.slice(0, q);
}
function onOtherRequest(req, res, send, ready, exposition) {
  const path = routeOf(req);
  if (path === "/metrics" && req.method === "GET" && !hasBody(req)) {
    const text = exposition();
    res.writeHead(200, { "Content-Type": METRICS_CONTENT_TYPE, "Content-Length": String(Buffer.byteLength(text)) });
    return res.end(text);
  }
  let unread;
  if (hasBody(req)) {
    dropTheRest(req);
    unread = { Connection: "close" };
  }
  if (path === "/convert") return send(res, 405, { error: `${path} takes POST, not ${req.method}` }, { Allow: "POST", ...unread });
  if (path === "/healthz" || path === "/readyz") {
    if (req.method !== "GET" && req.method !== "HEAD")
      return send(res, 405, { error: `${path} takes GET, not ${req.method}` }, { Allow: "GET, HEAD", ...unread });
    if (path === "/healthz") return send(res, 200, { status: "ok" }, unread);
    return send(res, ready ? 200 : 503, { status: ready ? "ready" : "shutting down" }, unread);
  }
  return send(
    res,
    404,
    { error: `no such path: ${path.slice(0, 100)} (the webhook serves POST /convert, GET /healthz, GET /readyz, GET /metrics)` },
    unread
  );
}
function internalError(res, err, send, log) {
  log({ msg: "internal error", error: err instanceof Error ? err.stack ?? err.message : String(err) });
  try {
    if (!res.headersSent) send(res, 500, { error: "internal error" }, { Connection: "close" });
    else res.destroy();
  } catch {
    res.destroy();
  }
}
function listen(server, address, port) {
  return new Promise((resolve, reject) => {
    const onError = (err) => reject(new Error(`cannot listen on ${address}:${port}: ${message(err)}`));
    server.once("error", onError);
    server.listen({ port, host: address }, () => {
      server.off("error", onError);
      const addr = server.address();
      resolve(typeof addr === "object" && addr ? addr.port : port);
    });
  });
}

// src/webhook/serve-cli.ts
var FLAGS = [
  { name: "cert", value: "file", help: "the serving certificate (PEM; a chain is allowed)" },
  { name: "key", value: "file", help: "its private key (PEM)" },
  {
    name: "stash-key",
    value: "file",
    help: "the keys that sign the stash annotation, one per line (the first signs,\neither verifies; read again when it changes). Without: a key made at start"
  },
  {
    name: "reserve-for",
    value: "cidrs",
    help: "the API server's addresses (comma-separated CIDRs): connections and body\nbytes only they may take, and no per-address bound for them"
  },
  { name: "port", value: "n", help: 'the port to listen on (default 9443; 0 picks a free port, which the\n"listening" log line names)' },
  { name: "address", value: "addr", help: "the address to listen on (default 0.0.0.0)" },
  { name: "help", short: "h", help: "show this help" }
];
var SERVE_USAGE = `Usage: smi-migrate webhook --cert FILE --key FILE [--stash-key FILE] [--reserve-for CIDRS]
                            [--port 9443] [--address 0.0.0.0]

Serves the TrafficSplit CRD conversion webhook over HTTPS: POST /convert (ConversionReview
apiextensions.k8s.io/v1 and v1beta1), GET /healthz, GET /readyz, GET /metrics (Prometheus).
One JSON log line per review on stdout. The certificate and key are read again when they change (cert-manager rotation).
SIGTERM or SIGINT: stop accepting, finish the reviews in flight, exit 0.

Options:
${optionRows(FLAGS)}
`;
var EXIT_USAGE = 2;
var EXIT_ERROR = 2;
function parse(args) {
  const values = readFlags(args, FLAGS, false).values;
  if (values.help) return void 0;
  const text = (name) => typeof values[name] === "string" ? values[name] : void 0;
  const cert = text("cert");
  const key = text("key");
  if (!cert) throw new UsageError("--cert FILE is required");
  if (!key) throw new UsageError("--key FILE is required");
  const portText = text("port") ?? "9443";
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, not ${portText}`);
  const address = text("address") ?? "0.0.0.0";
  if (address === "") throw new UsageError("--address needs a value");
  const stashKey = text("stash-key");
  if (stashKey === "") throw new UsageError("--stash-key needs a file");
  const reserve = text("reserve-for");
  const reserveFor = reserve === void 0 ? void 0 : reserve.split(",").map((c) => c.trim());
  if (reserveFor) {
    try {
      reservedMatcher(reserveFor);
    } catch (err) {
      throw new UsageError(err.message);
    }
  }
  return { certFile: cert, keyFile: key, stashKeyFile: stashKey, reserveFor, port: Number(portText), address };
}
async function runServe(args, io) {
  let parsed;
  try {
    parsed = parse(args);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(`smi-migrate webhook: ${err.message} (see smi-migrate webhook --help)
`);
    return EXIT_USAGE;
  }
  if (!parsed) {
    io.stdout.write(SERVE_USAGE);
    return 0;
  }
  for (const c of catchAllReserves(parsed.reserveFor)) io.stderr.write(`smi-migrate webhook: ${catchAllWarning(c)}
`);
  const log = (line) => {
    io.stdout.write(`${line}
`);
  };
  let server;
  try {
    server = await serve({ ...parsed, log });
  } catch (err) {
    io.stderr.write(`smi-migrate webhook: ${err instanceof Error ? err.message : String(err)}
`);
    return EXIT_ERROR;
  }
  return new Promise((resolve) => {
    const onSignal = (signal) => {
      log(JSON.stringify({ time: (/* @__PURE__ */ new Date()).toISOString(), msg: "signal", signal }));
      if (server.ready) {
        server.shutdown().then(
          () => {
            process.off("SIGTERM", onSignal);
            process.off("SIGINT", onSignal);
            resolve(0);
          },
          (err) => {
            io.stderr.write(`smi-migrate webhook: shutdown: ${err instanceof Error ? err.message : String(err)}
`);
            resolve(EXIT_ERROR);
          }
        );
      }
    };
    process.on("SIGTERM", onSignal);
    process.on("SIGINT", onSignal);
  });
}
export {
  SERVE_USAGE,
  runServe
};
