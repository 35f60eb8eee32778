/**
 * A script (a shell file, a Makefile, a CI step, a plugin's command) that renders a chart with
 * `helm template` post-processes it unless the text shows the output goes on unchanged
 * (docs/helm.md#post-render-patches): to standard output, into `kubectl apply|create|diff|replace`
 * or a validator that only reads it (kubeconform, kubeval, kube-score, kube-linter, conftest), or
 * into a file (`>`, `--output-dir`) that only such a kubectl line of the same text names. Anything
 * else is held by absence of proof, whatever the program: a pipe into ytt, python or node, a pipe
 * split over lines (`\` newline, or a line starting with `|`), the output captured (`$(…)`,
 * backticks) into a variable, a file another program reads (`kubectl patch --local -f`, `ytt -f
 * out/`), a directory `kustomize build` may take.
 */

/** Validators that read what they are given and pass nothing on. */
const VALIDATOR = /^(?:kubeconform|kubeval|kube-score|kube-linter|conftest)$/
/** Programs that only read what they are given, so long as nothing further reads what they print (a golden test's `diff`). */
const READER = /^(?:diff|cmp|wc)$/

/**
 * A command that renders a chart and prints the manifests: `helm template`, `helm install|upgrade
 * … --dry-run`, `helmfile … template|build`, `kustomize build … --enable-helm`, `kubectl
 * kustomize … --enable-helm` (the flags anywhere on its line).
 */
export const RENDERS =
  /(?<![\w-])(?:helm[ \t]+template\b|helm[ \t]+(?:install|upgrade)\b(?=[^\n]*--dry-run)|helmfile(?=[^\n|;&]*[ \t](?:template|build)\b)(?:[ \t]+(?!template\b|build\b)[^\s|;&]+)*[ \t]+(?:template|build)\b|(?:kustomize[ \t]+build|kubectl[ \t]+kustomize)\b(?=[^\n]*--enable-helm))/g

/**
 * Whether a command (one stage of a pipeline) hands what it reads unchanged to the cluster or a
 * validator: `kubectl apply|create|diff|replace` (that prints nothing on to a further stage with
 * `-o`), or a validator. `piped`: a further stage reads what it prints.
 */
function appliesOnly(stage: string, piped: boolean): boolean {
  const words = stage
    .trim()
    .replace(/^(?:\w+=\S*\s+)*(?:sudo\s+)?/, '')
    .split(/\s+/)
  if (VALIDATOR.test(words[0] ?? '')) return true
  if (
    !piped &&
    (READER.test(words[0] ?? '') || (words[0] === 'grep' && words.some((w) => /^(?:-[a-pr-zA-Z]*q[a-zA-Z]*|--quiet|--silent)$/.test(w))))
  )
    return true
  if (words[0] !== 'kubectl' || !words.some((w) => /^(?:apply|create|diff|replace)$/.test(w))) return false
  return !words.includes('--local') && !(piped && words.some((w) => /^(?:-o|--output)(?:=|$)|^-o\w/.test(w)))
}

/** The stages of a shell line: each command between `|`, `||`, `&&` and `;`, and whether a single `|` follows it. */
function stages(line: string): Array<{ text: string; piped: boolean; at: number }> {
  const out: Array<{ text: string; piped: boolean; at: number }> = []
  let at = 0
  for (const m of line.matchAll(/\|\||&&|;|\|/g)) {
    out.push({ text: line.slice(at, m.index), piped: m[0] === '|', at })
    at = m.index + m[0].length
  }
  out.push({ text: line.slice(at), piped: false, at })
  return out
}

/** `text` with line continuations (`\` newline) and lines that start with a pipe or redirect joined to the line above, offsets kept. */
function joined(text: string): string {
  return text.replace(/\\\r?\n/g, (s) => ' '.repeat(s.length)).replace(/\r?\n(?=[ \t]*(?:\|(?!\|)|>))/g, (s) => ' '.repeat(s.length))
}

