/** mulberry32: a small seeded generator of 32-bit words, so every run makes the same data. */
export function seededWords(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** The same generator as numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  const words = seededWords(seed);
  return () => words() / 4294967296;
}
