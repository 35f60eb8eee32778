import {
  UsageError,
  optionRows,
  readFlags
} from "./chunk-O4HCTJJA.js";
import {
  HOPS,
  SPLIT_GROUP,
  SPLIT_KIND,
  SPLIT_VERSIONS,
  readIntegerWeight,
  splitVersion,
  weightRule
} from "./chunk-FQDQQVM3.js";
import "./chunk-TP7DFXLP.js";
import "./chunk-F3WZPMDD.js";
import "./chunk-7VZ5H7B6.js";

// src/webhook/server.ts
import { readFileSync, promises as fsp } from "node:fs";
import { createServer } from "node:https";
import { createSecureContext } from "node:tls";
import { createHash, createPrivateKey, X509Certificate } from "node:crypto";

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
    down(o, kept) {
      for (const path of added) takeOut(o, path, kept);
      return hop.weights ? weightsDown(o, kept) : OK;
    }
  };
}
function convertObject(o, from, to, kept) {
  const a = SPLIT_VERSIONS.indexOf(from);
  const b = SPLIT_VERSIONS.indexOf(to);
  const at = (v) => SPLIT_VERSIONS.indexOf(v);
  const up = a < b;
  const steps = OBJECT_STEPS.filter((s) => at(s.from) >= Math.min(a, b) && at(s.to) <= Math.max(a, b));
  for (const s of up ? steps : [...steps].reverse()) {
    const r = up ? s.up(o, kept) : s.down(o, kept);
    if ("error" in r) return r;
  }
  o.apiVersion = `${SPLIT_GROUP}/${to}`;
  return OK;
}
function readKept(json) {
  const kept = {};
  if (!isObject(json)) return kept;
  const w = json.weights;
  if (isObject(w) && Array.isArray(w.original) && Array.isArray(w.converted)) {
    kept.weights = { original: w.original, converted: w.converted };
  }
  for (const path of HOPS.flatMap((h) => h.adds ?? [])) {
    const key = path[path.length - 1];
    if (json[key] !== void 0) kept[key] = json[key];
  }
  return kept;
}
function backendsOf(o) {
  const spec = isObject(o.spec) ? o.spec : void 0;
  return spec && Array.isArray(spec.backends) ? spec.backends : [];
}
var field = (i) => `spec.backends[${i}].weight`;
function weightsUp(o, kept) {
  delete kept.weights;
  const backends = backendsOf(o);
  const original = backends.map((b) => isObject(b) ? b.weight : void 0);
  const rule = weightRule(original.map((w) => ({ json: w ?? null })));
  if (!rule.ok) {
    const { index, reason } = rule.errors[0];
    const w = original[index];
    return { error: w === void 0 || w === null ? `${field(index)} is missing` : `${field(index)} ${JSON.stringify(w)} ${reason}` };
  }
  const ints = rule.weights.map(Number);
  backends.forEach((b, i) => {
    if (isObject(b)) b.weight = ints[i];
  });
  if (!sameNumbers(original, ints)) kept.weights = { original, converted: ints };
  return OK;
}
function weightsDown(o, kept) {
  const stash = kept.weights;
  delete kept.weights;
  const backends = backendsOf(o);
  const ints = [];
  for (const [i, b] of backends.entries()) {
    const w = isObject(b) ? b.weight : void 0;
    const r = readIntegerWeight(w);
    if (!r.ok) return { error: `${field(i)} ${JSON.stringify(w ?? null)} ${r.reason}` };
    ints.push(r.value);
  }
  const original = stash && restores(stash, ints) ? stash.original : void 0;
  if (original) {
    backends.forEach((b, i) => {
      if (isObject(b)) b.weight = original[i];
    });
  }
  return OK;
}
function restores(stash, ints) {
  if (!sameNumbers(stash.converted, ints)) return false;
  const again = weightRule(stash.original.map((json) => ({ json })));
  return again.ok && sameNumbers(again.weights.map(Number), ints);
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

// src/webhook/convert.ts
var GROUP = SPLIT_GROUP;
var STASH = "smi-migrate.io/conversion-data";
function convertSplit(input, to) {
  const from = splitVersion(input.apiVersion);
  const name = describe(input);
  if (!from || input.kind !== SPLIT_KIND)
    return { error: `${name}: not a ${GROUP} ${SPLIT_KIND} (${String(input.apiVersion)} ${String(input.kind)})` };
  if (from === to) return { object: input };
  const object = structuredClone(input);
  const { kept, noAnnotations } = takeStash(object);
  const r = convertObject(object, from, to, kept);
  if ("error" in r) return { error: `${name}: ${r.error}` };
  putStash(object, kept, noAnnotations);
  return { object };
}
function takeStash(object) {
  const none = { kept: {}, noAnnotations: false };
  const meta = isObject(object.metadata) ? object.metadata : void 0;
  const annotations = meta && isObject(meta.annotations) ? meta.annotations : void 0;
  const raw = annotations?.[STASH];
  if (raw === void 0) return none;
  let parsed;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    return none;
  }
  if (!isObject(parsed)) return none;
  delete annotations[STASH];
  return { kept: readKept(parsed), noAnnotations: parsed.noAnnotations === true };
}
function putStash(object, kept, noAnnotations) {
  const meta = isObject(object.metadata) ? object.metadata : object.metadata = {};
  const { weights, ...fields } = kept;
  const stash = Object.fromEntries(Object.entries({ weights, ...fields }).filter(([, v]) => v !== void 0));
  if (Object.keys(stash).length === 0) {
    if (noAnnotations && isObject(meta.annotations) && Object.keys(meta.annotations).length === 0) delete meta.annotations;
    return;
  }
  if (!isObject(meta.annotations)) {
    meta.annotations = {};
    stash.noAnnotations = true;
  } else if (noAnnotations) stash.noAnnotations = true;
  meta.annotations[STASH] = JSON.stringify(stash);
}
function describe(o) {
  const meta = isObject(o.metadata) ? o.metadata : {};
  const name = [meta.namespace, meta.name].filter((x) => typeof x === "string").join("/");
  return `${typeof o.kind === "string" ? o.kind : "object"} ${name || "(unnamed)"}`;
}

