import {
  isAlias,
  isCollection,
  isScalar,
  parseAllDocuments,
  visit
} from "./shared-afcbbfc458.js";

// src/yaml/json-error.ts
var JSON_OBJECT = /^\s*\{\s*["}]/;
function opensAsJson(text) {
  return JSON_OBJECT.test(text);
}
function reportedError(errors, text) {
  const first = errors[0];
  if (errors.length < 2 || !JSON_OBJECT.test(text)) return first;
  const breaks = jsonBreak(text);
  if (breaks === void 0 || first.pos[0] >= breaks) return first;
  return errors.find((e) => e.pos[0] >= breaks) ?? first;
}
function jsonOnlyBreak(text) {
  if (!JSON_OBJECT.test(text)) return void 0;
  const bom = text.charCodeAt(0) === 65279 ? 1 : 0;
  const body = text.slice(bom);
  try {
    JSON.parse(body);
    return void 0;
  } catch {
    const at = jsonBreak(body) ?? trailingComma(body) ?? body.search(/\S/);
    return { offset: at + bom, message: "not valid JSON, which kubectl reads a document opening with { as" };
  }
}
function trailingComma(text) {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ",") {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j])) j++;
      if (text[j] === "]" || text[j] === "}") return j;
    }
  }
  return void 0;
}
function jsonBreak(text) {
  try {
    JSON.parse(text);
    return void 0;
  } catch (err) {
    const at = /at position (\d+)/.exec(err.message);
    return at ? Number(at[1]) : void 0;
  }
}

// src/yaml/quoted.ts
function closingOf(text, at) {
  const quote = text[at];
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\n" && /^(?:---|\.\.\.)(?:[ \t\r\n]|$)/.test(text.slice(i + 1, i + 5))) return -1;
    if (quote === '"' && c === "\\") i++;
    else if (c === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i + 1;
    }
  }
  return -1;
}
function parseLenient(text, first, parse) {
  let shadow = text;
  const spans = [];
  let unclosed = first;
  for (let round = 0; unclosed && round < 32; round++) {
    const end = closingOf(text, unclosed.offset);
    if (end < 0 || spans.some(([s]) => s === unclosed.offset)) return void 0;
    spans.push([unclosed.offset, end]);
    shadow = shadow.slice(0, unclosed.offset) + shadow.slice(unclosed.offset, end).replace(/[\r\n]/g, " ") + shadow.slice(end);
    const docs = parse(shadow);
    unclosed = unclosedIn(docs);
    if (docs.some((d) => d.errors.length) && !unclosed) return void 0;
    if (!unclosed) return withValues(docs, text, spans);
  }
  return void 0;
}
function unclosedIn(docs) {
  for (const doc of docs) {
    for (const e of doc.errors) {
      if (e.code !== "MISSING_CHAR" || !/^Missing closing .?quote/.test(e.message)) continue;
      let found;
      visit(doc, {
        Scalar: (_k, node) => {
          if (node.type !== "QUOTE_DOUBLE" && node.type !== "QUOTE_SINGLE" || node.range?.[1] !== e.pos[0]) return void 0;
          found = { offset: node.range[0] };
          return visit.BREAK;
        }
      });
      if (found) return found;
    }
  }
  return void 0;
}
function withValues(docs, text, spans) {
  let ok = true;
  for (const [start, end] of spans) {
    const alone = parseAllDocuments(text.slice(start, end), { schema: "failsafe" });
    const value = Array.isArray(alone) && alone.length === 1 && !alone[0].errors.length ? alone[0].contents : void 0;
    let found = false;
    for (const doc of docs) {
      visit(doc, {
        Scalar: (_k, node) => {
          if (node.range?.[0] !== start || !isScalar(value)) return void 0;
          node.value = value.value;
          found = true;
          return visit.BREAK;
        }
      });
    }
    ok &&= found;
  }
  return ok ? docs : void 0;
}

