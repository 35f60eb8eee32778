// src/pipeline/ascii.ts
var TAB = 9;
var LF = 10;
var CR = 13;
var SP = 32;
var QUOTE = 34;
var HASH = 35;
var AMP = 38;
var STAR = 42;
var COMMA = 44;
var DASH = 45;
var DOT = 46;
var BACKSLASH = 92;
var LBRACKET = 91;
var RBRACKET = 93;
var LBRACE = 123;
var RBRACE = 125;

// src/pipeline/stems.ts
var STEM = 7;
function stemGroups(names) {
  const groups = /* @__PURE__ */ new Map();
  for (const n of names) {
    const key = n.subarray(0, STEM).toString("latin1");
    groups.set(key, [...groups.get(key) ?? [], n]);
  }
  return [...groups].map(([key, ns]) => ({ stem: Buffer.from(key, "latin1"), names: ns, longest: Math.max(...ns.map((n) => n.length)) }));
}
function findStem(b, g, from) {
  const buf = Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  for (let at = buf.indexOf(g.stem, from); at >= 0; at = buf.indexOf(g.stem, at + 1)) if (nameAt(buf, g, at) > 0) return at;
  return -1;
}
function nameAt(b, g, at) {
  for (const n of g.names) if (bytesAt(b, n, at)) return n.length;
  return 0;
}
function bytesAt(b, s, at) {
  if (at < 0 || at + s.length > b.length) return false;
  for (let k = 0; k < s.length; k++) if (b[at + k] !== s[k]) return false;
  return true;
}

// src/pipeline/escapes.ts
var HEX_DIGITS = { 120: 2, 117: 4, 85: 8 };
var NOT_ASCII = 0;
function spellsNameByEscape(b, groups) {
  const buf = Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const first = firstSpellingEscape(buf);
  if (first < 0) return false;
  const undone = undoEscapes(buf, first);
  return groups.some((g) => findStem(undone, g, 0) >= 0);
}
function firstSpellingEscape(b) {
  for (let at = b.indexOf(BACKSLASH); at >= 0; at = b.indexOf(BACKSLASH, at + 1)) {
    const c = b[at + 1];
    if (c === LF || c === CR || HEX_DIGITS[c] !== void 0) return at;
  }
  return -1;
}
function undoEscapes(b, from) {
  const out = Buffer.allocUnsafe(b.length);
  b.copy(out, 0, 0, from);
  let o = from;
  let i = from;
  while (i < b.length) {
    const c = b[i];
    if (c !== BACKSLASH) {
      out[o++] = c;
      i++;
      continue;
    }
    const next = b[i + 1];
    if (next === LF || next === CR && b[i + 2] === LF || next === CR) {
      i += next === CR && b[i + 2] === LF ? 3 : 2;
      while (b[i] === SP || b[i] === TAB) i++;
      continue;
    }
    const digits = next === void 0 ? void 0 : HEX_DIGITS[next];
    const code = digits === void 0 ? NaN : hexAt(b, i + 2, digits);
    if (Number.isNaN(code)) {
      out[o++] = c;
      i++;
      continue;
    }
    out[o++] = code < 128 ? code : NOT_ASCII;
    i += 2 + digits;
  }
  return out.subarray(0, o);
}
function hexAt(b, at, n) {
  if (at + n > b.length) return NaN;
  const text = b.toString("latin1", at, at + n);
  return /^[0-9a-f]+$/i.test(text) ? parseInt(text, 16) : NaN;
}
var TEXT_GROUPS = /* @__PURE__ */ new Map();
function mentionsKind(text, name) {
  if (text.includes(name)) return true;
  if (!text.includes("\\")) return false;
  let groups = TEXT_GROUPS.get(name);
  if (!groups) TEXT_GROUPS.set(name, groups = stemGroups([Buffer.from(name)]));
  return spellsNameByEscape(Buffer.from(text), groups);
}

export {
  TAB,
  LF,
  CR,
  SP,
  QUOTE,
  HASH,
  AMP,
  STAR,
  COMMA,
  DASH,
  DOT,
  BACKSLASH,
  LBRACKET,
  RBRACKET,
  LBRACE,
  RBRACE,
  stemGroups,
  findStem,
  nameAt,
  bytesAt,
  spellsNameByEscape,
  mentionsKind
};
