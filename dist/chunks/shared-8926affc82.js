import {
  readQuantityWeight
} from "./shared-830d5f64a9.js";
import {
  HOPS
} from "./shared-da01202873.js";
import {
  LINKERD_MILLI_SUM,
  LINKERD_UNIT_SUM,
  MAX_WEIGHT,
  boundedNote,
  dividedForSumNote,
  isIntegerLiteral,
  pastLinkerdSum,
  roundedNote,
  scaleWeights
} from "./shared-051a59df81.js";
import {
  apiVersionOnly
} from "./shared-cead045f6a.js";

// src/kinds/trafficsplit/steps.ts
var STEPS = HOPS.map((hop) => ({
  from: hop.from,
  to: hop.to,
  apply: hop.weights ? convertWeights : apiVersionOnly
}));
function repair(u, opts) {
  if (u.version === "v1alpha1") return false;
  const weights = u.view.data.weights;
  const broken = weights.some((w) => !("scalar" in w) || w.scalar.style !== "PLAIN" || !isIntegerLiteral(w.scalar.value));
  if (broken) return convertWeights(u, opts);
  if (opts.notLinkerd || !pastLinkerdSum(weights.map((w) => "scalar" in w ? BigInt(w.scalar.value) : 0n))) return false;
  u.repairing = u.version;
  return convertWeights(u, opts);
}
function convertWeights(u, opts) {
  const read = readValues(u.view.data.weights, u.notes);
  if ("problems" in read) return read;
  const { values, scalars } = read;
  const wholeUnits = !opts.notLinkerd;
  const floor = opts.scaleFloor ? { floor: floorFor(opts.scaleFloor, u.view.ref.name) } : {};
  const scaled = scaleWeights(values, { ...floor, wholeUnits });
  if (!scaled.ok) {
    const s = scalars[scaled.index];
    const message = `backend ${scaled.index + 1} weight ${show(s)} ${scaled.reason}`;
    return { problems: [{ code: "invalid-weight", offset: s.start, message, ...scaled.leave ? { leave: true } : {} }] };
  }
  for (const i of scaled.rounded ?? []) u.notes.push(`backend ${i + 1} ${show(scalars[i])} ${roundedNote(values[i])}`);
  if (scaled.bounded) u.notes.push(boundedNote());
  else if (scaled.dividedForSum) u.notes.push(dividedForSumNote(wholeUnits ? LINKERD_UNIT_SUM : LINKERD_MILLI_SUM));
  else if (scaled.divided) u.notes.push(`divided by their greatest common divisor to stay within ${MAX_WEIGHT}`);
  const before = [];
  const after = [];
  const seen = /* @__PURE__ */ new Set();
  for (const [i, s] of scalars.entries()) {
    const text = scaled.weights[i].toString();
    before.push(s.raw);
    after.push(text);
    if (s.raw !== text && !seen.has(s.start)) u.changes.push({ shape: "scalar", scalar: s, text });
    seen.add(s.start);
  }
  u.weights = { before, after };
  return { ok: true };
}
function readValues(weights, notes) {
  const problems = [];
  const values = [];
  const scalars = [];
  for (const [i, w] of weights.entries()) {
    if ("problem" in w) {
      problems.push(w.problem);
      continue;
    }
    const reading = readQuantityWeight({ yaml: w.scalar });
    if (!reading.ok) {
      problems.push({
        code: "invalid-weight",
        offset: w.scalar.start,
        message: `backend ${i + 1} weight ${show(w.scalar)} ${reading.reason}`
      });
      continue;
    }
    if (reading.note) notes.push(`backend ${i + 1} ${show(w.scalar)} ${reading.note}`);
    values.push(reading.value);
    scalars.push(w.scalar);
  }
  return problems.length ? { problems } : { values, scalars };
}
function floorFor(floors, name) {
  if (!floors) return 0;
  return Math.max(floors.get("*") ?? 0, name === void 0 ? 0 : floors.get(name) ?? 0);
}
function show(s) {
  const flat = s.raw.split("\r").join("\\r").split("\n").join("\\n");
  const raw = flat.length > 40 ? `${flat.slice(0, 37)}...` : flat;
  return s.style === "PLAIN" ? `"${raw}"` : raw;
}

export {
  STEPS,
  repair,
  readValues,
  floorFor,
  show
};
