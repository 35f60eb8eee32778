import pkg from '../package.json' with { type: 'json' }

/** The package version, inlined into the bundle at build time. */
export const version: string = pkg.version
