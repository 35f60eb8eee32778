/**
 * The kinds' names, for the byte pre-filter (pipeline/segment.ts): a document that spells
 * none of them holds no object of a known kind and passes through without being parsed.
 * Kept apart from registry.ts so the pre-filter loads no kind module (and no YAML parser);
 * test/kinds.test.ts checks the two lists agree.
 */
export const KIND_NAMES = ['TrafficSplit', 'HTTPRouteGroup', 'TCPRoute', 'TrafficTarget', 'ServiceProfile'] as const

/** The groups (SMI's, and Linkerd's for ServiceProfile): with a template action beside one, a templated `kind:` may be ours. */
export const GROUP_PREFIXES = ['split.smi-spec.io/', 'specs.smi-spec.io/', 'access.smi-spec.io/', 'linkerd.io/'] as const
