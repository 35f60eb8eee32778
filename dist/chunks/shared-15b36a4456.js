import {
  Pair,
  Scalar,
  YAMLMap,
  YAMLSeq
} from "./shared-afcbbfc458.js";

// src/yaml/fast/nodes.ts
var TYPE_KEY = /* @__PURE__ */ Symbol.for("yaml.node.type");
function typed(base, type) {
  return Object.create(base, { [TYPE_KEY]: { value: Symbol.for(type) } });
}
var FastScalar = class {
  constructor(value, type, range) {
    this.value = value;
    this.type = type;
    this.range = range;
  }
  value;
  type;
  range;
};
var FastMap = class {
  items = [];
  range = void 0;
};
var FastSeq = class {
  items = [];
  range = void 0;
};
var FastPair = class {
  constructor(key, value) {
    this.key = key;
    this.value = value;
  }
  key;
  value;
};
Object.setPrototypeOf(FastScalar.prototype, typed(Scalar.prototype, "yaml.scalar"));
Object.setPrototypeOf(FastMap.prototype, typed(YAMLMap.prototype, "yaml.map"));
Object.setPrototypeOf(FastSeq.prototype, typed(YAMLSeq.prototype, "yaml.seq"));
Object.setPrototypeOf(FastPair.prototype, typed(Pair.prototype, "yaml.pair"));
function scalar(value, type, range) {
  return new FastScalar(value, type, range);
}
function map() {
  return new FastMap();
}
function seq() {
  return new FastSeq();
}
function pair(key, value) {
  return new FastPair(key, value);
}

// src/yaml/fast/lines.ts
var capacity = 0;
var starts = new Int32Array(0);
var contents = new Int32Array(0);
var ends = new Int32Array(0);
var nexts = new Int32Array(0);
function grow() {
  capacity = Math.max(capacity * 2, 64);
  const bigger = (a) => {
    const b = new Int32Array(capacity);
    b.set(a);
    return b;
  };
  starts = bigger(starts);
  contents = bigger(contents);
  ends = bigger(ends);
  nexts = bigger(nexts);
}
var Lines = class {
  constructor(text) {
    this.text = text;
    let i = 0;
    for (let from = 0; ; i++) {
      if (i === capacity) grow();
      const nl = text.indexOf("\n", from);
      const next = nl < 0 ? text.length : nl + 1;
      let end = nl < 0 ? text.length : nl;
      if (end > from && text.charCodeAt(end - 1) === 13) end--;
      let c = from;
      while (c < end && text.charCodeAt(c) === 32) c++;
      starts[i] = from;
      contents[i] = c;
      ends[i] = end;
      nexts[i] = next;
      if (next >= text.length) break;
      from = next;
    }
    this.count = i + 1;
    this.start = starts;
    this.content = contents;
    this.end = ends;
    this.next = nexts;
  }
  text;
  count;
  /** Line start offsets (the first `count` entries are this text's). */
  start;
  /** Offset of the first non-space character (content start); equals `end` for a blank line. */
  content;
  /** End of the line's content, before its line break. */
  end;
  /** Start of the next line (after the line break), or the text's length. */
  next;
  indent(i) {
    return this.content[i] - this.start[i];
  }
  isBlank(i) {
    return this.content[i] === this.end[i];
  }
  isComment(i) {
    return this.text.charCodeAt(this.content[i]) === 35;
  }
};

