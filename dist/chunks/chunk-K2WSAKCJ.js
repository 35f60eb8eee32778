#!/usr/bin/env node
import { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);

// src/edit/splice.ts
function splice(text, edits) {
  if (edits.length === 0) return text;
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = "";
  let pos = 0;
  for (const e of sorted) {
    if (e.start < pos || e.end < e.start || e.end > text.length) {
      throw new Error(`internal error: overlapping or out-of-range edit at ${e.start}`);
    }
    out += text.slice(pos, e.start) + e.text;
    pos = e.end;
  }
  return out + text.slice(pos);
}

export {
  splice
};
