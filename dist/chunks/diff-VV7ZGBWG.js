// src/report/myers.ts
function bogoSqrt(n) {
  let i = 1;
  for (; n > 0; n = Math.floor(n / 4)) i *= 2;
  return i;
}
var SNAKE_CNT = 20;
var HEUR_MIN_COST = 256;
var K_HEUR = 4;
var MAX_COST_MIN = 256;
var LINE_MAX = 2147483647;
var MyersSearch = class {
  constructor(h1, h2) {
    this.h1 = h1;
    this.h2 = h2;
    const diagonals = h1.length + h2.length + 3;
    this.kvdf = new Int32Array(diagonals);
    this.kvdb = new Int32Array(diagonals);
    this.base = h2.length + 1;
    this.maxCost = Math.max(bogoSqrt(diagonals), MAX_COST_MIN);
  }
  h1;
  h2;
  kvdf;
  kvdb;
  /** Diagonal d is stored at d + base (d ranges over -(n2 + 1) … n1 + 1). */
  base;
  maxCost;
  /** Marks (through the callbacks) every kept line that is not matched. Boxes are independent: a stack instead of recursion. */
  run(mark1, mark2) {
    const { h1, h2 } = this;
    const boxes = [[0, h1.length, 0, h2.length, false]];
    for (let box = boxes.pop(); box; box = boxes.pop()) {
      let [off1, lim1, off2, lim2] = box;
      while (off1 < lim1 && off2 < lim2 && h1[off1] === h2[off2]) {
        off1++;
        off2++;
      }
      while (off1 < lim1 && off2 < lim2 && h1[lim1 - 1] === h2[lim2 - 1]) {
        lim1--;
        lim2--;
      }
      if (off1 === lim1) for (let i = off2; i < lim2; i++) mark2(i);
      else if (off2 === lim2) for (let i = off1; i < lim1; i++) mark1(i);
      else {
        const cut = this.split(off1, lim1, off2, lim2, box[4]);
        boxes.push([cut.i1, lim1, cut.i2, lim2, cut.minHi], [off1, cut.i1, off2, cut.i2, cut.minLo]);
      }
    }
  }
  split(off1, lim1, off2, lim2, needMin) {
    const fmid = off1 - off2;
    const bmid = lim1 - lim2;
    const f = {
      off1,
      lim1,
      off2,
      lim2,
      dmin: off1 - lim2,
      dmax: lim1 - off2,
      fmid,
      bmid,
      odd: (fmid - bmid & 1) !== 0,
      fmin: fmid,
      fmax: fmid,
      bmin: bmid,
      bmax: bmid,
      gotSnake: false
    };
    this.kvdf[fmid + this.base] = off1;
    this.kvdb[bmid + this.base] = lim1;
    for (let cost = 1; ; cost++) {
      f.gotSnake = false;
      const met = this.forward(f) ?? this.backward(f);
      if (met) return met;
      if (needMin) continue;
      const early = f.gotSnake && cost > HEUR_MIN_COST ? this.forwardSnake(f, cost) ?? this.backwardSnake(f, cost) : void 0;
      if (early) return early;
      if (cost >= this.maxCost) return this.furthest(f);
    }
  }
  /** One step of the forward search; the cut if it met the backward one. */
  forward(f) {
    const { kvdf, kvdb, base, h1, h2 } = this;
    if (f.fmin > f.dmin) kvdf[--f.fmin - 1 + base] = -1;
    else ++f.fmin;
    if (f.fmax < f.dmax) kvdf[++f.fmax + 1 + base] = -1;
    else --f.fmax;
    for (let d = f.fmax; d >= f.fmin; d -= 2) {
      let i1 = kvdf[d - 1 + base] >= kvdf[d + 1 + base] ? kvdf[d - 1 + base] + 1 : kvdf[d + 1 + base];
      const prev = i1;
      let i2 = i1 - d;
      while (i1 < f.lim1 && i2 < f.lim2 && h1[i1] === h2[i2]) {
        i1++;
        i2++;
      }
      if (i1 - prev > SNAKE_CNT) f.gotSnake = true;
      kvdf[d + base] = i1;
      if (f.odd && f.bmin <= d && d <= f.bmax && kvdb[d + base] <= i1) return { i1, i2, minLo: true, minHi: true };
    }
    return void 0;
  }
  /** One step of the backward search; the cut if it met the forward one. */
  backward(f) {
    const { kvdf, kvdb, base, h1, h2 } = this;
    if (f.bmin > f.dmin) kvdb[--f.bmin - 1 + base] = LINE_MAX;
    else ++f.bmin;
    if (f.bmax < f.dmax) kvdb[++f.bmax + 1 + base] = LINE_MAX;
    else --f.bmax;
    for (let d = f.bmax; d >= f.bmin; d -= 2) {
      let i1 = kvdb[d - 1 + base] < kvdb[d + 1 + base] ? kvdb[d - 1 + base] : kvdb[d + 1 + base] - 1;
      const prev = i1;
      let i2 = i1 - d;
      while (i1 > f.off1 && i2 > f.off2 && h1[i1 - 1] === h2[i2 - 1]) {
        i1--;
        i2--;
      }
      if (prev - i1 > SNAKE_CNT) f.gotSnake = true;
      kvdb[d + base] = i1;
      if (!f.odd && f.fmin <= d && d <= f.fmax && i1 <= kvdf[d + base]) return { i1, i2, minLo: true, minHi: true };
    }
    return void 0;
  }
  /** A forward diagonal far ahead of the cost that ends a snake of SNAKE_CNT lines: cut there. */
  forwardSnake(f, cost) {
    const { kvdf, base, h1, h2 } = this;
    let best = 0;
    let cut;
    for (let d = f.fmax; d >= f.fmin; d -= 2) {
      const i1 = kvdf[d + base];
      const i2 = i1 - d;
      const v = i1 - f.off1 + (i2 - f.off2) - Math.abs(d - f.fmid);
      if (v > K_HEUR * cost && v > best && f.off1 + SNAKE_CNT <= i1 && i1 < f.lim1 && f.off2 + SNAKE_CNT <= i2 && i2 < f.lim2) {
        for (let k = 1; h1[i1 - k] === h2[i2 - k]; k++) {
          if (k === SNAKE_CNT) {
            best = v;
            cut = { i1, i2, minLo: true, minHi: false };
            break;
          }
        }
      }
    }
    return cut;
  }
  /** The same from the backward side. */
  backwardSnake(f, cost) {
    const { kvdb, base, h1, h2 } = this;
    let best = 0;
    let cut;
    for (let d = f.bmax; d >= f.bmin; d -= 2) {
      const i1 = kvdb[d + base];
      const i2 = i1 - d;
      const v = f.lim1 - i1 + (f.lim2 - i2) - Math.abs(d - f.bmid);
      if (v > K_HEUR * cost && v > best && f.off1 < i1 && i1 <= f.lim1 - SNAKE_CNT && f.off2 < i2 && i2 <= f.lim2 - SNAKE_CNT) {
        for (let k = 0; h1[i1 + k] === h2[i2 + k]; k++) {
          if (k === SNAKE_CNT - 1) {
            best = v;
            cut = { i1, i2, minLo: false, minHi: true };
            break;
          }
        }
      }
    }
    return cut;
  }
  /** Past the cost limit: the diagonal, forward or backward, that got furthest into the box. */
  furthest(f) {
    const { kvdf, kvdb, base } = this;
    let fbest = -1;
    let fbest1 = -1;
    for (let d = f.fmax; d >= f.fmin; d -= 2) {
      let i1 = Math.min(kvdf[d + base], f.lim1);
      let i2 = i1 - d;
      if (f.lim2 < i2) {
        i1 = f.lim2 + d;
        i2 = f.lim2;
      }
      if (fbest < i1 + i2) {
        fbest = i1 + i2;
        fbest1 = i1;
      }
    }
    let bbest = LINE_MAX;
    let bbest1 = LINE_MAX;
    for (let d = f.bmax; d >= f.bmin; d -= 2) {
      let i1 = Math.max(f.off1, kvdb[d + base]);
      let i2 = i1 - d;
      if (i2 < f.off2) {
        i1 = f.off2 + d;
        i2 = f.off2;
      }
      if (i1 + i2 < bbest) {
        bbest = i1 + i2;
        bbest1 = i1;
      }
    }
    return f.lim1 + f.lim2 - bbest < fbest - (f.off1 + f.off2) ? { i1: fbest1, i2: fbest - fbest1, minLo: true, minHi: false } : { i1: bbest1, i2: bbest - bbest1, minLo: false, minHi: true };
  }
};

