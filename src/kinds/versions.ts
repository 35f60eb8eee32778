/**
 * The options that pick each kind's version, and the one reader of their values: the kinds
 * declare them (`<kind>/entry.ts`), the surfaces (the CLI's flags and help, the Action's
 * inputs, the library's fields) offer them, and a run holds the result as one map by kind.
 * Loads no kind module: the CLI reads this at start-up.
 */
import type { ConvertOptions, GivenOptions, Versions } from '../model.js'
import type { VersionOption } from './kind.js'
import { KIND_ENTRIES } from './names.js'

/** Each option once (kinds may share one), in the order of the kinds. */
export const VERSION_OPTIONS: readonly VersionOption[] = [...new Set(KIND_ENTRIES.flatMap((k) => (k.version ? [k.version] : [])))]

/** The library's name of an option: `specs-to` is `specsTo`. */
export function fieldOf(option: VersionOption): string {
  return option.name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())
}

/**
 * The version of each kind: its option's value when given, else the preset's (`--mesh`,
 * meshes.ts) for that kind, else none (the option's default applies: kind.ts versionFor).
 * `given` reads an option; its choices are checked by whoever read the value.
 */
export function resolveVersions(given: (option: VersionOption) => string | undefined, preset: Versions = {}): Versions {
  const out: Record<string, string> = {}
  for (const k of KIND_ENTRIES) {
    const v = (k.version && given(k.version)) || preset[k.kind]
    if (v) out[k.kind] = v
  }
  return out
}

/** The versions of options given in the library's spelling, each option by its field (`specsTo`). */
export function versionsOfFields(o: object, preset?: Versions): Versions {
  const fields = o as Readonly<Record<string, unknown>>
  return resolveVersions((option) => {
    const v = fields[fieldOf(option)]
    return typeof v === 'string' ? v : undefined
  }, preset)
}

const FIELDS = VERSION_OPTIONS.map(fieldOf)

/**
 * Options with their versions as one map: a caller of the pipeline's entry points may give
 * them in the library's spelling (`{ to: 'v1alpha2' }`); once read here, nothing further in
 * reads a field of its own per kind.
 */
export function withVersions<T extends ConvertOptions>(o: GivenOptions<T>): T {
  if (o.versions && !FIELDS.some((f) => f in o)) return o as T
  const rest: Record<string, unknown> = { ...o }
  for (const f of FIELDS) delete rest[f]
  return { ...rest, versions: { ...versionsOfFields(o), ...o.versions } } as unknown as T
}
