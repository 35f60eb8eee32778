// src/edit/lines.ts
function lineStart(text, at) {
  return at <= 0 ? 0 : text.lastIndexOf("\n", at - 1) + 1;
}
function columnOf(text, at) {
  return at - lineStart(text, at);
}
function locateOnce(text, offset) {
  let line = 0;
  let start = 0;
  for (let nl = text.indexOf("\n"); nl >= 0 && nl < offset; nl = text.indexOf("\n", nl + 1)) {
    line++;
    start = nl + 1;
  }
  return { line, start };
}
var LineIndex = class {
  starts = [0];
  constructor(text) {
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }
  /** The 0-based line of `offset`, and where that line starts. */
  locate(offset) {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, start: this.starts[lo] };
  }
};

export {
  lineStart,
  columnOf,
  locateOnce,
  LineIndex
};
