/** Prefix of our temp files, so a later run (or a person) can recognise leftovers. */
export declare const TEMP_PREFIX = ".smi-migrate-";
export declare function writeFileAtomic(path: string, data: Uint8Array): void;
