import {
  readWeight
} from "./shared-5d7c34b40b.js";
import {
  neededScale,
  readJsonWeight,
  roundedNote,
  scaleWeights
} from "./shared-051a59df81.js";

// src/quantity/reader.ts
function readQuantityWeight(input) {
  const r = "json" in input ? readJsonWeight(input.json) : readYaml(input.yaml);
  return r.ok && r.value.negative ? { ok: false, reason: "is negative" } : r;
}
function readYaml(w) {
  if (w.tag)
    return { ok: false, reason: `has an explicit tag (${w.tag.replace("tag:yaml.org,2002:", "!!")}); remove the tag to convert it` };
  if (w.raw.length > MEMO_TEXT) return readWeight(w.style, w.value, w.raw);
  const known = memo.get(w.raw);
  if (known !== void 0 && known.style === w.style && known.value === w.value) return known.reading;
  if (memo.size >= MEMO_SIZE) memo.clear();
  const reading = frozen(readWeight(w.style, w.value, w.raw));
  memo.set(w.raw, { style: w.style, value: w.value, reading });
  return reading;
}
var memo = /* @__PURE__ */ new Map();
var MEMO_SIZE = 512;
var MEMO_TEXT = 64;
function frozen(r) {
  if (r.ok) Object.freeze(r.value);
  return Object.freeze(r);
}
function readQuantityWeights(inputs) {
  const values = [];
  const notes = [];
  const errors = [];
  for (const [index, input] of inputs.entries()) {
    const r = readQuantityWeight(input);
    if (!r.ok) errors.push({ index, reason: r.reason });
    else {
      values.push(r.value);
      notes.push(r.note);
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, values, notes };
}
function weightRule(inputs, opts = {}) {
  const read = readQuantityWeights(inputs);
  if (!read.ok) return read;
  const scaled = scaleWeights(read.values, opts);
  if (!scaled.ok) return { ok: false, errors: [{ index: scaled.index, reason: scaled.reason }] };
  const notes = read.notes;
  for (const i of scaled.rounded ?? []) notes[i] = roundedNote(read.values[i]);
  const result = { ok: true, weights: scaled.weights, divided: scaled.divided === true, notes };
  return scaled.bounded ? { ...result, bounded: true } : result;
}
function neededWeightScale(inputs) {
  const values = [];
  for (const input of inputs) {
    const r = readQuantityWeight(input);
    if (r.ok) values.push(r.value);
  }
  return neededScale(values);
}

export {
  readQuantityWeight,
  readQuantityWeights,
  weightRule,
  neededWeightScale
};