// src/yaml/fast/scalars.ts
var DECLINED = /* @__PURE__ */ Symbol("declined");
function decline() {
  throw DECLINED;
}
var SPACE = 32;
var HASH = 35;
var COLON = 58;
var DQ = 34;
var SQ = 39;
var BACKSLASH = 92;
var DASH = 45;
var NOT_FIRST = new Set([..."-?:,[]{}#&*!|>'\"%@`"].map((c) => c.charCodeAt(0)));
var MAX_KEY = 1e3;
var keyEnd = 0;
function keyAt(text, at, end) {
  const close = keyClose(text, at, end);
  if (close < 0) return void 0;
  keyEnd = close + 1;
  const c = text.charCodeAt(at);
  if (c === DQ || c === SQ)
    return scalar(quoted(text, at, end).value, c === DQ ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE, [at, close, close]);
  return scalar(text.slice(at, close), Scalar.PLAIN, [at, close, close]);
}
function keyClose(text, at, end) {
  const c = text.charCodeAt(at);
  if (c === DQ || c === SQ) {
    const q = quoted(text, at, end);
    if (q === void 0 || text.charCodeAt(q.close) !== COLON) return -1;
    if (q.close + 1 < end && text.charCodeAt(q.close + 1) !== SPACE) decline();
    return q.close;
  }
  if (!plainStart(text, at, end)) return -1;
  for (let i = at + 1; i < end; i++) {
    const ch = text.charCodeAt(i);
    if (ch === COLON && (i + 1 === end || text.charCodeAt(i + 1) === SPACE)) {
      if (text.charCodeAt(i - 1) === SPACE || i - at > MAX_KEY) decline();
      return i;
    }
    if (ch === HASH && text.charCodeAt(i - 1) === SPACE) return -1;
  }
  return -1;
}
function plainStart(text, at, end) {
  const c = text.charCodeAt(at);
  if (c === DASH) return at + 1 < end && text.charCodeAt(at + 1) !== SPACE;
  return !NOT_FIRST.has(c);
}
function valueAt(text, at, end, next) {
  const c = text.charCodeAt(at);
  if (c === DQ || c === SQ) {
    const q = quoted(text, at, end);
    if (q === void 0) return decline();
    let i = q.close;
    while (i < end && text.charCodeAt(i) === SPACE) i++;
    if (i < end && (i === q.close || text.charCodeAt(i) !== HASH)) decline();
    return scalar(q.value, c === DQ ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE, [at, q.close, next]);
  }
  if (!plainStart(text, at, end)) decline();
  const stop = plainEnd(text, at, end);
  return scalar(text.slice(at, stop), Scalar.PLAIN, [at, stop, next]);
}
function plainEnd(text, at, end) {
  let last = at + 1;
  for (let i = at + 1; i < end; i++) {
    const ch = text.charCodeAt(i);
    if (ch === SPACE) continue;
    if (ch === HASH && text.charCodeAt(i - 1) === SPACE) return last;
    if (ch === COLON && (i + 1 === end || text.charCodeAt(i + 1) === SPACE)) decline();
    last = i + 1;
  }
  return last;
}
function quoted(text, at, end) {
  const q = text.charCodeAt(at);
  let value = "";
  let from = at + 1;
  for (let i = at + 1; i < end; i++) {
    const ch = text.charCodeAt(i);
    if (q === DQ && ch === BACKSLASH) {
      const esc = text.charCodeAt(i + 1);
      if (esc !== DQ && esc !== BACKSLASH) decline();
      value += text.slice(from, i);
      from = i + 1;
      i++;
    } else if (ch === q) {
      if (q === SQ && text.charCodeAt(i + 1) === SQ) {
        value += text.slice(from, i + 1);
        from = i + 2;
        i++;
        continue;
      }
      return { value: value + text.slice(from, i), close: i + 1 };
    }
  }
  return void 0;
}

