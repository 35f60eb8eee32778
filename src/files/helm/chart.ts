/**
 * Helm chart layout: a template's chart is the nearest directory above it holding a
 * Chart.yaml, and its default values are that directory's values.yaml.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { realOrSelf } from '../../paths.js'

export function chartValuesFile(templateFile: string): string | undefined {
  const dir = chartDir(templateFile)
  if (dir === undefined) return undefined
  const values = join(dir, 'values.yaml')
  return existsSync(values) ? values : undefined
}

function chartDir(templateFile: string): string | undefined {
  let dir = dirname(templateFile)
  for (;;) {
    if (existsSync(join(dir, 'Chart.yaml'))) return dir
    const parent = dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
}

const IGNORE = 'smi-migrate.io/ignore'
const spelled = new Map<string, string | undefined>()

/**
 * A file of a template's chart that can hand the suppression annotation to a template action
 * (docs/suppressions.md#the-annotation): a values file (`values*.yaml` and any other YAML file
 * beside Chart.yaml, those under `ci/`) or a helper (a `.tpl` file under `templates/`) whose text spells
 * `smi-migrate.io/ignore`. Undefined when none does, or the template is in no chart. Once per chart.
 */
export function chartIgnoreSource(templateFile: string): string | undefined {
  const dir = chartDir(templateFile)
  if (dir === undefined) return undefined
  if (!spelled.has(dir)) {
    const files = [
      ...listed(dir, false).filter((f) => /\.ya?ml$/.test(f) && !/\/Chart\.yaml$/.test(f)),
      ...listed(join(dir, 'ci'), true).filter((f) => /\.ya?ml$/.test(f)),
      ...listed(join(dir, 'templates'), true).filter((f) => f.endsWith('.tpl')),
    ]
    spelled.set(
      dir,
      files.find((f) => read(f).includes(IGNORE)),
    )
  }
  return spelled.get(dir)
}

/**
 * The files of `dir` (and below, with `deep`), sorted. Symlinked files and directories are
 * followed, as Helm's loader follows them (helm internal/sympath/walk.go, called from
 * pkg/chart/loader/directory.go at 018982f177fcc123877307d9cadce3d2e361db0c), links inside a
 * linked directory too; each real directory once, so a loop ends.
 */
function listed(dir: string, deep: boolean, seen = new Set<string>()): string[] {
  const real = realOrSelf(dir)
  if (seen.has(real)) return []
  seen.add(real)
  let names: string[]
  try {
    names = readdirSync(dir).sort()
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const f = join(dir, name)
    const st = statOrUndefined(f)
    if (st?.isDirectory()) return deep ? listed(f, true, seen) : []
    return st?.isFile() ? [f] : []
  })
}

/** A link that does not resolve (dangling, or a loop of links): nothing to read. */
function statOrUndefined(f: string) {
  try {
    return statSync(f)
  } catch {
    return undefined
  }
}

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
