/**
 * The convert pass: every kept file converted in memory, nothing written. A kustomization or
 * JSON 6902 patch file of a planned tree is converted by the tree's plan; any other file by
 * the pipeline's conversion (with its tree's weight floors), and a chart template whose
 * weights render from values again with those values (helm/values.ts), whose writes to
 * values.yaml are collected for the run.
 */
import type { ConvertOptions, Finding, Located, ObjectFact } from '../model.js'
import { migrateBytes } from '../pipeline/bytes.js'
import { type Converter, isCandidate, loadConverter } from '../pipeline/segment.js'
import type { RunOptions } from '../targets/target.js'
import { withDoneWeights } from './helm/done-weights.js'
import { chartIgnoreSource } from './helm/chart.js'
import { withValuesHints } from './hints.js'
import type { Converted } from './rewrites.js'
import type { FileResult } from './result.js'
import { unchanged } from './result.js'
import type { Trees } from './trees.js'
import { ChartValuesRun, type ValuesContext, type ValuesFile } from './helm/values.js'

export interface Conversions {
  /** Each kept file's result, by file. */
  results: ReadonlyMap<string, FileResult>
  /** The values.yaml files the chart templates' conversions write (helm/values.ts). */
  values: ReadonlyMap<string, ValuesFile>
}

type Conversion = Converted & { output: Buffer; changed: boolean; findings: Finding[]; objects?: Array<ObjectFact & Located> }

export async function convertKept(
  kept: ReadonlyMap<string, Buffer>,
  trees: Trees | undefined,
  optionsOf: (file: string) => RunOptions,
  o: { show: (file: string) => string; values: ValuesContext | undefined; converter: Promise<Converter> | undefined },
): Promise<Conversions> {
  let converter = await o.converter
  const chartValues = o.values && new ChartValuesRun(o.values)
  const results = new Map<string, FileResult>()
  for (const [file, input] of kept) {
    const shown = o.show(file)
    const run = optionsOf(file)
    const key = trees?.keyOf.get(file) ?? file
    const candidate = isCandidate(input)
    let r: Conversion | undefined = trees ? trees.kustomize.convertTreeFile(trees.plan, key, input, run, shown) : undefined
    if (!r) {
      if (!converter && candidate) converter = await loadConverter()
      const floors = trees?.plan.floors.get(key)
      r = await convertOne(file, input, run, { shown, show: o.show, floors, converter, values: chartValues })
    }
    const objects = r.objects ?? []
    const extraOf = trees?.extras.get(file)
    const result: FileResult = r.changed
      ? { file, shown, candidate, input, ...r, objects }
      : { ...r, ...unchanged(file, shown, r.findings), candidate, objects }
    results.set(file, extraOf === undefined ? result : { ...result, extraOf })
  }
  return { results, values: chartValues ? chartValues.files : new Map() }
}

/**
 * One file outside a kustomize tree: converted, and converted again with its chart's values
 * when its weights render from them (helm/values.ts); a templated weight's warning names its value.
 */
async function convertOne(
  file: string,
  input: Buffer,
  run: RunOptions,
  o: {
    shown: string
    show: (file: string) => string
    floors: ConvertOptions['scaleFloor']
    converter: Converter | undefined
    values: ChartValuesRun | undefined
  },
) {
  // A template whose chart spells the suppression annotation: an action may write it (files/helm/chart.ts).
  const marked = !run.noIgnore && input.includes('{{') ? chartIgnoreSource(file) : undefined
  if (marked !== undefined) run = { ...run, chartSuppression: o.show(marked) }
  const convert = (opts: RunOptions) => migrateBytes(input, opts, o.shown, o.converter ?? failIfCalled)
  // With chart values read, a split already converted is checked too: its values must render integers.
  const checked = o.values && !o.floors ? { ...run, chartFiles: true } : run
  let r = convert(o.floors ? { ...run, scaleFloor: o.floors } : checked)
  if (o.values && !o.floors && o.converter) r = await o.values.convert(file, r, checked, convert)
  const world = o.values && r.findings.some((f) => f.valuesDone) ? await o.values.proofWorld() : undefined
  const done = await withDoneWeights(r.findings, file, input, { show: o.show, world, notLinkerd: run.notLinkerd })
  return { ...r, findings: await withValuesHints(done, file, o.show) }
}

const failIfCalled: Converter = () => {
  throw new Error('internal error: converter used for a non-candidate file')
}
