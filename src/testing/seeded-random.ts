/**
 * A small seeded random generator (mulberry32) for property-style tests: the same seed gives the
 * same inputs, so a failing case can be reproduced from the seed printed in the test name.
 */
export function mulberry32(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let value = Math.imul(state ^ (state >>> 15), 1 | state)
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}
