// node_modules/diff/libesm/diff/base.js
var Diff = class {
  diff(oldStr, newStr, options = {}) {
    let callback;
    if (typeof options === "function") {
      callback = options;
      options = {};
    } else if ("callback" in options) {
      callback = options.callback;
    }
    const oldString = this.castInput(oldStr, options);
    const newString = this.castInput(newStr, options);
    const oldTokens = this.removeEmpty(this.tokenize(oldString, options));
    const newTokens = this.removeEmpty(this.tokenize(newString, options));
    return this.diffWithOptionsObj(oldTokens, newTokens, options, callback);
  }
  diffWithOptionsObj(oldTokens, newTokens, options, callback) {
    var _a;
    const done = (value) => {
      value = this.postProcess(value, options);
      if (callback) {
        setTimeout(function() {
          callback(value);
        }, 0);
        return void 0;
      } else {
        return value;
      }
    };
    const newLen = newTokens.length, oldLen = oldTokens.length;
    let editLength = 1;
    let maxEditLength = newLen + oldLen;
    if (options.maxEditLength != null) {
      maxEditLength = Math.min(maxEditLength, options.maxEditLength);
    }
    const maxExecutionTime = (_a = options.timeout) !== null && _a !== void 0 ? _a : Infinity;
    const abortAfterTimestamp = Date.now() + maxExecutionTime;
    const bestPath = [{ oldPos: -1, lastComponent: void 0 }];
    let newPos = this.extractCommon(bestPath[0], newTokens, oldTokens, 0, options);
    if (bestPath[0].oldPos + 1 >= oldLen && newPos + 1 >= newLen) {
      return done(this.buildValues(bestPath[0].lastComponent, newTokens, oldTokens));
    }
    let minDiagonalToConsider = -Infinity, maxDiagonalToConsider = Infinity;
    const execEditLength = () => {
      for (let diagonalPath = Math.max(minDiagonalToConsider, -editLength); diagonalPath <= Math.min(maxDiagonalToConsider, editLength); diagonalPath += 2) {
        let basePath;
        const removePath = bestPath[diagonalPath - 1], addPath = bestPath[diagonalPath + 1];
        if (removePath) {
          bestPath[diagonalPath - 1] = void 0;
        }
        let canAdd = false;
        if (addPath) {
          const addPathNewPos = addPath.oldPos - diagonalPath;
          canAdd = addPath && 0 <= addPathNewPos && addPathNewPos < newLen;
        }
        const canRemove = removePath && removePath.oldPos + 1 < oldLen;
        if (!canAdd && !canRemove) {
          bestPath[diagonalPath] = void 0;
          continue;
        }
        if (!canRemove || canAdd && removePath.oldPos < addPath.oldPos) {
          basePath = this.addToPath(addPath, true, false, 0, options);
        } else {
          basePath = this.addToPath(removePath, false, true, 1, options);
        }
        newPos = this.extractCommon(basePath, newTokens, oldTokens, diagonalPath, options);
        if (basePath.oldPos + 1 >= oldLen && newPos + 1 >= newLen) {
          return done(this.buildValues(basePath.lastComponent, newTokens, oldTokens)) || true;
        } else {
          bestPath[diagonalPath] = basePath;
          if (basePath.oldPos + 1 >= oldLen) {
            maxDiagonalToConsider = Math.min(maxDiagonalToConsider, diagonalPath - 1);
          }
          if (newPos + 1 >= newLen) {
            minDiagonalToConsider = Math.max(minDiagonalToConsider, diagonalPath + 1);
          }
        }
      }
      editLength++;
    };
    if (callback) {
      (function exec() {
        setTimeout(function() {
          if (editLength > maxEditLength || Date.now() > abortAfterTimestamp) {
            return callback(void 0);
          }
          if (!execEditLength()) {
            exec();
          }
        }, 0);
      })();
    } else {
      while (editLength <= maxEditLength && Date.now() <= abortAfterTimestamp) {
        const ret = execEditLength();
        if (ret) {
          return ret;
        }
      }
    }
  }
  addToPath(path, added, removed, oldPosInc, options) {
    const last = path.lastComponent;
    if (last && !options.oneChangePerToken && last.added === added && last.removed === removed) {
      return {
        oldPos: path.oldPos + oldPosInc,
        lastComponent: { count: last.count + 1, added, removed, previousComponent: last.previousComponent }
      };
    } else {
      return {
        oldPos: path.oldPos + oldPosInc,
        lastComponent: { count: 1, added, removed, previousComponent: last }
      };
    }
  }
  extractCommon(basePath, newTokens, oldTokens, diagonalPath, options) {
    const newLen = newTokens.length, oldLen = oldTokens.length;
    let oldPos = basePath.oldPos, newPos = oldPos - diagonalPath, commonCount = 0;
    while (newPos + 1 < newLen && oldPos + 1 < oldLen && this.equals(oldTokens[oldPos + 1], newTokens[newPos + 1], options)) {
      newPos++;
      oldPos++;
      commonCount++;
      if (options.oneChangePerToken) {
        basePath.lastComponent = { count: 1, previousComponent: basePath.lastComponent, added: false, removed: false };
      }
    }
    if (commonCount && !options.oneChangePerToken) {
      basePath.lastComponent = { count: commonCount, previousComponent: basePath.lastComponent, added: false, removed: false };
    }
    basePath.oldPos = oldPos;
    return newPos;
  }
  equals(left, right, options) {
    if (options.comparator) {
      return options.comparator(left, right);
    } else {
      return left === right || !!options.ignoreCase && left.toLowerCase() === right.toLowerCase();
    }
  }
  removeEmpty(array) {
    const ret = [];
    for (let i = 0; i < array.length; i++) {
      if (array[i]) {
        ret.push(array[i]);
      }
    }
    return ret;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  castInput(value, options) {
    return value;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  tokenize(value, options) {
    return Array.from(value);
  }
  join(chars) {
    return chars.join("");
  }
  postProcess(changeObjects, options) {
    return changeObjects;
  }
  get useLongestToken() {
    return false;
  }
  buildValues(lastComponent, newTokens, oldTokens) {
    const components = [];
    let nextComponent;
    while (lastComponent) {
      components.push(lastComponent);
      nextComponent = lastComponent.previousComponent;
      delete lastComponent.previousComponent;
      lastComponent = nextComponent;
    }
    components.reverse();
    const componentLen = components.length;
    let componentPos = 0, newPos = 0, oldPos = 0;
    for (; componentPos < componentLen; componentPos++) {
      const component = components[componentPos];
      if (!component.removed) {
        if (!component.added && this.useLongestToken) {
          let value = newTokens.slice(newPos, newPos + component.count);
          value = value.map(function(value2, i) {
            const oldValue = oldTokens[oldPos + i];
            return oldValue.length > value2.length ? oldValue : value2;
          });
          component.value = this.join(value);
        } else {
          component.value = this.join(newTokens.slice(newPos, newPos + component.count));
        }
        newPos += component.count;
        if (!component.added) {
          oldPos += component.count;
        }
      } else {
        component.value = this.join(oldTokens.slice(oldPos, oldPos + component.count));
        oldPos += component.count;
      }
    }
    return components;
  }
};

// node_modules/diff/libesm/diff/array.js
var ArrayDiff = class extends Diff {
  tokenize(value) {
    return value.slice();
  }
  join(value) {
    return value;
  }
  removeEmpty(value) {
    return value;
  }
};
var arrayDiff = new ArrayDiff();
function diffArrays(oldArr, newArr, options) {
  return arrayDiff.diff(oldArr, newArr, options);
}

// src/report/changes.ts
var OldLines = class {
  constructor(bytes) {
    this.bytes = bytes;
    for (let nl = bytes.indexOf(10); nl >= 0 && nl + 1 < bytes.length; nl = bytes.indexOf(10, nl + 1)) this.starts.push(nl + 1);
    if (bytes.length === 0) this.starts.length = 0;
  }
  bytes;
  starts = [0];
  get count() {
    return this.starts.length;
  }
  /** Line `i` with its line end, as `latin1`. */
  line(i) {
    return this.bytes.toString("latin1", this.starts[i], this.end(i));
  }
  /** Where line `i` ends (after its `\n`, or at the end of the text). */
  end(i) {
    return i + 1 < this.starts.length ? this.starts[i + 1] : this.bytes.length;
  }
};
function lineChanges(old, edits, near = 6) {
  const out = [];
  let shift = 0;
  for (const block of blocks(old, edits, near)) {
    const before = linesOf(old.bytes.toString("latin1", old.starts[block.first] ?? old.bytes.length, old.end(block.last)));
    const after = linesOf(newText(old, block));
    for (const c of blockChanges(before, after)) {
      const change = { old: block.first + c.old, oldCount: c.oldCount, new: block.first + shift + c.new, added: c.added };
      const prev = out[out.length - 1];
      if (prev && prev.old + prev.oldCount === change.old && prev.new + prev.added.length === change.new) {
        prev.oldCount += change.oldCount;
        prev.added.push(...change.added);
      } else out.push(change);
    }
    shift += after.length - before.length;
  }
  return slideDown(out, old);
}
function slideDown(changes, old) {
  const out = [];
  for (const [k, c] of changes.entries()) {
    const limit = changes[k + 1]?.old ?? old.count;
    if (c.oldCount === 0)
      while (c.old < limit && old.line(c.old) === c.added[0]) {
        c.added.push(c.added.shift());
        c.old++;
        c.new++;
      }
    else if (c.added.length === 0)
      while (c.old + c.oldCount < limit && old.line(c.old) === old.line(c.old + c.oldCount)) {
        c.old++;
        c.new++;
      }
    const prev = out[out.length - 1];
    if (prev && prev.old + prev.oldCount === c.old && prev.new + prev.added.length === c.new) {
      prev.oldCount += c.oldCount;
      prev.added.push(...c.added);
    } else out.push(c);
  }
  return out;
}
function blocks(old, edits, near) {
  const out = [];
  let line2 = 0;
  const lineOf = (at) => {
    while (line2 + 1 < old.count && old.starts[line2 + 1] <= at) line2++;
    return line2;
  };
  for (const e of edits) {
    const first = lineOf(e.start);
    const last = Math.max(first, lineOf(e.end));
    const prev = out[out.length - 1];
    if (prev && first <= prev.last + near + 1) {
      prev.last = Math.max(prev.last, last);
      prev.edits.push(e);
    } else out.push({ first, last, edits: [e] });
  }
  return out;
}
function newText(old, b) {
  let pos = old.starts[b.first] ?? old.bytes.length;
  let text = "";
  for (const e of b.edits) {
    text += old.bytes.toString("latin1", pos, e.start) + e.bytes.toString("latin1");
    pos = e.end;
  }
  return text + old.bytes.toString("latin1", pos, old.end(b.last));
}
function linesOf(text) {
  const lines = [];
  let pos = 0;
  for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", pos)) {
    lines.push(text.slice(pos, nl + 1));
    pos = nl + 1;
  }
  if (pos < text.length) lines.push(text.slice(pos));
  return lines;
}
var MAX_COMPARED = 5e3;
function blockChanges(a, b) {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const oldMid = a.slice(head, a.length - tail);
  const newMid = b.slice(head, b.length - tail);
  if (oldMid.length === 0 && newMid.length === 0) return [];
  const single = oldMid.length === 0 || newMid.length === 0 || oldMid.length === 1 && newMid.length === 1;
  if (single || oldMid.length + newMid.length > MAX_COMPARED) return [{ old: head, oldCount: oldMid.length, new: head, added: newMid }];
  const paired = pairedChanges(oldMid, newMid, head);
  if (paired) return paired;
  const out = [];
  let i = head;
  let j = head;
  let open;
  for (const part of diffArrays(oldMid, newMid)) {
    const n = part.count ?? part.value.length;
    if (!part.added && !part.removed) {
      open = void 0;
      i += n;
      j += n;
      continue;
    }
    if (!open) out.push(open = { old: i, oldCount: 0, new: j, added: [] });
    if (part.removed) {
      open.oldCount += n;
      i += n;
    } else {
      open.added.push(...part.value);
      j += n;
    }
  }
  return out;
}
function pairedChanges(a, b, head) {
  if (a.length !== b.length) return void 0;
  const at = /* @__PURE__ */ new Map();
  for (const [i, line2] of a.entries()) at.set(line2, at.has(line2) ? -1 : i);
  for (const [j, line2] of b.entries()) {
    const i = at.get(line2);
    if (i !== void 0 && i !== j) return void 0;
  }
  const out = [];
  let open;
  for (let k = 0; k < a.length; k++) {
    if (a[k] === b[k]) {
      open = void 0;
      continue;
    }
    if (!open) out.push(open = { old: head + k, oldCount: 0, new: head + k, added: [] });
    open.oldCount++;
    open.added.push(b[k]);
  }
  return out;
}

// src/report/diff.ts
function unifiedDiff(path, input, edits, context = 3) {
  const old = new OldLines(input);
  const changes = lineChanges(old, edits, 2 * context);
  if (changes.length === 0) return Buffer.alloc(0);
  const tab = path.includes(" ") ? "	" : "";
  let out = `--- ${gitQuote(`a/${path}`)}${tab}
+++ ${gitQuote(`b/${path}`)}${tab}
`;
  for (const hunk of hunksOf(changes, old.count, context)) out += hunkText(hunk, old);
  return Buffer.from(out, "latin1");
}
function hunksOf(changes, lines, context) {
  const hunks = [];
  for (const c of changes) {
    const from = Math.max(0, c.old - context);
    const to = Math.min(lines, c.old + c.oldCount + context);
    const open = hunks[hunks.length - 1];
    if (open && from <= open.to) {
      open.to = to;
      open.changes.push(c);
    } else hunks.push({ from, to, newFrom: c.new - (c.old - from), changes: [c] });
  }
  return hunks;
}
function hunkText(h, old) {
  let body = "";
  let newLines = h.to - h.from;
  let at = h.from;
  for (const c of h.changes) {
    while (at < c.old) body += line(" ", old.line(at++));
    for (; at < c.old + c.oldCount; at++) body += line("-", old.line(at));
    for (const l of c.added) body += line("+", l);
    newLines += c.added.length - c.oldCount;
  }
  while (at < h.to) body += line(" ", old.line(at++));
  return `@@ -${range(h.from, h.to - h.from)} +${range(h.newFrom, newLines)} @@
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
