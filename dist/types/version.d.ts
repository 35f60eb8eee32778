/** The package version, inlined into the bundle at build time. */
export declare const version: string;
