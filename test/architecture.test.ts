/**
 * The layering rule of ARCHITECTURE.md, held against the code. Every .ts file under src/ is
 * read with the TypeScript parser (so an `import` in a comment or a string is not one), its
 * imports collected (static `import`, `export … from`, dynamic `import('…')`), and:
 *
 * - no module imports itself through others (file graph), dynamic and type-only imports
 *   included: a lazily loaded module is still a dependency, and a type-only cycle still means
 *   two files that cannot be understood (or moved) one without the other;
 * - no top-level folder imports itself through others (folder graph);
 * - each folder imports only what ARCHITECTURE.md's import table allows it, and the table
 *   names every folder and root file of src/ (the table is read from the document, so the
 *   document and the code cannot drift apart);
 * - each package (npm or `node:`) is imported only where ARCHITECTURE.md's package table
 *   allows it: the `yaml` parser, the I/O modules (`node:fs`, `node:child_process`),
 *   `@actions/core`; and a package the table marks as loaded on demand is not reached from
 *   the CLI's entry (src/cli.ts) through static imports (the start-up half stays small).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'
import { KIND_NAMES } from '../src/kinds/names.js'
import { TARGETS } from '../src/targets/registry.js'

const ROOT = resolve('.')
const SRC = join(ROOT, 'src')
const DOC = join(ROOT, 'ARCHITECTURE.md')
/** The CLI's entry: what it reaches through static imports is loaded at every start. */
const CLI_ENTRY = 'cli.ts'
/**
 * Folders the import table names before they exist (being added on another branch). Once
 * one exists, the test asks for it to be taken off this list.
 */
const PLANNED = new Set<string>([])

type Kind = 'static' | 'type' | 'dynamic'

interface Import {
  /** The importing file, relative to src/ with `/`. */
  file: string
  line: number
  kind: Kind
  specifier: string
  /** A relative import: the imported .ts file, relative to src/ (undefined for another file: version.ts's package.json). */
  target?: string
  /** A package import: its name (`yaml`, `@actions/core`, `node:fs`). */
  pkg?: string
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
}

const toSrc = (abs: string) => relative(SRC, abs).split(sep).join('/')
const FILES = walk(SRC)
  .filter((f) => f.endsWith('.ts'))
  .map(toSrc)
  .sort()

/** `pipeline/engine.ts` → `pipeline/`; a file at the top of src/ is its own unit (`model.ts`). */
function unitOf(file: string): string {
  const slash = file.indexOf('/')
  return slash < 0 ? file : file.slice(0, slash + 1)
}

function packageName(specifier: string): string {
  if (specifier.startsWith('node:')) return specifier
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

const problems: string[] = []

function importsOf(file: string): Import[] {
  const abs = join(SRC, file)
  const source = ts.createSourceFile(abs, readFileSync(abs, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const out: Import[] = []
  const add = (node: ts.Node, spec: ts.Expression | undefined, kind: Kind) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
    if (!spec || !ts.isStringLiteralLike(spec)) {
      problems.push(`src/${file}:${line}: an import whose module is not a string literal cannot be checked`)
      return
    }
    const specifier = spec.text
    const imp: Import = { file, line, kind, specifier }
    if (specifier.startsWith('.')) {
      const resolved = resolve(dirname(abs), specifier.replace(/\.js$/, '.ts'))
      if (!existsSync(resolved)) problems.push(`src/${file}:${line}: ${specifier} resolves to no file`)
      else if (resolved.endsWith('.ts') && resolved.startsWith(SRC + sep)) imp.target = toSrc(resolved)
    } else {
      if (builtinModules.includes(specifier.split('/')[0]!))
        problems.push(`src/${file}:${line}: import '${specifier}' as 'node:${specifier}' (the package table names node: modules)`)
      imp.pkg = packageName(specifier)
    }
    out.push(imp)
  }
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      // `import { type A } from` without `import type` stays in the output as `import {} from`
      // under verbatimModuleSyntax (tsconfig.json): a static import, the module is loaded.
      add(node, node.moduleSpecifier, node.importClause?.isTypeOnly ? 'type' : 'static')
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add(node, node.moduleSpecifier, node.isTypeOnly ? 'type' : 'static')
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly ? 'type' : 'static')
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0], 'dynamic')
    } else if (ts.isImportTypeNode(node)) {
      // `typeof import('./x.js')` in a type: erased, but still a dependency.
      const arg = node.argument
      add(node, ts.isLiteralTypeNode(arg) ? arg.literal : undefined, 'type')
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return out
}