// src/yaml/documents.ts
function foreignBreak(text, from) {
  let first = -1;
  for (const c of FOREIGN) {
    const at = text.indexOf(c, from);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  const limit = first < 0 ? text.length : first;
  for (let at = text.indexOf("\r", from); at >= 0 && at < limit; at = text.indexOf("\r", at + 1)) {
    if (text.charCodeAt(at + 1) !== 10) return at;
  }
  return first;
}
var FOREIGN = ["\x85", "\u2028", "\u2029"];
function innerMark(text) {
  const opening = OPENING_MARK.exec(text)?.[0].length ?? 0;
  for (let at = text.indexOf("\n\uFEFF", opening); at >= 0; at = text.indexOf("\n\uFEFF", at + 1)) if (at + 1 >= opening) return at + 1;
  return -1;
}
var OPENING_MARK = /^\ufeff?(?:(?:[ \t\r]*(?:#[^\n]*)?\n)*---[^\n]*\n)?\ufeff{0,2}/;
var DOUBLE_MARK = /^(?:(?:[ \t\r]*(?:#[^\n]*)?\n)*---[^\n]*\n)?\ufeff\ufeff/;
var LEADING_MARKER = /^(?:[ \t\r]*(?:#[^\n]*)?\n)*---/;
function asKubectlReads(text) {
  let t = text;
  const marker = LEADING_MARKER.exec(t);
  const eol = marker ? t.indexOf("\n", marker[0].length) : -1;
  if (eol > 0 && t.charCodeAt(eol + 1) === 65279) t = "\uFEFF" + t.slice(0, eol + 1) + t.slice(eol + 2);
  const at = t.charCodeAt(0) === 65279 ? 1 : 0;
  if (t.startsWith("---#", at)) t = t.slice(0, at) + "#" + t.slice(at + 1);
  return t;
}
function parseAll(text, merge = false) {
  const docs = parseAllDocuments(asKubectlReads(text), { schema: "failsafe", uniqueKeys: true, merge, logLevel: "error" });
  return Array.isArray(docs) ? docs : [];
}
function parseDocuments(text, o = {}) {
  const parse = (t) => parseAll(t, o.merge);
  let list = parse(text);
  const unclosed = list.some((d) => d.errors.length) ? unclosedIn(list) : void 0;
  if (unclosed) list = parseLenient(text, unclosed, parse) ?? list;
  const parsed = list.map((doc, i) => {
    const [start, , end] = doc.range;
    const first2 = i === 0 ? reportedError(doc.errors, text) : doc.errors[0];
    const notJson = i === 0 && !first2 ? jsonOnlyBreak(text) : void 0;
    if (notJson) return { doc, start, end, error: { offset: notJson.offset, message: `${notJson.message} (JSON)` } };
    if (!first2) return { doc, start, end };
    const message = first2.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
    return { doc, start, end, error: { offset: first2.pos[0], message: `${message} (${first2.code})` } };
  });
  const first = foreignBreak(text, 0);
  if (first >= 0) refuseForeignBreaks(text, parsed, first);
  if (text.includes("*")) for (const d of parsed) d.error ??= aliasProblem(d.doc);
  if (COLLECTION_KEY.test(text)) for (const d of parsed) d.error ??= collectionKeyProblem(d.doc);
  if (text.includes("\\/") && !opensAsJson(text)) for (const d of parsed) d.error ??= escapeProblem(d.doc, text);
  const doubled = DOUBLE_MARK.exec(text);
  if (doubled && parsed[0] && !parsed[0].error)
    parsed[0].error = { offset: doubled[0].length - 1, message: "a second byte order mark opens the document; remove it" };
  const inner = innerMark(text);
  if (inner >= 0 && parsed[0] && !parsed.some((d) => d.error))
    parsed[0].error = { offset: inner, message: "a byte order mark starts a line inside the document; remove it" };
  return parsed;
}
var COLLECTION_KEY = /(?:^|[\s,[{])\?(?:[ \t\r\n]|$)|[\]}][ \t]*:/m;
function collectionKeyProblem(doc) {
  let problem;
  visit(doc, {
    Pair: (_key, pair) => {
      if (!isCollection(pair.key)) return void 0;
      const message = "a mapping key that is a sequence or mapping: kubectl refuses the document (invalid map key); write a plain key";
      problem = { offset: pair.key.range?.[0] ?? 0, message };
      return visit.BREAK;
    }
  });
  return problem;
}
function aliasProblem(doc) {
  const anchors = /* @__PURE__ */ new Set();
  let problem;
  visit(doc, {
    Pair: (_key, pair) => {
      if (!isAlias(pair.key)) return void 0;
      const message = `an alias as a mapping key (*${pair.key.source}): kubectl reads it as the key its anchor names; write that key`;
      problem = { offset: pair.key.range?.[0] ?? 0, message };
      return visit.BREAK;
    },
    Node: (_key, node) => {
      if (!isAlias(node)) {
        if (node.anchor) anchors.add(node.anchor);
        return void 0;
      }
      if (anchors.has(node.source)) return void 0;
      problem = {
        offset: node.range?.[0] ?? 0,
        message: `unknown anchor '${node.source}' referenced (an alias names an anchor defined before it, in its document)`
      };
      return visit.BREAK;
    }
  });
  return problem;
}
function escapeProblem(doc, text) {
  let problem;
  visit(doc, {
    Scalar: (_key, node) => {
      if (node.type !== "QUOTE_DOUBLE" || !node.range) return void 0;
      const [start, end] = node.range;
      for (let at = text.indexOf("\\", start); at >= 0 && at < end; at = text.indexOf("\\", at + 2)) {
        if (text[at + 1] !== "/") continue;
        problem = {
          offset: at,
          message: 'the escape \\/ in a double-quoted scalar: kubectl (YAML 1.1) cannot read it ("found unknown escape character") and refuses the file; write / instead'
        };
        return visit.BREAK;
      }
      return void 0;
    }
  });
  return problem;
}
var NAMES = {
  "\x85": "NEL (U+0085)",
  "\u2028": "LINE SEPARATOR (U+2028)",
  "\u2029": "PARAGRAPH SEPARATOR (U+2029)",
  "\r": "a CR not followed by LF"
};
function refuseForeignBreaks(text, docs, first) {
  for (const [i, d] of docs.entries()) {
    const from = i === 0 ? 0 : d.start;
    const to = docs[i + 1]?.start ?? text.length;
    const quoted = [];
    visit(d.doc, {
      Scalar: (_k, node) => {
        if (isScalar(node) && (node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE") && node.range)
          quoted.push([node.range[0], node.range[1]]);
      }
    });
    let q = 0;
    for (let at = foreignBreak(text, Math.max(from, first)); at >= 0 && at < to; at = foreignBreak(text, at + 1)) {
      while (q < quoted.length && quoted[q][1] <= at) q++;
      if (q < quoted.length && at > quoted[q][0]) continue;
      d.error = {
        offset: at,
        message: `${NAMES[text[at]]} outside a quoted scalar: a line break for kubectl (YAML 1.1) but not for this parser (YAML 1.2), so the two would read different objects; replace it with a newline`
      };
      break;
    }
  }
}

export {
  parseDocuments
};
