import type { Rng } from './random';

/** Relative departures per hour of day: nothing at night, peaks at 7–8 h and 17–18 h. */
export const DAY_PROFILE = [0, 0, 0, 0, 0, 0.25, 1.1, 1.6, 1.45, 1.0, 0.8, 0.8, 0.85, 0.8, 0.8, 0.9, 1.1, 1.5, 1.6, 1.3, 0.85, 0.5, 0.25, 0.04];

const cumulative = (() => {
  const total = DAY_PROFILE.reduce((a, b) => a + b, 0);
  let sum = 0;
  return DAY_PROFILE.map((w) => (sum += w / total));
})();

/** The minute of day at quantile `u` of the day profile. */
function minuteAt(u: number): number {
  const hour = cumulative.findIndex((c) => c >= u);
  const before = hour > 0 ? cumulative[hour - 1]! : 0;
  const within = (u - before) / (cumulative[hour]! - before || 1);
  return hour * 60 + Math.min(59, Math.floor(within * 60));
}

/** `count` departure minutes spread over the day by the profile, each jittered, sorted, distinct. */
export function departuresOfDay(rng: Rng, count: number): number[] {
  const minutes = new Set<number>();
  for (let i = 0; i < count; i++) minutes.add(minuteAt((i + rng.between(0.1, 0.9)) / count));
  return [...minutes].sort((a, b) => a - b);
}

/**
 * The latest `capacity` timetables of leg-days, made once each (a leg's runs of a day never change:
 * a search and its next page, or a flight's fastest-train question, read the same days); the least
 * recently read is dropped first.
 */
export function keptTimetables<T>(capacity: number): (key: string, make: () => T) => T {
  const kept = new Map<string, T>();
  return (key, make) => {
    let value = kept.get(key);
    if (value !== undefined) kept.delete(key);
    else value = make();
    kept.set(key, value);
    if (kept.size > capacity) kept.delete(kept.keys().next().value!);
    return value;
  };
}
