// Reproducible randomness for the fuzzers: numbers in [0, 1) drawn from a seed. The stream is
// AES-128 in counter mode over zero bytes (node:crypto), keyed by the SHA-256 of the seed, so
// a seed gives the same cases on every machine and Node version, and no generator code of our
// own has to be trusted for its spread.
import { createCipheriv, createHash } from 'node:crypto'

const BLOCK = Buffer.alloc(4096)

export class SeededRandom {
  /** @param {string | number} seed */
  constructor(seed) {
    this.reseed(seed)
  }

  /** Starts the stream of `seed` (any string or number) from its beginning. */
  reseed(seed) {
    const digest = createHash('sha256').update(String(seed)).digest()
    this.cipher = createCipheriv('aes-128-ctr', digest.subarray(0, 16), digest.subarray(16, 32))
    this.bytes = Buffer.alloc(0)
    this.at = 0
  }

  /** The next number in [0, 1), from 32 bits of the stream. */
  next() {
    if (this.at + 4 > this.bytes.length) {
      this.bytes = this.cipher.update(BLOCK)
      this.at = 0
    }
    const n = this.bytes.readUInt32LE(this.at)
    this.at += 4
    return n / 4294967296
  }
}