// src/report/sliders.ts
var Groups = class {
  constructor(changed, n) {
    this.changed = changed;
    this.n = n;
  }
  changed;
  n;
  first() {
    const g = { start: 0, end: 0 };
    while (this.changed[g.end]) g.end++;
    return g;
  }
  next(g) {
    if (g.end === this.n) return false;
    g.start = g.end + 1;
    for (g.end = g.start; this.changed[g.end]; g.end++) ;
    return true;
  }
  previous(g) {
    if (g.start === 0) return false;
    g.end = g.start - 1;
    for (g.start = g.end; g.start > 0 && this.changed[g.start - 1]; g.start--) ;
    return true;
  }
};
var SlidingGroups = class extends Groups {
  constructor(changed, lines) {
    super(changed, lines.length);
    this.lines = lines;
  }
  lines;
  /** Moves the group one line down when the line after it equals its first, merging into a group it meets. */
  slideDown(g) {
    if (g.end >= this.n || this.lines[g.start] !== this.lines[g.end]) return false;
    this.changed[g.start++] = 0;
    this.changed[g.end++] = 1;
    while (this.changed[g.end]) g.end++;
    return true;
  }
  /** Moves the group one line up when the line before it equals its last, merging into a group it meets. */
  slideUp(g) {
    if (g.start === 0 || this.lines[g.start - 1] !== this.lines[g.end - 1]) return false;
    this.changed[--g.start] = 1;
    this.changed[--g.end] = 0;
    while (g.start > 0 && this.changed[g.start - 1]) g.start--;
    return true;
  }
};
var MAX_SLIDING = 100;
function compactGroups(lines, changed, otherChanged, otherLength) {
  const mine = new SlidingGroups(changed, lines);
  const other = new Groups(otherChanged, otherLength);
  const indents = new Indents(lines);
  const g = mine.first();
  const go = other.first();
  const sync = (moved) => {
    if (!moved) throw new Error("diff: the groups of the two texts went out of step");
  };
  for (; ; ) {
    if (g.end !== g.start) {
      let size;
      let earliestEnd;
      let endMatchingOther;
      do {
        size = g.end - g.start;
        endMatchingOther = -1;
        while (mine.slideUp(g)) sync(other.previous(go));
        earliestEnd = g.end;
        if (go.end > go.start) endMatchingOther = g.end;
        while (mine.slideDown(g)) {
          sync(other.next(go));
          if (go.end > go.start) endMatchingOther = g.end;
        }
      } while (size !== g.end - g.start);
      if (g.end === earliestEnd) {
      } else if (endMatchingOther !== -1) {
        while (go.end === go.start) {
          sync(mine.slideUp(g));
          sync(other.previous(go));
        }
      } else {
        const target = bestShift(indents, g.end, size, earliestEnd);
        while (g.end > target) {
          sync(mine.slideUp(g));
          sync(other.previous(go));
        }
      }
    }
    if (!mine.next(g)) break;
    sync(other.next(go));
  }
}
var MAX_INDENT = 200;
var MAX_BLANKS = 20;
var Indents = class {
  constructor(lines) {
    this.lines = lines;
    this.known = new Int16Array(lines.length).fill(-2);
  }
  lines;
  known;
  get length() {
    return this.lines.length;
  }
  of(i) {
    let v = this.known[i];
    if (v === -2) this.known[i] = v = indentOf(this.lines[i]);
    return v;
  }
};
function indentOf(line2) {
  let ret = 0;
  for (let i = 0; i < line2.length; i++) {
    const c = line2.charCodeAt(i);
    if (c === 32) ret += 1;
    else if (c === 9) ret += 8 - ret % 8;
    else if (c !== 10 && c !== 13) return ret;
    if (ret >= MAX_INDENT) return MAX_INDENT;
  }
  return -1;
}
function measureSplit(ind, split) {
  const endOfFile = split >= ind.length;
  const m = { endOfFile, indent: endOfFile ? -1 : ind.of(split), preBlank: 0, preIndent: -1, postBlank: 0, postIndent: -1 };
  for (let i = split - 1; i >= 0; i--) {
    m.preIndent = ind.of(i);
    if (m.preIndent !== -1) break;
    if (++m.preBlank === MAX_BLANKS) {
      m.preIndent = 0;
      break;
    }
  }
  for (let i = split + 1; i < ind.length; i++) {
    m.postIndent = ind.of(i);
    if (m.postIndent !== -1) break;
    if (++m.postBlank === MAX_BLANKS) {
      m.postIndent = 0;
      break;
    }
  }
  return m;
}
var START_OF_FILE_PENALTY = 1;
var END_OF_FILE_PENALTY = 21;
var TOTAL_BLANK_WEIGHT = -30;
var POST_BLANK_WEIGHT = 6;
var RELATIVE_INDENT_PENALTY = -4;
var RELATIVE_INDENT_WITH_BLANK_PENALTY = 10;
var RELATIVE_OUTDENT_PENALTY = 24;
var RELATIVE_OUTDENT_WITH_BLANK_PENALTY = 17;
var RELATIVE_DEDENT_PENALTY = 23;
var RELATIVE_DEDENT_WITH_BLANK_PENALTY = 17;
var INDENT_WEIGHT = 60;
function addSplitScore(m, s) {
  if (m.preIndent === -1 && m.preBlank === 0) s.penalty += START_OF_FILE_PENALTY;
  if (m.endOfFile) s.penalty += END_OF_FILE_PENALTY;
  const postBlank = m.indent === -1 ? 1 + m.postBlank : 0;
  const totalBlank = m.preBlank + postBlank;
  s.penalty += TOTAL_BLANK_WEIGHT * totalBlank + POST_BLANK_WEIGHT * postBlank;
  const indent = m.indent !== -1 ? m.indent : m.postIndent;
  const anyBlanks = totalBlank !== 0;
  s.effectiveIndent += indent;
  if (indent === -1 || m.preIndent === -1 || indent === m.preIndent) return;
  if (indent > m.preIndent) s.penalty += anyBlanks ? RELATIVE_INDENT_WITH_BLANK_PENALTY : RELATIVE_INDENT_PENALTY;
  else if (m.postIndent !== -1 && m.postIndent > indent)
    s.penalty += anyBlanks ? RELATIVE_OUTDENT_WITH_BLANK_PENALTY : RELATIVE_OUTDENT_PENALTY;
  else s.penalty += anyBlanks ? RELATIVE_DEDENT_WITH_BLANK_PENALTY : RELATIVE_DEDENT_PENALTY;
}
function compareScores(a, b) {
  const indents = Math.sign(a.effectiveIndent - b.effectiveIndent);
  return INDENT_WEIGHT * indents + (a.penalty - b.penalty);
}
function bestShift(ind, end, size, earliestEnd) {
  let best = -1;
  let bestScore = { effectiveIndent: 0, penalty: 0 };
  for (let shift = Math.max(earliestEnd, end - size - 1, end - MAX_SLIDING); shift <= end; shift++) {
    const score = { effectiveIndent: 0, penalty: 0 };
    addSplitScore(measureSplit(ind, shift), score);
    addSplitScore(measureSplit(ind, shift - size), score);
    if (best === -1 || compareScores(score, bestScore) <= 0) {
      best = shift;
      bestScore = score;
    }
  }
  return best;
}