// src/yaml/fast/reader.ts
var REFUSED = /[\t&*!|>[{%?\u0085\u2028\u2029\ufeff]|\r(?!\n)|\.\.\./;
function readBlockDocument(text) {
  if (REFUSED.test(text)) return void 0;
  try {
    return new Reader(text).document();
  } catch (err) {
    if (err === DECLINED) return void 0;
    throw err;
  }
}
var DASH2 = 45;
var SPACE2 = 32;
var Reader = class {
  constructor(text) {
    this.text = text;
    this.lines = new Lines(text);
  }
  text;
  lines;
  /** The next content line after the block read last. */
  at = 0;
  document() {
    const { lines, text } = this;
    let i = 0;
    let marker = false;
    for (; i < lines.count; i++) {
      if (lines.isBlank(i) || lines.isComment(i)) continue;
      const c = lines.content[i];
      if (marker || lines.indent(i) !== 0 || !text.startsWith("---", c) || !/^ *$/.test(text.slice(c + 3, lines.end[i]))) break;
      marker = true;
    }
    if (i === lines.count || this.isDash(i)) decline();
    const root = this.map(i, lines.indent(i), lines.content[i]);
    if (this.at !== lines.count) decline();
    return root;
  }
  /** The next line that is neither blank nor a comment, from `from`; a comment line must stand at its indentation. */
  nextContent(from) {
    const { lines } = this;
    let comment = -1;
    let i = from;
    for (; i < lines.count; i++) {
      if (lines.isBlank(i)) continue;
      if (!lines.isComment(i)) break;
      if (comment >= 0 && lines.indent(i) !== lines.indent(comment)) decline();
      comment = i;
    }
    if (comment >= 0 && (i === lines.count || lines.indent(i) !== lines.indent(comment))) decline();
    return i;
  }
  /**
   * Ends a collection before content line `next`. The parser gives comment lines between a
   * collection's last entry and a line that ends it to the collection (its range grows) or
   * to what follows, by rules of its own: declined.
   */
  leave(next) {
    for (let i = next - 1; i >= 0 && (this.lines.isBlank(i) || this.lines.isComment(i)); i--) if (this.lines.isComment(i)) decline();
    this.at = next;
  }
  isDash(i) {
    const c = this.lines.content[i];
    return this.text.charCodeAt(c) === DASH2 && (c + 1 === this.lines.end[i] || this.text.charCodeAt(c + 1) === SPACE2);
  }
  /** A block collection whose first line is `i`, at column `col`. */
  block(i, col) {
    return this.isDash(i) ? this.seq(i, col) : this.map(i, col, this.lines.content[i]);
  }
  /** A block mapping whose first key is at `first` on line `i`, its keys at column `col`. */
  map(i, col, first) {
    const { lines, text } = this;
    const map2 = map();
    let line = i;
    let at = first;
    let end;
    for (; ; ) {
      if (col === 0 && (text.startsWith("---", at) || text.startsWith("...", at))) decline();
      const key = keyAt(text, at, lines.end[line]);
      if (!key) return decline();
      for (const p of map2.items) if (p.key.value === key.value) decline();
      const after = keyEnd;
      let v = after;
      while (v < lines.end[line] && text.charCodeAt(v) === SPACE2) v++;
      let value;
      let next;
      if (v < lines.end[line] && (v === after || text.charCodeAt(v) !== 35)) {
        if (v === after) decline();
        value = valueAt(text, v, lines.end[line], lines.next[line]);
        next = this.nextContent(line + 1);
        if (next < lines.count && lines.indent(next) > col) decline();
      } else {
        const below = this.nextContent(line + 1);
        if (below === lines.count) decline();
        const indent = lines.indent(below);
        if (indent > col) value = this.block(below, indent);
        else if (indent === col && this.isDash(below)) value = this.seq(below, col);
        else return decline();
        next = this.at;
      }
      map2.items.push(pair(key, value));
      end = value.range[2];
      if (next === lines.count || lines.indent(next) < col) {
        this.leave(next);
        break;
      }
      if (lines.indent(next) > col || this.isDash(next)) decline();
      line = next;
      at = lines.content[line];
    }
    map2.range = [first, end, end];
    return map2;
  }
  /** A block sequence whose first `-` is on line `i`, at column `col`. */
  seq(i, col) {
    const { lines, text } = this;
    const seq2 = seq();
    let line = i;
    let end;
    for (; ; ) {
      const dash = lines.content[line];
      let at = dash + 1;
      while (at < lines.end[line] && text.charCodeAt(at) === SPACE2) at++;
      if (at === dash + 1 || at === lines.end[line]) decline();
      let item;
      let next;
      if (keyClose(text, at, lines.end[line]) >= 0) {
        item = this.map(line, at - lines.start[line], at);
        next = this.at;
      } else {
        item = valueAt(text, at, lines.end[line], lines.next[line]);
        next = this.nextContent(line + 1);
        if (next < lines.count && lines.indent(next) > col) decline();
      }
      seq2.items.push(item);
      end = item.range[2];
      if (next < lines.count && lines.indent(next) > col) decline();
      if (next === lines.count || lines.indent(next) < col || !this.isDash(next)) {
        this.leave(next);
        break;
      }
      line = next;
    }
    seq2.range = [lines.content[i], end, end];
    return seq2;
  }
};

export {
  readBlockDocument
};
