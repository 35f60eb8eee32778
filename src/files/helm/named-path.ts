/**
 * Where a text names a file by path, whatever tool reads it (docs/helm.md#values-driven-weights):
 * a Makefile's `-f web/values.yaml`, Skaffold's or Fleet's `valuesFiles`, a kustomize
 * HelmChartInflationGenerator's `valuesFile`, Terraform's `file("../web/values.yaml")`. Each
 * word ending in the file's name counts when it resolves to the file from the naming file's
 * directory or from the repository's root, or ends in `<chart directory>/<name>` (a prefix the
 * run cannot resolve, `${path.module}/`, `$values/`, a CI checkout directory).
 */
import { basename, dirname, join } from 'node:path'
import { realOrSelf } from '../../paths.js'

/** The offsets in `text` (of the file `file`, in the repository at `root`) where it names `target` (a real path). */
export function namesFile(file: string, text: string, root: string, target: string): number[] {
  const name = basename(target)
  if (!text.includes(name)) return []
  const tail = `${basename(dirname(target))}/${name}`
  const out: number[] = []
  const word = new RegExp(`[^\\s"'\`=(\\[\\],:;{}<>|]*(?<![\\w.-])${escaped(name)}(?![\\w.-])`, 'g')
  for (const m of text.matchAll(word)) {
    const named = m[0].replace(/\\/g, '/')
    const resolves = [join(dirname(file), named), join(root, named)].some((c) => realOrSelf(c) === target)
    if (resolves || named === tail || named.endsWith(`/${tail}`)) out.push(m.index)
  }
  return out
}

function escaped(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A command of a program that may change a file in place, to the end of its line or pipe stage. */
const COMMAND = /(?<![\w-])(?:g?sed|yq|perl|g?awk|sponge)(?![\w-])[^\n|;&]*/g
/** The flags that make each one edit in place (`sed -i`, `yq -i`, `perl -pi`, `gawk -i inplace`); `sponge` always writes. */
const IN_PLACE: Record<string, RegExp> = {
  sed: /^(?:-[a-z]*i|--in-place)/i,
  yq: /^(?:-[a-z]*i$|--inplace)/i,
  perl: /^-[a-z]*i/i,
  awk: /^-i(?:nplace)?$/,
}
/** A shell redirect or `tee` into a file: what it names. */
const WRITES = /(?:>>?|\btee(?:\s+-a)?)\s*["']?([^\s"'<>|;&()]+)/g

/** The first in-place editor a text runs (`sed -i`, `yq -i`, …), as written, or undefined. */
function inPlaceEditor(text: string): string | undefined {
  for (const m of text.matchAll(COMMAND)) {
    const [program = '', ...args] = m[0].trim().split(/\s+/)
    const flag = program === 'sponge' ? '' : args.find((a) => IN_PLACE[program.replace(/^g/, '')]?.test(a))
    if (flag !== undefined) return `${program}${flag ? ` ${flag}` : ''}`
  }
  return undefined
}

/**
 * Where a text that runs an in-place editor (inPlaceEditor) spells a name or glob that may reach
 * `target` by its name alone (`values.yaml` after a `cd web` or a CI `working-directory`,
 * a glob over directories in a shell loop, `find . -name values.yaml | xargs sed -i`, `web/*.yaml`): the editor may
 * change the file, whatever directory the program runs in. The editor found, and the offsets.
 */
export function editsByName(text: string, target: string): { editor: string; offsets: number[] } | undefined {
  const name = basename(target)
  const reaches = (word: string) => {
    const last = word.replace(/\\/g, '/').split('/').pop()!
    return last === name || (/[*?[{]/.test(last) && globMatches(last, name))
  }
  const written = [...text.matchAll(WRITES)].find((m) => reaches(m[1]!))
  if (written) return { editor: written[0].replace(/\s.*/s, '') || '>', offsets: [written.index] }
  const editor = inPlaceEditor(text)
  if (editor === undefined) return undefined
  const offsets = [...text.matchAll(/[^\s"'`=()[\],:;{}<>|]+/g)].filter((m) => reaches(m[0])).map((m) => m.index)
  return offsets.length ? { editor, offsets } : undefined
}

/** Whether a shell glob (`*.yaml`, `values*.y?ml`, `{values,prod}.yaml`) matches `name`. */
function globMatches(glob: string, name: string): boolean {
  let re = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === '*') re += '.*'
    else if (c === '?') re += '.'
    else if (c === '{') re += '(?:'
    else if (c === '}') re += ')'
    else if (c === ',') re += '|'
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1)
      if (end < 0) return true
      re += `[${glob
        .slice(i + 1, end)
        .replace(/^!/, '^')
        .replace(/\\/g, '\\\\')}]`
      i = end
    } else re += escaped(c)
  }
  try {
    return new RegExp(`^${re}$`).test(name)
  } catch {
    return true
  }
}
