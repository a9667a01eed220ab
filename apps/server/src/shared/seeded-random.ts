// Seeded random numbers for generated data (the demo listings, the search bench): the same seed, the same data.

/** mulberry32 (32-bit integer maths; a float LCG loses precision and cycles): small, fast, good enough for plausible fake data. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** Roughly normal (sum of uniforms), mean 0, sd 1. */
    normal: () => (next() + next() + next() + next() + next() + next() - 3) / 0.7071,
  };
}
