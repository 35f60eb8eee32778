import {
  worldOf,
  worldText
} from "./shared-c787c7c747.js";
import {
  DOCS_TEMPLATE,
  handedValues,
  otherChartsFile
} from "./shared-bef482e313.js";
import {
  NOT_VALUES,
  chartMeta,
  filesUnder,
  realFile
} from "./shared-29f1972fb5.js";
import {
  commandStrings,
  programStrings,
  yamlStreamReads
} from "./shared-23068b7f95.js";
import {
  repositoryOf
} from "./shared-adac2e8139.js";
import {
  isInside,
  realOrSelf
} from "./shared-ee5c055de3.js";

// src/files/helm/post-render-script.ts
var VALIDATOR = /^(?:kubeconform|kubeval|kube-score|kube-linter|conftest)$/;
var READER = /^(?:diff|cmp|wc)$/;
var RENDERS = /(?<![\w-])(?:helm[ \t]+template\b|helm[ \t]+(?:install|upgrade)\b(?=[^\n]*--dry-run)|helmfile(?=[^\n|;&]*[ \t](?:template|build)\b)(?:[ \t]+(?!template\b|build\b)[^\s|;&]+)*[ \t]+(?:template|build)\b|(?:kustomize[ \t]+build|kubectl[ \t]+kustomize)\b(?=[^\n]*--enable-helm))/g;
function appliesOnly(stage, piped) {
  const words = stage.trim().replace(/^(?:\w+=\S*\s+)*(?:sudo\s+)?/, "").split(/\s+/);
  if (VALIDATOR.test(words[0] ?? "")) return true;
  if (!piped && (READER.test(words[0] ?? "") || words[0] === "grep" && words.some((w) => /^(?:-[a-pr-zA-Z]*q[a-zA-Z]*|--quiet|--silent)$/.test(w))))
    return true;
  if (words[0] !== "kubectl" || !words.some((w) => /^(?:apply|create|diff|replace)$/.test(w))) return false;
  return !words.includes("--local") && !(piped && words.some((w) => /^(?:-o|--output)(?:=|$)|^-o\w/.test(w)));
}
function stages(line) {
  const out = [];
  let at = 0;
  for (const m of line.matchAll(/\|\||&&|;|\|/g)) {
    out.push({ text: line.slice(at, m.index), piped: m[0] === "|", at });
    at = m.index + m[0].length;
  }
  out.push({ text: line.slice(at), piped: false, at });
  return out;
}
function joined(text) {
  return text.replace(/\\\r?\n/g, (s) => " ".repeat(s.length)).replace(/\r?\n(?=[ \t]*(?:\|(?!\|)|>))/g, (s) => " ".repeat(s.length));
}
function unprovenTemplateOutput(text, yaml = true, code = false) {
  if (!/helm|kustomize/.test(text)) return void 0;
  const t = joined(code ? text.replace(/(["'`])[ \t]*,(?:[ \t]*\[)?[ \t]*(["'`])/g, (s) => " ".repeat(s.length)) : text);
  const lines = t.split("\n");
  for (const m of t.matchAll(RENDERS)) {
    const start = t.lastIndexOf("\n", m.index) + 1;
    const end = t.indexOf("\n", m.index);
    const before = t.slice(start, m.index);
    if (/\$\(|`|<\(/.test(before)) return m.index;
    const line = t.slice(m.index, end < 0 ? t.length : end).replace(/\$\([^()]*\)|\$\{[^}]*\}/g, (s) => "_".repeat(s.length));
    const found = /\|\||&&|&>|(?<![\d&])>>?(?!&)|[;)|]/.exec(line.slice(m[0].length));
    const shell = found?.[0] === ")" ? /^\)\s*(\|(?!\|)|>>?)/.exec(line.slice(m[0].length + found.index)) : null;
    const stop = found && shell ? { kind: shell[1], index: found.index + shell[0].length - shell[1].length } : found && { kind: found[0], index: found.index };
    const args = line.slice(m[0].length, stop ? m[0].length + stop.index : void 0);
    const dir = /--output-dir(?:=|\s+)["']?([^\s"']+)/.exec(args);
    if (dir && !onlyApplied(dir[1], lines, m.index)) return m.index;
    if (dir && (!stop || /^(?:\|\||&&|;|\))$/.test(stop.kind))) continue;
    if (!stop || /^(?:\|\||&&|;|\))$/.test(stop.kind)) {
      if (!yaml) return m.index;
      continue;
    }
    const after = line.slice(m[0].length + stop.index + stop.kind.length).trim();
    if (stop.kind === "|") {
      const [next] = stages(after);
      if (!next || !appliesOnly(next.text, next.piped)) return m.index;
      continue;
    }
    const file = /^["']?([^\s"';|&)]+)/.exec(after)?.[1];
    if (file === void 0 || file !== "/dev/null" && !onlyApplied(file, lines, m.index)) return m.index;
  }
  return void 0;
}
function onlyApplied(path, lines, at) {
  const parts = path.split("/").filter(Boolean);
  const names = [parts.at(-1), ...parts.length > 1 ? [parts.at(-2)] : []].filter((n) => n !== "" && n !== "." && n !== "..");
  if (names.length === 0) return false;
  const word = new RegExp(`(?<![\\w.-])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\w-])`);
  let offset = 0;
  let applied = false;
  for (const line of lines) {
    const here = offset <= at && at <= offset + line.length;
    offset += line.length + 1;
    if (here || !word.test(line)) continue;
    for (const stage of stages(line).filter((st) => word.test(st.text))) {
      if (appliesOnly(stage.text, stage.piped)) applied = true;
      else if (!/^\s*(?:mkdir|rm)\b/.test(stage.text)) return false;
    }
  }
  return applied;
}

// src/files/helm/setter-scan.ts
import { basename as basename2, dirname as dirname2, join as join2 } from "node:path";

// src/files/helm/value-mentions.ts
function valueMentions(text, path) {
  if (path.length === 0 || !path.every((k) => text.includes(k))) return [];
  const out = [];
  const dotted = new RegExp(`(?<![\\w$-])(?<!Values\\.(?:[\\w-]+\\.)*)${path.map(escaped).join("\\.")}(?![\\w-])`, "g");
  for (const m of text.matchAll(dotted)) out.push({ offset: m.index, top: false });
  const pointer = new RegExp(`/${path.map(escaped).join("/")}(?![\\w-])`, "g");
  for (const m of text.matchAll(pointer)) out.push({ offset: m.index + 1, top: false });
  for (const k of keysAt(text, path[0], 0, text.length, void 0)) {
    const last = descend(text, path, 1, k);
    if (last !== void 0) out.push({ offset: last, top: isTop(text, k.offset) });
  }
  return out;
}
function blockMentions(text, path) {
  const out = [];
  for (let n = 1; n <= path.length && text.includes(path[n - 1]); n++) {
    const head = path.slice(0, n);
    const subscript = new RegExp(`${head.map((k) => `\\[[ \\t]*(["'])${escaped(k)}\\1[ \\t]*\\]`).join("")}[ \\t]*=(?!=)`, "g");
    for (const m of text.matchAll(subscript)) out.push({ offset: m.index + m[0].lastIndexOf(head.at(-1)), top: false });
    if (n === path.length) break;
    const pointer = new RegExp(`(["']?)path\\1[ \\t]*[:=][ \\t]*["']?/(?:[^\\s"'/]+/)+${head.map(escaped).join("/")}(?![\\w/~-])`, "g");
    const chain = `(?<![\\w$-])[\\w$]*(?:\\.[\\w-]+)*\\.${head.map(escaped).join("\\.")}(?<!Values\\.(?:[\\w-]+\\.)*[\\w-]+)`;
    const yq = new RegExp(`${chain}[ \\t]*(?:[|+*/-]?=(?![=~])|\\))`, "g");
    const fieldPath = new RegExp(`${chain}(?![\\w.-])`, "g");
    for (const re of [pointer, yq, fieldPath])
      for (const m of text.matchAll(re)) out.push({ offset: m.index + m[0].lastIndexOf(head.at(-1)), top: false });
  }
  return out;
}
function wordMention(text, path) {
  let first;
  for (const key of path.length > 1 ? path.slice(0, -1) : path) {
    if (!text.includes(key)) continue;
    const word = new RegExp(`(?<![\\w-])(?<!Values\\.(?:[\\w-]+\\.)*)${escaped(key)}(?![\\w-])`);
    const m = word.exec(text);
    if (m && (first === void 0 || m.index < first.offset)) first = { offset: m.index, top: false, key };
  }
  return first;
}
function descend(text, path, i, k) {
  if (i === path.length) return k.offset;
  const block = blockOf(text, k);
  if (!block) return void 0;
  for (const child of keysAt(text, path[i], block.from, block.to, block.child)) {
    const last = descend(text, path, i + 1, child);
    if (last !== void 0) return last;
  }
  return void 0;
}
function keysAt(text, key, from, to, child) {
  const re = new RegExp(`(?<![\\w.$-])(["']?)${escaped(key)}\\1[ \\t]*(?:\\+?:{1,3}(?=[\\s{"'\\[]|$)|=(?![=~>]))`, "g");
  re.lastIndex = from;
  const out = [];
  for (let m = re.exec(text); m && m.index < to; m = re.exec(text)) {
    const offset = m.index + m[1].length;
    if (child && !isChild(text, m.index, child)) continue;
    out.push({ offset, after: m.index + m[0].length });
  }
  return out;
}
function isChild(text, at, child) {
  if ("chain" in child) return at === child.chain;
  if ("braces" in child) return depth(text, child.braces + 1, at, child.parens) === 0;
  const start = text.lastIndexOf("\n", at - 1) + 1;
  return /^[ \t]*$/.test(text.slice(start, at)) && at - start === child.indent;
}
function blockOf(text, k) {
  const eol = text.indexOf("\n", k.after);
  const end = eol < 0 ? text.length : eol;
  const rest = text.slice(k.after, end);
  const brace = /^[ \t]*(?:[\w.$]+(?:\[[\w.]*\](?:interface\{\}|[\w.$]*))?[ \t]*)?([{(])/.exec(rest);
  if (brace) {
    const open = k.after + brace[0].length - 1;
    const parens = brace[1] === "(";
    return { from: open + 1, to: closing(text, open, parens), child: { braces: open, parens } };
  }
  const chain = /^[ \t]*(?=(["']?)[\w-]+\1[ \t]*:(?:[ \t]|$))/.exec(rest);
  if (chain) return { from: k.after, to: end, child: { chain: k.after + chain[0].length } };
  const words = rest.replace(/#.*/, "").trim().split(/[ \t]+/);
  if (!words.every((w) => w === "" || /^[&!]/.test(w))) return void 0;
  const lineStart = text.lastIndexOf("\n", k.offset - 1) + 1;
  const keyColumn = k.offset - lineStart - (/["']/.test(text[k.offset - 1] ?? "") ? 1 : 0);
  let indent;
  let to = end;
  for (let at = end + 1; at < text.length; ) {
    const next = text.indexOf("\n", at);
    const line = text.slice(at, next < 0 ? text.length : next);
    const lead = /^[ \t]*/.exec(line)[0].length;
    if (!/^\s*(?:#.*)?$/.test(line)) {
      if (lead <= keyColumn) break;
      indent ??= lead;
      to = next < 0 ? text.length : next;
    }
    if (next < 0) break;
    at = next + 1;
  }
  return indent === void 0 ? void 0 : { from: end, to, child: { indent } };
}
function closing(text, open, parens = false) {
  let d = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (opens(c, parens)) d++;
    else if (closes(c, parens) && --d === 0) return i;
  }
  return text.length;
}
function depth(text, from, at, parens = false) {
  let d = 0;
  for (let i = from; i < at; i++) {
    const c = text[i];
    if (opens(c, parens)) d++;
    else if (closes(c, parens)) d--;
  }
  return d;
}
var opens = (c, parens) => c === "{" || c === "[" || parens && c === "(";
var closes = (c, parens) => c === "}" || c === "]" || parens && c === ")";
function isTop(text, at) {
  const d = depth(text, 0, at);
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  const quoted = /["']/.test(text[at - 1] ?? "") ? 1 : 0;
  if (d === 0) return at - quoted === lineStart;
  return d === 1 && /^\s*\{/.test(text) && depth(text, text.indexOf("{") + 1, at) === 0;
}
function escaped(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// src/files/helm/named-path.ts
import { basename, dirname, join } from "node:path";
function namesFile(file, text, root, target) {
  const name = basename(target);
  if (!text.includes(name)) return [];
  const tail = `${basename(dirname(target))}/${name}`;
  const out = [];
  const word = new RegExp(`[^\\s"'\`=(\\[\\],:;{}<>|]*(?<![\\w.-])${escaped2(name)}(?![\\w.-])`, "g");
  for (const m of text.matchAll(word)) {
    const named = m[0].replace(/\\/g, "/");
    const resolves = [join(dirname(file), named), join(root, named)].some((c) => realOrSelf(c) === target);
    if (resolves || named === tail || named.endsWith(`/${tail}`)) out.push(m.index);
  }
  return out;
}
function escaped2(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// src/files/helm/values-reach.ts
var esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
function reachPattern(n) {
  const alts = [
    // `web/Chart.yaml`, `web/README.md`: a file of the chart's that is no values source.
    ...n.dirs.map((d) => `(?<![\\w.-])${esc(d)}(?![\\w-]|\\.\\w|/(?:Chart\\.yaml|Chart\\.lock|README\\.md)\\b)`),
    ...n.files.map((f) => `${esc(f)}`),
    "(?<![\\w.$])values(?!\\s*\\(|\\w)",
    ...n.words.filter((w) => w.length >= 3).map((w) => `(?<![\\w.-])${esc(w)}(?![\\w-])`),
    ...n.inside ? [`(?<![\\w./-])\\.{1,2}(?=/|\\s|$|["'])`, "\\$\\{?PWD\\b", "~\\+"] : []
  ];
  return new RegExp(alts.join("|"));
}
var DATA = /\.(?:md|markdown|mdx|rst|adoc|txt|toml|lock|sum|mod|csv|tsv|svg|png|jpe?g|gif|ico|webp|pdf|tgz|gz|zip|tar|tpl|ini|cfg|conf)$/i;
var DATA_NAMES = /^(?:\.gitignore|\.dockerignore|\.helmignore|\.gitattributes|\.gitmodules|CODEOWNERS|LICENSE|NOTICE|OWNERS|\.editorconfig)$/;
function knownData(name) {
  return DATA.test(name) || DATA_NAMES.test(name);
}
var READERS = /^(?:cat|grep|egrep|fgrep|rg|diff|cmp|wc|head|tail|less|ls|test|\[|echo|jq|kubeconform|kubeval|kube-score|kube-linter|conftest|polaris|pluto|trivy|checkov|datree|sha256sum|md5sum|stat|file|true|exit|return)$/;
var CONSUMERS = /^(?:kubeconform|kubeval|kube-score|kube-linter|conftest|polaris|pluto|trivy|checkov|datree|diff|cmp|wc|cat)$/;
function unprovenLines(text, names) {
  const out = [];
  const outputs = [];
  const lines = logicalLines(text);
  for (let pass = 0; pass < 2; pass++) {
    const extra = outputs.length ? new RegExp(outputs.map(esc).join("|")) : void 0;
    for (const l of lines) {
      if (!names.test(l.text) && !(extra?.test(l.text) ?? false)) continue;
      if (/^\s*(?:[#;*]|\/\/|--|\/\*|<!--|REM\b|rem\b)/.test(l.text)) continue;
      const why = lineWhy(l.text, names, extra, outputs);
      if (why !== void 0 && !out.some((u) => u.at === l.at)) out.push({ at: l.at, why });
    }
  }
  return out.sort((a, b) => a.at - b.at);
}
function logicalLines(text) {
  const out = [];
  let at = 0;
  let cur = "";
  let start = 0;
  for (const line of text.split("\n")) {
    if (cur === "") start = at;
    at += line.length + 1;
    if (/\\\r?$/.test(line)) {
      cur += line.replace(/\\\r?$/, " ");
      continue;
    }
    out.push({ text: cur + line, at: start });
    cur = "";
  }
  return out;
}
function lineWhy(line, names, extra, outputs) {
  const mentions = (s) => names.test(s) || (extra?.test(s) ?? false);
  const text = line.trim().replace(/^(?:-\s+|RUN\s+|[@+-]+|\t+)/, "").trim();
  if (/<<|\$\((?![\w.-]+\))|`|<\(|>\(|\beval\b|\balias\b/.test(text))
    return "a substitution, heredoc, eval or alias this reader cannot split";
  const segments = text.split(/\|\||&&|\||;|&(?!>)/);
  const redirect = /(?:\d|&)?(?:>>?\|?|<>)\s*([^\s;|&]+)/g;
  let rendering = false;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i].trim();
    if (seg === "") continue;
    const words = seg.split(/\s+/);
    while (/^\w+=/.test(words[0] ?? "") || /^(?:sudo|time|then|do|else|[!{()}])$/.test(words[0] ?? "")) words.shift();
    if (words.length === 0) return "an assignment of a name that may reach a values source";
    if (rendering && !consumer(words) && readOnly(words) !== "renders")
      return `rendered manifests handed to ${words[0]}, which may change them`;
    const r = readOnly(words);
    if (r === "renders") {
      rendering = true;
      const to = /(?:^|\s)(?:>>?|--output-dir[= ]|-o[ =]?)\s*["']?([^\s"';|&]+)/.exec(
        seg.replace(/-o\s+(?:yaml|json|name|wide)\b/, "")
      )?.[1];
      if (to) {
        const base = to.split("/").filter((p) => p && !p.startsWith("$")).at(-1);
        if (base && !outputs.includes(base)) outputs.push(base);
      }
      continue;
    }
    if (r !== true && (mentions(seg) || rendering)) return r;
  }
  for (const m of text.matchAll(redirect))
    if (names.test(m[1]) || !rendering && (extra?.test(m[1]) ?? false)) return `a redirect into ${m[1]}`;
  return void 0;
}
function consumer(words) {
  const p = words[0] ?? "";
  if (CONSUMERS.test(p)) return true;
  if (p === "grep") return !words.some((w) => /^-[a-z]*l/i.test(w));
  return p === "kubectl" && /^(?:apply|create|diff|replace|delete)$/.test(words[1] ?? "") && !words.some((w) => /^(?:-o|--output)/.test(w));
}
function readOnly(words) {
  const p = words[0];
  const sub = words[1] ?? "";
  if (p === "grep" || p === "egrep" || p === "fgrep" || p === "rg")
    return words.some((w) => /^-[a-zA-Z]*[lL]|^--files-with/.test(w)) ? `${p} -l hands names on` : true;
  if (READERS.test(p)) return true;
  if (p === "helm") {
    if (/^template$/.test(sub) || sub === "get" && words[2] === "manifest") return "renders";
    if (/^(?:install|upgrade)$/.test(sub))
      return words.some((w) => /^--post-renderer/.test(w)) ? "helm --post-renderer" : words.some((w) => /^--dry-run/.test(w)) ? "renders" : true;
    if (/^(?:lint|dependency|dep|package|show|inspect|push|status|history|uninstall|test|diff|repo|registry|version)$/.test(sub))
      return true;
    return `helm ${sub} (a flag before the subcommand, or one not known read-only)`;
  }
  if (p === "helmfile") return words.some((w) => /^(?:template|build|write-values)$/.test(w)) ? "renders" : true;
  if (p === "kustomize") return sub === "build" ? "renders" : `kustomize ${sub}`;
  if (p === "kubectl") {
    if (sub === "kustomize" || words.some((w) => /^(?:-o|--output)/.test(w) || /^--dry-run/.test(w))) return "renders";
    return /^(?:apply|create|diff|replace|delete|get|describe|rollout|wait|logs)$/.test(sub) ? true : `kubectl ${sub}`;
  }
  if (p === "yq") return words.some((w) => /^(?:-[a-zA-Z]*i$|--inplace|-s$|--split-exp)/.test(w)) ? "yq -i" : true;
  if (p === "git")
    return /^(?:add|diff|log|show|status|ls-files|commit|blame|grep|rev-parse|push|fetch|tag)$/.test(sub) ? true : `git ${sub}`;
  if (p === "docker" || p === "podman") return /^(?:build|push|pull|tag|images|login)$/.test(sub) ? true : `${p} ${sub}`;
  if (p === "go") return /^(?:build|test|vet)$/.test(sub) ? true : `go ${sub}`;
  if (p === "ct") return /^(?:lint|list-changed)$/.test(sub) ? true : `ct ${sub}`;
  return `${p.slice(0, 40)} is not a command known read-only`;
}

// src/files/helm/values-computed.ts
var esc2 = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
var CODE = /\.(?:py|pyw|rb|js|mjs|cjs|jsx|ts|mts|cts|tsx|go|rs|java|kt|kts|scala|groovy|php|lua|cs|swift|pl|pm|dart|ex|exs|clj)$/i;
var CODE_SHEBANG = /^#!.*\b(?:python\d*(?:\.\d+)?|node|deno|bun|ruby|perl|php|lua)\b/;
function isCode(name, text) {
  return CODE.test(name) || CODE_SHEBANG.test(text);
}
function mayEditYaml(text, words) {
  const alts = [
    "ya?ml",
    "psych",
    "(?<![\\w.$])values(?!\\w)",
    ...words.filter((w) => w.length >= 3).map((w) => `(?<![\\w-])${esc2(w)}(?![\\w-])`)
  ];
  return new RegExp(alts.join("|"), "i").test(text);
}
var NAME_SOURCES = /\bsys\.argv\b|\bprocess\.argv\b|\bos\.Args\b|\benv::args\b|\bARGV\b|\$argv\b|\bDeno\.args\b|\bBun\.argv\b|\bargparse\b|\bflag\.(?:String|Arg|Args|Parse)\b|\bgetopt|\boptparse\b|\bclap\b|\byargs\b|\bcommander\b|\bString\[\]\s*args\b|\bos\.environ\b|\bgetenv\b|\bGetenv\b|\bLookupEnv\b|\bprocess\.env\b|\benv::var|\bENV\[|\$ENV\b|%ENV|\bDeno\.env\b|\bBun\.env\b|stdin|\binput\s*\(|\breadline\b|ReadLine|[wW]alk|[gG]lob|readdir|ReadDir|read_dir|listdir|scandir|iterdir|opendir|\bDir\[|\bDir\.(?:children|entries|each_child)|\bFiles\.(?:list|walk|find|newDirectoryStream)|["'`][\w./-]*\*[\w./*-]*["'`]/;
var WRITE_CALL = /\b(?:open|fopen|write\w*|Write\w*|dump\w*|save\w*|create|Create|copy\w*|Copy\w*|rename|Rename|move\w*|Move\w*|put\w*|output\w*|append\w*|truncate)\s*\(\s*(?![\s"'`)\d]|[bfr]["'])/;
var FLAGGED_ARG = /["'](?:-[a-zA-Z]*i|--in-place|-o|--output|-O)["']\s*,\s*(?:["'][^"'\n]*["']\s*,\s*)*(?![\s"'`\d\]])/;
var MAY_WRITE = /write|Write|dump|Dump|save|Save|rename|Rename|copy|Copy|move|Move|creat|Creat|put_contents|truncat|append|O_WRONLY|O_RDWR|["'][wax]\+?b?["']|inplace|in_place|\bsed\b|\btee\b|\byq\b/;
function codeWrite(text) {
  if (!MAY_WRITE.test(text)) return void 0;
  const m = WRITE_CALL.exec(text) ?? FLAGGED_ARG.exec(text) ?? NAME_SOURCES.exec(text);
  if (!m) return void 0;
  const start = text.lastIndexOf("\n", m.index) + 1;
  const end = text.indexOf("\n", m.index);
  const line = text.slice(start, end < 0 ? void 0 : end).trim();
  return { at: m.index, why: `${line.slice(0, 60)}: a program that may edit YAML writes a file by a name it computes` };
}
var NO_WRITE = /^(?:rm|rmdir|mkdir|cd|pushd|popd|export|local|readonly|set|unset|shift|trap|source|\.|exit|return|true|false|wait|sleep|printf|echo|test|\[|\[\[|if|then|else|elif|fi|for|while|until|do|done|case|esac|in|function)$/;
var COMPUTED = /[$`*?]|\[[^\]\s[]*\]/;
function computedWord(word) {
  if (/^(?:"[^\s"]*\s[^"]*"|'[^']*')$/.test(word)) return false;
  const unquoted = word.replace(/'[^']*'/g, "").replace(/"([^"]*)"/g, (_, d) => d.replace(/[*?[\]]/g, ""));
  return COMPUTED.test(unquoted);
}
function shellWords(seg) {
  return seg.match(/(?:[^\s"']|"(?:[^"\\]|\\.)*"|'[^']*')+/g) ?? [];
}
var MASK = { "|": "\uE000", ";": "\uE001", "&": "\uE002", "<": "\uE003", ">": "\uE004" };
var UNMASK = Object.fromEntries(Object.entries(MASK).map(([k, v]) => [v, k]));
function shellLineWrite(line) {
  const text = line.trim().replace(/^(?:-\s+|RUN\s+|[@+-]+|\t+)/, "").trim();
  const masked = text.replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, (q) => q.replace(/[|;&<>]/g, (c) => MASK[c]));
  for (const raw of masked.split(/\|\||&&|\||;|&(?!>)/)) {
    const seg = raw.trim();
    const words = shellWords(seg).map((w) => w.replace(/[\uE000-\uE004]/g, (c) => UNMASK[c]));
    while (/^\w+=/.test(words[0] ?? "") || /^(?:sudo|time|command|exec|nohup|env|then|do|else|while|until|if|elif|[!{()}])$/.test(words[0] ?? ""))
      words.shift();
    const p = words[0];
    if (p === void 0) continue;
    const renders = readOnly(words) === "renders";
    for (const r of seg.matchAll(/(?:\d|&)?>>?\|?\s*([^\s;|&<>]+)/g))
      if (!renders && computedWord(r[1]) && !/^["']?\/dev\//.test(r[1])) return `a redirect into ${r[1]}`;
    if (p === "xargs" || p === "read" || p === "find" && words.some((w) => /^-(?:exec|ok|fprint)/.test(w)))
      return `${p}, which hands on names it reads`;
    if (NO_WRITE.test(p) || readOnly(words) === true || renders) continue;
    const arg = words.slice(1).find(computedWord);
    if (arg !== void 0 || computedWord(p)) return `${p.slice(0, 40)} given ${(arg ?? p).slice(0, 40)}`;
  }
  return void 0;
}
function computedWrite(name, text, words) {
  if (!mayEditYaml(text, words)) return void 0;
  if (isCode(name, text)) return codeWrite(text);
  for (const l of logicalLines(text)) {
    if (/^\s*(?:#|\/\/|REM\b|rem\b)/.test(l.text)) continue;
    const why = shellLineWrite(l.text);
    if (why !== void 0) return { at: l.at, why: `${why}, in a script that may edit YAML` };
  }
  return void 0;
}

// src/files/helm/setter-scan.ts
function mentionSetter(s) {
  const worlds = [...s.worlds, ...worldsOfRun(s.runFiles, s.cache)];
  const charts = new Set(worlds.flatMap((w) => w.charts.map((c) => realOrSelf(c.dir))));
  const read = new Set(s.renderers.flatMap((r) => ["templates", "charts"].flatMap((d) => filesUnder(join2(r.dir, d)).map(realOrSelf))));
  const readDirs = s.renderers.flatMap((r) => ["templates", "charts"].map((d) => join2(realOrSelf(r.dir), d)));
  const precise = new Set(s.precise.map(realOrSelf));
  const renderers = new Set(s.renderers.map((r) => realOrSelf(r.dir)));
  const written = realOrSelf(s.valuesFile);
  const paths = [s.path, ...s.renderers.map((r) => r.full)];
  const deployers = deployersOf(worlds, s.renderers, s.cache);
  const seen = /* @__PURE__ */ new Set();
  let coded;
  let reached;
  const files = [...worlds.flatMap((w) => w.allFiles), ...[...s.runFiles ?? []].filter((f) => repositoryOf(dirname2(f)) === null)];
  for (const file of files) {
    const real = realOrSelf(file);
    if (seen.has(real) || real === written || read.has(real) || readDirs.some((d) => isInside(real, d))) continue;
    seen.add(real);
    if (DOCS.test(file) || DOCS_TEMPLATE.test(file) || NOT_VALUES.has(basename2(file)) && charts.has(realOrSelf(dirname2(file)))) continue;
    const text = worldText(file, s.cache);
    const handed = handedAway(file, text, s, { precise, written, paths });
    if (handed) return handed;
    if (s.writing && !reached) reached = unprovenReach(file, text, s, [written, ...precise]);
    if (!paths.some((p) => text.includes(p[0])) && !s.path.some((k) => text.includes(k))) continue;
    if (otherChartsFile(real, charts, renderers) === "values" && !deployers.some((d) => isInside(real, d))) continue;
    const own = precise.has(real);
    const full = text.includes(s.path.at(-1)) ? paths.flatMap((p) => valueMentions(text, p)) : [];
    const exempt = new Set(own ? full.filter((m) => m.top).map((m) => m.offset) : []);
    const hit = [...full, ...paths.flatMap((p) => blockMentions(text, p))].find((m) => !exempt.has(m.offset));
    if (hit) return { file, ...lineColumn(text, hit.offset) };
    const w = coded ? void 0 : codeMention(file, real, text, s.path, charts, renderers, own);
    if (w) coded = { file, ...lineColumn(text, w.offset), word: w.key };
  }
  return coded ?? reached;
}
function handedAway(file, text, s, k) {
  const root = repositoryOf(dirname2(file));
  if (root === null) return void 0;
  const renderers = new Set(s.renderers.map((r) => realOrSelf(r.dir)));
  for (const h of handedValues(file, text, root)) {
    const to = realFile(h.file);
    if (to === void 0) continue;
    const rendered = h.chart === void 0 || renderers.has(realOrSelf(h.chart));
    const at = { file, line: h.line, column: h.column };
    if (to === k.written && s.writing && !(h.chart !== void 0 && renderers.has(realOrSelf(h.chart))))
      return { ...at, handed: { values: h.file, chart: h.chart, written: true } };
    if (to === k.written || k.precise.has(to) || !rendered) continue;
    const given = worldText(to, s.cache);
    if (k.paths.some((p) => valueMentions(given, p).length > 0))
      return { ...at, handed: { values: h.file, chart: h.chart, written: false } };
  }
  return s.writing ? namedAway(file, text, root, s, k.written) : void 0;
}
function reachNames(file, s, sources, code) {
  const real = realOrSelf(file);
  return reachPattern({
    dirs: [.../* @__PURE__ */ new Set([...s.renderers.map((r) => basename2(r.dir)), basename2(dirname2(s.valuesFile))])],
    files: [...new Set(sources.map((f) => basename2(f)))],
    // A program spells a source's directory or file, or computes the name (values-computed.ts).
    words: code ? [] : valueWords(s),
    inside: s.renderers.some((r) => isInside(real, realOrSelf(r.dir)))
  });
}
function valueWords(s) {
  return [s.path.at(-1), ...currentText(s.valuesFile, s.path.at(-1), s.cache)];
}
function unprovenReach(file, text, s, sources) {
  const name = basename2(file);
  if (/\/templates\//.test(file) && /\.(?:ya?ml|tpl|json)$/i.test(name)) return void 0;
  if (knownData(name) || /^values[\w.-]*\.ya?ml$|^kustomization\.ya?ml$/i.test(name)) return void 0;
  const code = isCode(name, text);
  const names = reachNames(file, s, sources, code);
  const yaml = /\.(?:ya?ml|json)$/i.test(name);
  if (yaml && !names.test(text) && !/[$`*?]/.test(text)) return void 0;
  const strings = yaml ? commandStrings(text) : void 0;
  const parts = strings ? strings.map((p) => ({ at: p.offset, text: p.value })) : [{ at: 0, text }];
  const at = (p, u) => ({
    file,
    ...lineColumn(text, p.at + (strings ? 0 : u.at)),
    handed: { values: s.valuesFile, chart: void 0, written: true, editor: u.why }
  });
  if (!strings && (/--post-renderer/.test(text) || unprovenTemplateOutput(text, false, code) !== void 0)) return void 0;
  if (names.test(text))
    for (const p of parts) {
      const u = unprovenLines(p.text, names)[0];
      if (u) return at(p, u);
    }
  for (const p of parts) {
    const u = computedWrite(name, p.text, valueWords(s));
    if (u) return at(p, u);
  }
  return void 0;
}
function namedAway(file, text, root, s, written) {
  if (isInside(realOrSelf(file), dirname2(written))) return void 0;
  const renderers = new Set(s.renderers.map((r) => realOrSelf(r.dir)));
  const proved = new Set(
    handedValues(file, text, root).filter((h) => realFile(h.file) === written && h.chart !== void 0 && renderers.has(realOrSelf(h.chart))).map((h) => h.line)
  );
  for (const offset of namesFile(file, text, root, written)) {
    const at = lineColumn(text, offset);
    if (!proved.has(at.line)) return { file, ...at, handed: { values: s.valuesFile, chart: void 0, written: true, named: true } };
  }
  return void 0;
}
function deployersOf(worlds, renderers, cache) {
  const own = new Set(renderers.map((r) => realOrSelf(r.dir)));
  const names = [...new Set(renderers.flatMap((r) => [chartMeta(r.dir)?.name, basename2(r.dir)]).filter((n) => Boolean(n)))];
  if (names.length === 0) return [];
  const named = new RegExp(`(?<![\\w-])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\w-])`);
  const out = /* @__PURE__ */ new Set();
  for (const c of worlds.flatMap((w) => w.charts)) {
    const dir = realOrSelf(c.dir);
    if (own.has(dir) || out.has(dir)) continue;
    const texts = filesUnder(join2(c.dir, "templates")).map((f) => worldText(f, cache));
    if (!texts.some((t) => /\.Values\b/.test(t))) continue;
    if (texts.some((t) => DEPLOYER.test(t) && (named.test(t) || openDeployer(t)))) out.add(dir);
  }
  return [...out];
}
function codeMention(file, real, text, path, charts, renderers, own) {
  const m = wordMention(text, path);
  if (!m) return void 0;
  if (/\.(?:ya?ml|json)$/i.test(file) && (own || !text.includes("{{")) && yamlStreamReads(text)) {
    for (const p of programStrings(text)) {
      const w = wordMention(p.value, path);
      if (w) return { offset: p.offset, key: w.key };
    }
    return void 0;
  }
  const chart = [...charts].find((c) => !renderers.has(c) && ["templates", "charts"].some((d) => isInside(real, join2(c, d))));
  if (chart !== void 0 && !HANDS_VALUES.test(text)) return void 0;
  return m;
}
var HANDS_VALUES = /(["']?)kind\1[ \t]*:[ \t]*(?:["']?(?:Application|ApplicationSet|HelmRelease|HelmChart|HelmChartConfig|Kustomization)\b|["']?\{\{)/;
var DEPLOYER = /(["']?)kind\1[ \t]*:[ \t]*["']?(?:Application|ApplicationSet|HelmRelease|HelmChart)["']?[ \t]*[,}\r\n]/;
function openDeployer(text) {
  if (!/(?<![\w-])["']?(?:path|chart|chartRef)["']?[ \t]*:/.test(text)) return true;
  const acts = actionsOf(text);
  let plain = text;
  for (const a of acts) plain = plain.slice(0, a.from) + text.slice(a.from, a.to).replace(/[^\n]/g, " ") + plain.slice(a.to);
  for (const a of acts) {
    if (CONTROL.test(a.body)) continue;
    const start = plain.lastIndexOf("\n", a.from - 1) + 1;
    if (!SAFE_KEYS.has(keyBefore(plain.slice(start, a.from)) ?? headingKey(text, plain, start) ?? "")) return true;
  }
  return false;
}
function actionsOf(text) {
  const out = [];
  for (let from = text.indexOf("{{"); from >= 0; from = text.indexOf("{{", from)) {
    const end = text.indexOf("}}", from + 2);
    const to = end < 0 ? text.length : end + 2;
    out.push({
      from,
      to,
      body: text.slice(from + 2, end < 0 ? text.length : end).replace(/^-/, "").replace(/-$/, "").trim()
    });
    from = to;
  }
  return out;
}
function keyBefore(prefix) {
  const p = prefix.trimEnd();
  let at = p.endsWith(":") ? p.length - 1 : p.lastIndexOf(": ");
  if (at < 0) return void 0;
  if (at > 0 && (p[at - 1] === '"' || p[at - 1] === "'")) at--;
  let from = at;
  while (from > 0 && /[\w./-]/.test(p[from - 1])) from--;
  return from < at ? p.slice(from, at) : void 0;
}
function headingKey(text, plain, start) {
  for (let end = start - 1; end > 0; end = plain.lastIndexOf("\n", end - 1)) {
    const from = plain.lastIndexOf("\n", end - 1) + 1;
    const line = plain.slice(from, end);
    if (line.trim() === "") continue;
    const key = /^[ \t]*(?:-[ \t]+)?["']?([\w./-]+)["']?[ \t]*:(.*)$/.exec(line);
    if (!key) return void 0;
    const value = text.slice(from + line.length - key[2].length, end).trim();
    return value === "" || /^[|>][-+0-9]*(?:[ \t]+#.*)?$/.test(value) ? key[1] : void 0;
  }
  return void 0;
}
var CONTROL = /^(?:\/\*|(?:if|else|end|range|with|define|block|break|continue)\b|\$\w*\s*:?=)/;
var SAFE_KEYS = /* @__PURE__ */ new Set([
  "values",
  "valuesObject",
  "valuesContent",
  "valuesInline",
  "parameters",
  "name",
  "namespace",
  "server",
  "project",
  "targetRevision",
  "releaseName",
  "interval",
  "targetNamespace"
]);
var DOCS = /\.(?:md|markdown|mdx|rst|adoc|asciidoc)$/i;
var runWorldsOf = /* @__PURE__ */ new WeakMap();
function worldsOfRun(runFiles, cache) {
  if (!runFiles) return [];
  const known = runWorldsOf.get(runFiles);
  if (known) return known;
  const roots = /* @__PURE__ */ new Map();
  const dirs = new Set([...runFiles].map((f) => dirname2(f)));
  const worlds = /* @__PURE__ */ new Set();
  for (const d of dirs) {
    if (repositoryOf(d, roots) === null) continue;
    const w = worldOf(d, cache);
    if (!("unbounded" in w)) worlds.add(w);
  }
  runWorldsOf.set(runFiles, [...worlds]);
  return [...worlds];
}
function currentText(valuesFile, leaf, cache) {
  const esc3 = leaf.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const m = new RegExp(`^[ \\t]*["']?${esc3}["']?[ \\t]*:[ \\t]*["']?([^\\s"'#]+)`, "m").exec(worldText(valuesFile, cache));
  return m ? [m[1]] : [];
}
function lineColumn(text, offset) {
  const before = text.slice(0, offset);
  return { line: before.split("\n").length, column: offset - before.lastIndexOf("\n") };
}

export {
  unprovenTemplateOutput,
  mentionSetter,
  worldsOfRun
};
