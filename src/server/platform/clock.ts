export type Clock = { now: () => Date };
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move. */
export function fixedClock(start: Date | string): Clock & { set: (d: Date | string) => void; advance: (ms: number) => void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (d) => (current = new Date(d)),
    advance: (ms) => (current = new Date(current.getTime() + ms)),
  };
}

export const minutes = (n: number) => n * 60_000;
export const hours = (n: number) => n * 3_600_000;
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);
