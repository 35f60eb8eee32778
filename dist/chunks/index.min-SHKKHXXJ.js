#!/usr/bin/env node
import { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);
import "./chunk-PL3BMLT6.js";

// node_modules/glob/dist/esm/index.min.js
import { fileURLToPath as yn } from "node:url";
import { tracingChannel as Fi, channel as Ti } from "node:diagnostics_channel";
import { posix as qi, win32 as Ne } from "node:path";
import { fileURLToPath as Ki } from "node:url";
import { lstatSync as Xi, readdir as Vi, readdirSync as Yi, readlinkSync as Ji, realpathSync as Zi } from "fs";
import * as Qi from "node:fs";
import { lstat as en, readdir as sn, readlink as nn, realpath as rn } from "node:fs/promises";
import { EventEmitter as Te } from "node:events";
import ys from "node:stream";
import { StringDecoder as zi } from "node:string_decoder";
var re = (r7, t, e) => {
  let s = r7 instanceof RegExp ? We(r7, e) : r7, i = t instanceof RegExp ? We(t, e) : t, n = s !== null && i != null && js(s, i, e);
  return n && { start: n[0], end: n[1], pre: e.slice(0, n[0]), body: e.slice(n[0] + s.length, n[1]), post: e.slice(n[1] + i.length) };
};
var We = (r7, t) => {
  let e = t.match(r7);
  return e ? e[0] : null;
};
var js = (r7, t, e) => {
  let s, i, n, o, h, a = e.indexOf(r7), l = e.indexOf(t, a + 1), c = a;
  if (a >= 0 && l > 0) {
    if (r7 === t) return [a, l];
    for (s = [], n = e.length; c >= 0 && !h; ) {
      if (c === a) s.push(c), a = e.indexOf(r7, c + 1);
      else if (s.length === 1) {
        let f = s.pop();
        f !== void 0 && (h = [f, l]);
      } else i = s.pop(), i !== void 0 && i < n && (n = i, o = l), l = e.indexOf(t, c + 1);
      c = a < l && a >= 0 ? a : l;
    }
    s.length && o !== void 0 && (h = [n, o]);
  }
  return h;
};
var $e = "\0SLASH" + Math.random() + "\0";
var Ie = "\0OPEN" + Math.random() + "\0";
var le = "\0CLOSE" + Math.random() + "\0";
var Be = "\0COMMA" + Math.random() + "\0";
var Ue = "\0PERIOD" + Math.random() + "\0";
var Ws = new RegExp($e, "g");
var $s = new RegExp(Ie, "g");
var Is = new RegExp(le, "g");
var Bs = new RegExp(Be, "g");
var Us = new RegExp(Ue, "g");
var Gs = /\\\\/g;
var Hs = /\\{/g;
var qs = /\\}/g;
var Ks = /\\,/g;
var Xs = /\\\./g;
var Vs = 1e5;
var Ys = 4e6;
var Js = 1e3;
var Zs = 1e3;
function oe(r7) {
  return isNaN(r7) ? r7.charCodeAt(0) : parseInt(r7, 10);
}
function Qs(r7) {
  return r7.replace(Gs, $e).replace(Hs, Ie).replace(qs, le).replace(Ks, Be).replace(Xs, Ue);
}
function ti(r7) {
  return r7.replace(Ws, "\\").replace($s, "{").replace(Is, "}").replace(Bs, ",").replace(Us, ".");
}
function he(r7, t) {
  for (let e = 0; e < t.length; e++) r7.push(t[e]);
}
function ei(r7) {
  let t = [], e = "";
  for (; ; ) {
    let s = re("{", "}", r7);
    if (!s) {
      let a = r7.split(",");
      return a[0] = e + a[0], he(t, a), t;
    }
    let { pre: i, body: n, post: o } = s, h = i.split(",");
    if (h[0] = e + h[0], h[h.length - 1] += "{" + n + "}", !o.length) return he(t, h), t;
    e = h.pop(), he(t, h), r7 = o;
  }
}
function Ge(r7, t = {}) {
  if (!r7) return [];
  let { max: e = Vs, maxLength: s = Ys, maxDepth: i = Js, maxRewrites: n = Zs } = t;
  return r7.slice(0, 2) === "{}" && (r7 = "\\{\\}" + r7.slice(2)), ae(Qs(r7), e, s, i, 0, n, true).map(ti);
}
function si(r7) {
  return "{" + r7 + "}";
}
function ii(r7) {
  return /^-?0\d/.test(r7);
}
function ni(r7, t) {
  return r7 <= t;
}
function ri(r7, t) {
  return r7 >= t;
}
function ct(r7, t, e, s, i, n) {
  let o = [], h = 0;
  for (let a = 0; a < r7.length; a++) for (let l = 0; l < e.length; l++) {
    if (o.length >= s) return o;
    let c = r7[a] + t + e[l];
    if (!(n && !c)) {
      if (h + c.length > i) return o;
      o.push(c), h += c.length;
    }
  }
  return o;
}
function oi(r7, t, e, s) {
  let i = r7.split(/\.\./), n = [];
  if (i[0] === void 0 || i[1] === void 0) return n;
  let o = oe(i[0]), h = oe(i[1]), a = Math.max(i[0].length, i[1].length), l = i.length === 3 && i[2] !== void 0 ? Math.max(Math.abs(oe(i[2])), 1) : 1, c = ni;
  h < o && (l *= -1, c = ri);
  let u = i.some(ii), p = 0;
  for (let g = o; c(g, h) && n.length < e; g += l) {
    let d;
    if (t) d = String.fromCharCode(g), d === "\\" && (d = "");
    else if (d = String(g), u) {
      let w = a - d.length;
      if (w > 0) {
        let m = new Array(w + 1).join("0");
        g < 0 ? d = "-" + m + d.slice(1) : d = m + d;
      }
    }
    if (p + d.length > s) break;
    n.push(d), p += d.length;
  }
  return n;
}
function ae(r7, t, e, s, i, n, o) {
  if (i > s) return [r7];
  let h = [""], a = 0, l = false, c = true;
  for (; ; ) {
    let f = re("{", "}", r7);
    if (!f) return ct(h, r7, [""], t, e, l);
    let u = f.pre;
    if (/\$$/.test(u)) {
      if (h = ct(h, u + "{" + f.body + "}", [""], t, e, l && !f.post.length), c = false, !f.post.length) break;
      r7 = f.post;
      continue;
    }
    let p = /^-?\d+\.\.-?\d+(?:\.\.-?\d+)?$/.test(f.body), g = /^[a-zA-Z]\.\.[a-zA-Z](?:\.\.-?\d+)?$/.test(f.body), d = p || g, w = f.body.indexOf(",") >= 0;
    if (!d && !w) {
      if (a < n && f.post.match(/,(?!,).*\}/)) {
        a++, r7 = f.pre + "{" + f.body + le + f.post, o = true;
        continue;
      }
      return ct(h, u + "{" + f.body + "}" + f.post, [""], t, e, l);
    }
    c && (l = o && !d, c = false);
    let m;
    if (d) m = oi(f.body, g, t, e);
    else {
      let b = ei(f.body);
      if (b.length === 1 && b[0] !== void 0 && (b = ae(b[0], t, e, s, i + 1, n, false).map(si), b.length === 1)) {
        if (h = ct(h, u + b[0], [""], t, e, l && !f.post.length), !f.post.length) break;
        r7 = f.post;
        continue;
      }
      let x = l && !f.post.length && !u;
      for (let y = 0; x && y < h.length; y++) h[y] && (x = false);
      m = [];
      let S = 0;
      t: for (let y = 0; y < b.length; y++) {
        let q = ae(b[y], t, e, s, i + 1, n, false);
        for (let W = 0; W < q.length; W++) {
          let B = q[W];
          if (!(x && !B)) {
            if (m.length >= t || S + B.length > e) break t;
            m.push(B), S += B.length;
          }
        }
      }
    }
    if (h = ct(h, u, m, t, e, l && !f.post.length), !f.post.length) break;
    r7 = f.post;
  }
  return h;
}
var fe = (r7, t) => r7 === t ? { t: "lit", ch: String(r7) } : { t: "class", re: new RegExp(`^[${r7}-${t}]$`) };
var ce = (r7, t) => t.map((e) => [fe(r7, r7), ...e]);
var ft = (r7, t) => {
  if (!r7) return [[]];
  let e = +r7[0], s = +t[0], i = r7.slice(1), n = t.slice(1);
  if (e === s) return ce(e, ft(i, n));
  let o = "0".repeat(i.length), h = "9".repeat(i.length), a = [];
  i !== o && a.push(...ce(e++, ft(i, h)));
  let l = n === h ? [] : ce(s--, ft(o, n));
  return e <= s && a.push([fe(e, s), ...Array.from(i, () => fe(0, 9))]), a.push(...l), a;
};
var He = (r7, t, e) => {
  if (e) return ft(String(r7).padStart(e, "0"), String(t).padStart(e, "0"));
  let s = [];
  for (let i = String(r7).length; i <= String(t).length; i++) {
    let n = Math.max(r7, i === 1 ? 0 : 10 ** (i - 1)), o = Math.min(t, 10 ** i - 1);
    s.push(...ft(String(n), String(o)));
  }
  return s;
};
var qe = (r7, t) => {
  let e = Number(r7), s = Number(t);
  if (!Number.isSafeInteger(e) || !Number.isSafeInteger(s)) return;
  e > s && ([e, s] = [s, e]);
  let n = /^-?0\d/.test(r7) || /^-?0\d/.test(t) ? Math.max(r7.length, t.length) : 0, o = [];
  if (e < 0) {
    let h = He(Math.max(-s, 1), -e, n && n - 1);
    o.push(...h.map((a) => [{ t: "lit", ch: "-" }, ...a]));
  }
  return s >= 0 && o.push(...He(Math.max(e, 0), s, n)), o;
};
var hi = { "[:alnum:]": ["\\p{L}\\p{Nl}\\p{Nd}"], "[:alpha:]": ["\\p{L}\\p{Nl}"], "[:ascii:]": ["\\x00-\\x7f"], "[:blank:]": ["\\p{Zs}\\t"], "[:cntrl:]": ["\\p{Cc}"], "[:digit:]": ["\\p{Nd}"], "[:graph:]": ["\\p{Z}\\p{C}", true], "[:lower:]": ["\\p{Ll}"], "[:print:]": ["\\p{C}", true], "[:punct:]": ["\\p{P}\\p{S}"], "[:space:]": ["\\p{Z}\\t\\r\\n\\v\\f"], "[:upper:]": ["\\p{Lu}"], "[:word:]": ["\\p{L}\\p{Nl}\\p{Nd}\\p{Pc}"], "[:xdigit:]": ["A-Fa-f0-9"] };
var ut = (r7) => r7.replace(/[[\]\\-]/g, "\\$&");
var ue = /$./;
var Ke = (r7, t, e = false, s) => {
  let i = (m) => {
    let b = s ? m.normalize(s) : m;
    return [...b].length === 1 ? b : m;
  }, n = t;
  if (r7.charAt(n) !== "[") throw new Error("not in a brace expression");
  let o = [], h = [], a = n + 1, l = false, c = false, f = false, u = n, p = "";
  t: for (; a < r7.length; ) {
    let m = String.fromCodePoint(r7.codePointAt(a));
    if ((m === "!" || m === "^") && a === n + 1) {
      f = true, a++;
      continue;
    }
    if (m === "]" && l && !c) {
      u = a + 1;
      break;
    }
    if (l = true, m === "\\" && !c) {
      c = true, a++;
      continue;
    }
    if (m === "[" && !c) {
      for (let [x, [S, y]] of Object.entries(hi)) if (r7.startsWith(x, a)) {
        if (p) return [ue, r7.length - n];
        a += x.length, y ? h.push(S) : o.push(S);
        continue t;
      }
    }
    c = false;
    let b = i(m);
    if (p) {
      b.codePointAt(0) > p.codePointAt(0) ? o.push(ut(p) + "-" + ut(b)) : b === p && o.push(ut(b)), p = "", a += m.length;
      continue;
    }
    if (r7.startsWith("-]", a + m.length)) {
      o.push(ut(b + "-")), a += m.length + 1;
      continue;
    }
    if (r7.startsWith("-", a + m.length)) {
      p = b, a += m.length + 1;
      continue;
    }
    o.push(ut(b)), a += m.length;
  }
  if (u < a) return [ue, 0];
  if (!o.length && !h.length) return [ue, r7.length - n];
  let g = "[" + (f ? "^" : "") + o.join("") + "]", d = "[" + (f ? "" : "^") + h.join("") + "]", w = "^" + (o.length && h.length ? "(" + g + "|" + d + ")" : o.length ? g : d);
  return [new RegExp(w, e ? "iu" : "u"), u - n];
};
var de = { t: "match", id: 0 };
var ai = "!?+*@";
var Z = (r7) => ({ t: "lit", ch: r7 });
var li = (r7) => r7.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
var Je = (r7) => new RegExp(`^${li(r7)}$`, "iu");
var Dt = /* @__PURE__ */ new Map();
var Ze = (r7) => {
  let t = Dt.get(r7);
  return t || (t = Je(r7), Dt.size >= 1e3 && Dt.clear(), Dt.set(r7, t)), t;
};
var ge = (r7, t) => {
  if (t === r7.ch) return true;
  if (!r7.re) return false;
  let e = t.charCodeAt(0);
  if (e >= 128) return r7.re.test(t);
  let s = r7.ascii ??= new Uint8Array(128);
  return s[e] ||= r7.re.test(t) ? 1 : 2, s[e] === 1;
};
var ci = (r7, t, e, s, i) => {
  let n = [];
  for (let o = 0; o < r7.length; ) {
    let h = String.fromCodePoint(r7.codePointAt(o));
    if (i) {
      let a = h === "\\" && r7.startsWith(i, o + 1) ? 1 : 0;
      if (a || h === i) {
        let l = o + a + i.length, c = r7.indexOf(i, l), f = /^(-?\d+)\.\.(-?\d+)$/.exec(r7.slice(l, c)), u = c !== -1 && f && qe(f[1], f[2]);
        if (u) {
          n.push({ t: "ext", type: "@", alts: u }), o = c + i.length;
          continue;
        }
      }
    }
    if (h === "\\") {
      let a = r7.codePointAt(o + 1), l = a === void 0 ? h : String.fromCodePoint(a);
      n.push(Z(l)), o += 1 + l.length;
      continue;
    }
    if (h === "[") {
      let [a, l] = Ke(r7, o, t, s);
      if (l) {
        n.push({ t: "class", re: a }), o += l;
        continue;
      }
    }
    if (!e && ai.includes(h) && r7[o + 1] === "(") {
      n.push({ t: "open", type: h }), o += 2;
      continue;
    }
    n.push(!e && h === "|" ? { t: "bar" } : !e && h === ")" ? { t: "close" } : h === "*" ? { t: "star" } : h === "?" ? { t: "any" } : Z(h)), o += h.length;
  }
  return n;
};
var fi = (r7) => {
  let t = /* @__PURE__ */ new Map(), e = [];
  return r7.forEach((s, i) => {
    s.t === "open" ? e.push(i) : s.t === "close" && e.length && t.set(e.pop(), i);
  }), t;
};
var Qe = (r7, t, e, s, i) => {
  let n = [], o = [n];
  for (let h = e; h < s; h++) {
    let a = r7[h], l = t.get(h);
    if (a.t === "open" && l !== void 0) {
      let c = Qe(r7, t, h + 1, l, false);
      n.push({ t: "ext", type: a.type, alts: c }), h = l;
    } else a.t === "bar" && !i ? o.push(n = []) : a.t === "open" ? n.push(Z(a.type), Z("(")) : a.t === "bar" ? n.push(Z("|")) : a.t === "close" ? n.push(Z(")")) : n.push(a);
  }
  return o;
};
var ts = (r7, t) => {
  let e = [], s = "", i = () => {
    for (let n of s.normalize(t)) e.push(Z(n));
    s = "";
  };
  for (let n of r7) {
    if (n.t === "lit") {
      s += n.ch;
      continue;
    }
    i(), e.push(n.t === "ext" ? { ...n, alts: n.alts.map((o) => ts(o, t)) } : n);
  }
  return i(), e;
};
var ui = (r7, t) => {
  let e = 1, s = (h) => ({ t: "split", id: e++, out: h }), i = (h, a) => h.reduceRight((l, c) => n(c, l), a), n = (h, a) => {
    switch (h.t) {
      case "lit":
        let u = t ? Ze(h.ch) : void 0;
        return { t: "lit", id: e++, ch: h.ch, re: u, next: a };
      case "any":
      case "star":
        return { t: h.t, id: e++, next: a };
      case "class":
        return { t: "class", id: e++, re: h.re, next: a };
    }
    let l = (u) => h.alts.map((p) => i(p, u));
    switch (h.type) {
      case "@":
        return s(l(a));
      case "?":
        return s([a, ...l(a)]);
      case "!":
        return { t: "neg", id: e++, sub: s(l(de)), next: a };
    }
    let c = s([]), f = s(l(c));
    return c.out.push(a, f), h.type === "*" ? c : f;
  };
  return [i(r7, de), e];
};
var di = (r7) => {
  let t = [], e = /* @__PURE__ */ new Set(), s = (n) => n.t === "match" ? "match" : String(n.id), i = (n, o) => {
    if (n.t === "match" || e.has(n)) return;
    e.add(n);
    let h = (a) => t.push(`${o}${n.id}: ${a}`);
    switch (n.t) {
      case "split":
        h(`split -> ${n.out.map(s).join(", ")}`);
        for (let a of n.out) i(a, o);
        return;
      case "neg":
        return h(`!(${s(n.sub)}) -> ${s(n.next)}`), i(n.sub, o + "  "), i(n.next, o);
      case "lit":
        h(`${JSON.stringify(n.ch)} -> ${s(n.next)}`);
        break;
      case "class":
        h(`${n.re} -> ${s(n.next)}`);
        break;
      default:
        h(`${n.t === "any" ? "?" : "*"} -> ${s(n.next)}`);
    }
    i(n.next, o);
  };
  return i(r7, ""), [`start -> ${s(r7)}`, ...t].join(`
`);
};
var pe = class {
  gen;
  threads = [];
  match = false;
  runs = [];
  ids = [];
  constructor(t) {
    this.gen = t;
  }
  get dead() {
    return !this.threads.length && !this.match && !this.runs.length;
  }
};
var es = (r7, t) => r7.ids.length !== t.ids.length || r7.runs.length !== t.runs.length || r7.ids.some((e, s) => e !== t.ids[s]) ? false : r7.runs.every((e) => t.runs.some((s) => s.neg === e.neg && es(s.state, e.state)));
var Xe = (r7) => ({ has: new Float64Array(r7), seen: new Float64Array(r7), gen: 0 });
var dt = class {
  dots;
  dotStart;
  #t;
  constructor(t, e, s) {
    this.dots = t, this.dotStart = e, this.#t = s;
  }
  state() {
    return new pe(++this.#t.gen);
  }
  done(t) {
    return t.ids = t.threads.map((e) => e.id).sort((e, s) => e - s), t.match && t.ids.unshift(de.id), t;
  }
  #n(t, e) {
    let { seen: s } = this.#t;
    return s[e.id] === t.gen ? false : (s[e.id] = t.gen, true);
  }
  #i(t, e) {
    let { has: s } = this.#t;
    return s[e.id] === t.gen ? false : (s[e.id] = t.gen, t.threads.push(e), true);
  }
  restricted(t, e) {
    return e && (this.dots || this.dotStart && t === 0);
  }
  add(t, e, s, i) {
    switch (e.t) {
      case "split":
        if (!this.#n(t, e)) return;
        for (let o of e.out) this.add(t, o, s, i);
        return;
      case "neg":
        if (!this.#n(t, e)) return;
        let n = this.state();
        return this.add(n, e.sub, s, false), this.done(n), this.addRun(t, { t: "run", neg: e, state: n }, s, i);
      case "star":
        if (this.restricted(s, i)) return;
        this.#i(t, e) && this.add(t, e.next, s, i);
        return;
      case "match":
        t.match = true;
        return;
      default:
        this.#i(t, e);
    }
  }
  addRun(t, e, s, i) {
    for (let n of t.runs) if (n.neg === e.neg && es(n.state, e.state)) return;
    t.runs.push(e), e.state.match || this.add(t, e.neg.next, s, i);
  }
  step(t, e, s, i) {
    let n = this.state();
    for (let o of t.threads) switch (o.t) {
      case "lit":
        ge(o, e) && this.add(n, o.next, s + 1, i);
        break;
      case "any":
        this.restricted(s, i) || this.add(n, o.next, s + 1, i);
        break;
      case "class":
        !this.restricted(s, i) && o.re.test(e) && this.add(n, o.next, s + 1, i);
        break;
      case "star":
        this.restricted(s, i) || this.add(n, o, s + 1, i);
    }
    if (!this.restricted(s, i)) for (let o of t.runs) {
      if (o.state.dead) {
        this.addRun(n, o, s + 1, i);
        continue;
      }
      let h = this.step(o.state, e, s, false);
      this.addRun(n, { t: "run", neg: o.neg, state: h }, s + 1, i);
    }
    return this.done(n);
  }
};
var ss = (r7) => {
  let t = r7.ids.join();
  if (!r7.runs.length) return t;
  let e = r7.runs.map((s) => `${s.neg.id}(${ss(s.state)})`);
  return `${t}|${e.sort().join("|")}`;
};
var pi = 1 << 18;
var me = class {
  #t;
  #n = /* @__PURE__ */ new Map();
  #i = 0;
  #o;
  #r;
  #d;
  #u;
  constructor(t, e) {
    this.#t = t, this.#d = new dt(false, false, e), this.#u = new dt(false, true, e);
  }
  #f(t) {
    return { state: t, match: t.match, dead: t.dead, next: /* @__PURE__ */ new Map() };
  }
  #h(t) {
    let e = ss(t), s = this.#n.get(e);
    if (s) return s;
    this.#i > pi && this.#m();
    let i = this.#f(t);
    return this.#n.set(e, i), this.#i += e.length + 1, i;
  }
  #m() {
    this.#n.clear(), this.#i = 0, this.#o = void 0, this.#r = void 0;
  }
  start(t) {
    if (t) {
      if (this.#r) return this.#r;
      let s = this.#u.state();
      return this.#u.add(s, this.#t, 0, true), this.#r = this.#f(this.#u.done(s));
    }
    if (this.#o) return this.#o;
    let e = this.#d.state();
    return this.#d.add(e, this.#t, 0, true), this.#o = this.#h(this.#d.done(e));
  }
  next(t, e) {
    let s = e.charCodeAt(0), i = s < 128 ? void 0 : t.next.get(e);
    if (i) return i;
    let n = t === this.#r ? this.#h(this.#u.step(t.state, e, 0, true)) : this.#h(this.#d.step(t.state, e, 1, true));
    return s < 128 ? (t.ascii || (t.ascii = new Array(128), this.#i += 128), t.ascii[s] = n) : t.next.set(e, n), this.#i++, n;
  }
};
var mi = (r7) => {
  let t = [];
  for (let e = r7; e.t !== "match"; e = e.next) {
    if (e.t === "split" || e.t === "neg") return;
    t.push(e);
  }
  return t;
};
var gi = (r7, t, e, s) => {
  let i = 0, n = e, o = -1, h = 0;
  for (; n < s; ) {
    let a = r7[i];
    if (a?.t === "star") {
      o = i++, h = n;
      continue;
    }
    let l = t[n];
    if (a && (a.t === "any" || a.t === "lit" && ge(a, l) || a.t === "class" && a.re.test(l))) {
      i++, n++;
      continue;
    }
    if (o === -1) return false;
    i = o + 1, n = ++h;
  }
  for (; r7[i]?.t === "star"; ) i++;
  return i === r7.length;
};
var is = (r7) => {
  let t = 0, e = 0;
  for (let s of r7) {
    let [i, n] = wi(s);
    t += i, e += n;
  }
  return [t, e];
};
var wi = (r7) => {
  if (r7.t === "star") return [0, 1 / 0];
  if (r7.t !== "ext") return [1, 1];
  if (r7.type === "!") return [0, 1 / 0];
  let t = r7.alts.map(is), e = Math.min(...t.map((n) => n[0])), s = Math.max(...t.map((n) => n[1])), i = s === 0 ? 0 : 1 / 0;
  return r7.type === "@" ? [e, s] : r7.type === "?" ? [0, s] : r7.type === "*" ? [0, i] : [e, i];
};
var Ve = (r7, t, e) => {
  for (let s = 0; s < r7.length; s++) if (!ge(r7[s], t[e + s])) return false;
  return true;
};
var bi = /[/\ud800-\udfff]/;
var yi = /[\ud800-\udfff]/;
var Nt = (r7) => yi.test(r7) ? [...r7] : r7;
var Ye = (r7) => {
  if (r7.includes("/")) throw new Error("can only match a single path portion, got: " + r7);
};
var pt = class {
  pattern;
  options;
  #t;
  #n;
  #i;
  #o;
  #r;
  #d = false;
  #u;
  #f;
  #h = false;
  #m = 0;
  #l = 1 / 0;
  #a = [];
  #s = [];
  #b;
  #E;
  #y = false;
  #g;
  #w;
  constructor(t, e = {}) {
    if (t.includes("/")) throw new Error("can only match a single path portion, got pattern: " + t);
    this.pattern = t, this.options = e;
    let { nocase: s = false, noext: i = false, normalize: n } = e;
    this.#w = n === true ? "NFC" : n || void 0;
    let o = /^[?*+@]\(\)$/.test(t), h = ci(t, s, i || o, this.#w, e.rangeMark), [a] = Qe(h, fi(h), 0, h.length, true);
    this.#w && (a = ts(a, this.#w));
    let [l, c] = ui(a, s);
    if (this.#t = l, this.#n = c, a.every((f) => f.t === "lit")) this.#r = a.map((f) => f.ch).join(""), this.#d = s;
    else {
      let f = (g) => g.t !== "lit" ? void 0 : s ? { ch: g.ch, re: Ze(g.ch) } : { ch: g.ch };
      for (let g of a) {
        let d = f(g);
        if (!d) break;
        this.#a.push(d);
      }
      for (let g = a.length - 1; g >= 0; g--) {
        let d = f(a[g]);
        if (!d) break;
        this.#s.unshift(d);
      }
      this.#y = !!(this.#a.length || this.#s.length), s || (this.#b = this.#a.map((g) => g.ch).join(""), this.#E = this.#s.map((g) => g.ch).join("")), this.#f = mi(this.#t)?.slice(this.#a.length, -this.#s.length || void 0), this.#h = !!this.#f?.every((g) => g.t === "star" || g.t === "any");
      let [u, p] = is(a);
      this.#m = u, this.#l = p;
    }
  }
  test(t) {
    return this.#w ? (Ye(t), this.#p(t.normalize(this.#w))) : bi.test(t) ? (Ye(t), this.#p(t, [...t])) : this.#p(t, t);
  }
  testUnchecked(t) {
    return this.#p(this.#w ? t.normalize(this.#w) : t);
  }
  #p(t, e) {
    if (this.#r !== void 0) return this.#d ? (this.#u ??= Je(this.#r)).test(t) : t === this.#r;
    let s = this.#m, i = this.#l;
    if (e === void 0) {
      let c = t.length, f = c + 1 >> 1;
      if (c < s || f > i) return false;
      (f < s || c > i) && (e = Nt(t));
    }
    if (e !== void 0 && (e.length < s || e.length > i)) return false;
    let n = this.#a.length;
    if (this.#y) if (this.#b !== void 0 && this.#E !== void 0) {
      if (!t.startsWith(this.#b) || !t.endsWith(this.#E)) return false;
    } else {
      e ??= Nt(t);
      let c = e.length - this.#s.length;
      if (!Ve(this.#a, e, 0) || !Ve(this.#s, e, c)) return false;
    }
    let o = !this.options.dot && t.startsWith(".");
    if (this.#f) {
      if (t === "." || t === ".." || o && !n) return false;
      if (this.#h) return true;
      e ??= Nt(t);
      let c = e.length - this.#s.length;
      return gi(this.#f, e, n, c);
    }
    if (e ??= Nt(t), t === "." || t === "..") {
      this.#i ??= Xe(this.#n);
      let c = this.#o ??= new dt(true, false, this.#i), f = c.state();
      c.add(f, this.#t, 0, true);
      let u = c.done(f);
      for (let p = 0; p < e.length; p++) u = c.step(u, e[p], p, true);
      return u.match;
    }
    this.#i ??= Xe(this.#n);
    let h = this.#g ??= new me(this.#t, this.#i), a = h.start(o), l = e === t;
    for (let c = 0; c < e.length; c++) {
      if (a.dead) return false;
      let f = l ? t.charCodeAt(c) : e[c].charCodeAt(0);
      a = a.ascii?.[f] ?? h.next(a, e[c]);
    }
    return a.match;
  }
  toString() {
    return di(this.#t);
  }
};
var mt = (r7) => {
  if (typeof r7 != "string") throw new TypeError("invalid pattern");
  if (r7.length > 65536) throw new TypeError("pattern is too long");
};
var K = (r7, { windowsPathsNoEscape: t = false, magicalBraces: e = false } = {}) => e ? t ? r7.replace(/[?*()[\]{}]/g, "[$&]") : r7.replace(/[?*()[\]\\{}]/g, "\\$&") : t ? r7.replace(/[?*()[\]]/g, "[$&]") : r7.replace(/[?*()[\]\\]/g, "\\$&");
var st = (r7, { windowsPathsNoEscape: t = false, magicalBraces: e = true } = {}) => e ? t ? r7.replace(/\[([^/\\])\]/g, "$1") : r7.replace(/((?!\\).|^)\[([^/\\])\]/g, "$1$2").replace(/\\([^/])/g, "$1") : t ? r7.replace(/\[([^/\\{}])\]/g, "$1") : r7.replace(/((?!\\).|^)\[([^/\\{}])\]/g, "$1$2").replace(/\\([^/{}])/g, "$1");
var T = (r7, t, e = {}) => (mt(t), !e.nocomment && t.charAt(0) === "#" ? false : xi(t, e).match(r7));
var it = /* @__PURE__ */ new Map();
var Si = 256;
var xi = (r7, t) => {
  let e = r7 + "\0" + JSON.stringify(t), s = it.get(e);
  return s ? it.delete(e) : (s = new D(r7, { ...t }), it.size >= Si && it.delete(it.keys().next().value)), it.set(e, s), s;
};
var ls = typeof process == "object" && process ? process.env?.__MINIMATCH_TESTING_PLATFORM__ || process.platform : "posix";
var ns = { win32: { sep: "\\" }, posix: { sep: "/" } };
var vi = ls === "win32" ? ns.win32.sep : ns.posix.sep;
T.sep = vi;
var v = /* @__PURE__ */ Symbol("globstar **");
T.GLOBSTAR = v;
var Ei = (r7, t = {}) => (e) => T(e, r7, t);
T.filter = Ei;
var U = (r7, t = {}) => Object.assign({}, r7, t);
var ki = (r7) => {
  if (!r7 || typeof r7 != "object" || !Object.keys(r7).length) return T;
  let t = T;
  return Object.assign((s, i, n = {}) => t(s, i, U(r7, n)), { Minimatch: class extends t.Minimatch {
    constructor(i, n = {}) {
      super(i, U(r7, n));
    }
    static defaults(i) {
      return t.defaults(U(r7, i)).Minimatch;
    }
  }, unescape: (s, i = {}) => t.unescape(s, U(r7, i)), escape: (s, i = {}) => t.escape(s, U(r7, i)), filter: (s, i = {}) => t.filter(s, U(r7, i)), defaults: (s) => t.defaults(U(r7, s)), braceExpand: (s, i = {}) => t.braceExpand(s, U(r7, i)), match: (s, i, n = {}) => t.match(s, i, U(r7, n)), sep: t.sep, GLOBSTAR: v });
};
T.defaults = ki;
var xe = (r7, t = {}) => (mt(r7), t.nobrace || !/\{(?:(?!\{).)*\}/.test(r7) ? [r7] : Ge(r7, { max: t.braceExpandMax }));
T.braceExpand = xe;
var Ci = 100;
var Ai = /(?<![\\$])\{(-?\d+)\.\.(-?\d+)\}/g;
var Mi = (r7, t, e = {}) => {
  let s = new D(t, e);
  return r7 = r7.filter((i) => s.match(i)), s.options.nonull && !r7.length && r7.push(t), r7;
};
T.match = Mi;
var rs = /[?*]|[+@!]\(.*?\)|\[|\]/;
var cs = (r7, t) => {
  let e = t + 1;
  (r7.charAt(e) === "!" || r7.charAt(e) === "^") && e++;
  let s = false;
  for (; e < r7.length; e++) {
    let i = r7.charAt(e);
    if (i === "]" && s) return e;
    s = true, i === "\\" && e++;
  }
  return -1;
};
var Ri = (r7, t) => {
  if (!t && (r7 === "+()" || r7 === "@()")) return r7;
  let e = "";
  for (let s = 0; s < r7.length; s++) {
    let i = r7.charAt(s);
    if (i === "\\") e += r7.charAt(++s) || i;
    else {
      if (i === "*" || i === "?") return;
      if (i === "[") {
        let n = cs(r7, s);
        if (n === -1) {
          e += i;
          continue;
        }
        let o = r7.slice(s + 1, n);
        if (o.startsWith("\\") && (o = o.slice(1)), [...o].length !== 1 || "!^".includes(r7.charAt(s + 1))) return;
        e += o, s = n;
      } else {
        if (!t && "+@!".includes(i) && r7.charAt(s + 1) === "(" && r7.includes(")", s + 2)) return;
        e += i;
      }
    }
  }
  return e;
};
var Oi = (r7) => {
  if (/^[?*+@]\(\)$/.test(r7) || r7.includes("[:")) return false;
  let t = 0;
  for (let e = 0; e < r7.length; e++) {
    let s = r7.charAt(e);
    if (s === "\\") {
      if (++e === r7.length) return false;
    } else if (s === "[") {
      let i = cs(r7, e);
      i !== -1 && (e = i);
    } else if ("+@!?*".includes(s) && r7.charAt(e + 1) === "(") t++, e++;
    else if (s === ")") {
      if (!t--) return false;
    } else if (s === "|" && !t) return false;
  }
  return !t;
};
var we;
var os;
var X = (r7, t) => typeof r7 == "string" ? t === r7 : t !== "" && r7.testUnchecked(t);
var hs = (r7, t, e, s, i) => X(r7, t) ? e : s !== void 0 && X(r7, s) ? i : -1;
var ve = (r7) => r7 === "." || r7 === "..";
var be = (r7) => typeof r7 == "string" && /^[a-z]:$/i.test(r7);
var zt = (r7) => typeof r7 == "string" && /^unc$/i.test(r7);
var ye = (r7) => {
  if (r7[0] !== "" || r7[1] !== "") return -1;
  let t = r7[2] !== "?" ? 2 : zt(r7[3]) ? 4 : -1, e = r7[t], s = r7[t + 1];
  return t !== -1 && e !== void 0 && e !== "" && e !== v && s !== void 0 && s !== "" && s !== v ? t : -1;
};
var Pt = (r7, t) => !ve(r7) && (t || !r7.startsWith("."));
var gt = (r7, t, e, s, i) => {
  for (let n = t; n < e; ) {
    if (r7.charCodeAt(n) === 46) {
      if (!s) return true;
      let h = r7.charCodeAt(n + 1) === 46 ? n + 2 : n + 1;
      if (h >= e || Lt(r7.charCodeAt(h), i)) return true;
    }
    let o = Ee(r7, n, i);
    if (o === -1) return false;
    for (n = o + 1; n < e && Lt(r7.charCodeAt(n), i); ) n++;
  }
  return false;
};
var Lt = (r7, t) => t === "/" ? r7 === 47 : t === "\\" ? r7 === 92 : r7 === 47 || r7 === 92;
var Ee = (r7, t, e) => {
  if (e !== "both") return r7.indexOf(e, t);
  let s = r7.indexOf("/", t), i = r7.indexOf("\\", t);
  return s === -1 ? i : i === -1 ? s : Math.min(s, i);
};
var as = (r7, t, e) => e !== "both" ? r7.lastIndexOf(e, t) : Math.max(r7.lastIndexOf("/", t), r7.lastIndexOf("\\", t));
var Se = {};
var D = class {
  options;
  set;
  pattern;
  windowsPathsNoEscape;
  nonegate;
  negate;
  comment;
  empty;
  preserveMultipleSlashes;
  partial;
  globSet;
  globParts;
  nocase;
  isWindows;
  platform;
  windowsNoMagicRoot;
  maxGlobstarRecursion;
  #t;
  #n;
  #i;
  #o;
  #r = [];
  #d = [];
  #u = [];
  #f = /* @__PURE__ */ new Map();
  #h = false;
  #m;
  #l = /* @__PURE__ */ new WeakMap();
  constructor(t, e = {}) {
    mt(t), e = e || {}, this.options = e, this.maxGlobstarRecursion = e.maxGlobstarRecursion ?? 200, this.pattern = t, this.platform = e.platform || ls, this.isWindows = this.platform === "win32";
    let s = "allowWindowsEscape";
    this.windowsPathsNoEscape = !!e.windowsPathsNoEscape || e[s] === false, this.windowsPathsNoEscape && (this.pattern = this.pattern.replace(/\\/g, "/")), this.preserveMultipleSlashes = !!e.preserveMultipleSlashes, this.negate = false, this.nonegate = !!e.nonegate, this.comment = false, this.empty = false, this.partial = !!e.partial, this.nocase = !!this.options.nocase, this.windowsNoMagicRoot = e.windowsNoMagicRoot !== void 0 ? e.windowsNoMagicRoot : !!(this.isWindows && this.nocase), this.globSet = [], this.globParts = [], this.set = [], this.#t = !this.preserveMultipleSlashes, this.#i = (e.optimizationLevel ?? 1) >= 2;
    let i = e.normalize;
    this.#o = i === true ? "NFC" : i || void 0, this.make();
    let n = this.set.map((o) => this.#s(o));
    this.#u = this.set.map((o, h) => this.#t && o.length - 1 > n[h]), this.#r = this.set.map((o, h) => {
      let a = this.#u[h] ? o.length - 1 : o.length, l = o.slice(n[h] + 1, a).filter((c) => typeof c == "string" && !!c);
      return [...new Set(l)];
    }), this.#n = this.#r.some((o) => o.length), this.#d = this.set.map((o, h) => {
      let [a, l, c] = o;
      if (this.#u[h] && o.length === 2 && a === v && l !== v) return "tail";
      if (this.#u[h] && e.matchBase && o.length === 1 && a !== v && a !== "") return "base";
      if (!(!this.#t || n[h] !== -1)) {
        if (o.length === 3 && a === v && c === v && l !== v && l !== "" && this.maxGlobstarRecursion > 0) return "mid";
        if (o.length === 2 && l === v && a !== v && a !== "") return "head";
      }
    });
  }
  #a(t) {
    return this.#o ? t.normalize(this.#o) : t;
  }
  #s(t) {
    if (!this.isWindows) return -1;
    if (be(t[0])) return 0;
    if (t[0] === "" && t[1] === "" && t[2] === "?" && be(t[3])) return 3;
    let s = ye(t);
    return s === -1 ? -1 : s + 1;
  }
  hasMagic() {
    if (this.options.magicalBraces && this.set.length > 1) return true;
    for (let t of this.set) for (let e of t) if (typeof e != "string") return true;
    return false;
  }
  make() {
    let t = this.pattern, e = this.options;
    if (!e.nocomment && t.charAt(0) === "#") {
      this.comment = true;
      return;
    }
    if (!t) {
      this.empty = true;
      return;
    }
    this.parseNegate(), this.globSet = [...new Set(this.#M())];
    let s = this.globSet.map((n) => this.#e(n));
    this.globParts = this.preprocess(s), this.#h = true;
    let i = this.globParts.map((n, o, h) => {
      if (this.isWindows && this.windowsNoMagicRoot) {
        let a = n[2] === "?" && zt(n[3]) ? 6 : 4, l = n[0] === "" && n[1] === "" && (n[2] === "?" || !rs.test(n[2])) && n.slice(3, a).every((f) => !rs.test(f)), c = /^[a-z]:/i.test(n[0]);
        if (l) return [...n.slice(0, a).map((f) => this.#a(f)), ...n.slice(a).map((f) => this.parse(f))];
        if (c) return [this.#a(n[0]), ...n.slice(1).map((f) => this.parse(f))];
      }
      return n.map((a) => this.parse(a));
    });
    if (this.set = i.filter((n) => n.indexOf(false) === -1), this.isWindows) for (let n = 0; n < this.set.length; n++) {
      let o = this.set[n];
      o[0] === "" && o[1] === "" && this.globParts[n][2] === "?" && (be(o[3]) || zt(this.globParts[n][3])) && (zt(this.globParts[n][3]) && (o[3] = "UNC"), o[2] = "?");
    }
    e.noext || this.mergeRows(), this.#h = false, this.set.forEach((n, o) => {
      for (let h = 0; h < n.length; h++) n[h] === Se && (n[h] = this.parse(this.globParts[o][h]));
    });
  }
  mergeRows() {
    let t = true;
    for (; t; ) {
      t = false;
      let e = Math.max(0, ...this.set.map((s) => s.length));
      for (let s = 0; s < e; s++) {
        let i = /* @__PURE__ */ new Map();
        this.set.forEach((o, h) => {
          if (!(o[s] instanceof pt || o[s] === Se) || !Oi(this.globParts[h][s])) return;
          let a = [...this.globParts[h]];
          a[s] = "";
          let l = `${o.length}/${a.join("/")}`, c = i.get(l);
          c ? c.push(h) : i.set(l, [h]);
        });
        let n = /* @__PURE__ */ new Set();
        for (let o of i.values()) {
          if (o.length < 2) continue;
          let [h, ...a] = o, c = `@(${o.map((f) => this.globParts[f][s]).join("|")})`;
          this.globParts[h][s] = c, this.set[h][s] = this.parse(c);
          for (let f of a) n.add(f);
        }
        n.size && (t = true, this.set = this.set.filter((o, h) => !n.has(h)), this.globParts = this.globParts.filter((o, h) => !n.has(h)));
      }
    }
  }
  preprocess(t) {
    if (this.options.noglobstar) for (let s of t) for (let i = 0; i < s.length; i++) s[i] === "**" && (s[i] = "*");
    let { optimizationLevel: e = 1 } = this.options;
    return e >= 2 ? (t = this.firstPhasePreProcess(t), t = this.secondPhasePreProcess(t)) : e >= 1 ? t = this.levelOneOptimize(t) : t = this.adjascentGlobstarOptimize(t), t;
  }
  adjascentGlobstarOptimize(t) {
    return t.map((e) => {
      let s = -1;
      for (; (s = e.indexOf("**", s + 1)) !== -1; ) {
        let i = s;
        for (; e[i + 1] === "**"; ) i++;
        i !== s && e.splice(s, i - s);
      }
      return e;
    });
  }
  levelOneOptimize(t) {
    return t.map((e) => {
      let s = this.#s(e) + 1;
      return e = e.reduce((i, n) => {
        let o = i[i.length - 1];
        return n === "**" && o === "**" ? i : n === ".." && i.length > s && o && o !== ".." && o !== "." && o !== "**" ? (i.pop(), i) : (i.push(n), i);
      }, []), e.length === 0 ? [""] : e;
    });
  }
  #b(t) {
    let e = !this.isWindows || !t.includes("\\") ? "/" : t.includes("/") ? "both" : "\\", s = this.#t ? 0 : -1, i = "", n = 0, o, h = 0, a = !!this.options.dot;
    t: for (let l = 0; l < this.set.length; l++) {
      let c = this.set[l], f = c[c.length - 1], u = s !== -1 && this.#u[l] && f !== v;
      if (u && s === 0) {
        let d = as(t, t.length, e);
        if (n = d + 1, i = t.slice(n), i === "" && d >= 0) {
          let m = d;
          for (; m > 0 && Lt(t.charCodeAt(m - 1), e); ) m--;
          h = m === 0 ? 0 : as(t, m - 1, e) + 1, o = t.slice(h, m);
        }
        let w = this.#i && (ve(i) || i === "" && o !== void 0 && ve(o));
        s = w ? -1 : 1, u = !w;
      }
      let p = -1;
      if (u && typeof f == "string" && (p = hs(f, i, n, o, h), p === -1)) continue;
      if (this.#n) {
        for (let d of this.#r[l]) if (!t.includes(d)) continue t;
      }
      if (u && typeof f == "object" && (p = hs(f, i, n, o, h), p === -1)) continue;
      let g = this.#d[l];
      if (g === "base" && u) return "yes";
      if (g === "tail" && u) {
        if (this.#i && gt(t, 0, p, true, e)) return "maybe";
        if (!gt(t, 0, p, a, e)) return "yes";
        continue;
      }
      if (g === "mid" || g === "head") {
        let d = this.#y(t, c, g === "head", a, e);
        if (d !== "no") return d;
        continue;
      }
      return "maybe";
    }
    return "no";
  }
  #E(t, e, s) {
    let i = !!this.options.dot, n = t.length;
    if (s === "head") {
      if (n < 2 || !X(e[0], t[0])) return false;
      for (let h = 1; h < n; h++) if (!Pt(t[h], i)) return false;
      return true;
    }
    let o = e[1];
    if (s === "tail") {
      let h = n - 1;
      if (!X(o, t[h]) && (t[h] !== "" || n === 1 || !X(o, t[--h]))) return false;
      for (let a = 0; a < h; a++) if (!Pt(t[a], i)) return false;
      return true;
    }
    for (let h = 0; h < n; h++) {
      if (X(o, t[h]) && h + 1 < n) {
        let a = h + 1;
        for (; a < n && Pt(t[a], i); ) a++;
        if (a === n) return true;
      }
      if (!Pt(t[h], i)) return false;
    }
    return false;
  }
  #y(t, e, s, i, n) {
    if (this.#i && gt(t, 0, t.length, true, n)) return "maybe";
    let o = e[s ? 0 : 1], h = 0;
    for (let a = Ee(t, h, n); a !== -1; a = Ee(t, h, n)) {
      let l = a + 1;
      for (; l < t.length && Lt(t.charCodeAt(l), n); ) l++;
      if ((typeof o == "string" ? a - h === o.length && t.startsWith(o, h) : a > h && o.testUnchecked(t.slice(h, a))) && !gt(t, l, t.length, i, n)) return "yes";
      if (s || gt(t, h, l, i, n)) return "no";
      h = l;
    }
    return "no";
  }
  #g(t) {
    let e = we;
    return e?.f === t && e.isWindows === this.isWindows && e.preserveMultipleSlashes === this.preserveMultipleSlashes && e.normalize === this.#o ? e : void 0;
  }
  #w(t) {
    let { isWindows: e, preserveMultipleSlashes: s } = this, i = this.#e(e ? t.split("\\").join("/") : t), n = this.#o;
    return n && (i = i.map((o) => o.normalize(n))), we = { f: t, isWindows: e, preserveMultipleSlashes: s, normalize: n, parts: i }, we;
  }
  #p(t) {
    let e = [...t], s = false;
    do {
      if (s = false, !this.preserveMultipleSlashes) {
        for (let o = 1; o < e.length - 1; o++) {
          let h = e[o];
          o === 1 && h === "" && e[0] === "" || (h === "." || h === "") && (s = true, e.splice(o, 1), o--);
        }
        e[0] === "." && e.length === 2 && (e[1] === "." || e[1] === "") && (s = true, e.pop());
      }
      let i = this.#s(e) + 1, n = i;
      for (; (n = e.indexOf("..", n + 1)) !== -1; ) {
        let o = e[n - 1];
        o && o !== "." && o !== ".." && o !== "**" && (s = true, e.splice(n - 1, 2), n = Math.max(n - 2, i));
      }
    } while (s);
    return e.length === 0 ? [""] : e;
  }
  firstPhasePreProcess(t) {
    let { braceExpandMax: e = 1e5 } = this.options, s = 0, i = 1e6, n = false;
    do {
      n = false;
      for (let o of t) {
        let h = -1;
        for (; (h = o.indexOf("**", h + 1)) !== -1; ) {
          let c = h;
          for (; o[c + 1] === "**"; ) c++;
          c > h && o.splice(h + 1, c - h);
          let f = o[h + 1], u = o[h + 2], p = o[h + 3];
          if (f !== ".." || !u || u === "." || u === ".." || !p || p === "." || p === "..") continue;
          let g = o.length - 1;
          if (t.length >= e || s + g > i) throw new RangeError("optimizationLevel 2: too many patterns from '**/..'");
          n = true, o.splice(h, 1);
          let d = o.slice(0);
          d[h] = "**", s += g, t.push(d), h--;
        }
        if (!this.preserveMultipleSlashes) {
          for (let c = 1; c < o.length - 1; c++) {
            let f = o[c];
            c === 1 && f === "" && o[0] === "" || (f === "." || f === "") && (n = true, o.splice(c, 1), c--);
          }
          o[0] === "." && o.length === 2 && (o[1] === "." || o[1] === "") && (n = true, o.pop());
        }
        let a = this.#s(o) + 1, l = a;
        for (; (l = o.indexOf("..", l + 1)) !== -1; ) {
          let c = o[l - 1];
          if (c && c !== "." && c !== ".." && c !== "**") {
            n = true;
            let u = l === 1 && o[l + 1] === "**" ? ["."] : [];
            o.splice(l - 1, 2, ...u), o.length === 0 && o.push(""), l = Math.max(l - 2, a);
          }
        }
      }
    } while (n);
    return t;
  }
  secondPhasePreProcess(t) {
    let e = /* @__PURE__ */ new Set(), s = t.filter((o) => {
      let h = o.join("/");
      return e.has(h) ? false : (e.add(h), true);
    }), i = /* @__PURE__ */ new Map();
    for (let o of s) {
      let h = [];
      for (let a = 0; a < o.length; a++) o[a] === "*" && h.push(a);
      h.length && i.set(h.join(","), h);
    }
    if (!i.size || s.length * i.size > 1e5) return s;
    let { dot: n } = this.options;
    return s.filter((o) => {
      for (let h of i.values()) {
        if (h[h.length - 1] >= o.length) continue;
        let a = [...o], l = true, c = false;
        for (let f of h) {
          let u = o[f];
          if (u !== "*") {
            if (!u || u === "**" || !n && u.startsWith(".")) {
              l = false;
              break;
            }
            a[f] = "*", c = true;
          }
        }
        if (l && c && e.has(a.join("/"))) return false;
      }
      return true;
    });
  }
  parseNegate() {
    if (this.nonegate) return;
    let t = this.pattern, e = false, s = 0;
    for (let i = 0; i < t.length && t.charAt(i) === "!"; i++) e = !e, s++;
    s && (this.pattern = t.slice(s)), this.negate = e;
  }
  #k(t, e, s, i) {
    let n = 0, o = 0, h = this.isWindows ? ye(e) : -1, a = h === -1 ? -1 : ye(s);
    if (a !== -1) {
      let l = s[a], c = s[a + 1];
      typeof l != "string" || typeof c != "string" ? (n = h, o = a) : e[h].toLowerCase() === l.toLowerCase() && e[h + 1].toLowerCase() === c.toLowerCase() && (n = h + 2, o = a + 2);
    } else if (this.isWindows) {
      let l = typeof t[0] == "string" && /^[a-z]:$/i.test(t[0]), c = !l && t[0] === "" && t[1] === "" && t[2] === "?" && /^[a-z]:$/i.test(t[3]), f = typeof s[0] == "string" && /^[a-z]:$/i.test(s[0]), u = !f && s[0] === "" && s[1] === "" && s[2] === "?" && typeof s[3] == "string" && /^[a-z]:$/i.test(s[3]), p = c ? 3 : l ? 0 : void 0, g = u ? 3 : f ? 0 : void 0;
      if (typeof p == "number" && typeof g == "number") {
        let [d, w] = [t[p], s[g]];
        d.toLowerCase() === w.toLowerCase() && (o = g + 1, n = p + 1);
      }
    }
    return t = e, s.includes(v) ? this.#C(t, s, i, n, o) : this.#S(t, s, i, n, o);
  }
  #C(t, e, s, i, n) {
    let { head: o, body: h, tail: a, segments: l } = this.#x(e, s, n);
    if (o.length) {
      let f = i + o.length;
      if (!this.#S(t, o, s, i, 0, f)) return false;
      i += o.length, n += o.length;
    }
    let c = 0;
    if (a.length) {
      if (a.length + i > t.length) return false;
      let f = t.length - a.length;
      if (this.#S(t, a, s, f, 0)) c = a.length;
      else {
        if (t[t.length - 1] !== "" || i + a.length === t.length || (f--, !this.#S(t, a, s, f, 0))) return false;
        c = a.length + 1;
      }
    }
    if (!h.length) {
      let f = !!c;
      for (let u = i; u < t.length - c; u++) {
        let p = String(t[u]);
        if (f = true, p === "." || p === ".." || !this.options.dot && p.startsWith(".")) return false;
      }
      return s || f;
    }
    return !!this.#v(t, l, t.length - c, i, 0, s, 0, !!c, /* @__PURE__ */ new Set());
  }
  #x(t, e, s) {
    let i = this.#l.get(t);
    i || (i = [], this.#l.set(t, i));
    let n = s * 2 + (e ? 1 : 0), o = i[n];
    if (o) return o;
    let h = t.indexOf(v, s), a = t.lastIndexOf(v), l = t.slice(s, h), c = t.slice(h + 1, e ? void 0 : a), f = e ? [] : t.slice(a + 1), u = [[[], 0]], p = u[0], g = 0, d = [0];
    for (let m of c) m === v ? (d.push(g), p = [[], 0], u.push(p)) : (p[0].push(m), g++);
    u.forEach((m, b) => {
      m[1] = g - d[b];
    });
    let w = { head: l, body: c, tail: f, segments: u };
    return i[n] = w, w;
  }
  #v(t, e, s, i, n, o, h, a, l) {
    let c = e[n];
    if (!c) {
      if (o) return i >= s || i === s - 1 && t[i] === "";
      for (let g = i; g < s; g++) {
        a = true;
        let d = t[g];
        if (d === "." || d === ".." || !this.options.dot && d.startsWith(".")) return false;
      }
      return a;
    }
    let [f, u] = c, p = o ? s : s - u;
    for (; i <= p; ) {
      let g = n * (t.length + 1) + i;
      if (l.has(g)) return false;
      if (l.add(g), this.#S(t, f, o, i, 0, i + f.length) && h < this.maxGlobstarRecursion) {
        let m = this.#v(t, e, s, i + f.length, n + 1, o, h + 1, a, l);
        if (m !== false) return m;
      }
      if (i === p) break;
      let w = t[i];
      if (w === "." || w === ".." || !this.options.dot && w.startsWith(".")) return false;
      i++;
    }
    return o || null;
  }
  #S(t, e, s, i, n, o = t.length) {
    let h, a, l, c;
    for (h = i, a = n, c = Math.min(o, t.length), l = e.length; h < c && a < l; h++, a++) {
      let f = e[a], u = t[h];
      if (f === false || f === v || !X(f, u)) return false;
    }
    if (h === c && a === l) return true;
    if (h === c) return s;
    if (a === l) return h === c - 1 && t[h] === "";
    throw new Error("wtf?");
  }
  braceExpand() {
    return xe(this.pattern, this.options);
  }
  #M() {
    let { pattern: t } = this;
    if (this.options.nobrace) return this.braceExpand();
    let e = 57344;
    for (; t.includes(String.fromCharCode(e)); ) if (++e > 63743) return this.braceExpand();
    let s = String.fromCharCode(e), i = false, n = t.replace(Ai, (h, a, l) => {
      let c = Number(a), f = Number(l);
      return !Number.isSafeInteger(c) || !Number.isSafeInteger(f) || Math.abs(c - f) + 1 < Ci ? h : (i = true, `${s}${a}..${l}${s}`);
    });
    if (!i) return this.braceExpand();
    let o = xe(n, this.options);
    for (let h of o) for (let a of h.split("/")) {
      let l = a.indexOf("[");
      if (l !== -1 && l < a.lastIndexOf(s)) return this.braceExpand();
    }
    return this.#m = s, o;
  }
  parse(t) {
    mt(t);
    let e = this.options;
    if (t === "**") return v;
    if (t === "") return "";
    let { nocase: s, nocaseMagicOnly: i, noext: n = false, dot: o, normalize: h } = e, a = this.#m, l = a && t.includes(a) ? void 0 : Ri(t, n);
    if (l !== void 0 && !(s && !i && t.toUpperCase() !== t.toLowerCase())) return this.#a(l);
    if (this.#h) return Se;
    let c = this.#f.get(t);
    return c || (c = new pt(t, { nocase: s, noext: n, dot: o, normalize: h, ...a && { rangeMark: a } }), this.#f.set(t, c)), c;
  }
  #e(t) {
    return this.preserveMultipleSlashes ? t.split("/") : this.isWindows && /^\/\/[^/]+/.test(t) ? ["", ...t.split(/\/+/)] : t.split(/\/+/);
  }
  match(t, e = this.partial) {
    if (this.comment) return false;
    if (this.empty) return t === "";
    if (t === "/" && e) return true;
    let s = this.options, i = this.#g(t);
    if (!i) {
      if (!e && !this.#o && (this.#t || this.#n) && os !== t) {
        os = t;
        let l = this.#b(t);
        if (l === "no") return s.flipNegate ? false : this.negate;
        if (l === "yes") return s.flipNegate ? true : !this.negate;
      }
      i = this.#w(t);
    }
    let n = i.parts, o = this.#i ? i.resolved ??= this.#p(n) : n, h = this.set, a = n[n.length - 1];
    if (!a) for (let l = n.length - 2; !a && l >= 0; l--) a = n[l];
    for (let l = 0; l < h.length; l++) {
      let c = h[l], f = e ? void 0 : this.#d[l];
      if (f === "base" ? X(c[0], a) : f ? this.#E(o, c, f) : s.matchBase && c.length === 1 ? this.#k([a], [a], c, e) : this.#k(n, o, c, e)) return s.flipNegate ? true : !this.negate;
    }
    return s.flipNegate ? false : this.negate;
  }
  static defaults(t) {
    return T.defaults(t).Minimatch;
  }
};
T.Minimatch = D;
T.escape = K;
T.unescape = st;
var M = Ti("lru-cache:metrics");
var wt = Fi("lru-cache");
var _i = typeof performance == "object" && performance && typeof performance.now == "function" ? performance : Date;
var ke = () => M.hasSubscribers || wt.hasSubscribers;
var us = /* @__PURE__ */ new Set();
var fs = typeof process == "object" && process ? process : {};
var Di = (r7, t, e, s) => {
  typeof fs.emitWarning == "function" ? fs.emitWarning(r7, t, e, s) : console.error(`[${e}] ${t}: ${r7}`);
};
var Ni = (r7) => !us.has(r7);
var V = (r7) => !!r7 && r7 === Math.floor(r7) && r7 > 0 && isFinite(r7);
var ds = (r7) => V(r7) ? r7 <= Math.pow(2, 8) ? Uint8Array : r7 <= Math.pow(2, 16) ? Uint16Array : r7 <= Math.pow(2, 32) ? Uint32Array : r7 <= Number.MAX_SAFE_INTEGER ? jt : null : null;
var jt = class extends Array {
  constructor(r7) {
    super(r7), this.fill(0);
  }
};
var Pi = class bt {
  heap;
  length;
  static #t = false;
  static create(t) {
    let e = ds(t);
    if (!e) return [];
    bt.#t = true;
    let s = new bt(t, e);
    return bt.#t = false, s;
  }
  constructor(t, e) {
    if (!bt.#t) throw new TypeError("instantiate Stack using Stack.create(n)");
    this.heap = new e(t), this.length = 0;
  }
  push(t) {
    this.heap[this.length++] = t;
  }
  pop() {
    return this.heap[--this.length];
  }
};
var yt = class ps {
  #t;
  #n;
  #i;
  #o;
  #r;
  #d;
  #u;
  #f;
  get perf() {
    return this.#f;
  }
  ttl;
  ttlResolution;
  ttlAutopurge;
  updateAgeOnGet;
  updateAgeOnHas;
  allowStale;
  noDisposeOnSet;
  noUpdateTTL;
  maxEntrySize;
  sizeCalculation;
  noDeleteOnFetchRejection;
  noDeleteOnStaleGet;
  allowStaleOnFetchAbort;
  allowStaleOnFetchRejection;
  ignoreFetchAbort;
  backgroundFetchSize;
  #h;
  #m;
  #l;
  #a;
  #s;
  #b;
  #E;
  #y;
  #g;
  #w;
  #p;
  #k;
  #C;
  #x;
  #v;
  #S;
  #M;
  #e;
  #T;
  static unsafeExposeInternals(t) {
    return { starts: t.#C, ttls: t.#x, autopurgeTimers: t.#v, sizes: t.#k, keyMap: t.#l, keyList: t.#a, valList: t.#s, next: t.#b, prev: t.#E, get head() {
      return t.#y;
    }, get tail() {
      return t.#g;
    }, free: t.#w, isBackgroundFetch: (e) => t.#c(e), backgroundFetch: (e, s, i, n) => t.#L(e, s, i, n), moveToTail: (e) => t.#X(e), indexes: (e) => t.#O(e), rindexes: (e) => t.#F(e), isStale: (e) => t.#A(e) };
  }
  get max() {
    return this.#t;
  }
  get maxSize() {
    return this.#n;
  }
  get calculatedSize() {
    return this.#m;
  }
  get size() {
    return this.#h;
  }
  get fetchMethod() {
    return this.#d;
  }
  get memoMethod() {
    return this.#u;
  }
  get dispose() {
    return this.#i;
  }
  get onInsert() {
    return this.#o;
  }
  get disposeAfter() {
    return this.#r;
  }
  constructor(t) {
    let { max: e = 0, ttl: s, ttlResolution: i = 1, ttlAutopurge: n, updateAgeOnGet: o, updateAgeOnHas: h, allowStale: a, dispose: l, onInsert: c, disposeAfter: f, noDisposeOnSet: u, noUpdateTTL: p, maxSize: g = 0, maxEntrySize: d = 0, sizeCalculation: w, fetchMethod: m, memoMethod: b, noDeleteOnFetchRejection: x, noDeleteOnStaleGet: S, allowStaleOnFetchRejection: y, allowStaleOnFetchAbort: q, ignoreFetchAbort: W, backgroundFetchSize: B = 1, perf: et } = t;
    if (this.backgroundFetchSize = B, et !== void 0 && typeof et?.now != "function") throw new TypeError("perf option must have a now() method if specified");
    if (this.#f = et ?? _i, e !== 0 && !V(e)) throw new TypeError("max option must be a nonnegative integer");
    let ie = e ? ds(e) : Array;
    if (!ie) throw new Error("invalid max value: " + e);
    if (this.#t = e, this.#n = g, this.maxEntrySize = d || this.#n, this.sizeCalculation = w, this.sizeCalculation) {
      if (!this.#n && !this.maxEntrySize) throw new TypeError("cannot set sizeCalculation without setting maxSize or maxEntrySize");
      if (typeof this.sizeCalculation != "function") throw new TypeError("sizeCalculation set to non-function");
    }
    if (b !== void 0 && typeof b != "function") throw new TypeError("memoMethod must be a function if defined");
    if (this.#u = b, m !== void 0 && typeof m != "function") throw new TypeError("fetchMethod must be a function if specified");
    if (this.#d = m, this.#M = !!m, this.#l = /* @__PURE__ */ new Map(), this.#a = Array.from({ length: e }).fill(void 0), this.#s = Array.from({ length: e }).fill(void 0), this.#b = new ie(e), this.#E = new ie(e), this.#y = 0, this.#g = 0, this.#w = Pi.create(e), this.#h = 0, this.#m = 0, typeof l == "function" && (this.#i = l), typeof c == "function" && (this.#o = c), typeof f == "function" ? (this.#r = f, this.#p = []) : (this.#r = void 0, this.#p = void 0), this.#S = !!this.#i, this.#T = !!this.#o, this.#e = !!this.#r, this.noDisposeOnSet = !!u, this.noUpdateTTL = !!p, this.noDeleteOnFetchRejection = !!x, this.allowStaleOnFetchRejection = !!y, this.allowStaleOnFetchAbort = !!q, this.ignoreFetchAbort = !!W, this.maxEntrySize !== 0) {
      if (this.#n !== 0 && !V(this.#n)) throw new TypeError("maxSize must be a positive integer if specified");
      if (!V(this.maxEntrySize)) throw new TypeError("maxEntrySize must be a positive integer if specified");
      this.#G();
    }
    if (this.allowStale = !!a, this.noDeleteOnStaleGet = !!S, this.updateAgeOnGet = !!o, this.updateAgeOnHas = !!h, this.ttlResolution = V(i) || i === 0 ? i : 1, this.ttlAutopurge = !!n, this.ttl = s || 0, this.ttl) {
      if (!V(this.ttl)) throw new TypeError("ttl must be a positive integer if specified");
      this.#_();
    }
    if (this.#t === 0 && this.ttl === 0 && this.#n === 0) throw new TypeError("At least one of max, maxSize, or ttl is required");
    if (!this.ttlAutopurge && !this.#t && !this.#n) {
      let ne = "LRU_CACHE_UNBOUNDED";
      Ni(ne) && (us.add(ne), Di("TTL caching without ttlAutopurge, max, or maxSize can result in unbounded memory consumption.", "UnboundedCacheWarning", ne, ps));
    }
  }
  getRemainingTTL(t) {
    return this.#l.has(t) ? 1 / 0 : 0;
  }
  #_() {
    let t = new jt(this.#t), e = new jt(this.#t);
    this.#x = t, this.#C = e;
    let s = this.ttlAutopurge ? Array.from({ length: this.#t }) : void 0;
    this.#v = s, this.#W = (a, l, c = this.#f.now()) => {
      e[a] = l !== 0 ? c : 0, t[a] = l, i(a, l);
    }, this.#R = (a) => {
      e[a] = t[a] !== 0 ? this.#f.now() : 0, i(a, t[a]);
    };
    let i = this.ttlAutopurge ? (a, l) => {
      if (s?.[a] && (clearTimeout(s[a]), s[a] = void 0), l && l !== 0 && s) {
        let c = setTimeout(() => {
          this.#A(a) ? (this.#j(this.#a[a], "expire"), s[a] = void 0) : i(a, h(a));
        }, l + 1);
        c.unref && c.unref(), s[a] = c;
      }
    } : () => {
    };
    this.#D = (a, l) => {
      if (t[l]) {
        let c = t[l], f = e[l];
        if (!c || !f) return;
        a.ttl = c, a.start = f, a.now = n || o();
        let u = a.now - f;
        a.remainingTTL = c - u;
      }
    };
    let n = 0, o = () => {
      let a = this.#f.now();
      if (this.ttlResolution > 0) {
        n = a;
        let l = setTimeout(() => n = 0, this.ttlResolution);
        l.unref && l.unref();
      }
      return a;
    };
    this.getRemainingTTL = (a) => {
      let l = this.#l.get(a);
      return l === void 0 ? 0 : h(l);
    };
    let h = (a) => {
      let l = t[a], c = e[a];
      if (!l || !c) return 1 / 0;
      let f = (n || o()) - c;
      return l - f;
    };
    this.#A = (a) => {
      let l = e[a], c = t[a];
      return !!c && !!l && (n || o()) - l > c;
    };
  }
  #R = () => {
  };
  #D = () => {
  };
  #W = () => {
  };
  #A = () => false;
  #G() {
    let t = new jt(this.#t);
    this.#m = 0, this.#k = t, this.#P = (e) => {
      this.#m -= t[e], t[e] = 0;
    }, this.#$ = (e, s, i, n) => {
      if (!V(i)) {
        if (this.#c(s)) return this.backgroundFetchSize;
        if (n) {
          if (typeof n != "function") throw new TypeError("sizeCalculation must be a function");
          if (i = n(s, e), !V(i)) throw new TypeError("sizeCalculation return invalid (expect positive integer)");
        } else throw new TypeError("invalid size value (must be positive integer). When maxSize or maxEntrySize is used, sizeCalculation or size must be set.");
      }
      return i;
    }, this.#N = (e, s, i) => {
      if (t[e] = s, this.#n) {
        let n = this.#n - t[e];
        for (; this.#m > n; ) this.#U(true);
      }
      this.#m += t[e], i && (i.entrySize = s, i.totalCalculatedSize = this.#m);
    };
  }
  #P = (t) => {
  };
  #N = (t, e, s) => {
  };
  #$ = (t, e, s, i) => {
    if (s || i) throw new TypeError("cannot set size without setting maxSize or maxEntrySize on cache");
    return 0;
  };
  *#O({ allowStale: t = this.allowStale } = {}) {
    if (this.#h) for (let e = this.#g; this.#I(e) && ((t || !this.#A(e)) && (yield e), e !== this.#y); ) e = this.#E[e];
  }
  *#F({ allowStale: t = this.allowStale } = {}) {
    if (this.#h) for (let e = this.#y; this.#I(e) && ((t || !this.#A(e)) && (yield e), e !== this.#g); ) e = this.#b[e];
  }
  #I(t) {
    return t !== void 0 && this.#l.get(this.#a[t]) === t;
  }
  *entries() {
    for (let t of this.#O()) this.#s[t] !== void 0 && this.#a[t] !== void 0 && !this.#c(this.#s[t]) && (yield [this.#a[t], this.#s[t]]);
  }
  *rentries() {
    for (let t of this.#F()) this.#s[t] !== void 0 && this.#a[t] !== void 0 && !this.#c(this.#s[t]) && (yield [this.#a[t], this.#s[t]]);
  }
  *keys() {
    for (let t of this.#O()) {
      let e = this.#a[t];
      e !== void 0 && !this.#c(this.#s[t]) && (yield e);
    }
  }
  *rkeys() {
    for (let t of this.#F()) {
      let e = this.#a[t];
      e !== void 0 && !this.#c(this.#s[t]) && (yield e);
    }
  }
  *values() {
    for (let t of this.#O()) this.#s[t] !== void 0 && !this.#c(this.#s[t]) && (yield this.#s[t]);
  }
  *rvalues() {
    for (let t of this.#F()) this.#s[t] !== void 0 && !this.#c(this.#s[t]) && (yield this.#s[t]);
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  [Symbol.toStringTag] = "LRUCache";
  find(t, e = {}) {
    for (let s of this.#O()) {
      let i = this.#s[s], n = this.#c(i) ? i.__staleWhileFetching : i;
      if (n !== void 0 && t(n, this.#a[s], this)) return this.#K(this.#a[s], e);
    }
  }
  forEach(t, e = this) {
    for (let s of this.#O()) {
      let i = this.#s[s], n = this.#c(i) ? i.__staleWhileFetching : i;
      n !== void 0 && t.call(e, n, this.#a[s], this);
    }
  }
  rforEach(t, e = this) {
    for (let s of this.#F()) {
      let i = this.#s[s], n = this.#c(i) ? i.__staleWhileFetching : i;
      n !== void 0 && t.call(e, n, this.#a[s], this);
    }
  }
  purgeStale() {
    let t = false;
    for (let e of this.#F({ allowStale: true })) this.#A(e) && (this.#j(this.#a[e], "expire"), t = true);
    return t;
  }
  info(t) {
    let e = this.#l.get(t);
    if (e === void 0) return;
    let s = this.#s[e], i = this.#c(s) ? s.__staleWhileFetching : s;
    if (i === void 0) return;
    let n = { value: i };
    if (this.#x && this.#C) {
      let o = this.#x[e], h = this.#C[e];
      if (o && h) {
        let a = o - (this.#f.now() - h);
        n.ttl = a, n.start = Date.now();
      }
    }
    return this.#k && (n.size = this.#k[e]), n;
  }
  dump() {
    let t = [];
    for (let e of this.#O({ allowStale: true })) {
      let s = this.#a[e], i = this.#s[e], n = this.#c(i) ? i.__staleWhileFetching : i;
      if (n === void 0 || s === void 0) continue;
      let o = { value: n };
      if (this.#x && this.#C) {
        o.ttl = this.#x[e];
        let h = this.#f.now() - this.#C[e];
        o.start = Math.floor(Date.now() - h);
      }
      this.#k && (o.size = this.#k[e]), t.unshift([s, o]);
    }
    return t;
  }
  load(t) {
    this.clear();
    for (let [e, s] of t) {
      if (s.start) {
        let i = Date.now() - s.start;
        s.start = this.#f.now() - i;
      }
      this.#z(e, s.value, s);
    }
  }
  set(t, e, s = {}) {
    let { status: i = M.hasSubscribers ? {} : void 0 } = s;
    s.status = i, i && (i.op = "set", i.key = t, e !== void 0 && (i.value = e), i.cache = this);
    let n = this.#z(t, e, s);
    return i && M.hasSubscribers && M.publish(i), n;
  }
  #z(t, e, s, i) {
    let { ttl: n = this.ttl, start: o, noDisposeOnSet: h = this.noDisposeOnSet, sizeCalculation: a = this.sizeCalculation, status: l } = s, c = this.#c(e);
    if (e === void 0) return l && (l.set = "deleted"), this.delete(t), this;
    let { noUpdateTTL: f = this.noUpdateTTL } = s;
    l && !c && (l.value = e);
    let u = this.#$(t, e, s.size || 0, a, l);
    if (this.maxEntrySize && u > this.maxEntrySize) return this.#j(t, "set"), l && (l.set = "miss", l.maxEntrySizeExceeded = true), this;
    let p = this.#h === 0 ? void 0 : this.#l.get(t);
    if (p === void 0) p = this.#h === 0 ? this.#g : this.#w.length !== 0 ? this.#w.pop() : this.#h === this.#t ? this.#U(false) : this.#h, this.#a[p] = t, this.#s[p] = e, this.#l.set(t, p), this.#b[this.#g] = p, this.#E[p] = this.#g, this.#g = p, this.#h++, this.#N(p, u, l), l && (l.set = "add"), f = false, this.#T && !c && this.#o?.(e, t, "add");
    else {
      this.#X(p);
      let g = this.#s[p];
      if (e !== g) {
        if (!h) if (this.#c(g)) {
          g !== i && g.__abortController.abort(new Error("replaced"));
          let { __staleWhileFetching: d } = g;
          d !== void 0 && d !== e && (this.#S && this.#i?.(d, t, "set"), this.#e && this.#p?.push([d, t, "set"]));
        } else this.#S && this.#i?.(g, t, "set"), this.#e && this.#p?.push([g, t, "set"]);
        if (this.#P(p), this.#N(p, u, l), this.#s[p] = e, !c) {
          let d = g && this.#c(g) ? g.__staleWhileFetching : g, w = d === void 0 ? "add" : e !== d ? "replace" : "update";
          l && (l.set = w, d !== void 0 && (l.oldValue = d)), this.#T && this.onInsert?.(e, t, w);
        }
      } else c || (l && (l.set = "update"), this.#T && this.onInsert?.(e, t, "update"));
    }
    if (n !== 0 && !this.#x && this.#_(), this.#x && (f || this.#W(p, n, o), l && this.#D(l, p)), !h && this.#e && this.#p) {
      let g = this.#p, d;
      for (; d = g?.shift(); ) this.#r?.(...d);
    }
    return this;
  }
  pop() {
    try {
      for (; this.#h; ) {
        let t = this.#s[this.#y];
        if (this.#U(true), this.#c(t)) {
          if (t.__staleWhileFetching) return t.__staleWhileFetching;
        } else if (t !== void 0) return t;
      }
    } finally {
      if (this.#e && this.#p) {
        let t = this.#p, e;
        for (; e = t?.shift(); ) this.#r?.(...e);
      }
    }
  }
  #U(t) {
    let e = this.#y, s = this.#a[e], i = this.#s[e], n = this.#c(i);
    n && i.__abortController.abort(new Error("evicted"));
    let o = n ? i.__staleWhileFetching : i;
    return (this.#S || this.#e) && o !== void 0 && (this.#S && this.#i?.(o, s, "evict"), this.#e && this.#p?.push([o, s, "evict"])), this.#P(e), this.#v?.[e] && (clearTimeout(this.#v[e]), this.#v[e] = void 0), t && (this.#a[e] = void 0, this.#s[e] = void 0, this.#w.push(e)), this.#h === 1 ? (this.#y = this.#g = 0, this.#w.length = 0) : this.#y = this.#b[e], this.#l.delete(s), this.#h--, e;
  }
  has(t, e = {}) {
    let { status: s = M.hasSubscribers ? {} : void 0 } = e;
    e.status = s, s && (s.op = "has", s.key = t, s.cache = this);
    let i = this.#V(t, e);
    return M.hasSubscribers && M.publish(s), i;
  }
  #V(t, e = {}) {
    let { updateAgeOnHas: s = this.updateAgeOnHas, status: i } = e, n = this.#l.get(t);
    if (n !== void 0) {
      let o = this.#s[n];
      if (this.#c(o) && o.__staleWhileFetching === void 0) return false;
      if (this.#A(n)) i && (i.has = "stale", this.#D(i, n));
      else return s && this.#R(n), i && (i.has = "hit", this.#D(i, n)), true;
    } else i && (i.has = "miss");
    return false;
  }
  peek(t, e = {}) {
    let { status: s = ke() ? {} : void 0 } = e;
    s && (s.op = "peek", s.key = t, s.cache = this), e.status = s;
    let i = this.#H(t, e);
    return M.hasSubscribers && M.publish(s), i;
  }
  #H(t, e) {
    let { status: s, allowStale: i = this.allowStale } = e, n = this.#l.get(t);
    if (n === void 0 || !i && this.#A(n)) {
      s && (s.peek = n === void 0 ? "miss" : "stale");
      return;
    }
    let o = this.#s[n], h = this.#c(o) ? o.__staleWhileFetching : o;
    return s && (h !== void 0 ? (s.peek = "hit", s.value = h) : s.peek = "miss"), h;
  }
  #L(t, e, s, i) {
    let n = e === void 0 ? void 0 : this.#s[e];
    if (this.#c(n)) return n;
    let o = new AbortController(), { signal: h } = s;
    h?.addEventListener("abort", () => o.abort(h.reason), { signal: o.signal });
    let a = { signal: o.signal, options: s, context: i }, l = (d, w = false) => {
      let { aborted: m } = o.signal, b = s.ignoreFetchAbort && d !== void 0, x = s.ignoreFetchAbort || !!(s.allowStaleOnFetchAbort && d !== void 0);
      if (s.status && (m && !w ? (s.status.fetchAborted = true, s.status.fetchError = o.signal.reason, b && (s.status.fetchAbortIgnored = true)) : s.status.fetchResolved = true), m && !b && !w) return f(o.signal.reason, x);
      let S = p, y = this.#s[e];
      return (y === p || y === void 0 && b && w) && (d === void 0 ? S.__staleWhileFetching !== void 0 ? this.#s[e] = S.__staleWhileFetching : this.#j(t, "fetch") : (s.status && (s.status.fetchUpdated = true), this.#z(t, d, a.options, S))), d;
    }, c = (d) => (s.status && (s.status.fetchRejected = true, s.status.fetchError = d), f(d, false)), f = (d, w) => {
      let { aborted: m } = o.signal, b = m && s.allowStaleOnFetchAbort, x = b || s.allowStaleOnFetchRejection, S = x || s.noDeleteOnFetchRejection, y = p;
      if (this.#s[e] === p && (!S || !w && y.__staleWhileFetching === void 0 ? this.#j(t, "fetch") : b || (this.#s[e] = y.__staleWhileFetching)), x) return s.status && y.__staleWhileFetching !== void 0 && (s.status.returnedStale = true), y.__staleWhileFetching;
      if (y.__returned === y) throw d;
    }, u = (d, w) => {
      let m = this.#d?.(t, n, a);
      o.signal.addEventListener("abort", () => {
        (!s.ignoreFetchAbort || s.allowStaleOnFetchAbort) && (d(void 0), s.allowStaleOnFetchAbort && (d = (b) => l(b, true)));
      }), m && m instanceof Promise ? m.then((b) => d(b === void 0 ? void 0 : b), w) : m !== void 0 && d(m);
    };
    s.status && (s.status.fetchDispatched = true);
    let p = new Promise(u).then(l, c), g = Object.assign(p, { __abortController: o, __staleWhileFetching: n, __returned: void 0 });
    return e === void 0 ? (this.#z(t, g, { ...a.options, status: void 0 }), e = this.#l.get(t)) : this.#s[e] = g, g;
  }
  #c(t) {
    if (!this.#M) return false;
    let e = t;
    return !!e && e instanceof Promise && e.hasOwnProperty("__staleWhileFetching") && e.__abortController instanceof AbortController;
  }
  fetch(t, e = {}) {
    let s = wt.hasSubscribers, { status: i = ke() ? {} : void 0 } = e;
    e.status = i, i && e.context && (i.context = e.context);
    let n = this.#q(t, e);
    return i && s && (i.trace = true, wt.tracePromise(() => n, i).catch(() => {
    })), n;
  }
  async #q(t, e = {}) {
    let { allowStale: s = this.allowStale, updateAgeOnGet: i = this.updateAgeOnGet, noDeleteOnStaleGet: n = this.noDeleteOnStaleGet, ttl: o = this.ttl, noDisposeOnSet: h = this.noDisposeOnSet, size: a = 0, sizeCalculation: l = this.sizeCalculation, noUpdateTTL: c = this.noUpdateTTL, noDeleteOnFetchRejection: f = this.noDeleteOnFetchRejection, allowStaleOnFetchRejection: u = this.allowStaleOnFetchRejection, ignoreFetchAbort: p = this.ignoreFetchAbort, allowStaleOnFetchAbort: g = this.allowStaleOnFetchAbort, context: d, forceRefresh: w = false, status: m, signal: b } = e;
    if (m && (m.op = "fetch", m.key = t, w && (m.forceRefresh = true), m.cache = this), !this.#M) return m && (m.fetch = "get"), this.#K(t, { allowStale: s, updateAgeOnGet: i, noDeleteOnStaleGet: n, status: m });
    let x = { allowStale: s, updateAgeOnGet: i, noDeleteOnStaleGet: n, ttl: o, noDisposeOnSet: h, size: a, sizeCalculation: l, noUpdateTTL: c, noDeleteOnFetchRejection: f, allowStaleOnFetchRejection: u, allowStaleOnFetchAbort: g, ignoreFetchAbort: p, status: m, signal: b }, S = this.#l.get(t);
    if (S === void 0) {
      m && (m.fetch = "miss");
      let y = this.#L(t, S, x, d);
      return y.__returned = y;
    } else {
      let y = this.#s[S];
      if (this.#c(y)) {
        let et = s && y.__staleWhileFetching !== void 0;
        return m && (m.fetch = "inflight", et && (m.returnedStale = true)), et ? y.__staleWhileFetching : y.__returned = y;
      }
      let q = this.#A(S);
      if (!w && !q) return m && (m.fetch = "hit"), this.#X(S), i && this.#R(S), m && this.#D(m, S), y;
      let W = this.#L(t, S, x, d), B = W.__staleWhileFetching !== void 0 && s;
      return m && (m.fetch = q ? "stale" : "refresh", B && q && (m.returnedStale = true)), B ? W.__staleWhileFetching : W.__returned = W;
    }
  }
  forceFetch(t, e = {}) {
    let s = wt.hasSubscribers, { status: i = ke() ? {} : void 0 } = e;
    e.status = i, i && e.context && (i.context = e.context);
    let n = this.#B(t, e);
    return i && s && (i.trace = true, wt.tracePromise(() => n, i).catch(() => {
    })), n;
  }
  async #B(t, e = {}) {
    let s = await this.#q(t, e);
    if (s === void 0) throw new Error("fetch() returned undefined");
    return s;
  }
  memo(t, e = {}) {
    let { status: s = M.hasSubscribers ? {} : void 0 } = e;
    e.status = s, s && (s.op = "memo", s.key = t, e.context && (s.context = e.context), s.cache = this);
    let i = this.#Z(t, e);
    return s && (s.value = i), M.hasSubscribers && M.publish(s), i;
  }
  #Z(t, e = {}) {
    let s = this.#u;
    if (!s) throw new Error("no memoMethod provided to constructor");
    let { context: i, status: n, forceRefresh: o, ...h } = e;
    n && o && (n.forceRefresh = true);
    let a = this.#K(t, h), l = o || a === void 0;
    if (n && (n.memo = l ? "miss" : "hit", l || (n.value = a)), !l) return a;
    let c = s(t, a, { options: h, context: i });
    return n && (n.value = c), this.#z(t, c, h), c;
  }
  get(t, e = {}) {
    let { status: s = M.hasSubscribers ? {} : void 0 } = e;
    e.status = s, s && (s.op = "get", s.key = t, s.cache = this);
    let i = this.#K(t, e);
    return s && (i !== void 0 && (s.value = i), M.hasSubscribers && M.publish(s)), i;
  }
  #K(t, e = {}) {
    let { allowStale: s = this.allowStale, updateAgeOnGet: i = this.updateAgeOnGet, noDeleteOnStaleGet: n = this.noDeleteOnStaleGet, status: o } = e, h = this.#l.get(t);
    if (h === void 0) {
      o && (o.get = "miss");
      return;
    }
    let a = this.#s[h], l = this.#c(a);
    return o && this.#D(o, h), this.#A(h) ? l ? (o && (o.get = "stale-fetching"), s && a.__staleWhileFetching !== void 0 ? (o && (o.returnedStale = true), a.__staleWhileFetching) : void 0) : (n || this.#j(t, "expire"), o && (o.get = "stale"), s ? (o && (o.returnedStale = true), a) : void 0) : (o && (o.get = l ? "fetching" : "hit"), this.#X(h), i && this.#R(h), l ? a.__staleWhileFetching : a);
  }
  #Y(t, e) {
    this.#E[e] = t, this.#b[t] = e;
  }
  #X(t) {
    t !== this.#g && (t === this.#y ? this.#y = this.#b[t] : this.#Y(this.#E[t], this.#b[t]), this.#Y(this.#g, t), this.#g = t);
  }
  delete(t) {
    return this.#j(t, "delete");
  }
  #j(t, e) {
    M.hasSubscribers && M.publish({ op: "delete", delete: e, key: t, cache: this });
    let s = false;
    if (this.#h !== 0) {
      let i = this.#l.get(t);
      if (i !== void 0) if (this.#v?.[i] && (clearTimeout(this.#v[i]), this.#v[i] = void 0), s = true, this.#h === 1) this.#J(e);
      else {
        this.#P(i);
        let n = this.#s[i];
        if (this.#c(n) ? n.__abortController.abort(new Error("deleted")) : (this.#S || this.#e) && (this.#S && this.#i?.(n, t, e), this.#e && this.#p?.push([n, t, e])), this.#l.delete(t), this.#a[i] = void 0, this.#s[i] = void 0, i === this.#g) this.#g = this.#E[i];
        else if (i === this.#y) this.#y = this.#b[i];
        else {
          let o = this.#E[i];
          this.#b[o] = this.#b[i];
          let h = this.#b[i];
          this.#E[h] = this.#E[i];
        }
        this.#h--, this.#w.push(i);
      }
    }
    if (this.#e && this.#p?.length) {
      let i = this.#p, n;
      for (; n = i?.shift(); ) this.#r?.(...n);
    }
    return s;
  }
  clear() {
    return this.#J("delete");
  }
  #J(t) {
    for (let e of this.#F({ allowStale: true })) {
      let s = this.#s[e];
      if (this.#c(s)) s.__abortController.abort(new Error("deleted"));
      else {
        let i = this.#a[e];
        this.#S && this.#i?.(s, i, t), this.#e && this.#p?.push([s, i, t]);
      }
    }
    if (this.#l.clear(), this.#s.fill(void 0), this.#a.fill(void 0), this.#x && this.#C) {
      this.#x.fill(0), this.#C.fill(0);
      for (let e of this.#v ?? []) e !== void 0 && clearTimeout(e);
      this.#v?.fill(void 0);
    }
    if (this.#k && this.#k.fill(0), this.#y = 0, this.#g = 0, this.#w.length = 0, this.#m = 0, this.#h = 0, this.#e && this.#p) {
      let e = this.#p, s;
      for (; s = e?.shift(); ) this.#r?.(...s);
    }
  }
};
var ms = typeof process == "object" && process ? process : { stdout: null, stderr: null };
var Li = (r7) => !!r7 && typeof r7 == "object" && (r7 instanceof J || r7 instanceof ys || ji(r7) || Wi(r7));
var ji = (r7) => !!r7 && typeof r7 == "object" && r7 instanceof Te && typeof r7.pipe == "function" && r7.pipe !== ys.Writable.prototype.pipe;
var Wi = (r7) => !!r7 && typeof r7 == "object" && r7 instanceof Te && typeof r7.write == "function" && typeof r7.end == "function";
var G = /* @__PURE__ */ Symbol("EOF");
var H = /* @__PURE__ */ Symbol("maybeEmitEnd");
var Y = /* @__PURE__ */ Symbol("emittedEnd");
var Wt = /* @__PURE__ */ Symbol("emittingEnd");
var St = /* @__PURE__ */ Symbol("emittedError");
var $t = /* @__PURE__ */ Symbol("closed");
var gs = /* @__PURE__ */ Symbol("read");
var It = /* @__PURE__ */ Symbol("flush");
var ws = /* @__PURE__ */ Symbol("flushChunk");
var z = /* @__PURE__ */ Symbol("encoding");
var nt = /* @__PURE__ */ Symbol("decoder");
var k = /* @__PURE__ */ Symbol("flowing");
var xt = /* @__PURE__ */ Symbol("paused");
var rt = /* @__PURE__ */ Symbol("resume");
var C = /* @__PURE__ */ Symbol("buffer");
var F = /* @__PURE__ */ Symbol("pipes");
var A = /* @__PURE__ */ Symbol("bufferLength");
var Ce = /* @__PURE__ */ Symbol("bufferPush");
var Bt = /* @__PURE__ */ Symbol("bufferShift");
var R = /* @__PURE__ */ Symbol("objectMode");
var E = /* @__PURE__ */ Symbol("destroyed");
var Ae = /* @__PURE__ */ Symbol("error");
var Me = /* @__PURE__ */ Symbol("emitData");
var bs = /* @__PURE__ */ Symbol("emitEnd");
var Re = /* @__PURE__ */ Symbol("emitEnd2");
var $ = /* @__PURE__ */ Symbol("async");
var Oe = /* @__PURE__ */ Symbol("abort");
var Ut = /* @__PURE__ */ Symbol("aborted");
var vt = /* @__PURE__ */ Symbol("signal");
var Q = /* @__PURE__ */ Symbol("dataListeners");
var _ = /* @__PURE__ */ Symbol("discarded");
var Et = (r7) => Promise.resolve().then(r7);
var $i = (r7) => r7();
var Ii = (r7) => r7 === "end" || r7 === "finish" || r7 === "prefinish";
var Bi = (r7) => r7 instanceof ArrayBuffer || !!r7 && typeof r7 == "object" && r7.constructor && r7.constructor.name === "ArrayBuffer" && r7.byteLength >= 0;
var Ui = (r7) => !Buffer.isBuffer(r7) && ArrayBuffer.isView(r7);
var Gt = class {
  src;
  dest;
  opts;
  ondrain;
  constructor(t, e, s) {
    this.src = t, this.dest = e, this.opts = s, this.ondrain = () => t[rt](), this.dest.on("drain", this.ondrain);
  }
  unpipe() {
    this.dest.removeListener("drain", this.ondrain);
  }
  proxyErrors(t) {
  }
  end() {
    this.unpipe(), this.opts.end && this.dest.end();
  }
};
var Fe = class extends Gt {
  unpipe() {
    this.src.removeListener("error", this.proxyErrors), super.unpipe();
  }
  constructor(t, e, s) {
    super(t, e, s), this.proxyErrors = (i) => this.dest.emit("error", i), t.on("error", this.proxyErrors);
  }
};
var Gi = (r7) => !!r7.objectMode;
var Hi = (r7) => !r7.objectMode && !!r7.encoding && r7.encoding !== "buffer";
var J = class extends Te {
  [k] = false;
  [xt] = false;
  [F] = [];
  [C] = [];
  [R];
  [z];
  [$];
  [nt];
  [G] = false;
  [Y] = false;
  [Wt] = false;
  [$t] = false;
  [St] = null;
  [A] = 0;
  [E] = false;
  [vt];
  [Ut] = false;
  [Q] = 0;
  [_] = false;
  writable = true;
  readable = true;
  constructor(...t) {
    let e = t[0] || {};
    if (super(), e.objectMode && typeof e.encoding == "string") throw new TypeError("Encoding and objectMode may not be used together");
    Gi(e) ? (this[R] = true, this[z] = null) : Hi(e) ? (this[z] = e.encoding, this[R] = false) : (this[R] = false, this[z] = null), this[$] = !!e.async, this[nt] = this[z] ? new zi(this[z]) : null, e && e.debugExposeBuffer === true && Object.defineProperty(this, "buffer", { get: () => this[C] }), e && e.debugExposePipes === true && Object.defineProperty(this, "pipes", { get: () => this[F] });
    let { signal: s } = e;
    s && (this[vt] = s, s.aborted ? this[Oe]() : s.addEventListener("abort", () => this[Oe]()));
  }
  get bufferLength() {
    return this[A];
  }
  get encoding() {
    return this[z];
  }
  set encoding(t) {
    throw new Error("Encoding must be set at instantiation time");
  }
  setEncoding(t) {
    throw new Error("Encoding must be set at instantiation time");
  }
  get objectMode() {
    return this[R];
  }
  set objectMode(t) {
    throw new Error("objectMode must be set at instantiation time");
  }
  get async() {
    return this[$];
  }
  set async(t) {
    this[$] = this[$] || !!t;
  }
  [Oe]() {
    this[Ut] = true, this.emit("abort", this[vt]?.reason), this.destroy(this[vt]?.reason);
  }
  get aborted() {
    return this[Ut];
  }
  set aborted(t) {
  }
  write(t, e, s) {
    if (this[Ut]) return false;
    if (this[G]) throw new Error("write after end");
    if (this[E]) return this.emit("error", Object.assign(new Error("Cannot call write after a stream was destroyed"), { code: "ERR_STREAM_DESTROYED" })), true;
    typeof e == "function" && (s = e, e = "utf8"), e || (e = "utf8");
    let i = this[$] ? Et : $i;
    if (!this[R] && !Buffer.isBuffer(t)) {
      if (Ui(t)) t = Buffer.from(t.buffer, t.byteOffset, t.byteLength);
      else if (Bi(t)) t = Buffer.from(t);
      else if (typeof t != "string") throw new Error("Non-contiguous data written to non-objectMode stream");
    }
    return this[R] ? (this[k] && this[A] !== 0 && this[It](true), this[k] ? this.emit("data", t) : this[Ce](t), this[A] !== 0 && this.emit("readable"), s && i(s), this[k]) : t.length ? (typeof t == "string" && !(e === this[z] && !this[nt]?.lastNeed) && (t = Buffer.from(t, e)), Buffer.isBuffer(t) && this[z] && (t = this[nt].write(t)), this[k] && this[A] !== 0 && this[It](true), this[k] ? this.emit("data", t) : this[Ce](t), this[A] !== 0 && this.emit("readable"), s && i(s), this[k]) : (this[A] !== 0 && this.emit("readable"), s && i(s), this[k]);
  }
  read(t) {
    if (this[E]) return null;
    if (this[_] = false, this[A] === 0 || t === 0 || t && t > this[A]) return this[H](), null;
    this[R] && (t = null), this[C].length > 1 && !this[R] && (this[C] = [this[z] ? this[C].join("") : Buffer.concat(this[C], this[A])]);
    let e = this[gs](t || null, this[C][0]);
    return this[H](), e;
  }
  [gs](t, e) {
    if (this[R]) this[Bt]();
    else {
      let s = e;
      t === s.length || t === null ? this[Bt]() : typeof s == "string" ? (this[C][0] = s.slice(t), e = s.slice(0, t), this[A] -= t) : (this[C][0] = s.subarray(t), e = s.subarray(0, t), this[A] -= t);
    }
    return this.emit("data", e), !this[C].length && !this[G] && this.emit("drain"), e;
  }
  end(t, e, s) {
    return typeof t == "function" && (s = t, t = void 0), typeof e == "function" && (s = e, e = "utf8"), t !== void 0 && this.write(t, e), s && this.once("end", s), this[G] = true, this.writable = false, (this[k] || !this[xt]) && this[H](), this;
  }
  [rt]() {
    this[E] || (!this[Q] && !this[F].length && (this[_] = true), this[xt] = false, this[k] = true, this.emit("resume"), this[C].length ? this[It]() : this[G] ? this[H]() : this.emit("drain"));
  }
  resume() {
    return this[rt]();
  }
  pause() {
    this[k] = false, this[xt] = true, this[_] = false;
  }
  get destroyed() {
    return this[E];
  }
  get flowing() {
    return this[k];
  }
  get paused() {
    return this[xt];
  }
  [Ce](t) {
    this[R] ? this[A] += 1 : this[A] += t.length, this[C].push(t);
  }
  [Bt]() {
    return this[R] ? this[A] -= 1 : this[A] -= this[C][0].length, this[C].shift();
  }
  [It](t = false) {
    do
      ;
    while (this[ws](this[Bt]()) && this[C].length);
    !t && !this[C].length && !this[G] && this.emit("drain");
  }
  [ws](t) {
    return this.emit("data", t), this[k];
  }
  pipe(t, e) {
    if (this[E]) return t;
    this[_] = false;
    let s = this[Y];
    return e = e || {}, t === ms.stdout || t === ms.stderr ? e.end = false : e.end = e.end !== false, e.proxyErrors = !!e.proxyErrors, s ? e.end && t.end() : (this[F].push(e.proxyErrors ? new Fe(this, t, e) : new Gt(this, t, e)), this[$] ? Et(() => this[rt]()) : this[rt]()), t;
  }
  unpipe(t) {
    let e = this[F].find((s) => s.dest === t);
    e && (this[F].length === 1 ? (this[k] && this[Q] === 0 && (this[k] = false), this[F] = []) : this[F].splice(this[F].indexOf(e), 1), e.unpipe());
  }
  addListener(t, e) {
    return this.on(t, e);
  }
  on(t, e) {
    let s = super.on(t, e);
    if (t === "data") this[_] = false, this[Q]++, !this[F].length && !this[k] && this[rt]();
    else if (t === "readable" && this[A] !== 0) super.emit("readable");
    else if (Ii(t) && this[Y]) super.emit(t), this.removeAllListeners(t);
    else if (t === "error" && this[St]) {
      let i = e;
      this[$] ? Et(() => i.call(this, this[St])) : i.call(this, this[St]);
    }
    return s;
  }
  removeListener(t, e) {
    return this.off(t, e);
  }
  off(t, e) {
    let s = super.off(t, e);
    return t === "data" && (this[Q] = this.listeners("data").length, this[Q] === 0 && !this[_] && !this[F].length && (this[k] = false)), s;
  }
  removeAllListeners(t) {
    let e = super.removeAllListeners(t);
    return (t === "data" || t === void 0) && (this[Q] = 0, !this[_] && !this[F].length && (this[k] = false)), e;
  }
  get emittedEnd() {
    return this[Y];
  }
  [H]() {
    !this[Wt] && !this[Y] && !this[E] && this[C].length === 0 && this[G] && (this[Wt] = true, this.emit("end"), this.emit("prefinish"), this.emit("finish"), this[$t] && this.emit("close"), this[Wt] = false);
  }
  emit(t, ...e) {
    let s = e[0];
    if (t !== "error" && t !== "close" && t !== E && this[E]) return false;
    if (t === "data") return !this[R] && !s ? false : this[$] ? (Et(() => this[Me](s)), true) : this[Me](s);
    if (t === "end") return this[bs]();
    if (t === "close") {
      if (this[$t] = true, !this[Y] && !this[E]) return false;
      let n = super.emit("close");
      return this.removeAllListeners("close"), n;
    } else if (t === "error") {
      this[St] = s, super.emit(Ae, s);
      let n = !this[vt] || this.listeners("error").length ? super.emit("error", s) : false;
      return this[H](), n;
    } else if (t === "resume") {
      let n = super.emit("resume");
      return this[H](), n;
    } else if (t === "finish" || t === "prefinish") {
      let n = super.emit(t);
      return this.removeAllListeners(t), n;
    }
    let i = super.emit(t, ...e);
    return this[H](), i;
  }
  [Me](t) {
    for (let s of this[F]) s.dest.write(t) === false && this.pause();
    let e = this[_] ? false : super.emit("data", t);
    return this[H](), e;
  }
  [bs]() {
    return this[Y] ? false : (this[Y] = true, this.readable = false, this[$] ? (Et(() => this[Re]()), true) : this[Re]());
  }
  [Re]() {
    if (this[nt]) {
      let e = this[nt].end();
      if (e) {
        for (let s of this[F]) s.dest.write(e);
        this[_] || super.emit("data", e);
      }
    }
    for (let e of this[F]) e.end();
    let t = super.emit("end");
    return this.removeAllListeners("end"), t;
  }
  async collect() {
    let t = Object.assign([], { dataLength: 0 });
    this[R] || (t.dataLength = 0);
    let e = this.promise();
    return this.on("data", (s) => {
      t.push(s), this[R] || (t.dataLength += s.length);
    }), await e, t;
  }
  async concat() {
    if (this[R]) throw new Error("cannot concat in objectMode");
    let t = await this.collect();
    return this[z] ? t.join("") : Buffer.concat(t, t.dataLength);
  }
  async promise() {
    return new Promise((t, e) => {
      this.on(E, () => e(new Error("stream destroyed"))), this.on("error", (s) => e(s)), this.on("end", () => t());
    });
  }
  [Symbol.asyncIterator]() {
    this[_] = false;
    let t = false, e = async () => (this.pause(), t = true, { value: void 0, done: true });
    return { next: () => {
      if (t) return e();
      let i = this.read();
      if (i !== null) return Promise.resolve({ done: false, value: i });
      if (this[G]) return e();
      let n, o, h = (f) => {
        this.off("data", a), this.off("end", l), this.off(E, c), e(), o(f);
      }, a = (f) => {
        this.off("error", h), this.off("end", l), this.off(E, c), this.pause(), n({ value: f, done: !!this[G] });
      }, l = () => {
        this.off("error", h), this.off("data", a), this.off(E, c), e(), n({ done: true, value: void 0 });
      }, c = () => h(new Error("stream destroyed"));
      return new Promise((f, u) => {
        o = u, n = f, this.once(E, c), this.once("error", h), this.once("end", l), this.once("data", a);
      });
    }, throw: e, return: e, [Symbol.asyncIterator]() {
      return this;
    }, [Symbol.asyncDispose]: async () => {
    } };
  }
  [Symbol.iterator]() {
    this[_] = false;
    let t = false, e = () => (this.pause(), this.off(Ae, e), this.off(E, e), this.off("end", e), t = true, { done: true, value: void 0 }), s = () => {
      if (t) return e();
      let i = this.read();
      return i === null ? e() : { done: false, value: i };
    };
    return this.once("end", e), this.once(Ae, e), this.once(E, e), { next: s, throw: e, return: e, [Symbol.iterator]() {
      return this;
    }, [Symbol.dispose]: () => {
    } };
  }
  destroy(t) {
    if (this[E]) return t ? this.emit("error", t) : this.emit(E), this;
    this[E] = true, this[_] = true, this[C].length = 0, this[A] = 0;
    let e = this;
    return typeof e.close == "function" && !this[$t] && e.close(), t ? this.emit("error", t) : this.emit(E), this;
  }
  static get isStream() {
    return Li;
  }
};
var tn = Zi.native;
var Ct = { lstatSync: Xi, readdir: Vi, readdirSync: Yi, readlinkSync: Ji, realpathSync: tn, promises: { lstat: en, readdir: sn, readlink: nn, realpath: rn } };
var Cs = (r7) => !r7 || r7 === Ct || r7 === Qi ? Ct : { ...Ct, ...r7, promises: { ...Ct.promises, ...r7.promises } };
var on = /^\\\\\?\\([a-z]:)\\?$/i;
var hn = /^\\\\\?\\UNC\\([^\\]+\\[^\\]+)\\?$/i;
var an = /^\\\\[^\\?]+\\[^\\]+$/;
var Ss = (r7) => r7.replace(/\//g, "\\").replace(on, "$1\\").replace(hn, "\\\\$1\\").replace(an, "$&\\");
var ln = /^[\\/]{2}\?[\\/]unc[\\/][^\\/]+[\\/][^\\/]+(?:[\\/]|$)/i;
var cn = /^[\\/]{2}\?[\\/](?=[a-z]:)/i;
var fn = /^[\\/]{2}\?[\\/]unc(?=[\\/][^\\/]+[\\/][^\\/])/i;
var un = /[\\/]/;
var P = 0;
var As = 1;
var Ms = 2;
var I = 4;
var Rs = 6;
var Os = 8;
var tt = 10;
var Fs = 12;
var N = 15;
var kt = ~N;
var _e = 16;
var xs = 32;
var At = 64;
var L = 128;
var Ht = 256;
var Kt = 512;
var vs = At | L | Kt;
var dn = 1023;
var De = (r7) => r7.isFile() ? Os : r7.isDirectory() ? I : r7.isSymbolicLink() ? tt : r7.isCharacterDevice() ? Ms : r7.isBlockDevice() ? Rs : r7.isSocket() ? Fs : r7.isFIFO() ? As : P;
var Es = new yt({ max: 2 ** 12 });
var Mt = (r7) => {
  let t = Es.get(r7);
  if (t) return t;
  let e = r7.normalize("NFKD");
  return Es.set(r7, e), e;
};
var ks = new yt({ max: 2 ** 12 });
var qt = (r7) => {
  let t = ks.get(r7);
  if (t) return t;
  let e = Mt(r7.toLowerCase());
  return ks.set(r7, e), e;
};
var Xt = class extends yt {
  constructor() {
    super({ max: 256 });
  }
};
var Pe = class extends yt {
  constructor(t = 16 * 1024) {
    super({ maxSize: t, sizeCalculation: (e) => e.length + 1 });
  }
};
var Ts = /* @__PURE__ */ Symbol("PathScurry setAsCwd");
var O = class {
  name;
  root;
  roots;
  parent;
  nocase;
  isCWD = false;
  #t;
  #n;
  get dev() {
    return this.#n;
  }
  #i;
  get mode() {
    return this.#i;
  }
  #o;
  get nlink() {
    return this.#o;
  }
  #r;
  get uid() {
    return this.#r;
  }
  #d;
  get gid() {
    return this.#d;
  }
  #u;
  get rdev() {
    return this.#u;
  }
  #f;
  get blksize() {
    return this.#f;
  }
  #h;
  get ino() {
    return this.#h;
  }
  #m;
  get size() {
    return this.#m;
  }
  #l;
  get blocks() {
    return this.#l;
  }
  #a;
  get atimeMs() {
    return this.#a;
  }
  #s;
  get mtimeMs() {
    return this.#s;
  }
  #b;
  get ctimeMs() {
    return this.#b;
  }
  #E;
  get birthtimeMs() {
    return this.#E;
  }
  #y;
  get atime() {
    return this.#y;
  }
  #g;
  get mtime() {
    return this.#g;
  }
  #w;
  get ctime() {
    return this.#w;
  }
  #p;
  get birthtime() {
    return this.#p;
  }
  #k;
  #C;
  #x;
  #v;
  #S;
  #M;
  #e;
  #T;
  #_;
  #R;
  get parentPath() {
    return (this.parent || this).fullpath();
  }
  get path() {
    return this.parentPath;
  }
  constructor(t, e = P, s, i, n, o, h) {
    this.name = t, this.#k = n ? qt(t) : Mt(t), this.#e = e & dn, this.nocase = n, this.roots = i, this.root = s || this, this.#T = o, this.#x = h.fullpath, this.#S = h.relative, this.#M = h.relativePosix, this.parent = h.parent, this.parent ? this.#t = this.parent.#t : this.#t = Cs(h.fs);
  }
  get fs() {
    return this.#t;
  }
  depth() {
    return this.#C !== void 0 ? this.#C : this.parent ? this.#C = this.parent.depth() + 1 : this.#C = 0;
  }
  childrenCache() {
    return this.#T;
  }
  resolve(t) {
    if (!t) return this;
    let e = this.getRootString(t), i = t.substring(e.length).split(this.splitSep);
    return e ? this.getRoot(e).#D(i) : this.#D(i);
  }
  #D(t) {
    let e = this;
    for (let s of t) e = e.child(s);
    return e;
  }
  children() {
    let t = this.#T.get(this);
    if (t) return t;
    let e = Object.assign([], { provisional: 0 });
    return this.#T.set(this, e), this.#e &= ~_e, e;
  }
  child(t, e) {
    if (t === "" || t === ".") return this;
    if (t === "..") return this.parent || this;
    let s = this.children(), i = this.nocase ? qt(t) : Mt(t);
    for (let a of s) if (a.#k === i) return a;
    let n = this.parent ? this.sep : "", o = this.#x ? this.#x + n + t : void 0, h = this.newChild(t, P, { ...e, parent: this, fullpath: o });
    return this.canReaddir() || (h.#e |= L), s.push(h), h;
  }
  relative() {
    if (this.isCWD) return "";
    if (this.#S !== void 0) return this.#S;
    let t = this.name, e = this.parent;
    if (!e) return this.#S = this.name;
    let s = e.relative();
    return s + (!s || !e.parent ? "" : this.sep) + t;
  }
  relativePosix() {
    if (this.sep === "/") return this.relative();
    if (this.isCWD) return "";
    if (this.#M !== void 0) return this.#M;
    let t = this.name, e = this.parent;
    if (!e) return this.#M = this.fullpathPosix();
    let s = e.relativePosix();
    return s + (!s || !e.parent ? "" : "/") + t;
  }
  fullpath() {
    if (this.#x !== void 0) return this.#x;
    let t = this.name, e = this.parent;
    if (!e) return this.#x = this.name;
    let i = e.fullpath() + (e.parent ? this.sep : "") + t;
    return this.#x = i;
  }
  fullpathPosix() {
    if (this.#v !== void 0) return this.#v;
    if (this.sep === "/") return this.#v = this.fullpath();
    if (!this.parent) {
      let i = this.fullpath().replace(/\\/g, "/");
      return /^[a-z]:\//i.test(i) ? this.#v = `//?/${i}` : this.#v = i;
    }
    let t = this.parent, e = t.fullpathPosix(), s = e + (!e || !t.parent ? "" : "/") + this.name;
    return this.#v = s;
  }
  isUnknown() {
    return (this.#e & N) === P;
  }
  isType(t) {
    return this[`is${t}`]();
  }
  getType() {
    return this.isUnknown() ? "Unknown" : this.isDirectory() ? "Directory" : this.isFile() ? "File" : this.isSymbolicLink() ? "SymbolicLink" : this.isFIFO() ? "FIFO" : this.isCharacterDevice() ? "CharacterDevice" : this.isBlockDevice() ? "BlockDevice" : this.isSocket() ? "Socket" : "Unknown";
  }
  isFile() {
    return (this.#e & N) === Os;
  }
  isDirectory() {
    return (this.#e & N) === I;
  }
  isCharacterDevice() {
    return (this.#e & N) === Ms;
  }
  isBlockDevice() {
    return (this.#e & N) === Rs;
  }
  isFIFO() {
    return (this.#e & N) === As;
  }
  isSocket() {
    return (this.#e & N) === Fs;
  }
  isSymbolicLink() {
    return (this.#e & tt) === tt;
  }
  lstatCached() {
    return this.#e & xs ? this : void 0;
  }
  readlinkCached() {
    return this.#_;
  }
  realpathCached() {
    return this.#R;
  }
  readdirCached() {
    let t = this.children();
    return t.slice(0, t.provisional);
  }
  canReadlink() {
    if (this.#_) return true;
    if (!this.parent) return false;
    let t = this.#e & N;
    return !(t !== P && t !== tt || this.#e & Ht || this.#e & L);
  }
  calledReaddir() {
    return !!(this.#e & _e);
  }
  isENOENT() {
    return !!(this.#e & L);
  }
  isNamed(t) {
    return this.nocase ? this.#k === qt(t) : this.#k === Mt(t);
  }
  async readlink() {
    let t = this.#_;
    if (t) return t;
    if (this.canReadlink() && this.parent) try {
      let e = await this.#t.promises.readlink(this.fullpath()), s = (await this.parent.realpath())?.resolve(e);
      if (s) return this.#_ = s;
    } catch (e) {
      this.#F(e.code);
      return;
    }
  }
  readlinkSync() {
    let t = this.#_;
    if (t) return t;
    if (this.canReadlink() && this.parent) try {
      let e = this.#t.readlinkSync(this.fullpath()), s = this.parent.realpathSync()?.resolve(e);
      if (s) return this.#_ = s;
    } catch (e) {
      this.#F(e.code);
      return;
    }
  }
  #W(t) {
    this.#e |= _e;
    for (let e = t.provisional; e < t.length; e++) {
      let s = t[e];
      s && s.#A();
    }
  }
  #A() {
    this.#e & L || (this.#e = (this.#e | L) & kt, this.#G());
  }
  #G() {
    let t = this.children();
    t.provisional = 0;
    for (let e of t) e.#A();
  }
  #P() {
    this.#e |= Kt, this.#N();
  }
  #N() {
    if (this.#e & At) return;
    let t = this.#e;
    (t & N) === I && (t &= kt), this.#e = t | At, this.#G();
  }
  #$(t = "") {
    t === "ENOTDIR" || t === "EPERM" ? this.#N() : t === "ENOENT" ? this.#A() : this.children().provisional = 0;
  }
  #O(t = "") {
    t === "ENOTDIR" ? this.parent.#N() : t === "ENOENT" && this.#A();
  }
  #F(t = "") {
    let e = this.#e;
    e |= Ht, t === "ENOENT" && (e |= L), (t === "EINVAL" || t === "UNKNOWN") && (e &= kt), this.#e = e, t === "ENOTDIR" && this.parent && this.parent.#N();
  }
  #I(t, e) {
    return this.#U(t, e) || this.#z(t, e);
  }
  #z(t, e) {
    let s = De(t), i = this.newChild(t.name, s, { parent: this }), n = i.#e & N;
    return n !== I && n !== tt && n !== P && (i.#e |= At), e.unshift(i), e.provisional++, i;
  }
  #U(t, e) {
    for (let s = e.provisional; s < e.length; s++) {
      let i = e[s];
      if ((this.nocase ? qt(t.name) : Mt(t.name)) === i.#k) return this.#V(t, i, s, e);
    }
  }
  #V(t, e, s, i) {
    let n = e.name;
    return e.#e = e.#e & kt | De(t), n !== t.name && (e.name = t.name), s !== i.provisional && (s === i.length - 1 ? i.pop() : i.splice(s, 1), i.unshift(e)), i.provisional++, e;
  }
  async lstat() {
    if ((this.#e & L) === 0) try {
      return this.#H(await this.#t.promises.lstat(this.fullpath())), this;
    } catch (t) {
      this.#O(t.code);
    }
  }
  lstatSync() {
    if ((this.#e & L) === 0) try {
      return this.#H(this.#t.lstatSync(this.fullpath())), this;
    } catch (t) {
      this.#O(t.code);
    }
  }
  #H(t) {
    let { atime: e, atimeMs: s, birthtime: i, birthtimeMs: n, blksize: o, blocks: h, ctime: a, ctimeMs: l, dev: c, gid: f, ino: u, mode: p, mtime: g, mtimeMs: d, nlink: w, rdev: m, size: b, uid: x } = t;
    this.#y = e, this.#a = s, this.#p = i, this.#E = n, this.#f = o, this.#l = h, this.#w = a, this.#b = l, this.#n = c, this.#d = f, this.#h = u, this.#i = p, this.#g = g, this.#s = d, this.#o = w, this.#u = m, this.#m = b, this.#r = x;
    let S = De(t);
    this.#e = this.#e & kt | S | xs, S !== P && S !== I && S !== tt && (this.#e |= At);
  }
  #L = [];
  #c = false;
  #q(t) {
    this.#c = false;
    let e = this.#L.slice();
    this.#L.length = 0, e.forEach((s) => s(null, t));
  }
  readdirCB(t, e = false) {
    if (!this.canReaddir()) {
      e ? t(null, []) : queueMicrotask(() => t(null, []));
      return;
    }
    let s = this.children();
    if (this.calledReaddir()) {
      let n = s.slice(0, s.provisional);
      e ? t(null, n) : queueMicrotask(() => t(null, n));
      return;
    }
    if (this.#L.push(t), this.#c) return;
    this.#c = true;
    let i = this.fullpath();
    this.#t.readdir(i, { withFileTypes: true }, (n, o) => {
      if (n) this.#$(n.code), s.provisional = 0;
      else {
        for (let h of o) this.#I(h, s);
        this.#W(s);
      }
      this.#q(s.slice(0, s.provisional));
    });
  }
  #B;
  async readdir() {
    if (!this.canReaddir()) return [];
    let t = this.children();
    if (this.calledReaddir()) return t.slice(0, t.provisional);
    let e = this.fullpath();
    if (this.#B) await this.#B;
    else {
      let s = () => {
      };
      this.#B = new Promise((i) => s = i);
      try {
        for (let i of await this.#t.promises.readdir(e, { withFileTypes: true })) this.#I(i, t);
        this.#W(t);
      } catch (i) {
        this.#$(i.code), t.provisional = 0;
      }
      this.#B = void 0, s();
    }
    return t.slice(0, t.provisional);
  }
  readdirSync() {
    if (!this.canReaddir()) return [];
    let t = this.children();
    if (this.calledReaddir()) return t.slice(0, t.provisional);
    let e = this.fullpath();
    try {
      for (let s of this.#t.readdirSync(e, { withFileTypes: true })) this.#I(s, t);
      this.#W(t);
    } catch (s) {
      this.#$(s.code), t.provisional = 0;
    }
    return t.slice(0, t.provisional);
  }
  canReaddir() {
    if (this.#e & vs) return false;
    let t = N & this.#e;
    return t === P || t === I || t === tt;
  }
  shouldWalk(t, e) {
    return (this.#e & I) === I && !(this.#e & vs) && !t.has(this) && (!e || e(this));
  }
  async realpath() {
    if (this.#R) return this.#R;
    if (!((Kt | Ht | L) & this.#e)) try {
      let t = await this.#t.promises.realpath(this.fullpath());
      return this.#R = this.resolve(t);
    } catch {
      this.#P();
    }
  }
  realpathSync() {
    if (this.#R) return this.#R;
    if (!((Kt | Ht | L) & this.#e)) try {
      let t = this.#t.realpathSync(this.fullpath());
      return this.#R = this.resolve(t);
    } catch {
      this.#P();
    }
  }
  [Ts](t) {
    if (t === this) return;
    t.isCWD = false, this.isCWD = true;
    let e = /* @__PURE__ */ new Set([]), s = [], i = this;
    for (; i && i.parent; ) e.add(i), i.#S = s.join(this.sep), i.#M = s.join("/"), i = i.parent, s.push("..");
    for (i = t; i && i.parent && !e.has(i); ) i.#S = void 0, i.#M = void 0, i = i.parent;
  }
};
var Vt = class r extends O {
  sep = "\\";
  splitSep = un;
  constructor(t, e = P, s, i, n, o, h) {
    super(t, e, s, i, n, o, h);
  }
  newChild(t, e = P, s = {}) {
    return new r(t, e, this.root, this.roots, this.nocase, this.childrenCache(), s);
  }
  getRootString(t) {
    return ln.exec(t)?.[0] ?? Ne.parse(t).root;
  }
  getRoot(t) {
    if (t = Ss(t.toUpperCase()), t === this.root.name || /^[\\/]$/.test(t)) return this.root;
    for (let [e, s] of Object.entries(this.roots)) if (this.sameRoot(t, e)) return this.roots[t] = s;
    return this.roots[t] = new ot(t, { nocase: this.nocase, fs: this.fs }).root;
  }
  sameRoot(t, e = this.root.name) {
    return Ss(t.toUpperCase()) === e;
  }
};
var Yt = class r2 extends O {
  splitSep = "/";
  sep = "/";
  constructor(t, e = P, s, i, n, o, h) {
    super(t, e, s, i, n, o, h);
  }
  getRootString(t) {
    return t.startsWith("/") ? "/" : "";
  }
  getRoot(t) {
    return this.root;
  }
  newChild(t, e = P, s = {}) {
    return new r2(t, e, this.root, this.roots, this.nocase, this.childrenCache(), s);
  }
};
var Jt = class {
  root;
  rootPath;
  roots;
  cwd;
  #t;
  #n;
  #i;
  nocase;
  #o;
  constructor(t = process.cwd(), e, s, { nocase: i, childrenCacheSize: n = 16 * 1024, fs: o = Ct } = {}) {
    this.#o = Cs(o), (t instanceof URL || t.startsWith("file://")) && (t = Ki(t));
    let h = e.resolve(t);
    this.roots = /* @__PURE__ */ Object.create(null), this.rootPath = this.parseRootPath(h), this.#t = new Xt(), this.#n = new Xt(), this.#i = new Pe(n);
    let a = h.substring(this.rootPath.length).split(s);
    if (a.length === 1 && !a[0] && a.pop(), i === void 0) throw new TypeError("must provide nocase setting to PathScurryBase ctor");
    this.nocase = i, this.root = this.newRoot(this.#o), this.roots[this.rootPath] = this.root;
    let l = this.root, c = a.length - 1, f = e.sep, u = this.rootPath, p = false;
    for (let g of a) {
      let d = c--;
      l = l.child(g, { relative: new Array(d).fill("..").join(f), relativePosix: new Array(d).fill("..").join("/"), fullpath: u += (p ? "" : f) + g }), p = true;
    }
    this.cwd = l;
  }
  depth(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.depth();
  }
  childrenCache() {
    return this.#i;
  }
  resolve(...t) {
    let e = "";
    for (let n = t.length - 1; n >= 0; n--) {
      let o = t[n];
      if (!(!o || o === ".") && (e = e ? `${o}/${e}` : o, this.isAbsolute(o))) break;
    }
    let s = this.#t.get(e);
    if (s !== void 0) return s;
    let i = this.cwd.resolve(e).fullpath();
    return this.#t.set(e, i), i;
  }
  resolvePosix(...t) {
    let e = "";
    for (let n = t.length - 1; n >= 0; n--) {
      let o = t[n];
      if (!(!o || o === ".") && (e = e ? `${o}/${e}` : o, this.isAbsolute(o))) break;
    }
    let s = this.#n.get(e);
    if (s !== void 0) return s;
    let i = this.cwd.resolve(e).fullpathPosix();
    return this.#n.set(e, i), i;
  }
  relative(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.relative();
  }
  relativePosix(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.relativePosix();
  }
  basename(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.name;
  }
  dirname(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), (t.parent || t).fullpath();
  }
  async readdir(t = this.cwd, e = { withFileTypes: true }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s } = e;
    if (t.canReaddir()) {
      let i = await t.readdir();
      return s ? i : i.map((n) => n.name);
    } else return [];
  }
  readdirSync(t = this.cwd, e = { withFileTypes: true }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true } = e;
    return t.canReaddir() ? s ? t.readdirSync() : t.readdirSync().map((i) => i.name) : [];
  }
  async lstat(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.lstat();
  }
  lstatSync(t = this.cwd) {
    return typeof t == "string" && (t = this.cwd.resolve(t)), t.lstatSync();
  }
  async readlink(t = this.cwd, { withFileTypes: e } = { withFileTypes: false }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t.withFileTypes, t = this.cwd);
    let s = await t.readlink();
    return e ? s : s?.fullpath();
  }
  readlinkSync(t = this.cwd, { withFileTypes: e } = { withFileTypes: false }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t.withFileTypes, t = this.cwd);
    let s = t.readlinkSync();
    return e ? s : s?.fullpath();
  }
  async realpath(t = this.cwd, { withFileTypes: e } = { withFileTypes: false }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t.withFileTypes, t = this.cwd);
    let s = await t.realpath();
    return e ? s : s?.fullpath();
  }
  realpathSync(t = this.cwd, { withFileTypes: e } = { withFileTypes: false }) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t.withFileTypes, t = this.cwd);
    let s = t.realpathSync();
    return e ? s : s?.fullpath();
  }
  async walk(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e, h = [];
    (!n || n(t)) && h.push(s ? t : t.fullpath());
    let a = /* @__PURE__ */ new Set(), l = (f, u) => {
      a.add(f), f.readdirCB((p, g) => {
        if (p) return u(p);
        let d = g.length;
        if (!d) return u();
        let w = () => {
          --d === 0 && u();
        };
        for (let m of g) (!n || n(m)) && h.push(s ? m : m.fullpath()), i && m.isSymbolicLink() ? m.realpath().then((b) => b?.isUnknown() ? b.lstat() : b).then((b) => b?.shouldWalk(a, o) ? l(b, w) : w()) : m.shouldWalk(a, o) ? l(m, w) : w();
      }, true);
    }, c = t;
    return new Promise((f, u) => {
      l(c, (p) => {
        if (p) return u(p);
        f(h);
      });
    });
  }
  walkSync(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e, h = [];
    (!n || n(t)) && h.push(s ? t : t.fullpath());
    let a = /* @__PURE__ */ new Set([t]);
    for (let l of a) {
      let c = l.readdirSync();
      for (let f of c) {
        (!n || n(f)) && h.push(s ? f : f.fullpath());
        let u = f;
        if (f.isSymbolicLink()) {
          if (!(i && (u = f.realpathSync()))) continue;
          u.isUnknown() && u.lstatSync();
        }
        u.shouldWalk(a, o) && a.add(u);
      }
    }
    return h;
  }
  [Symbol.asyncIterator]() {
    return this.iterate();
  }
  iterate(t = this.cwd, e = {}) {
    return typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd), this.stream(t, e)[Symbol.asyncIterator]();
  }
  [Symbol.iterator]() {
    return this.iterateSync();
  }
  *iterateSync(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e;
    (!n || n(t)) && (yield s ? t : t.fullpath());
    let h = /* @__PURE__ */ new Set([t]);
    for (let a of h) {
      let l = a.readdirSync();
      for (let c of l) {
        (!n || n(c)) && (yield s ? c : c.fullpath());
        let f = c;
        if (c.isSymbolicLink()) {
          if (!(i && (f = c.realpathSync()))) continue;
          f.isUnknown() && f.lstatSync();
        }
        f.shouldWalk(h, o) && h.add(f);
      }
    }
  }
  stream(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e, h = new J({ objectMode: true });
    (!n || n(t)) && h.write(s ? t : t.fullpath());
    let a = /* @__PURE__ */ new Set(), l = [t], c = 0, f = () => {
      let u = false;
      for (; !u; ) {
        let p = l.shift();
        if (!p) {
          c === 0 && h.end();
          return;
        }
        c++, a.add(p);
        let g = (w, m, b = false) => {
          if (w) return h.emit("error", w);
          if (i && !b) {
            let x = [];
            for (let S of m) S.isSymbolicLink() && x.push(S.realpath().then((y) => y?.isUnknown() ? y.lstat() : y));
            if (x.length) {
              Promise.all(x).then(() => g(null, m, true));
              return;
            }
          }
          for (let x of m) x && (!n || n(x)) && (h.write(s ? x : x.fullpath()) || (u = true));
          c--;
          for (let x of m) {
            let S = x.realpathCached() || x;
            S.shouldWalk(a, o) && l.push(S);
          }
          u && !h.flowing ? h.once("drain", f) : d || f();
        }, d = true;
        p.readdirCB(g, true), d = false;
      }
    };
    return f(), h;
  }
  streamSync(t = this.cwd, e = {}) {
    typeof t == "string" ? t = this.cwd.resolve(t) : t instanceof O || (e = t, t = this.cwd);
    let { withFileTypes: s = true, follow: i = false, filter: n, walkFilter: o } = e, h = new J({ objectMode: true }), a = /* @__PURE__ */ new Set();
    (!n || n(t)) && h.write(s ? t : t.fullpath());
    let l = [t], c = 0, f = () => {
      let u = false;
      for (; !u; ) {
        let p = l.shift();
        if (!p) {
          c === 0 && h.end();
          return;
        }
        c++, a.add(p);
        let g = p.readdirSync();
        for (let d of g) (!n || n(d)) && (h.write(s ? d : d.fullpath()) || (u = true));
        c--;
        for (let d of g) {
          let w = d;
          if (d.isSymbolicLink()) {
            if (!(i && (w = d.realpathSync()))) continue;
            w.isUnknown() && w.lstatSync();
          }
          w.shouldWalk(a, o) && l.push(w);
        }
      }
      u && !h.flowing && h.once("drain", f);
    };
    return f(), h;
  }
  chdir(t = this.cwd) {
    let e = this.cwd;
    this.cwd = typeof t == "string" ? this.cwd.resolve(t) : t, this.cwd[Ts](e);
  }
};
var ot = class extends Jt {
  sep = "\\";
  constructor(t = process.cwd(), e = {}) {
    let { nocase: s = true } = e;
    typeof t == "string" && !t.startsWith("file://") && (t = t.replace(cn, "").replace(fn, "\\")), super(t, Ne, "\\", { ...e, nocase: s }), this.nocase = s;
    for (let i = this.cwd; i; i = i.parent) i.nocase = this.nocase;
  }
  parseRootPath(t) {
    return Ne.parse(t).root.toUpperCase();
  }
  newRoot(t) {
    return new Vt(this.rootPath, I, void 0, this.roots, this.nocase, this.childrenCache(), { fs: t });
  }
  isAbsolute(t) {
    return t.startsWith("/") || t.startsWith("\\") || /^[a-z]:(\/|\\)/i.test(t);
  }
};
var ht = class extends Jt {
  sep = "/";
  constructor(t = process.cwd(), e = {}) {
    let { nocase: s = false } = e;
    super(t, qi, "/", { ...e, nocase: s }), this.nocase = s;
  }
  parseRootPath(t) {
    return "/";
  }
  newRoot(t) {
    return new Yt(this.rootPath, I, void 0, this.roots, this.nocase, this.childrenCache(), { fs: t });
  }
  isAbsolute(t) {
    return t.startsWith("/");
  }
};
var Rt = class extends ht {
  constructor(t = process.cwd(), e = {}) {
    let { nocase: s = true } = e;
    super(t, { ...e, nocase: s });
  }
};
var rr = process.platform === "win32" ? Vt : Yt;
var _s = process.platform === "win32" ? ot : process.platform === "darwin" ? Rt : ht;
var pn = (r7) => r7.length >= 1;
var mn = (r7) => r7.length >= 1;
var gn = /* @__PURE__ */ Symbol.for("nodejs.util.inspect.custom");
var at = class r3 {
  #t;
  #n;
  #i;
  length;
  #o;
  #r;
  #d;
  #u;
  #f;
  #h;
  #m = true;
  constructor(t, e, s, i) {
    if (!pn(t)) throw new TypeError("empty pattern list");
    if (!mn(e)) throw new TypeError("empty glob list");
    if (e.length !== t.length) throw new TypeError("mismatched pattern list and glob list lengths");
    if (this.length = t.length, s < 0 || s >= this.length) throw new TypeError("index out of range");
    if (this.#t = t, this.#n = e, this.#i = s, this.#o = i, this.#i === 0) {
      if (this.isUNC()) {
        let n = this.#l() ? 6 : 4, o = this.#t.slice(0, n), h = this.#n.slice(0, n), a = this.#t.slice(n), l = this.#n.slice(n);
        a[0] === "" && (a.shift(), l.shift());
        let c = [...o, ""].join("/"), f = [...h, ""].join("/");
        this.#t = [c, ...a], this.#n = [f, ...l], this.length = this.#t.length;
      } else if (this.isDrive() || this.isAbsolute()) {
        let [n, ...o] = this.#t, [h, ...a] = this.#n;
        o[0] === "" && (o.shift(), a.shift());
        let l = `${n}/`, c = `${h}/`;
        this.#t = [l, ...o], this.#n = [c, ...a], this.length = this.#t.length;
      }
    }
  }
  [gn]() {
    return `Pattern <${this.#n.slice(this.#i).join("/")}>`;
  }
  pattern() {
    return this.#t[this.#i];
  }
  isString() {
    return typeof this.#t[this.#i] == "string";
  }
  isGlobstar() {
    return this.#t[this.#i] === v;
  }
  isMatcher() {
    return typeof this.#t[this.#i] == "object";
  }
  globString() {
    return this.#d = this.#d || (this.#i === 0 ? this.isAbsolute() ? this.#n[0] + this.#n.slice(1).join("/") : this.#n.join("/") : this.#n.slice(this.#i).join("/"));
  }
  hasMore() {
    return this.length > this.#i + 1;
  }
  rest() {
    return this.#r !== void 0 ? this.#r : this.hasMore() ? (this.#r = new r3(this.#t, this.#n, this.#i + 1, this.#o), this.#r.#h = this.#h, this.#r.#f = this.#f, this.#r.#u = this.#u, this.#r) : this.#r = null;
  }
  #l() {
    let t = this.#t;
    return t[2] === "?" && typeof t[3] == "string" && /^unc$/i.test(t[3]);
  }
  isUNC() {
    let t = this.#t, e = this.#l() ? 4 : 2;
    return this.#f !== void 0 ? this.#f : this.#f = this.#o === "win32" && this.#i === 0 && t[0] === "" && t[1] === "" && typeof t[e] == "string" && !!t[e] && typeof t[e + 1] == "string" && !!t[e + 1];
  }
  isDrive() {
    let t = this.#t;
    return this.#u !== void 0 ? this.#u : this.#u = this.#o === "win32" && this.#i === 0 && this.length > 1 && typeof t[0] == "string" && /^[a-z]:$/i.test(t[0]);
  }
  isAbsolute() {
    let t = this.#t;
    return this.#h !== void 0 ? this.#h : this.#h = t[0] === "" && t.length > 1 || this.isDrive() || this.isUNC();
  }
  root() {
    let t = this.#t[0];
    return typeof t == "string" && this.isAbsolute() && this.#i === 0 ? t : "";
  }
  checkFollowGlobstar() {
    return !(this.#i === 0 || !this.isGlobstar() || !this.#m);
  }
  markFollowGlobstar() {
    return this.#i === 0 || !this.isGlobstar() || !this.#m ? false : (this.#m = false, true);
  }
};
var wn = typeof process == "object" && process && typeof process.platform == "string" ? process.platform : "linux";
var lt = class {
  relative;
  relativeChildren;
  absolute;
  absoluteChildren;
  platform;
  mmopts;
  slashRoot;
  constructor(t, { nobrace: e, nocase: s, noext: i, noglobstar: n, normalize: o, platform: h = wn, root: a, windowsPathsNoEscape: l, allowWindowsEscape: c, braceExpandMax: f = 1e4 }, u) {
    this.relative = [], this.absolute = [], this.relativeChildren = [], this.absoluteChildren = [], this.platform = h, l = !!l || c === false, this.mmopts = { braceExpandMax: f, dot: true, nobrace: e, nocase: s, noext: i, noglobstar: n, normalize: o, optimizationLevel: 2, platform: h, nocomment: true, nonegate: true, windowsPathsNoEscape: l };
    let p = u?.resolve(a ?? "/").fullpath() ?? "/";
    this.slashRoot = K(p.replace(/\\/g, "/").replace(/\/$/, ""), { magicalBraces: true, windowsPathsNoEscape: l });
    for (let g of t) this.add(g);
  }
  add(t) {
    let e = new D(t, this.mmopts);
    for (let s = 0; s < e.set.length; s++) {
      let i = e.set[s], n = e.globParts[s];
      if (!i || !n) throw new Error("invalid pattern object");
      for (; i[0] === "." && n[0] === "."; ) i.shift(), n.shift();
      let o = new at(i, n, 0, this.platform), h = o.root() === "/" ? `${this.slashRoot}/${o.rest()?.globString() ?? ""}` : o.globString(), a = new D(h, this.mmopts), l = n[n.length - 1] === "**", c = o.isAbsolute();
      c ? this.absolute.push(a) : this.relative.push(a), l && (c ? this.absoluteChildren.push(a) : this.relativeChildren.push(a));
    }
  }
  ignored(t) {
    let e = t.fullpath(), s = `${e}/`, i = t.relative() || ".", n = `${i}/`;
    for (let o of this.relative) if (o.match(i) || o.match(n)) return true;
    for (let o of this.absolute) if (o.match(e) || o.match(s)) return true;
    return false;
  }
  childrenIgnored(t) {
    let e = `${t.fullpath()}/`, s = `${t.relative() || "."}/`;
    for (let i of this.relativeChildren) if (i.match(s)) return true;
    for (let i of this.absoluteChildren) if (i.match(e)) return true;
    return false;
  }
};
var ze = class r4 {
  parent;
  store;
  constructor(t) {
    this.parent = t;
  }
  copy() {
    return new r4(this);
  }
  #t(t) {
    let e = this.store?.get(t);
    return e || !this.parent ? e : this.parent.#t(t);
  }
  hasWalked(t, e) {
    return !!this.#t(t.fullpath())?.has(e.globString());
  }
  storeWalked(t, e) {
    let s = t.fullpath(), i = this.#t(s);
    i ? i.add(e.globString()) : (this.store ??= /* @__PURE__ */ new Map()).set(s, /* @__PURE__ */ new Set([e.globString()]));
  }
};
var Ot = class r5 {
  static ABSOLUTE = 2;
  static IF_DIR = 1;
  store = /* @__PURE__ */ new Map();
  add(t, e, s) {
    let i = (e ? r5.ABSOLUTE : 0) | (s ? r5.IF_DIR : 0), n = this.store.get(t);
    this.store.set(t, n === void 0 ? i : i & n);
  }
};
var Le = class {
  store = /* @__PURE__ */ new Map();
  add(t, e) {
    if (!t.canReaddir()) return;
    let s = this.store.get(t);
    s ? s.find((i) => i.globString() === e.globString()) || s.push(e) : this.store.set(t, [e]);
  }
  get(t) {
    let e = this.store.get(t);
    if (!e) throw new Error("attempting to walk unknown path");
    return e;
  }
  entries() {
    return this.keys().map((t) => [t, this.store.get(t)]);
  }
  keys() {
    return [...this.store.keys()].filter((t) => t.canReaddir());
  }
};
var Ft = class r6 {
  hasWalkedCache;
  matches = new Ot();
  subwalks = new Le();
  patterns;
  follow;
  dot;
  opts;
  constructor(t, e) {
    this.opts = t, this.follow = !!t.follow, this.dot = !!t.dot, this.hasWalkedCache = e ? e.copy() : new ze();
  }
  processPatterns(t, e) {
    this.patterns = e;
    let s = e.map((i) => [t, i]);
    for (let [i, n] of s) {
      this.hasWalkedCache.storeWalked(i, n);
      let o = n.root(), h = n.isAbsolute() && this.opts.absolute !== false;
      if (o) {
        i = i.resolve(o === "/" && this.opts.root !== void 0 ? this.opts.root : o);
        let f = n.rest();
        if (f) n = f;
        else {
          this.matches.add(i, true, false);
          continue;
        }
      }
      if (i.isENOENT()) continue;
      let a, l, c = false;
      for (; typeof (a = n.pattern()) == "string" && (l = n.rest()); ) i = i.resolve(a), n = l, c = true;
      if (a = n.pattern(), l = n.rest(), c) {
        if (this.hasWalkedCache.hasWalked(i, n)) continue;
        this.hasWalkedCache.storeWalked(i, n);
      }
      if (typeof a == "string") {
        let f = a === ".." || a === "" || a === ".";
        this.matches.add(i.resolve(a), h, f);
        continue;
      } else if (a === v) {
        (!i.isSymbolicLink() || this.follow || n.checkFollowGlobstar()) && this.subwalks.add(i, n);
        let f = l?.pattern(), u = l?.rest();
        if (!l || (f === "" || f === ".") && !u) this.matches.add(i, h, f === "" || f === ".");
        else if (f === "..") {
          let p = i.parent || i;
          u ? this.hasWalkedCache.hasWalked(p, u) || this.subwalks.add(p, u) : this.matches.add(p, h, true);
        }
      } else typeof a == "object" && this.subwalks.add(i, n);
    }
    return this;
  }
  subwalkTargets() {
    return this.subwalks.keys();
  }
  child() {
    return new r6(this.opts, this.hasWalkedCache);
  }
  filterEntries(t, e) {
    let s = this.subwalks.get(t), i = this.child();
    for (let n of e) for (let o of s) {
      let h = o.isAbsolute(), a = o.pattern(), l = o.rest();
      a === v ? i.testGlobstar(n, o, l, h) : typeof a == "object" ? i.testMatcher(n, a, l, h) : i.testString(n, a, l, h);
    }
    return i;
  }
  testGlobstar(t, e, s, i) {
    if ((this.dot || !t.name.startsWith(".")) && (e.hasMore() || this.matches.add(t, i, false), t.canReaddir() && (this.follow || !t.isSymbolicLink() ? this.subwalks.add(t, e) : t.isSymbolicLink() && (s && e.checkFollowGlobstar() ? this.subwalks.add(t, s) : e.markFollowGlobstar() && this.subwalks.add(t, e)))), s) {
      let n = s.pattern();
      if (typeof n == "string" && n !== ".." && n !== "" && n !== ".") this.testString(t, n, s.rest(), i);
      else if (n === "..") {
        let o = t.parent || t;
        this.subwalks.add(o, s);
      } else typeof n == "object" && this.testMatcher(t, n, s.rest(), i);
    }
  }
  testMatcher(t, e, s, i) {
    e.testUnchecked(t.name) && (s ? this.subwalks.add(t, s) : this.matches.add(t, i, false));
  }
  testString(t, e, s, i) {
    t.isNamed(e) && (s ? this.subwalks.add(t, s) : this.matches.add(t, i, false));
  }
};
var { ABSOLUTE: Zt, IF_DIR: Qt } = Ot;
var bn = (r7, t, e) => typeof r7 == "string" ? new lt([r7], t, e) : Array.isArray(r7) ? new lt(r7, t, e) : r7;
var te = class {
  path;
  patterns;
  opts;
  seen = /* @__PURE__ */ new Set();
  paused = false;
  aborted = false;
  #t = [];
  #n;
  #i;
  signal;
  maxDepth;
  includeChildMatches;
  constructor(t, e, s) {
    if (this.patterns = t, this.path = e, this.opts = s, this.#i = !s.posix && s.platform === "win32" ? "\\" : "/", this.includeChildMatches = s.includeChildMatches !== false, (s.ignore || !this.includeChildMatches) && (this.#n = bn(s.ignore ?? [], s, e), !this.includeChildMatches && typeof this.#n.add != "function")) {
      let i = "cannot ignore child matches, ignore lacks add() method.";
      throw new Error(i);
    }
    this.maxDepth = s.maxDepth || 1 / 0, s.signal && (this.signal = s.signal, this.signal.addEventListener("abort", () => {
      this.#t.length = 0;
    }));
  }
  #o(t) {
    return this.seen.has(t) || !!this.#n?.ignored?.(t);
  }
  #r(t) {
    return !!this.#n?.childrenIgnored?.(t);
  }
  pause() {
    this.paused = true;
  }
  resume() {
    if (this.signal?.aborted) return;
    this.paused = false;
    let t;
    for (; !this.paused && (t = this.#t.shift()); ) t();
  }
  onResume(t) {
    this.paused ? this.#t.push(t) : t();
  }
  async matchCheck(t, e) {
    if (e && this.opts.nodir) return;
    let s, i;
    if (this.opts.realpath) {
      if (s = t.realpathCached() || await t.realpath(), !s) return;
      i = s;
    } else i = t;
    let o = i.isUnknown() || this.opts.stat ? await i.lstat() : i;
    if (this.opts.follow && this.opts.nodir && o?.isSymbolicLink()) {
      let h = await o.realpath();
      h && (h.isUnknown() || this.opts.stat) && await h.lstat();
    }
    return this.matchCheckTest(o, e);
  }
  matchCheckTest(t, e) {
    return t && (this.maxDepth === 1 / 0 || t.depth() <= this.maxDepth) && (!e || t.canReaddir()) && (!this.opts.nodir || !t.isDirectory()) && (!this.opts.nodir || !this.opts.follow || !t.isSymbolicLink() || !t.realpathCached()?.isDirectory()) && !this.#o(t) ? t : void 0;
  }
  matchCheckSync(t, e) {
    if (e && this.opts.nodir) return;
    let s, i;
    if (this.opts.realpath) {
      if (s = t.realpathCached() || t.realpathSync(), !s) return;
      i = s;
    } else i = t;
    let o = i.isUnknown() || this.opts.stat ? i.lstatSync() : i;
    if (this.opts.follow && this.opts.nodir && o?.isSymbolicLink()) {
      let h = o.realpathSync();
      h && (h?.isUnknown() || this.opts.stat) && h.lstatSync();
    }
    return this.matchCheckTest(o, e);
  }
  matchFinish(t, e) {
    this.#o(t) || this.#d(t, e);
  }
  #d(t, e) {
    if (!this.includeChildMatches && this.#n?.add) {
      let n = `${t.relativePosix()}/**`;
      this.#n.add(n);
    }
    let s = this.opts.absolute === void 0 ? e : this.opts.absolute;
    this.seen.add(t);
    let i = this.opts.mark && t.isDirectory() ? this.#i : "";
    if (this.opts.withFileTypes) this.matchEmit(t);
    else if (s) {
      let n = this.opts.posix ? t.fullpathPosix() : t.fullpath();
      this.matchEmit(n + i);
    } else {
      let n = this.opts.posix ? t.relativePosix() : t.relative(), o = this.opts.dotRelative && !n.startsWith(`..${this.#i}`) ? `.${this.#i}` : "";
      this.matchEmit(n ? o + n + i : `.${i}`);
    }
  }
  async match(t, e, s) {
    let i = await this.matchCheck(t, s);
    i && this.matchFinish(i, e);
  }
  matchSync(t, e, s) {
    let i = this.matchCheckSync(t, s);
    i && this.#d(i, e);
  }
  walkCB(t, e, s) {
    if (this.signal?.aborted) return s();
    this.walkCB2(t, e, new Ft(this.opts), s);
  }
  walkCB2(t, e, s, i) {
    if (this.#r(t) || this.signal?.aborted) return i();
    if (this.paused) {
      this.onResume(() => this.walkCB2(t, e, s, i));
      return;
    }
    s.processPatterns(t, e);
    let n = 1, o = () => {
      --n === 0 && i();
    };
    for (let [h, a] of s.matches.store) this.#o(h) || (n++, this.match(h, !!(a & Zt), !!(a & Qt)).then(() => o()));
    for (let h of s.subwalkTargets()) {
      if (this.maxDepth !== 1 / 0 && h.depth() >= this.maxDepth) continue;
      n++;
      let a = h.readdirCached();
      h.calledReaddir() ? this.walkCB3(h, a, s, o) : h.readdirCB((l, c) => this.walkCB3(h, c, s, o), true);
    }
    o();
  }
  walkCB3(t, e, s, i) {
    let n = s.filterEntries(t, e), o = 1, h = () => {
      --o === 0 && i();
    };
    for (let [a, l] of n.matches.store) this.#o(a) || (o++, this.match(a, !!(l & Zt), !!(l & Qt)).then(() => h()));
    for (let [a, l] of n.subwalks.entries()) o++, this.walkCB2(a, l, n.child(), h);
    h();
  }
  walkCBSync(t, e, s) {
    if (this.signal?.aborted) return s();
    this.walkCB2Sync(t, e, new Ft(this.opts), s);
  }
  walkCB2Sync(t, e, s, i) {
    if (this.#r(t) || this.signal?.aborted) return i();
    if (this.paused) {
      this.onResume(() => this.walkCB2Sync(t, e, s, i));
      return;
    }
    s.processPatterns(t, e);
    let n = 1, o = () => {
      --n === 0 && i();
    };
    for (let [h, a] of s.matches.store) this.#o(h) || this.matchSync(h, !!(a & Zt), !!(a & Qt));
    for (let h of s.subwalkTargets()) {
      if (this.maxDepth !== 1 / 0 && h.depth() >= this.maxDepth) continue;
      n++;
      let a = h.readdirSync();
      this.walkCB3Sync(h, a, s, o);
    }
    o();
  }
  walkCB3Sync(t, e, s, i) {
    let n = s.filterEntries(t, e), o = 1, h = () => {
      --o === 0 && i();
    };
    for (let [a, l] of n.matches.store) this.#o(a) || this.matchSync(a, !!(l & Zt), !!(l & Qt));
    for (let [a, l] of n.subwalks.entries()) o++, this.walkCB2Sync(a, l, n.child(), h);
    h();
  }
};
var Tt = class extends te {
  matches = [];
  constructor(t, e, s) {
    super(t, e, s);
  }
  matchEmit(t) {
    this.matches.push(t);
  }
  async walk() {
    if (this.signal?.aborted) throw this.signal.reason;
    return this.path.isUnknown() && await this.path.lstat(), await new Promise((t, e) => {
      this.walkCB(this.path, this.patterns, () => {
        this.signal?.aborted ? e(this.signal.reason) : t(this.matches);
      });
    }), this.matches;
  }
  walkSync() {
    if (this.signal?.aborted) throw this.signal.reason;
    return this.path.isUnknown() && this.path.lstatSync(), this.walkCBSync(this.path, this.patterns, () => {
      if (this.signal?.aborted) throw this.signal.reason;
    }), this.matches;
  }
};
var _t = class extends te {
  results;
  constructor(t, e, s) {
    super(t, e, s), this.results = new J({ signal: this.signal, objectMode: true }), this.results.on("drain", () => this.resume()), this.results.on("resume", () => this.resume());
  }
  matchEmit(t) {
    this.results.write(t), this.results.flowing || this.pause();
  }
  stream() {
    let t = this.path;
    return t.isUnknown() ? t.lstat().then(() => {
      this.walkCB(t, this.patterns, () => this.results.end());
    }) : this.walkCB(t, this.patterns, () => this.results.end()), this.results;
  }
  streamSync() {
    return this.path.isUnknown() && this.path.lstatSync(), this.walkCBSync(this.path, this.patterns, () => this.results.end()), this.results;
  }
};
var Sn = typeof process == "object" && process && typeof process.platform == "string" ? process.platform : "linux";
var j = class {
  absolute;
  cwd;
  root;
  dot;
  dotRelative;
  follow;
  ignore;
  magicalBraces;
  mark;
  matchBase;
  maxDepth;
  nobrace;
  nocase;
  nodir;
  noext;
  noglobstar;
  pattern;
  platform;
  realpath;
  scurry;
  stat;
  signal;
  windowsPathsNoEscape;
  withFileTypes;
  includeChildMatches;
  opts;
  patterns;
  constructor(t, e) {
    if (!e) throw new TypeError("glob options required");
    if (this.withFileTypes = !!e.withFileTypes, this.signal = e.signal, this.follow = !!e.follow, this.dot = !!e.dot, this.dotRelative = !!e.dotRelative, this.nodir = !!e.nodir, this.mark = !!e.mark, e.cwd ? (e.cwd instanceof URL || e.cwd.startsWith("file://")) && (e.cwd = yn(e.cwd)) : this.cwd = "", this.cwd = e.cwd || "", this.root = e.root, this.magicalBraces = !!e.magicalBraces, this.nobrace = !!e.nobrace, this.noext = !!e.noext, this.realpath = !!e.realpath, this.absolute = e.absolute, this.includeChildMatches = e.includeChildMatches !== false, this.noglobstar = !!e.noglobstar, this.matchBase = !!e.matchBase, this.maxDepth = typeof e.maxDepth == "number" ? e.maxDepth : 1 / 0, this.stat = !!e.stat, this.ignore = e.ignore, this.withFileTypes && this.absolute !== void 0) throw new Error("cannot set absolute and withFileTypes:true");
    let s = typeof t == "string" ? [t] : t;
    if (this.windowsPathsNoEscape = !!e.windowsPathsNoEscape || e.allowWindowsEscape === false, this.windowsPathsNoEscape && (s = s.map((l) => l.replace(/\\/g, "/"))), this.matchBase) {
      if (e.noglobstar) throw new TypeError("base matching requires globstar");
      s = s.map((l) => l.includes("/") ? l : `./**/${l}`);
    }
    if (this.pattern = s, this.platform = e.platform || Sn, this.opts = { ...e, platform: this.platform }, e.scurry) {
      if (this.scurry = e.scurry, e.nocase !== void 0 && e.nocase !== e.scurry.nocase) throw new Error("nocase option contradicts provided scurry option");
    } else {
      let l = e.platform === "win32" ? ot : e.platform === "darwin" ? Rt : e.platform ? ht : _s;
      this.scurry = new l(this.cwd, { nocase: e.nocase, fs: e.fs });
    }
    this.nocase = this.scurry.nocase;
    let i = this.platform === "darwin" || this.platform === "win32", n = { braceExpandMax: 1e4, ...e, dot: this.dot, matchBase: this.matchBase, nobrace: this.nobrace, nocase: this.nocase, nocaseMagicOnly: i, nocomment: true, noext: this.noext, nonegate: true, optimizationLevel: 2, platform: this.platform, windowsPathsNoEscape: this.windowsPathsNoEscape }, o = this.pattern.map((l) => new D(l, n)), [h, a] = o.reduce((l, c) => (l[0].push(...c.set), l[1].push(...c.globParts), l), [[], []]);
    this.patterns = h.map((l, c) => {
      let f = a[c];
      if (!f) throw new Error("invalid pattern object");
      return new at(l, f, 0, this.platform);
    });
  }
  async walk() {
    return await new Tt(this.patterns, this.scurry.cwd, { ...this.opts, maxDepth: this.maxDepth !== 1 / 0 ? this.maxDepth + this.scurry.cwd.depth() : 1 / 0, platform: this.platform, nocase: this.nocase, includeChildMatches: this.includeChildMatches }).walk();
  }
  walkSync() {
    return new Tt(this.patterns, this.scurry.cwd, { ...this.opts, maxDepth: this.maxDepth !== 1 / 0 ? this.maxDepth + this.scurry.cwd.depth() : 1 / 0, platform: this.platform, nocase: this.nocase, includeChildMatches: this.includeChildMatches }).walkSync();
  }
  stream() {
    return new _t(this.patterns, this.scurry.cwd, { ...this.opts, maxDepth: this.maxDepth !== 1 / 0 ? this.maxDepth + this.scurry.cwd.depth() : 1 / 0, platform: this.platform, nocase: this.nocase, includeChildMatches: this.includeChildMatches }).stream();
  }
  streamSync() {
    return new _t(this.patterns, this.scurry.cwd, { ...this.opts, maxDepth: this.maxDepth !== 1 / 0 ? this.maxDepth + this.scurry.cwd.depth() : 1 / 0, platform: this.platform, nocase: this.nocase, includeChildMatches: this.includeChildMatches }).streamSync();
  }
  iterateSync() {
    return this.streamSync()[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.iterateSync();
  }
  iterate() {
    return this.stream()[Symbol.asyncIterator]();
  }
  [Symbol.asyncIterator]() {
    return this.iterate();
  }
};
var je = (r7, t = {}) => {
  for (let e of Array.isArray(r7) ? r7 : [r7]) if (new D(e, t).hasMagic()) return true;
  return false;
};
function ee(r7, t = {}) {
  return new j(r7, t).streamSync();
}
function Ps(r7, t = {}) {
  return new j(r7, t).stream();
}
function zs(r7, t = {}) {
  return new j(r7, t).walkSync();
}
async function Ds(r7, t = {}) {
  return new j(r7, t).walk();
}
function se(r7, t = {}) {
  return new j(r7, t).iterateSync();
}
function Ls(r7, t = {}) {
  return new j(r7, t).iterate();
}
var xn = ee;
var vn = Object.assign(Ps, { sync: ee });
var En = se;
var kn = Object.assign(Ls, { sync: se });
var Cn = Object.assign(zs, { stream: ee, iterate: se });
var Ns = Object.assign(Ds, { glob: Ds, globSync: zs, sync: Cn, globStream: Ps, stream: vn, globStreamSync: ee, streamSync: xn, globIterate: Ls, iterate: kn, globIterateSync: se, iterateSync: En, Glob: j, hasMagic: je, escape: K, unescape: st });
Ns.glob = Ns;
export {
  j as Glob,
  lt as Ignore,
  K as escape,
  Ns as glob,
  Ls as globIterate,
  se as globIterateSync,
  Ps as globStream,
  ee as globStreamSync,
  zs as globSync,
  je as hasMagic,
  kn as iterate,
  En as iterateSync,
  vn as stream,
  xn as streamSync,
  Cn as sync,
  st as unescape
};
