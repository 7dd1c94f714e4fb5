/** Deterministic randomness: the same seed string always gives the same sequence. */
export function hashString(s: string): number {
  // FNV-1a then a final avalanche, 32 bits.
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

export type Rng = {
  next: () => number; // [0, 1)
  int: (min: number, max: number) => number; // inclusive
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
  between: (min: number, max: number) => number;
};

/** mulberry32; a class, so that the many generators a search makes share their methods instead of building closures. */
class Mulberry32 implements Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
}

/** mulberry32 seeded from a string. */
export const rng = (seed: string): Rng => new Mulberry32(hashString(seed));
