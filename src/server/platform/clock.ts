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

/** The real clock moved forward by an offset the journeys set (TEST_CLOCK=1); it keeps running. */
export type ShiftedClock = Clock & { shift: (ms: number) => void; reset: () => void; offsetMs: () => number };
export function shiftedClock(): ShiftedClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    shift: (ms) => (offset += ms),
    reset: () => (offset = 0),
    offsetMs: () => offset,
  };
}

export const minutes = (n: number) => n * 60_000;
export const hours = (n: number) => n * 3_600_000;
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);