// src/webhook/review.ts
var MAX_BODY = 3 * 1024 * 1024;
var REVIEW_VERSIONS = ["apiextensions.k8s.io/v1", "apiextensions.k8s.io/v1beta1"];
function handleReview(raw, contentType) {
  const log = { kinds: [], from: [], count: 0, outcome: "rejected" };
  const reject = (status, reason) => ({ status, body: { error: reason }, log: { ...log, reason } });
  if (!/^application\/json\s*(;|$)/i.test(contentType ?? ""))
    return reject(415, `Content-Type must be application/json, not ${contentType ?? "none"}`);
  if (raw.length > MAX_BODY) return reject(413, `the body is larger than ${MAX_BODY} bytes`);
  let review;
  try {
    review = JSON.parse(raw);
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
  const converted = [];
  for (const [i, o] of objects.entries()) {
    if (!isObject(o)) return failure(`objects[${i}] is not an object`);
    let r;
    try {
      r = convertSplit(o, to);
    } catch (err) {
      return failure(`${describe(o)}: cannot be converted (${err.message})`);
    }
    if ("error" in r) return failure(r.error);
    converted.push(r.object);
  }
  return respond({ convertedObjects: converted, result: { status: "Success" } }, "success");
}

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
  maxConnections: 1024,
  maxBufferedBytes: 16 * MAX_BODY,
  // Kubernetes sends SIGKILL 30 s after SIGTERM by default.
  graceMs: 2e4
};
var TLS_MIN = "TLSv1.2";
var LINGER_MS = 2e3;
var LINGER_BYTES = 2 * MAX_BODY;
var now = () => (/* @__PURE__ */ new Date()).toISOString();
var message = (err) => err instanceof Error ? err.message : String(err);
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
var MAX_DEPTH = 1e3;
function nestsDeeper(bytes, max) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 92) i++;
      else if (b === 34) inString = false;
    } else if (b === 34) inString = true;
    else if (b === 91 || b === 123) {
      if (++depth > max) return true;
    } else if (b === 93 || b === 125) depth--;
  }
  return false;
}
function clip(value, max = 200) {
  if (typeof value === "string") return value.length > max ? `${value.slice(0, max)}\u2026 (${value.length} characters)` : value;
  if (Array.isArray(value)) {
    const items = value.slice(0, 10).map((v) => clip(v, max));
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
async function serve(opts) {
  const o = { ...DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== void 0)) };
  const review = opts.review ?? handleReview;
  const log = (record) => {
    try {
      opts.log(JSON.stringify({ time: now(), ...record }));
    } catch {
    }
  };
  let current = checkPair(o.certFile, o.keyFile, readOrThrow(o.certFile, "certificate"), readOrThrow(o.keyFile, "key"));
  let ready = false;
  let shuttingDown = false;
  let buffered = 0;
  let inFlight = 0;
  const sockets = /* @__PURE__ */ new Set();
  const server = createServer(
    {
      cert: current.cert,
      key: current.key,
      minVersion: TLS_MIN,
      handshakeTimeout: o.handshakeTimeoutMs,
      headersTimeout: o.headersTimeoutMs,
      requestTimeout: o.requestTimeoutMs,
      keepAliveTimeout: o.keepAliveTimeoutMs,
      // Node looks for expired headers and requests this often (its default is 30 s).
      connectionsCheckingInterval: Math.min(1e3, o.headersTimeoutMs)
    },
    (req, res) => {
      try {
        onRequest(req, res);
      } catch (err) {
        internalError(res, err);
      }
    }
  );
  server.timeout = o.idleTimeoutMs;
  server.maxHeadersCount = 100;
  server.maxConnections = o.maxConnections;
  server.on("checkContinue", (req, res) => server.emit("request", req, res));
  let tlsErrors = 0;
  let tlsLogged = 0;
  server.on("tlsClientError", (err, socket) => {
    tlsErrors++;
    if (Date.now() - tlsLogged < 1e4) return;
    tlsLogged = Date.now();
    log({ msg: "TLS handshake failed", error: message(err), remote: socket.remoteAddress, count: tlsErrors });
    tlsErrors = 0;
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  function send(res, status, body, headers = {}) {
    const buf = Buffer.from(JSON.stringify(body));
    if (shuttingDown) headers.Connection = "close";
    res.writeHead(status, { "Content-Type": "application/json", "Content-Length": String(buf.length), ...headers });
    res.end(buf);
  }
  function internalError(res, err) {
    log({ msg: "internal error", error: err instanceof Error ? err.stack ?? err.message : String(err) });
    try {
      if (!res.headersSent) send(res, 500, { error: "internal error" }, { Connection: "close" });
      else res.destroy();
    } catch {
      res.destroy();
    }
  }
  function onRequest(req, res) {
    req.on("error", () => {
    });
    res.on("error", () => {
    });
    const url = req.url ?? "";
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    if (path === "/convert" && req.method === "POST") return convert(req, res);
    let unread;
    if (hasBody(req)) {
      dropTheRest(req);
      unread = { Connection: "close" };
    }
    if (path === "/convert") {
      return send(res, 405, { error: `${path} takes POST, not ${req.method}` }, { Allow: "POST", ...unread });
    }
    if (path === "/healthz" || path === "/readyz") {
      if (req.method !== "GET" && req.method !== "HEAD")
        return send(res, 405, { error: `${path} takes GET, not ${req.method}` }, { Allow: "GET, HEAD", ...unread });
      if (path === "/healthz") return send(res, 200, { status: "ok" }, unread);
      return send(res, ready ? 200 : 503, { status: ready ? "ready" : "shutting down" }, unread);
    }
    return send(
      res,
      404,
      { error: `no such path: ${path.slice(0, 100)} (the webhook serves POST /convert, GET /healthz, GET /readyz)` },
      unread
    );
  }
  function convert(req, res) {
    const started = process.hrtime.bigint();
    const contentType = req.headers["content-type"];
    let entry = { kinds: [], from: [], count: 0, outcome: "rejected" };
    let reserved = 0;
    const release = () => {
      buffered -= reserved;
      reserved = 0;
    };
    inFlight++;
    res.once("close", () => {
      inFlight--;
      release();
      if (entry.status === void 0) {
        const reason2 = req.complete ? "the client closed the connection before the response" : "the request ended before its body was complete (the client went away, or requestTimeout)";
        entry = { ...entry, outcome: "rejected", reason: entry.reason ?? reason2 };
      }
      const { uid, kinds, from, to, count, outcome, reason, status, error } = entry;
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e3) / 1e3;
      const record = {
        msg: "review",
        uid: clip(uid),
        kinds: clip(kinds),
        from: clip(from),
        to: clip(to),
        count,
        outcome,
        reason: clip(reason, 1e3),
        status,
        durationMs,
        error
      };
      if (entry.status !== void 0 && !res.writableFinished) record.delivered = false;
      log(record);
      if (shuttingDown) server.closeIdleConnections();
    });
    const reject = (status, reason, headers) => {
      entry = { ...entry, outcome: "rejected", reason, status };
      send(res, status, { error: reason }, headers);
    };
    const ctProblem = contentTypeProblem(contentType);
    if (ctProblem) {
      if (!hasBody(req)) return reject(415, ctProblem);
      dropTheRest(req);
      return reject(415, ctProblem, { Connection: "close" });
    }
    const declared = req.headers["content-length"];
    if (declared !== void 0 && Number(declared) > MAX_BODY) {
      dropTheRest(req);
      return reject(413, `the body is larger than ${MAX_BODY} bytes (Content-Length: ${declared.slice(0, 20)})`, { Connection: "close" });
    }
    if (/^\s*100-continue\s*$/i.test(req.headers.expect ?? "")) res.writeContinue();
    const chunks = [];
    let length = 0;
    let done = false;
    const stop = () => {
      done = true;
      req.off("end", onEnd);
      dropTheRest(req);
      chunks.length = 0;
      release();
    };
    const onData = (chunk) => {
      if (done) return;
      if (length + chunk.length > MAX_BODY) {
        stop();
        return reject(413, `the body is larger than ${MAX_BODY} bytes`, { Connection: "close" });
      }
      if (buffered + chunk.length > o.maxBufferedBytes) {
        stop();
        return reject(503, "the server is holding too many request bodies at once; retry", { Connection: "close", "Retry-After": "1" });
      }
      buffered += chunk.length;
      reserved += chunk.length;
      length += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (done) return;
      done = true;
      try {
        const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length);
        chunks.length = 0;
        let raw;
        try {
          raw = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
        } catch {
          release();
          return reject(400, "the body is not valid UTF-8");
        }
        if (nestsDeeper(bytes, MAX_DEPTH)) {
          release();
          return reject(400, `the body nests arrays or objects deeper than ${MAX_DEPTH} levels`);
        }
        release();
        const outcome = review(raw, contentType);
        entry = { ...outcome.log, status: outcome.status };
        send(res, outcome.status, outcome.body);
      } catch (err) {
        entry = {
          ...entry,
          outcome: "failure",
          status: 500,
          reason: `internal error: ${message(err)}`,
          error: err instanceof Error ? err.stack ?? err.message : String(err)
        };
        try {
          if (!res.headersSent) send(res, 500, { error: "internal error" }, { Connection: "close" });
          else res.destroy();
        } catch {
          res.destroy();
        }
      }
    };
    req.on("data", onData);
    req.on("end", onEnd);
  }
  let lastFailure;
  let reloadTimer;
  let polling;
  async function poll() {
    let cert, key;
    try {
      ;
      [cert, key] = await Promise.all([
        fsp.readFile(o.certFile).catch((err) => Promise.reject(new Error(`cannot read certificate file ${o.certFile}: ${message(err)}`))),
        fsp.readFile(o.keyFile).catch((err) => Promise.reject(new Error(`cannot read key file ${o.keyFile}: ${message(err)}`)))
      ]);
    } catch (err) {
      const m = message(err);
      if (lastFailure !== m) log({ msg: "certificate reload failed", error: m, keeping: current.info.serial });
      lastFailure = m;
      return;
    }
    const hash = hashPair(cert, key);
    if (hash === current.hash) {
      lastFailure = void 0;
      return;
    }
    if (lastFailure === hash) return;
    try {
      const next = checkPair(o.certFile, o.keyFile, cert, key);
      server.setSecureContext({ cert: next.cert, key: next.key, minVersion: TLS_MIN });
      const previous = current.info.serial;
      current = next;
      lastFailure = void 0;
      log({ msg: "certificate reloaded", ...next.info, previous });
      warnIfExpired(next);
    } catch (err) {
      lastFailure = hash;
      log({ msg: "certificate reload failed", error: message(err), keeping: current.info.serial });
    }
  }
  const schedule = () => {
    reloadTimer = setTimeout(() => {
      polling = poll().finally(() => {
        polling = void 0;
        if (!shuttingDown) schedule();
      });
    }, o.reloadIntervalMs);
    reloadTimer.unref();
  };
  function warnIfExpired(pair) {
    if (Date.parse(pair.info.notAfter) < Date.now())
      log({ msg: "certificate expired", serial: pair.info.serial, notAfter: pair.info.notAfter });
  }
  await new Promise((resolve, reject) => {
    const onError = (err) => reject(new Error(`cannot listen on ${o.address}:${o.port}: ${message(err)}`));
    server.once("error", onError);
    server.listen({ port: o.port, host: o.address }, () => {
      server.off("error", onError);
      resolve();
    });
  });
  server.on("error", (err) => log({ msg: "server error", error: message(err) }));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : o.port;
  ready = true;
  log({ msg: "listening", address: o.address, port, ...current.info });
  warnIfExpired(current);
  schedule();
  let stopped;
  function shutdown() {
    if (stopped) return stopped;
    shuttingDown = true;
    ready = false;
    if (reloadTimer) clearTimeout(reloadTimer);
    log({ msg: "shutting down", inFlight, connections: sockets.size, graceMs: o.graceMs });
    stopped = new Promise((resolve) => {
      const grace = setTimeout(() => {
        log({ msg: "grace period over, closing every connection", inFlight, connections: sockets.size });
        for (const s of sockets) s.destroy();
      }, o.graceMs);
      grace.unref();
      server.close(() => {
        clearTimeout(grace);
        Promise.resolve(polling).finally(() => {
          log({ msg: "stopped" });
          resolve();
        });
      });
    });
    return stopped;
  }
  return {
    port,
    get ready() {
      return ready;
    },
    shutdown
  };
}

// src/webhook/serve-cli.ts
var FLAGS = [
  { name: "cert", value: "file", help: "the serving certificate (PEM; a chain is allowed)" },
  { name: "key", value: "file", help: "its private key (PEM)" },
  { name: "port", value: "n", help: 'the port to listen on (default 9443; 0 picks a free port, which the\n"listening" log line names)' },
  { name: "address", value: "addr", help: "the address to listen on (default 0.0.0.0)" },
  { name: "help", short: "h", help: "show this help" }
];
var SERVE_USAGE = `Usage: smi-migrate webhook --cert FILE --key FILE [--port 9443] [--address 0.0.0.0]

Serves the TrafficSplit CRD conversion webhook over HTTPS: POST /convert (ConversionReview
apiextensions.k8s.io/v1 and v1beta1), GET /healthz, GET /readyz. One JSON log line per review
on stdout. The certificate and key are read again when they change (cert-manager rotation).
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
  return { certFile: cert, keyFile: key, port: Number(portText), address };
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
