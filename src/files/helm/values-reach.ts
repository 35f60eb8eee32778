/**
 * The allow-list of the values proof's writers (docs/helm.md#values-driven-weights): a file of
 * the world that is no known data and MENTIONS a name that may reach a values source (the
 * chart's directory name as a path word, a values file's name or the word `values`, the value's
 * current text, its leaf key, and `.` in a file inside the chart) is read line by line, whatever
 * its language. Each line that mentions such a name must be a command a short list calls
 * read-only, its output (a renderer's too) going only to read-only consumers; any other line
 * (an editor, a copy, a fetch, an assignment, `cd`, a variable or an alias run as a command,
 * code of any language, a program handed to an interpreter) holds the chart. A file that
 * mentions none of the names is not read.
 */

/** What may name a values source, from where a file cannot know. */
export interface ReachNames {
  /** The charts' directory names (`web`). */
  dirs: readonly string[]
  /** The values files' base names (`values.yaml`, `values-prod.yaml`). */
  files: readonly string[]
  /** Other words: the value's current text, its leaf key. */
  words: readonly string[]
  /** Whether the file is inside a chart that renders the value (then `.` and `$PWD` name it too). */
  inside: boolean
}

export interface Unproven {
  at: number
  why: string
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** One pattern for every name of `n`. */
export function reachPattern(n: ReachNames): RegExp {
  const alts = [
    // `web/Chart.yaml`, `web/README.md`: a file of the chart's that is no values source.
    ...n.dirs.map((d) => `(?<![\\w.-])${esc(d)}(?![\\w-]|\\.\\w|/(?:Chart\\.yaml|Chart\\.lock|README\\.md)\\b)`),
    ...n.files.map((f) => `${esc(f)}`),
    '(?<![\\w.$])values(?!\\s*\\(|\\w)',
    ...n.words.filter((w) => w.length >= 3).map((w) => `(?<![\\w.-])${esc(w)}(?![\\w-])`),
    ...(n.inside ? ['(?<![\\w./-])\\.{1,2}(?=/|\\s|$|["\'])', '\\$\\{?PWD\\b', '~\\+'] : []),
  ]
  return new RegExp(alts.join('|'))
}

/** Files taken as data whole: never run. */
const DATA = /\.(?:md|markdown|mdx|rst|adoc|txt|toml|lock|sum|mod|csv|tsv|svg|png|jpe?g|gif|ico|webp|pdf|tgz|gz|zip|tar|tpl|ini|cfg|conf)$/i
const DATA_NAMES =
  /^(?:\.gitignore|\.dockerignore|\.helmignore|\.gitattributes|\.gitmodules|CODEOWNERS|LICENSE|NOTICE|OWNERS|\.editorconfig)$/

/** Whether the file is one this rule never reads (data by name). */
export function knownData(name: string): boolean {
  return DATA.test(name) || DATA_NAMES.test(name)
}

/** Commands that read what they are given (their further conditions in `readOnly`). */
const READERS =
  /^(?:cat|grep|egrep|fgrep|rg|diff|cmp|wc|head|tail|less|ls|test|\[|echo|jq|kubeconform|kubeval|kube-score|kube-linter|conftest|polaris|pluto|trivy|checkov|datree|sha256sum|md5sum|stat|file|true|exit|return)$/
/** Consumers of rendered manifests that pass nothing on. */
const CONSUMERS = /^(?:kubeconform|kubeval|kube-score|kube-linter|conftest|polaris|pluto|trivy|checkov|datree|diff|cmp|wc|cat)$/

/** The lines of `text` that mention a name and are no read-only command, with why; `names` extends by renderers' output files. */
export function unprovenLines(text: string, names: RegExp): Unproven[] {
  const out: Unproven[] = []
  const outputs: string[] = []
  const lines = logicalLines(text)
  for (let pass = 0; pass < 2; pass++) {
    const extra = outputs.length ? new RegExp(outputs.map(esc).join('|')) : undefined
    for (const l of lines) {
      if (!names.test(l.text) && !(extra?.test(l.text) ?? false)) continue
      if (/^\s*(?:[#;*]|\/\/|--|\/\*|<!--|REM\b|rem\b)/.test(l.text)) continue
      const why = lineWhy(l.text, names, extra, outputs)
      if (why !== undefined && !out.some((u) => u.at === l.at)) out.push({ at: l.at, why })
    }
  }
  return out.sort((a, b) => a.at - b.at)
}

/** Lines with `\` continuations joined, each with its offset. */
export function logicalLines(text: string): Array<{ text: string; at: number }> {
  const out: Array<{ text: string; at: number }> = []
  let at = 0
  let cur = ''
  let start = 0
  for (const line of text.split('\n')) {
    if (cur === '') start = at
    at += line.length + 1
    if (/\\\r?$/.test(line)) {
      cur += line.replace(/\\\r?$/, ' ')
      continue
    }
    out.push({ text: cur + line, at: start })
    cur = ''
  }
  return out
}

/** Why a line that mentions a name is not read-only, or undefined when it is. */
function lineWhy(line: string, names: RegExp, extra: RegExp | undefined, outputs: string[]): string | undefined {
  const mentions = (s: string) => names.test(s) || (extra?.test(s) ?? false)
  const text = line
    .trim()
    .replace(/^(?:-\s+|RUN\s+|[@+-]+|\t+)/, '')
    .trim()
  if (/<<|\$\((?![\w.-]+\))|`|<\(|>\(|\beval\b|\balias\b/.test(text))
    return 'a substitution, heredoc, eval or alias this reader cannot split'
  const segments = text.split(/\|\||&&|\||;|&(?!>)/)
  const redirect = /(?:\d|&)?(?:>>?\|?|<>)\s*([^\s;|&]+)/g
  let rendering = false
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!.trim()
    if (seg === '') continue
    const words = seg.split(/\s+/)
    while (/^\w+=/.test(words[0] ?? '') || /^(?:sudo|time|then|do|else|[!{()}])$/.test(words[0] ?? '')) words.shift()
    if (words.length === 0) return 'an assignment of a name that may reach a values source'
    if (rendering && !consumer(words) && readOnly(words) !== 'renders')
      return `rendered manifests handed to ${words[0]!}, which may change them`
    const r = readOnly(words)
    if (r === 'renders') {
      rendering = true
      const to = /(?:^|\s)(?:>>?|--output-dir[= ]|-o[ =]?)\s*["']?([^\s"';|&]+)/.exec(
        seg.replace(/-o\s+(?:yaml|json|name|wide)\b/, ''),
      )?.[1]
      if (to) {
        const base = to
          .split('/')
          .filter((p) => p && !p.startsWith('$'))
          .at(-1)
        if (base && !outputs.includes(base)) outputs.push(base)
      }
      continue
    }
    if (r !== true && (mentions(seg) || rendering)) return r
  }
  // A renderer's own output file is the extra name: what else names it is judged on its line.
  for (const m of text.matchAll(redirect))
    if (names.test(m[1]!) || (!rendering && (extra?.test(m[1]!) ?? false))) return `a redirect into ${m[1]!}`
  return undefined
}

/** A consumer of rendered manifests that passes nothing on. */
function consumer(words: readonly string[]): boolean {
  const p = words[0] ?? ''
  if (CONSUMERS.test(p)) return true
  if (p === 'grep') return !words.some((w) => /^-[a-z]*l/i.test(w))
  return p === 'kubectl' && /^(?:apply|create|diff|replace|delete)$/.test(words[1] ?? '') && !words.some((w) => /^(?:-o|--output)/.test(w))
}

/** true when a command is read-only, 'renders' when it prints manifests, else why not. */
export function readOnly(words: readonly string[]): true | 'renders' | string {
  const p = words[0]!
  const sub = words[1] ?? ''
  if (p === 'grep' || p === 'egrep' || p === 'fgrep' || p === 'rg')
    return words.some((w) => /^-[a-zA-Z]*[lL]|^--files-with/.test(w)) ? `${p} -l hands names on` : true
  if (READERS.test(p)) return true
  if (p === 'helm') {
    if (/^template$/.test(sub) || (sub === 'get' && words[2] === 'manifest')) return 'renders'
    if (/^(?:install|upgrade)$/.test(sub))
      return words.some((w) => /^--post-renderer/.test(w))
        ? 'helm --post-renderer'
        : words.some((w) => /^--dry-run/.test(w))
          ? 'renders'
          : true
    if (/^(?:lint|dependency|dep|package|show|inspect|push|status|history|uninstall|test|diff|repo|registry|version)$/.test(sub))
      return true
    return `helm ${sub} (a flag before the subcommand, or one not known read-only)`
  }
  if (p === 'helmfile') return words.some((w) => /^(?:template|build|write-values)$/.test(w)) ? 'renders' : true
  if (p === 'kustomize') return sub === 'build' ? 'renders' : `kustomize ${sub}`
  if (p === 'kubectl') {
    if (sub === 'kustomize' || words.some((w) => /^(?:-o|--output)/.test(w) || /^--dry-run/.test(w))) return 'renders'
    return /^(?:apply|create|diff|replace|delete|get|describe|rollout|wait|logs)$/.test(sub) ? true : `kubectl ${sub}`
  }
  if (p === 'yq') return words.some((w) => /^(?:-[a-zA-Z]*i$|--inplace|-s$|--split-exp)/.test(w)) ? 'yq -i' : true
  if (p === 'git')
    return /^(?:add|diff|log|show|status|ls-files|commit|blame|grep|rev-parse|push|fetch|tag)$/.test(sub) ? true : `git ${sub}`
  if (p === 'docker' || p === 'podman') return /^(?:build|push|pull|tag|images|login)$/.test(sub) ? true : `${p} ${sub}`
  if (p === 'go') return /^(?:build|test|vet)$/.test(sub) ? true : `go ${sub}`
  if (p === 'ct') return /^(?:lint|list-changed)$/.test(sub) ? true : `ct ${sub}`
  return `${p.slice(0, 40)} is not a command known read-only`
}
