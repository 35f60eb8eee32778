/**
 * One YAML document as plain data (the core schema: numbers, booleans and null typed, keys
 * unique), or where it stops being YAML. For readers of documents that are data, not
 * manifests to edit: `smi-migrate helm-release` reads release records and the objects of a
 * stored manifest this way (helm-release/records.ts, helm-release/manifest.ts).
 */
import { isMap, parseAllDocuments, parseDocument, visit } from 'yaml'

export type YamlData = { value: unknown } | { error: { offset: number; message: string } }

/** `text`: one document (a `---` before it is allowed). Aliases are resolved, at most `maxAliases` of them. */
export function yamlData(text: string, maxAliases = 100): YamlData {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false })
  const err = doc.errors[0]
  if (err) return { error: { offset: err.pos[0], message: err.message.split('\n')[0]! } }
  try {
    return { value: doc.toJS({ maxAliasCount: maxAliases }) as unknown }
  } catch (e) {
    return { error: { offset: 0, message: (e as Error).message } }
  }
}

/** Whether every document of `text` parses as YAML (or JSON) with no error: data a reader takes whole. */
export function yamlStreamReads(text: string): boolean {
  return parseAllDocuments(text, { schema: 'failsafe', uniqueKeys: false }).every((d) => d.errors.length === 0)
}

/**
 * The string values (never keys) of every document of `text` that hold program text: a quote,
 * a bracket, a parenthesis, `|`, `;`, `=` or `$` (a CI step's `run:` script, a plugin's `args`),
 * and that are no YAML mapping themselves (an Application's `helm.values: |` is data, read as
 * such). With the offset where each starts in `text`.
 */
export function programStrings(text: string): Array<{ offset: number; value: string }> {
  const out: Array<{ offset: number; value: string }> = []
  for (const doc of parseAllDocuments(text, { schema: 'failsafe', uniqueKeys: false })) {
    visit(doc, {
      Scalar(key, node) {
        const v = node.value
        if (key === 'key' || typeof v !== 'string' || !/['"()[\]|;=$]/.test(v)) return
        const data = parseDocument(v, { schema: 'failsafe', uniqueKeys: false })
        if (data.errors.length === 0 && isMap(data.contents)) return
        out.push({ offset: node.range?.[0] ?? 0, value: v })
      },
    })
  }
  return out
}

/** Keys whose string values (and the strings in lists and maps under them) are commands or where commands run. */
const COMMAND_KEYS =
  /^(?:run|script|scripts|before_script|after_script|cmds|cmd|commands|command|entry|entrypoint|args|exec|working-directory|working_dir|workdir|dir|cwd|chdir)$/i

/**
 * The string values under a key that runs commands (a CI step's `run`, a Taskfile's `cmds` and
 * `dir`, package.json `scripts`, a pre-commit `entry`, a plugin's `command` and `args`), whatever
 * characters they hold, with the offset where each starts; undefined when `text` is no YAML (or JSON).
 */
export function commandStrings(text: string): Array<{ offset: number; value: string }> | undefined {
  const docs = parseAllDocuments(text, { schema: 'failsafe', uniqueKeys: false })
  if (docs.some((d) => d.errors.length > 0)) return undefined
  const out: Array<{ offset: number; value: string }> = []
  for (const doc of docs)
    visit(doc, {
      Scalar(key, node, path) {
        if (key === 'key' || typeof node.value !== 'string') return
        const under = path.some((p) => 'key' in p && isScalarKey(p.key) && COMMAND_KEYS.test(String(p.key.value)))
        if (under) out.push({ offset: node.range?.[0] ?? 0, value: node.value })
      },
    })
  return out
}

function isScalarKey(k: unknown): k is { value: unknown } {
  return typeof k === 'object' && k !== null && 'value' in k
}
