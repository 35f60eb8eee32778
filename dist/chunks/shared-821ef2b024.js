import {
  KUSTOMIZATION_NAMES
} from "./shared-e7246e960e.js";
import {
  realOrSelf
} from "./shared-ee5c055de3.js";
import {
  lineStart
} from "./shared-2a7eafe8ab.js";

// src/files/deploy-groups.ts
var DEPLOY_GROUPS = [
  "kustomize.toolkit.fluxcd.io",
  "argoproj.io",
  "fluxcd.controlplane.io",
  "helm.toolkit.fluxcd.io",
  // Flux sources and artifact generators: they may rename the paths a Kustomization deploys.
  "source.toolkit.fluxcd.io",
  "source.extensions.fluxcd.io"
];
var DEPLOY_API_PREFIXES = DEPLOY_GROUPS.map((g) => `${g}/`);
var CANDIDATE = /(?:kustomize\.toolkit\.fluxcd\.io|argoproj\.io|fluxcd\.controlplane\.io|helm\.toolkit\.fluxcd\.io|source\.(?:toolkit|extensions)\.fluxcd\.io)\/|\\(?:[xuU]|\r?\n)/;
var FLUX = Buffer.from("fluxcd.io/");
var ARGO = Buffer.from("argoproj.io/");
var BACKSLASH = 92;
var ACTION = Buffer.from("{{");
var SUBST = Buffer.from("${");
var SUBST_LINE = /(?:apiVersion|kind)["']?[ \t]*:[^\n]*\$\{/;
function mayNameDeployGroup(bytes) {
  if (bytes.includes(ACTION)) {
    const text = bytes.toString("latin1");
    if (TEMPLATED_GROUP.test(text) || templatedDeployKind(text)) return true;
  }
  if (bytes.includes(SUBST) && SUBST_LINE.test(bytes.toString("latin1"))) return true;
  if (!bytes.includes(FLUX) && !bytes.includes(ARGO) && !bytes.includes(BACKSLASH)) return false;
  return CANDIDATE.test(bytes.toString("latin1"));
}
var TEMPLATED_GROUP = /(?:kustomize\.toolkit\.fluxcd\.io|argoproj\.io|fluxcd\.controlplane\.io|helm\.toolkit\.fluxcd\.io|source\.(?:toolkit|extensions)\.fluxcd\.io)(?!\/)/;
var ACTION_API = /apiVersion["']?[ \t]*:[^\n]*\{\{/;
var DEPLOY_KIND_LINE = /kind["']?[ \t]*:[ \t]*["']?(?:Application|ApplicationSet|Kustomization|HelmRelease|ResourceSet|FluxInstance|GitRepository|OCIRepository|Bucket|ArtifactGenerator)\b/;
function templatedDeployKind(text) {
  return ACTION_API.test(text) && DEPLOY_KIND_LINE.test(text);
}

// src/files/mentions.ts
import { lstatSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
var DOT_END = /(?:^|[\s[,'"/:-])\.\.?\/*(?=$|[\s\],'"#}])/m;
var WORD = /[^\s,[\]{}'"]+/g;
var KustomizationMentions = class {
  /** Kustomizations to read whatever files are wanted. */
  anything = /* @__PURE__ */ new Set();
  /** The others' text, and in lower case. */
  texts = /* @__PURE__ */ new Map();
  symlinks = /* @__PURE__ */ new Map();
  reals = /* @__PURE__ */ new Map();
  /** A path's real path (or itself), asked of the file system once per run. */
  real = (p) => {
    let r = this.reals.get(p);
    if (r === void 0) this.reals.set(p, r = realOrSelf(p));
    return r;
  };
  /** `read` returns a file's text, or undefined when it cannot be read (the planner skips those too). */
  constructor(kustomizations, read) {
    for (const k of kustomizations) {
      const text = read(k);
      if (text === void 0) continue;
      const decoded = text.includes("\\") ? unescaped(text) : void 0;
      if (DOT_END.test(text) || decoded !== void 0 && DOT_END.test(decoded) || continues(text)) this.anything.add(k);
      else {
        let real;
        const entry = { text, lower: folded(text), real: () => real ??= this.real(k) };
        if (decoded !== void 0) Object.assign(entry, { decoded, decodedLower: folded(decoded) });
        this.texts.set(k, entry);
      }
    }
  }
  /**
   * The kustomizations that may name one of `files` (paths as given and real paths, of
   * resources, patches and kustomizations; a kustomization is named by its directory too).
   */
  naming(files) {
    const wanted = /* @__PURE__ */ new Map();
    const want = (name, file, asDirectory) => {
      const w = wanted.get(name) ?? { pieces: piecesOf(name), files: [] };
      w.files.push({ file, asDirectory });
      wanted.set(name, w);
    };
    for (const f of files) {
      want(basename(f), f, false);
      if (KUSTOMIZATION_NAMES.has(basename(f))) want(basename(dirname(f)), f, true);
    }
    const out = new Set(this.anything);
    for (const [k, t] of this.texts) {
      const spells = (w, lower) => lower !== void 0 && w.pieces.every((piece) => lower.includes(piece));
      const named = [...wanted.values()].some((w) => spells(w, t.decodedLower) || spells(w, t.lower) && !refuted(t, w, this.real));
      if (named || this.namesSymlink(k, t)) out.add(k);
    }
    return out;
  }
  /** Whether a word or line value of `text`, taken as a path from the kustomization's directory, is a symlink. */
  namesSymlink(k, t) {
    let known = this.symlinks.get(k);
    if (known === void 0) {
      const dir = dirname(t.real());
      const paths = /* @__PURE__ */ new Set();
      for (const text of t.decoded !== void 0 ? [t.text, t.decoded] : [t.text]) {
        const anyKey = ANCHOR.test(text);
        for (const line of text.split("\n")) {
          if (line.includes("[") || line.includes("{")) for (const m of line.matchAll(WORD)) paths.add(resolve(dir, m[0]));
          const value = lineValue(line, anyKey);
          if (value !== "") paths.add(resolve(dir, value));
        }
      }
      known = [...paths].some((p) => this.linked(p));
      this.symlinks.set(k, known);
    }
    return known;
  }
  linkedPaths = /* @__PURE__ */ new Map();
  /** Whether `p` is a symlink, or a directory whose kustomization is one: named through it, a file or directory has another name than its own. */
  linked(p) {
    let known = this.linkedPaths.get(p);
    if (known === void 0) {
      const st = lstatOrUndefined(p);
      const isLink = (f) => lstatOrUndefined(f)?.isSymbolicLink() === true;
      known = st !== void 0 && (st.isSymbolicLink() || st.isDirectory() && [...KUSTOMIZATION_NAMES].some((n) => isLink(join(p, n))));
      this.linkedPaths.set(p, known);
    }
    return known;
  }
};
function lstatOrUndefined(p) {
  try {
    return lstatSync(p, { throwIfNoEntry: false });
  } catch {
    return void 0;
  }
}
function refuted(t, w, real) {
  if (w.pieces.length !== 1 || t.lower.length !== t.text.length || t.decoded !== void 0) return false;
  const piece = w.pieces[0];
  w.targets ??= {
    files: new Set(w.files.filter((f) => !f.asDirectory).map((f) => real(f.file))),
    kustomizations: new Set(
      w.files.filter((f) => f.asDirectory).flatMap((f) => [real(f.file), join(real(dirname(f.file)), basename(f.file))])
    )
  };
  const { files, kustomizations } = w.targets;
  let seen = 0;
  for (let at = t.lower.indexOf(piece); at >= 0; at = t.lower.indexOf(piece, at + 1)) {
    if (++seen > MAX_LOOKS) return false;
    const value = plainEntry(t.text, at);
    if (value === void 0) return false;
    const path = resolve(dirname(t.real()), value);
    if (files.size && files.has(real(path))) return false;
    if (kustomizations.size && [...KUSTOMIZATION_NAMES].some((n) => kustomizations.has(join(real(path), n)))) return false;
  }
  return true;
}
var MAX_LOOKS = 64;
var ENTRY = /^( *)(?:- +)*(?:[\w.-]+: +)?(["']?)([^\s,[\]{}'"#]+)\2 *(?: #.*)?$/;
function plainEntry(text, at) {
  const from = lineStart(text, at);
  const to = text.indexOf("\n", at);
  const line = text.slice(from, to < 0 ? text.length : to).replace(/\r$/, "");
  const m = ENTRY.exec(line);
  if (!m) return void 0;
  const indent = m[1].length;
  let above;
  for (let end = from - 1; end > 0 && above === void 0; ) {
    const start = lineStart(text, end);
    const l = text.slice(start, end);
    if (l.trim() !== "" && !l.trim().startsWith("#")) above = l;
    end = start - 1;
  }
  if (above !== void 0) {
    const aboveIndent = above.length - above.trimStart().length;
    if (aboveIndent < indent && !/:\s*(?:#.*)?$/.test(above.trimEnd())) return void 0;
  }
  return m[3];
}
var ESCAPES = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  t: "	",
  "	": "	",
  n: "\n",
  v: "\v",
  f: "\f",
  r: "\r",
  e: "\x1B",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
  N: "\x85",
  _: "\xA0",
  L: "\u2028",
  P: "\u2029"
};
function unescaped(text) {
  return text.replace(
    /\\(?:x([\da-fA-F]{2})|u([\da-fA-F]{4})|U([\da-fA-F]{8})|\r?\n[ \t]*|([\s\S]))/g,
    (m, x, u, U, c) => {
      const hex = x ?? u ?? U;
      if (hex !== void 0) {
        const code = parseInt(hex, 16);
        return code <= 1114111 ? String.fromCodePoint(code) : m;
      }
      return c === void 0 ? "" : ESCAPES[c] ?? m;
    }
  );
}
function folded(text) {
  return text.normalize("NFC").toLowerCase();
}
function piecesOf(name) {
  const pieces = folded(name).split(/[\s'"]+/).filter(Boolean);
  return pieces.length ? pieces : [""];
}
var ENTRY_HEAD = /^\s*(?:-\s+)*(?:([^\s#'"][^#]*?|"[^"\n]*"|'[^'\n]*'):\s+)?(?:[&!]\S*\s+)*/;
var ANCHOR = /(?:^|[\s[{,:-])&[^\s,[\]{}]/;
var WORD_KEY = /^["']?[\w-]+["']?$/;
var PATH_KEY = /path["']?$/i;
function lineValue(line, anyKey) {
  const head = ENTRY_HEAD.exec(line);
  const key = head[1];
  if (!anyKey && key !== void 0 && WORD_KEY.test(key) && !PATH_KEY.test(key)) return "";
  let value = line.slice(head[0].length);
  if (value.startsWith("#")) return "";
  const comment = value.search(/\s#/);
  value = (comment < 0 ? value : value.slice(0, comment)).trim();
  if (/^(["']).*\1$/.test(value)) return value.slice(1, -1);
  return key === void 0 && value.endsWith(":") ? "" : value;
}
function continues(text) {
  for (const line of text.split("\n")) {
    const t = line.trim();
    if (t === "" || t === "---" || t === "..." || t === "-" || t.startsWith("- ") || "#[{".includes(t[0])) continue;
    if (t[0] === "?" || t[0] === ":") return true;
    if (!/:(?:\s|$)/.test(t)) return true;
  }
  return false;
}

export {
  DEPLOY_API_PREFIXES,
  mayNameDeployGroup,
  TEMPLATED_GROUP,
  templatedDeployKind,
  KustomizationMentions
};