/**
 * The offset of the first `helm template` in `text` whose output is not shown to go on unchanged,
 * or undefined. Standard output counts as unchanged only in a YAML file (`yaml`: a CI step's log,
 * a plugin's output Argo CD applies); a script's or a Makefile's may be piped on by its caller.
 */
export function unprovenTemplateOutput(text: string, yaml = true, code = false): number | undefined {
  if (!/helm|kustomize/.test(text)) return undefined
  // A program's argument lists (`["helm", "template", …]`, `exec.Command("helm", "template")`) read as one command line.
  const t = joined(code ? text.replace(/(["'`])[ \t]*,(?:[ \t]*\[)?[ \t]*(["'`])/g, (s) => ' '.repeat(s.length)) : text)
  const lines = t.split('\n')
  for (const m of t.matchAll(RENDERS)) {
    const start = t.lastIndexOf('\n', m.index) + 1
    const end = t.indexOf('\n', m.index)
    const before = t.slice(start, m.index)
    // Captured into a variable or a process substitution: what reads it is not followed.
    if (/\$\(|`|<\(/.test(before)) return m.index
    // `$(CHART)`, `${DIR}`: a value, not a subshell's end.
    const line = t.slice(m.index, end < 0 ? t.length : end).replace(/\$\([^()]*\)|\$\{[^}]*\}/g, (s) => '_'.repeat(s.length))
    // The helm command ends at the first pipe, redirect, `;`, `&&`, `||` or `)`.
    const found = /\|\||&&|&>|(?<![\d&])>>?(?!&)|[;)|]/.exec(line.slice(m[0].length))
    // `(helm template …) | sed`: a subshell's output goes where the pipe or redirect after it says.
    const shell = found?.[0] === ')' ? /^\)\s*(\|(?!\|)|>>?)/.exec(line.slice(m[0].length + found.index)) : null
    const stop =
      found && shell
        ? { kind: shell[1]!, index: found.index + shell[0].length - shell[1]!.length }
        : found && { kind: found[0], index: found.index }
    const args = line.slice(m[0].length, stop ? m[0].length + stop.index : undefined)
    const dir = /--output-dir(?:=|\s+)["']?([^\s"']+)/.exec(args)
    if (dir && !onlyApplied(dir[1]!, lines, m.index)) return m.index
    // With --output-dir, helm prints nothing but the files' names.
    if (dir && (!stop || /^(?:\|\||&&|;|\))$/.test(stop.kind))) continue
    if (!stop || /^(?:\|\||&&|;|\))$/.test(stop.kind)) {
      if (!yaml) return m.index
      continue
    }
    const after = line.slice(m[0].length + stop.index + stop.kind.length).trim()
    if (stop.kind === '|') {
      const [next] = stages(after)
      if (!next || !appliesOnly(next.text, next.piped)) return m.index
      continue
    }
    const file = /^["']?([^\s"';|&)]+)/.exec(after)?.[1]
    if (file === undefined || (file !== '/dev/null' && !onlyApplied(file, lines, m.index))) return m.index
  }
  return undefined
}

/**
 * Whether what `helm template` wrote to `path` (a file or a directory) is named elsewhere in the
 * text only on kubectl apply lines (at least one): the base name, or for a file in a directory
 * that directory too, wherever it is spelled (`out/`, `-f out`, `ytt -f out/`).
 */
function onlyApplied(path: string, lines: readonly string[], at: number): boolean {
  const parts = path.split('/').filter(Boolean)
  const names = [parts.at(-1)!, ...(parts.length > 1 ? [parts.at(-2)!] : [])].filter((n) => n !== '' && n !== '.' && n !== '..')
  if (names.length === 0) return false
  const word = new RegExp(`(?<![\\w.-])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w-])`)
  let offset = 0
  let applied = false
  for (const line of lines) {
    const here = offset <= at && at <= offset + line.length
    offset += line.length + 1
    if (here || !word.test(line)) continue
    for (const stage of stages(line).filter((st) => word.test(st.text))) {
      if (appliesOnly(stage.text, stage.piped)) applied = true
      else if (!/^\s*(?:mkdir|rm)\b/.test(stage.text)) return false
    }
  }
  return applied
}
