/** Reproducible numbers in [0, 1) from a seed (scripts/random.mjs). */
export declare class SeededRandom {
  constructor(seed: string | number)
  /** Starts the stream of `seed` from its beginning. */
  reseed(seed: string | number): void
  /** The next number in [0, 1). */
  next(): number
}
