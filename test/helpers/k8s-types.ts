/**
 * Unknown fields, which the schema validation of `kubernetes-models` lets through: the
 * Kubernetes OpenAPI schemas set no `additionalProperties: false`, so `.validate()` checks
 * types, enums and required fields but accepts `readOnlyRootFileSystem` for
 * `readOnlyRootFilesystem`, and an API server would then drop the field (or refuse it under
 * kubectl's strict field validation). The same package's TypeScript declarations list every
 * field of every type, so this walks an object along its declared type with the TypeScript
 * checker and reports each key the type does not have. A type without properties and without
 * an index signature (JSONSchemaPropsOrArray, JSON: "anything") ends the walk.
 */
import ts from 'typescript'
import { resolve } from 'node:path'

/** apiVersion + kind → the declared interface: module (a package export) and name. */
export const DECLARATIONS: Record<string, [string, string]> = {
  'v1/ServiceAccount': ['kubernetes-models/v1/ServiceAccount', 'IServiceAccount'],
  'v1/Service': ['kubernetes-models/v1/Service', 'IService'],
  'v1/Secret': ['kubernetes-models/v1/Secret', 'ISecret'],
  'apps/v1/Deployment': ['kubernetes-models/apps/v1/Deployment', 'IDeployment'],
  'policy/v1/PodDisruptionBudget': ['kubernetes-models/policy/v1/PodDisruptionBudget', 'IPodDisruptionBudget'],
  'apiextensions.k8s.io/v1/CustomResourceDefinition': [
    'kubernetes-models/apiextensions.k8s.io/v1/CustomResourceDefinition',
    'ICustomResourceDefinition',
  ],
  'cert-manager.io/v1/Issuer': ['@kubernetes-models/cert-manager/cert-manager.io/v1/Issuer', 'IIssuer'],
  'cert-manager.io/v1/Certificate': ['@kubernetes-models/cert-manager/cert-manager.io/v1/Certificate', 'ICertificate'],
}

export interface FieldChecker {
  /** The paths (`spec.template.spec.containers[0].readOnlyRootFileSystem`) of the fields the object's declared type does not have. */
  unknownFields(obj: { apiVersion?: unknown; kind?: unknown }): string[]
}

export function fieldChecker(): FieldChecker {
  // A virtual module beside the tests (so node_modules resolves from here) that names each type.
  const entry = resolve('test/__k8s_declarations__.ts')
  const keys = Object.keys(DECLARATIONS)
  const source =
    keys.map((k, i) => `import type { ${DECLARATIONS[k]![1]} as T${i} } from '${DECLARATIONS[k]![0]}'`).join('\n') +
    `\nexport interface Declared {\n${keys.map((k, i) => `  ${JSON.stringify(k)}: T${i}`).join('\n')}\n}\n`
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  }
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (name, lang, ...rest) =>
    resolve(name) === entry ? ts.createSourceFile(name, source, lang) : getSourceFile(name, lang, ...rest)
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (name) => resolve(name) === entry || fileExists(name)
  const program = ts.createProgram([entry], options, host)
  const problems = ts.getPreEmitDiagnostics(program).filter((d) => d.file && resolve(d.file.fileName) === entry)
  if (problems.length)
    throw new Error(
      `the kubernetes-models declarations did not load: ${problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`,
    )
  const checker = program.getTypeChecker()
  const file = program.getSourceFile(entry)!
  const declared = checker.getExportsOfModule(checker.getSymbolAtLocation(file)!).find((s) => s.name === 'Declared')!
  const root = checker.getDeclaredTypeOfSymbol(declared)

  const typeOf = (symbol: ts.Symbol) => checker.getTypeOfSymbolAtLocation(symbol, file)

  function walk(value: unknown, type: ts.Type, path: string, out: string[]): void {
    if (value === null || typeof value !== 'object') return // scalars: the schema validation checks them
    const t = checker.getNonNullableType(type)
    if (t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return
    const members = t.isUnion() ? t.types : [t]
    if (Array.isArray(value)) {
      const array = members.find((m) => checker.isArrayType(m))
      if (!array) return void out.push(`${path}: a list where ${checker.typeToString(t)} is declared`)
      const element = checker.getTypeArguments(array as ts.TypeReference)[0]!
      value.forEach((v, i) => walk(v, element, `${path}[${i}]`, out))
      return
    }
    const object = members.find((m) => m.flags & ts.TypeFlags.Object && !checker.isArrayType(m))
    if (!object) return void out.push(`${path}: a mapping where ${checker.typeToString(t)} is declared`)
    const index = checker.getIndexTypeOfType(object, ts.IndexKind.String)
    if (object.getProperties().length === 0 && !index) return // declared as "anything"
    for (const [key, v] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key
      const prop = checker.getPropertyOfType(object, key)
      if (prop) walk(v, typeOf(prop), at, out)
      else if (index) walk(v, index, at, out)
      else out.push(`${at}: no such field in ${checker.typeToString(object)}`)
    }
  }

  return {
    unknownFields(obj) {
      const key = `${String(obj.apiVersion)}/${String(obj.kind)}`
      const prop = checker.getPropertyOfType(root, key)
      if (!prop) throw new Error(`no declared type for ${key}: add it to DECLARATIONS`)
      const out: string[] = []
      walk(obj, typeOf(prop), '', out)
      return out
    },
  }
}
