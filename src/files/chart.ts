/**
 * Helm chart layout: a template's chart is the nearest directory above it holding a
 * Chart.yaml, and its default values are that directory's values.yaml.
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'

export function chartValuesFile(templateFile: string): string | undefined {
  let dir = dirname(templateFile)
  for (;;) {
    if (existsSync(join(dir, 'Chart.yaml'))) {
      const values = join(dir, 'values.yaml')
      return existsSync(values) ? values : undefined
    }
    const parent = dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
}