// src/report/lines.ts
function lineChanges(a, b) {
  const changed1 = new Uint8Array(a.length + 1);
  const changed2 = new Uint8Array(b.length + 1);
  const middle = trimEnds(a, b);
  const { h1, h2, kept1, kept2 } = discardUnmatched(a, b, middle, changed1, changed2);
  new MyersSearch(h1, h2).run(
    (i) => {
      changed1[kept1[i]] = 1;
    },
    (i) => {
      changed2[kept2[i]] = 1;
    }
  );
  compactGroups(a, changed1, changed2, b.length);
  compactGroups(b, changed2, changed1, a.length);
  return buildScript(changed1, a.length, changed2, b.length);
}
function trimEnds(a, b) {
  const lim = Math.min(a.length, b.length);
  let start = 0;
  while (start < lim && a[start] === b[start]) start++;
  let tail = 0;
  while (tail < lim - start && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { start, end1: a.length - tail, end2: b.length - tail };
}
var SIMSCAN_WINDOW = 100;
var KPDIS_RUN = 4;
var MAX_EQLIMIT = 1024;
function discardUnmatched(a, b, m, changed1, changed2) {
  const classes = /* @__PURE__ */ new Map();
  const c1 = classify(a, m.start, m.end1, classes);
  const c2 = classifyLike(b, m, a, c1, classes);
  const in1 = new Int32Array(classes.size);
  const in2 = new Int32Array(classes.size);
  const countShared = (from, to) => {
    for (let i = from; i < to; i++) {
      const c = classes.get(a[i]);
      if (c !== void 0) {
        in1[c]++;
        in2[c]++;
      }
    }
  };
  countShared(0, m.start);
  countShared(m.end1, a.length);
  for (let i = 0; i < c1.length; i++) in1[c1[i]]++;
  for (let i = 0; i < c2.length; i++) in2[c2[i]]++;
  const [h1, kept1] = keep(c1, matchKinds(c1, in2, a.length), m.start, changed1);
  const [h2, kept2] = keep(c2, matchKinds(c2, in1, b.length), m.start, changed2);
  return { h1, h2, kept1, kept2 };
}
function classify(lines, from, to, classes) {
  const out = new Int32Array(to - from);
  for (let i = from; i < to; i++) out[i - from] = classOf(lines[i], classes);
  return out;
}
function classifyLike(b, m, a, c1, classes) {
  const out = new Int32Array(m.end2 - m.start);
  const shift = m.end1 - m.end2;
  for (let i = m.start; i < m.end2; i++) {
    const line2 = b[i];
    const j = i + shift;
    out[i - m.start] = i < m.end1 && a[i] === line2 ? c1[i - m.start] : j >= m.start && j < m.end1 && a[j] === line2 ? c1[j - m.start] : classOf(line2, classes);
  }
  return out;
}
function classOf(line2, classes) {
  let c = classes.get(line2);
  if (c === void 0) classes.set(line2, c = classes.size);
  return c;
}
function matchKinds(classes, inOther, lines) {
  const limit = Math.min(bogoSqrt(lines), MAX_EQLIMIT);
  const dis = new Uint8Array(classes.length);
  for (let i = 0; i < classes.length; i++) {
    const n = inOther[classes[i]];
    dis[i] = n === 0 ? 0 : n >= limit ? 2 : 1;
  }
  return dis;
}
function keep(classes, dis, offset, changed) {
  const h = new Int32Array(classes.length);
  const at = new Int32Array(classes.length);
  let n = 0;
  for (let i = 0; i < classes.length; i++) {
    if (dis[i] === 1 || dis[i] === 2 && !amidUnmatched(dis, i)) {
      h[n] = classes[i];
      at[n++] = offset + i;
    } else changed[offset + i] = 1;
  }
  return [h.subarray(0, n), at.subarray(0, n)];
}
function amidUnmatched(dis, i) {
  const before = runAround(dis, i, -1, Math.max(0, i - SIMSCAN_WINDOW));
  if (before.unmatched === 0) return false;
  const after = runAround(dis, i, 1, Math.min(dis.length - 1, i + SIMSCAN_WINDOW));
  if (after.unmatched === 0) return false;
  const repeated = before.repeated + after.repeated + 2;
  return repeated * KPDIS_RUN < repeated + before.unmatched + after.unmatched;
}
function runAround(dis, i, step, limit) {
  const run = { unmatched: 0, repeated: 0 };
  for (let j = i + step; step < 0 ? j >= limit : j <= limit; j += step) {
    if (dis[j] === 0) run.unmatched++;
    else if (dis[j] === 2) run.repeated++;
    else break;
  }
  return run;
}
function buildScript(changed1, n1, changed2, n2) {
  const out = [];
  for (let i1 = n1, i2 = n2; i1 >= 0 || i2 >= 0; i1--, i2--) {
    if (!changed1[i1 - 1] && !changed2[i2 - 1]) continue;
    const l1 = i1;
    const l2 = i2;
    while (changed1[i1 - 1]) i1--;
    while (changed2[i2 - 1]) i2--;
    out.push({ i1, chg1: l1 - i1, i2, chg2: l2 - i2 });
  }
  return out.reverse();
}

// src/report/diff.ts
function unifiedDiff(path, before, after, context = 3) {
  if (before === after) return "";
  const a = splitLines(before);
  const b = splitLines(after);
  const tab = path.includes(" ") ? "	" : "";
  let out = `--- ${gitQuote(`a/${path}`)}${tab}
+++ ${gitQuote(`b/${path}`)}${tab}
`;
  for (const hunk of groupHunks(lineChanges(a, b), context)) out += renderHunk(hunk, a, b, context);
  return out;
}
function splitLines(text) {
  const lines = text.split(/(?<=\n)/);
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines;
}
function groupHunks(changes, context) {
  const hunks = [];
  for (const c of changes) {
    const cur = hunks[hunks.length - 1];
    const last = cur?.[cur.length - 1];
    if (cur && last && c.i1 - (last.i1 + last.chg1) <= 2 * context) cur.push(c);
    else hunks.push([c]);
  }
  return hunks;
}
function renderHunk(hunk, a, b, context) {
  const first = hunk[0];
  const last = hunk[hunk.length - 1];
  const aFrom = Math.max(0, first.i1 - context);
  const bFrom = Math.max(0, first.i2 - context);
  const after = Math.min(context, a.length - (last.i1 + last.chg1), b.length - (last.i2 + last.chg2));
  const aTo = last.i1 + last.chg1 + after;
  const bTo = last.i2 + last.chg2 + after;
  let body = "";
  let pos = aFrom;
  for (const c of hunk) {
    for (; pos < c.i1; pos++) body += line(" ", a[pos]);
    for (let i = c.i1; i < c.i1 + c.chg1; i++) body += line("-", a[i]);
    for (let i = c.i2; i < c.i2 + c.chg2; i++) body += line("+", b[i]);
    pos = c.i1 + c.chg1;
  }
  for (; pos < aTo; pos++) body += line(" ", a[pos]);
  return `@@ -${range(aFrom, aTo - aFrom)} +${range(bFrom, bTo - bFrom)} @@
${body}`;
}
function range(start, count) {
  const from = count === 0 ? start : start + 1;
  return count === 1 ? `${from}` : `${from},${count}`;
}
function line(mark, text) {
  return text.endsWith("\n") ? mark + text : `${mark}${text}
\\ No newline at end of file
`;
}
var C_ESCAPES = {
  7: "\\a",
  8: "\\b",
  9: "\\t",
  10: "\\n",
  11: "\\v",
  12: "\\f",
  13: "\\r",
  34: '\\"',
  92: "\\\\"
};
function gitQuote(name) {
  const bytes = Buffer.from(name, "utf8");
  if (!bytes.some((b) => b < 32 || b >= 127 || b === 34 || b === 92)) return name;
  let out = '"';
  for (const b of bytes) {
    if (C_ESCAPES[b]) out += C_ESCAPES[b];
    else if (b < 32 || b >= 127) out += "\\" + b.toString(8).padStart(3, "0");
    else out += String.fromCharCode(b);
  }
  return out + '"';
}
export {
  gitQuote,
  unifiedDiff
};
