/**
 * Whether Rust's regex crate knows a Unicode property name of `\pX` or `\p{…}`. The crate
 * matches names loosely (UAX #44 LM3: case, spaces, `_` and `-` ignored, an `is` prefix
 * dropped) and knows general categories, scripts (`sc=`, `scx=`), binary properties, `Any`,
 * `ASCII`, `Assigned` and a few more (docs.rs/regex 1.13.1, "Unicode"; regex-syntax's
 * UNICODE.md). This reader holds no Unicode tables of its own: it asks JavaScript's `\p{…}`
 * (the same Unicode names, written exactly) for the spellings a loose name most likely stands
 * for. A name it cannot confirm is `unsure`, never taken for unknown, except where the grammar
 * decides: a one-letter name is a general category (C, L, M, N, P, S, Z) or nothing, and a name
 * with a character no property name holds is nothing.
 */

export type PropertyVerdict = 'known' | 'unknown' | 'unsure'

const ONE_LETTER = new Set(['c', 'l', 'm', 'n', 'p', 's', 'z'])
const SPECIAL = new Set(['any', 'ascii', 'assigned'])

export function unicodeProperty(name: string): PropertyVerdict {
  // Rust's loose matching drops the bytes no property name holds (`\p{Lé}` is `\p{L}`): not judged here.
  if ([...name].some((c) => c.charCodeAt(0) > 0x7f)) return 'unsure'
  // JavaScript knows the surrogate category, Rust's crate has no table for it (regex 1.7.1 refuses
  // `\p{Cs}`): which way a proxy reads it is not proven here.
  if (/^(?:is)?(?:cs|surrogate)$/.test(loose(name.slice(name.search(/[!=:]/) + 1)))) return 'unsure'
  if (Array.from(name).length === 1) return ONE_LETTER.has(name.toLowerCase()) ? 'known' : 'unknown'
  if (!/^[\w \t\n.=:!-]*$/.test(name)) return 'unknown'
  const at = name.search(/[!=:]/)
  if (at >= 0) return valued(loose(name.slice(0, at)), name.slice(name.indexOf(name[at] === '!' ? '=' : name[at]!, at) + 1))
  if (SPECIAL.has(loose(name))) return 'known'
  for (const c of spellings(name)) if (js(`\\p{${c}}`) || js(`\\p{Script=${c}}`)) return 'known'
  return 'unsure'
}

function valued(property: string, value: string): PropertyVerdict {
  const js_ =
    property === 'gc' || property === 'generalcategory'
      ? 'gc'
      : property === 'sc' || property === 'script'
        ? 'sc'
        : property === 'scx' || property === 'scriptextensions'
          ? 'scx'
          : undefined
  if (!js_) return 'unsure'
  for (const c of spellings(value)) if (js(`\\p{${js_}=${c}}`)) return 'known'
  return 'unsure'
}

function loose(s: string): string {
  return s.replace(/[\s_-]/g, '').toLowerCase()
}

/** The exact spellings a loosely written name may stand for. */
function spellings(name: string): string[] {
  const trimmed = name.trim()
  const words = trimmed.split(/[\s_-]+/).filter(Boolean)
  const title = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()
  const out = [
    trimmed,
    words.join('_'),
    words.map(title).join('_'),
    words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('_'),
    trimmed.toUpperCase(),
  ]
  const joined = loose(trimmed)
  if (joined.startsWith('is') && joined.length > 2) out.push(...spellings(trimmed.replace(/^\s*is[\s_-]*/i, '')))
  return [...new Set(out)]
}

function js(source: string): boolean {
  try {
    new RegExp(source, 'u')
    return true
  } catch {
    return false
  }
}
