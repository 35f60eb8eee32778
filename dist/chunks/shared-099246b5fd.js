import {
  LINKERD_MILLI_SUM,
  milliValue,
  readJsonWeight
} from "./shared-051a59df81.js";

// src/webhook/connections.ts
import { BlockList, isIPv4 } from "node:net";
var Throttled = class {
  constructor(log, msg, everyMs = 1e4) {
    this.log = log;
    this.msg = msg;
    this.everyMs = everyMs;
  }
  log;
  msg;
  everyMs;
  count = 0;
  last = -Infinity;
  fields = {};
  timer;
  /** Every event since start. */
  total = 0;
  note(fields) {
    this.count++;
    this.total++;
    this.fields = fields;
    const t = Date.now();
    if (t - this.last >= this.everyMs) {
      this.flush();
      this.last = t;
      return;
    }
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.last + this.everyMs - t);
      this.timer.unref();
    }
  }
  /** Writes the count pending, if any. */
  flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = void 0;
    if (this.count === 0) return;
    this.last = Date.now();
    this.log({ msg: this.msg, ...this.fields, count: this.count });
    this.count = 0;
  }
};
function catchAllReserves(reserveFor) {
  return (reserveFor ?? []).filter((c) => /\/0+$/.test(c));
}
function catchAllPolicyWarning(cidr) {
  return `warning: --network-policy ${cidr} holds every address: every pod can reach the webhook's port; name the API server's addresses`;
}
function parseCidr(flag, cidr) {
  if (cidr.includes("%")) throw new Error(`${flag}: "${cidr}" is not a CIDR (a prefix has no zone)`);
  const parts = cidr.split("/");
  if (parts.length !== 2) throw new Error(`${flag}: "${cidr}" is not a CIDR`);
  const [net, bits] = parts;
  const family = isIPv4(net) ? "ipv4" : "ipv6";
  const prefix = Number(bits);
  if (!/^\d{1,3}$/.test(bits ?? "") || prefix > (family === "ipv4" ? 32 : 128)) throw new Error(`${flag}: "${cidr}" is not a CIDR`);
  try {
    new BlockList().addSubnet(net, prefix, family);
  } catch {
    throw new Error(`${flag}: "${cidr}" is not a CIDR`);
  }
  const mapped = family === "ipv6" ? /^\[::ffff:([\da-f]{1,4}):([\da-f]{1,4})\]$/.exec(new URL(`http://[${net}]`).hostname) : null;
  if (mapped) {
    const v4 = (parseInt(mapped[1], 16) * 65536 + parseInt(mapped[2], 16)).toString(16).padStart(8, "0");
    const dotted = v4.match(/../g).map((h) => parseInt(h, 16)).join(".");
    const means = prefix >= 96 ? `write ${dotted}/${prefix - 96}` : "write the IPv4 CIDRs it is meant to hold";
    throw new Error(
      `${flag}: "${cidr}" is an IPv4-mapped IPv6 prefix, not taken: ${means} (IPv4 clients are matched by their IPv4 address, here and in a NetworkPolicy)`
    );
  }
  return { net, prefix, family };
}
function catchAllWarning(cidr) {
  return `warning: --reserve-for ${cidr} holds every address: no client has a per-address bound, so one pod can take the webhook's whole capacity; name the API server's addresses`;
}
function reservedMatcher(cidrs) {
  if (cidrs.length === 0) return () => false;
  const list = new BlockList();
  for (const cidr of cidrs) {
    const { net, prefix, family } = parseCidr("--reserve-for", cidr);
    list.addSubnet(net, prefix, family);
  }
  const seen = /* @__PURE__ */ new Map();
  return (address) => {
    let r = seen.get(address);
    if (r === void 0) {
      const plain = address.startsWith("::ffff:") && isIPv4(address.slice(7)) ? address.slice(7) : address;
      r = list.check(plain, isIPv4(plain) ? "ipv4" : "ipv6");
      if (seen.size > 1e4) seen.clear();
      seen.set(address, r);
    }
    return r;
  };
}
function limitConnections(server, limits, reserved, log, refused) {
  const sockets = /* @__PURE__ */ new Set();
  const perAddress = /* @__PURE__ */ new Map();
  let others = 0;
  let unanswered = 0;
  const drops = new Throttled(log, "connection refused");
  server.maxConnections = limits.maxConnections;
  server.on("drop", (data) => {
    refused("maxConnections");
    drops.note({ limit: "maxConnections", max: limits.maxConnections, remote: data?.remoteAddress });
  });
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const held = perAddress.get(address) ?? 0;
    const mine = reserved(address);
    const why = mine ? void 0 : held >= limits.maxConnectionsPerAddress ? "maxConnectionsPerAddress" : others >= limits.maxConnections - limits.reservedConnections ? "reserved" : void 0;
    if (why) {
      refused(why);
      drops.note({
        limit: why,
        max: why === "reserved" ? limits.maxConnections - limits.reservedConnections : limits.maxConnectionsPerAddress,
        remote: address
      });
      unanswered++;
      socket.destroy();
      return;
    }
    perAddress.set(address, held + 1);
    if (!mine) others++;
    sockets.add(socket);
    socket.once("close", () => {
      if (!mine) others--;
      sockets.delete(socket);
      const left = perAddress.get(address) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
  const wasRefused = (err, remoteAddress) => {
    if (unanswered === 0 || err.code !== "ECONNRESET" || remoteAddress !== void 0) return false;
    unanswered--;
    return true;
  };
  return { sockets, drops, wasRefused };
}
var BurstLog = class {
  constructor(log, burst = 20, everyMs = 1e4) {
    this.log = log;
    this.burst = burst;
    this.everyMs = everyMs;
    this.over = new Throttled(log, "rejected requests and failed reviews not logged one by one", everyMs);
  }
  log;
  burst;
  everyMs;
  window = /* @__PURE__ */ new Map();
  over;
  started = Date.now();
  note(address, record) {
    const t = Date.now();
    if (t - this.started >= this.everyMs) {
      this.window = /* @__PURE__ */ new Map();
      this.started = t;
    }
    const n = (this.window.get(address) ?? 0) + 1;
    if (this.window.size < 1e4) this.window.set(address, n);
    if (n <= this.burst) return this.log(record);
    this.over.note({ remote: address, limit: `${this.burst} lines per address every ${this.everyMs / 1e3} s` });
  }
  flush() {
    this.over.flush();
  }
};

// src/kinds/trafficsplit/admitted.ts
var QUANTITY_PATTERN = "^\\+?([0-9]{1,32}(\\.[0-9]{0,32})?|\\.[0-9]{1,32})([KMGTPE]i|[numkMGTPE]|[eE][+-]?[0-9]{1,3})?$";
var PATTERN = new RegExp(QUANTITY_PATTERN);
function admittedV1alpha1(weights) {
  let sum = BigInt(weights.length) + 1n;
  for (const w of weights) {
    if (w === null || w === void 0) continue;
    if (typeof w === "number" ? !(Number.isInteger(w) && w >= 0) : typeof w !== "string" || !PATTERN.test(w)) return false;
    const r = readJsonWeight(w);
    if (!r.ok || r.value.negative) return false;
    sum += milliValue(r.value, LINKERD_MILLI_SUM);
    if (sum >= LINKERD_MILLI_SUM) return false;
  }
  return sum < LINKERD_MILLI_SUM;
}

export {
  Throttled,
  catchAllReserves,
  catchAllPolicyWarning,
  parseCidr,
  catchAllWarning,
  reservedMatcher,
  limitConnections,
  BurstLog,
  QUANTITY_PATTERN,
  admittedV1alpha1
};