const IMPORTS = FILES.flatMap(importsOf)
const local = IMPORTS.filter((i) => i.target !== undefined)

// ---------------------------------------------------------------------------------------
// ARCHITECTURE.md's tables: rows between a `<!-- table: NAME -->` comment and the first
// line after it that is not part of a table.

function table(name: string): string[][] {
  const lines = readFileSync(DOC, 'utf8').split('\n')
  const start = lines.findIndex((l) => l.trim() === `<!-- table: ${name} -->`)
  assert.ok(start >= 0, `ARCHITECTURE.md has no <!-- table: ${name} --> marker`)
  let i = start + 1
  while (i < lines.length && lines[i]!.trim() === '') i++
  const rows: string[][] = []
  for (; i < lines.length && lines[i]!.trimStart().startsWith('|'); i++) {
    const cells = lines[i]!.trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((c) => c.trim())
    rows.push(cells)
  }
  assert.ok(rows.length > 2, `ARCHITECTURE.md's ${name} table is empty`)
  return rows.slice(2) // header and delimiter row
}

/** A cell's entries: `code` spans, comma-separated, each optionally `(only from `glob`, …)`; `—` is none. */
function entries(cell: string, where: string): { name: string; only?: string[] }[] {
  const out: { name: string; only?: string[] }[] = []
  const rest = cell.replace(/`([^`]+)`(?:\s*\(only from ((?:\s*`[^`]+`\s*,?)+)\))?/g, (_m, name: string, only?: string) => {
    out.push({ name, only: only ? [...only.matchAll(/`([^`]+)`/g)].map((m) => m[1]!) : undefined })
    return ''
  })
  if (rest.replace(/[,\s—]/g, '') !== '')
    problems.push(`ARCHITECTURE.md, ${where}: cannot read "${rest.trim()}" (write \`name\` or \`name\` (only from \`glob\`))`)
  return out
}

/** A glob relative to src/: `*` within a path segment, `**` across them. */
function globRe(glob: string): RegExp {
  let re = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === '*' && glob[i + 1] === '*') {
      i++
      if (glob[i + 1] === '/') {
        i++
        re += '(?:.*/)?'
      } else re += '.*'
    } else if (c === '*') re += '[^/]*'
    else re += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${re}$`)
}
const matches = (globs: readonly string[], file: string) => globs.some((g) => globRe(g).test(file))

const UNITS = [...new Set(FILES.map(unitOf))].sort()

/** folder → what it may import (a unit, possibly only from some of its files). */
function allowedImports(): Map<string, { name: string; only?: string[] }[]> {
  const allowed = new Map<string, { name: string; only?: string[] }[]>()
  for (const [unitCell, mayCell] of table('imports')) {
    const unit = entries(unitCell ?? '', 'import table')
    if (unit.length !== 1) {
      problems.push(`ARCHITECTURE.md, import table: a row must name one folder or file, not "${unitCell}"`)
      continue
    }
    if (allowed.has(unit[0]!.name)) problems.push(`ARCHITECTURE.md, import table: two rows for ${unit[0]!.name}`)
    allowed.set(unit[0]!.name, entries(mayCell ?? '', `the row of ${unit[0]!.name}`))
  }
  return allowed
}

// ---------------------------------------------------------------------------------------

/**
 * One cycle through each strongly connected component of `edges` (Tarjan), as a path that ends
 * where it starts, with all the component's nodes (a fix has to untie every one of them).
 */
function cycles(nodes: readonly string[], edges: ReadonlyMap<string, ReadonlySet<string>>): { path: string[]; tied: string[] }[] {
  let index = 0
  const idx = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const on = new Set<string>()
  const sccs: string[][] = []
  const strong = (v: string): void => {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    on.add(v)
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!))
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = []
      let w: string
      do {
        w = stack.pop()!
        on.delete(w)
        scc.push(w)
      } while (w !== v)
      if (scc.length > 1 || edges.get(v)?.has(v)) sccs.push(scc)
    }
  }
  for (const v of nodes) if (!idx.has(v)) strong(v)
  return sccs.map((scc) => ({ path: cycleIn(scc, edges), tied: [...scc].sort() }))
}

/** The shortest way from the component's first node (sorted) back to itself, inside the component. */
function cycleIn(scc: readonly string[], edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const inside = new Set(scc)
  const start = [...scc].sort()[0]!
  const prev = new Map<string, string>()
  const queue = [start]
  while (queue.length) {
    const v = queue.shift()!
    for (const w of [...(edges.get(v) ?? [])].sort()) {
      if (!inside.has(w)) continue
      if (w === start) {
        const chain: string[] = []
        for (let at = v; at !== start; at = prev.get(at)!) chain.unshift(at)
        return [start, ...chain, start]
      }
      if (!prev.has(w)) {
        prev.set(w, v)
        queue.push(w)
      }
    }
  }
  return [start, start]
}

/**
 * A cycle as `a → b → a`. Files: `src/a.ts:12 → src/b.ts:30 (type) → src/a.ts`, each with the
 * line that imports the next (and how, when not a static import); folders: `a/ (src/a/x.ts:12) → …`,
 * each with one import that makes the step.
 */
function describePath(
  { path, tied }: { path: string[]; tied: string[] },
  step: (from: string, to: string) => Import,
  files: boolean,
): string {
  const more = tied.length > path.length - 1 ? `; all tied together: ${tied.join(', ')}` : ''
  return (
    path
      .map((at, i) => {
        if (i === path.length - 1) return files ? `src/${at}` : at
        const imp = step(at, path[i + 1]!)
        if (files) return `src/${at}:${imp.line}${imp.kind === 'static' ? '' : ` (${imp.kind})`}`
        return `${at} (src/${imp.file}:${imp.line}${imp.kind === 'static' ? '' : `, ${imp.kind}`})`
      })
      .join(' → ') + more
  )
}

test('the parser sees the imports (a sanity check of the reader itself)', () => {
  assert.ok(FILES.length > 40, `only ${FILES.length} files under src/`)
  assert.ok(
    local.some((i) => i.kind === 'dynamic'),
    'no dynamic import found',
  )
  assert.ok(
    local.some((i) => i.kind === 'type'),
    'no type-only import found',
  )
  assert.ok(
    IMPORTS.some((i) => i.pkg === 'yaml'),
    'no import of yaml found',
  )
  // src/index.ts's doc comment shows `import { migrate } from 'smi-migrate'`: not an import.
  assert.not.ok(
    IMPORTS.some((i) => i.pkg === 'smi-migrate'),
    'an import in a comment was taken for one',
  )
  assert.equal(problems, [])
})

test('no import cycle between modules (dynamic and type-only imports count)', () => {
  const edges = new Map<string, Set<string>>()
  for (const i of local) edges.set(i.file, (edges.get(i.file) ?? new Set()).add(i.target!))
  const step = (from: string, to: string) => local.find((i) => i.file === from && i.target === to)!
  const found = cycles(FILES, edges).map((c) => describePath(c, step, true))
  assert.equal(found, [], 'import cycles (each step: the line that imports the next file)')
})

test('no import cycle between the top-level folders of src/', () => {
  const edges = new Map<string, Set<string>>()
  for (const i of local) {
    const [from, to] = [unitOf(i.file), unitOf(i.target!)]
    if (from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to))
  }
  const step = (from: string, to: string) => local.find((i) => unitOf(i.file) === from && unitOf(i.target!) === to)!
  const found = cycles(UNITS, edges).map((c) => describePath(c, step, false))
  assert.equal(found, [], 'cycles between folders (each step: one import that makes it)')
})

test("ARCHITECTURE.md's import table names every folder of src/, and only those", () => {
  const allowed = allowedImports()
  const named = [...allowed.keys()]
  assert.equal(
    UNITS.filter((u) => !allowed.has(u)),
    [],
    'in src/, missing from the import table',
  )
  assert.equal(
    named.filter((u) => !UNITS.includes(u) && !PLANNED.has(u)),
    [],
    'in the import table, not in src/',
  )
  assert.equal(
    [...PLANNED].filter((u) => UNITS.includes(u)),
    [],
    'src/ has it now: take it off PLANNED in test/architecture.test.ts',
  )
  const known = new Set([...UNITS, ...PLANNED])
  const unknown = [...allowed].flatMap(([u, may]) => may.filter((m) => !known.has(m.name)).map((m) => `${u} may import ${m.name}`))
  assert.equal(unknown, [], 'the import table names folders that are not in src/')
  // The rule itself is a layering: read as a graph, the table has no cycle either.
  const edges = new Map([...allowed].map(([u, may]) => [u, new Set(may.map((m) => m.name).filter((m) => m !== u))]))
  const loops = cycles([...allowed.keys()], edges).map((c) => c.path.join(' → '))
  assert.equal(loops, [], 'the import table allows cycles')
  assert.equal(problems, [])
})

test("every import between folders is one ARCHITECTURE.md's import table allows", () => {
  const allowed = allowedImports()
  const bad: string[] = []
  for (const i of local) {
    const [from, to] = [unitOf(i.file), unitOf(i.target!)]
    if (from === to) continue
    const rule = allowed.get(from)?.find((m) => m.name === to)
    if (!rule) bad.push(`src/${i.file}:${i.line} imports src/${i.target} (${from} may not import ${to})`)
    else if (rule.only && !matches(rule.only, i.file))
      bad.push(`src/${i.file}:${i.line} imports src/${i.target} (${from} may import ${to} only from ${rule.only.join(', ')})`)
  }
  assert.equal(bad, [])
  assert.equal(problems, [])
})

/** package → the files (globs relative to src/) that may import it, and whether the CLI may load it at start-up. */
function packageRules(): Map<string, { where: string[]; onDemand: boolean }> {
  const rules = new Map<string, { where: string[]; onDemand: boolean }>()
  for (const [pkgCell, whereCell, startCell] of table('packages')) {
    const pkg = entries(pkgCell ?? '', 'package table')
    if (pkg.length !== 1) {
      problems.push(`ARCHITECTURE.md, package table: a row must name one package, not "${pkgCell}"`)
      continue
    }
    if (rules.has(pkg[0]!.name)) problems.push(`ARCHITECTURE.md, package table: two rows for ${pkg[0]!.name}`)
    const start = (startCell ?? '').toLowerCase()
    if (!/^(yes|no)\b/.test(start))
      problems.push(`ARCHITECTURE.md, package table, ${pkg[0]!.name}: the start-up column must begin with yes or no`)
    rules.set(pkg[0]!.name, {
      where: entries(whereCell ?? '', `the row of ${pkg[0]!.name}`).map((e) => e.name),
      onDemand: start.startsWith('no'),
    })
  }
  return rules
}

test("every package is imported only where ARCHITECTURE.md's package table allows it", () => {
  const rules = packageRules()
  const bad: string[] = []
  for (const i of IMPORTS) {
    if (i.pkg === undefined) continue
    const rule = rules.get(i.pkg)
    if (!rule) bad.push(`src/${i.file}:${i.line} imports ${i.pkg}, which the package table does not name`)
    else if (!matches(rule.where, i.file)) bad.push(`src/${i.file}:${i.line} imports ${i.pkg} (only ${rule.where.join(', ')} may)`)
  }
  assert.equal(bad, [])
  const used = new Set(IMPORTS.map((i) => i.pkg))
  assert.equal(
    [...rules.keys()].filter((p) => !used.has(p)),
    [],
    'in the package table, imported nowhere',
  )
  // The rules the design rests on, so that nobody loosens them by editing the table alone: the
  // parser is read by the document layer, the kinds' readers and the locator that walks a
  // parsed document for objects (and by kustomize/, which reads its files as data).
  const only = (pkg: string, globs: string[]) => assert.equal(rules.get(pkg)?.where, globs, `the rows of ${pkg}`)
  only('@actions/core', ['action/**'])
  only('yaml', ['yaml/**', 'kinds/*/read.ts', 'convert/locate.ts', 'kustomize/**'])
  assert.equal(problems, [])
})

test('what the CLI loads at start-up (static imports from src/cli.ts) imports no package the table marks as loaded on demand', () => {
  const rules = packageRules()
  const onDemand = new Set([...rules].filter(([, r]) => r.onDemand).map(([p]) => p))
  assert.ok(onDemand.has('yaml'), 'yaml is loaded on demand')
  // Type-only imports are erased, dynamic ones load later: only static imports run at start-up.
  const via = new Map<string, string>([[CLI_ENTRY, '']])
  const queue = [CLI_ENTRY]
  const bad: string[] = []
  while (queue.length) {
    const file = queue.shift()!
    for (const i of IMPORTS.filter((x) => x.file === file && x.kind === 'static')) {
      if (i.pkg && onDemand.has(i.pkg)) {
        const chain: string[] = []
        for (let f: string | undefined = file; f; f = via.get(f) || undefined) chain.unshift(f)
        bad.push(`src/${i.file}:${i.line} imports ${i.pkg}, reached at start-up: ${chain.join(' → ')}`)
      }
      if (i.target && !via.has(i.target)) {
        via.set(i.target, file)
        queue.push(i.target)
      }
    }
  }
  assert.equal(bad, [])
})

test('the webhook (src/webhook/) loads no yaml parser: nothing it imports, statically or dynamically, imports yaml', () => {
  // It reaches the TrafficSplit kind through the files that load no parser (hops.ts, objects.ts).
  const via = new Map<string, string>(FILES.filter((f) => f.startsWith('webhook/')).map((f) => [f, '']))
  const queue = [...via.keys()]
  const bad: string[] = []
  while (queue.length) {
    const file = queue.shift()!
    for (const i of IMPORTS.filter((x) => x.file === file && x.kind !== 'type')) {
      if (i.pkg === 'yaml') {
        const chain: string[] = []
        for (let f: string | undefined = file; f; f = via.get(f) || undefined) chain.unshift(f)
        bad.push(`src/${i.file}:${i.line} imports yaml, reached from the webhook: ${chain.join(' → ')}`)
      }
      if (i.target && !via.has(i.target)) {
        via.set(i.target, file)
        queue.push(i.target)
      }
    }
  }
  assert.equal(bad, [])
})

// ---------------------------------------------------------------------------------------
// Who may name a kind or a target (ARCHITECTURE.md's names table).

const KINDS: readonly string[] = KIND_NAMES
const TARGET_NAMES: readonly string[] = TARGETS.map((t) => t.name)

/** The kinds and targets a file names: string literals that are exactly one, and imports of their folders. */
function namesIn(file: string): Set<string> {
  const abs = join(SRC, file)
  const source = ts.createSourceFile(abs, readFileSync(abs, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const found = new Set<string>()
  const folders = new Map([
    ...KINDS.map((k) => [`kinds/${k.toLowerCase()}/`, k] as const),
    ...TARGET_NAMES.map((t) => [`targets/${t}/`, t] as const),
  ])
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) && (KINDS.includes(node.text) || TARGET_NAMES.includes(node.text))) found.add(node.text)
    ts.forEachChild(node, visit)
  }
  visit(source)
  for (const i of IMPORTS) {
    if (i.file !== file || i.target === undefined) continue
    for (const [folder, name] of folders) if (i.target.startsWith(folder) && !file.startsWith(folder)) found.add(name)
  }
  return found
}

/** The names table: where (globs), and what it may name. */
function nameRules(): { where: string[]; names: Set<string>; row: string }[] {
  return table('names').map((cells) => {
    const where = entries(cells[0] ?? '', 'names table').map((e) => e.name)
    const may = cells[1] ?? ''
    const names = new Set<string>()
    if (may.includes('every kind')) KINDS.forEach((k) => names.add(k))
    if (may.includes('every target')) TARGET_NAMES.forEach((t) => names.add(t))
    for (const e of entries(may.replace(/every (kind|target)/g, ''), 'names table')) names.add(e.name)
    return { where, names, row: cells[0] ?? '' }
  })
}

test("kinds and targets are named only where ARCHITECTURE.md's names table allows, and every row is used", () => {
  const rules = nameRules()
  const bad: string[] = []
  const used = new Set<number>()
  for (const file of FILES) {
    for (const name of namesIn(file)) {
      const i = rules.findIndex((r) => r.names.has(name) && matches(r.where, file))
      if (i < 0) bad.push(`src/${file} names ${name}`)
      else used.add(i)
    }
  }
  assert.equal(bad, [], 'named outside the names table')
  assert.equal(
    rules.filter((_r, i) => !used.has(i)).map((r) => r.row),
    [],
    'rows of the names table that no file uses',
  )
  for (const r of rules)
    for (const n of r.names) assert.ok(KINDS.includes(n) || TARGET_NAMES.includes(n), `the names table names ${n}, no kind or target`)
  assert.equal(problems, [])
})

test('every allowance of the import table is used by an import', () => {
  const allowed = allowedImports()
  const unused: string[] = []
  for (const [unit, may] of allowed) {
    for (const m of may) {
      const mine = local.filter((i) => unitOf(i.file) === unit && unitOf(i.target!) === m.name)
      if (mine.length === 0) unused.push(`${unit} may import ${m.name}`)
      for (const only of m.only ?? [])
        if (!mine.some((i) => matches([only], i.file))) unused.push(`${unit} may import ${m.name} from ${only}`)
    }
  }
  assert.equal(unused, [], 'allowances no import uses')
})

test.run()
