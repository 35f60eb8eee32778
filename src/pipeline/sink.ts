/**
 * Where the stream engine's output goes: engine.ts writes pass-through runs and converted
 * documents to it, list.ts a List dump read back from its spool. A file of its own so that
 * neither of the two has to import the other for it.
 */

/** Receives output bytes; must write or copy them before it returns (they are reused). */
export type Sink = (bytes: Uint8Array) => void
