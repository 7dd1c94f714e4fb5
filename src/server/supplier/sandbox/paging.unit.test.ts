import { describe, expect, it } from 'vitest';
import { NOW, places, tripQuery } from './query.fixtures';
import { railJourneys } from './rail';
import { flightItineraries } from './flight';
import { carrierLogoSvg } from './images';
import type { TripQuery } from '../types';

const query = (to: string, datetime: string, represents: TripQuery['represents'], now = NOW) => tripQuery('city:paris', to, datetime, { represents, now });
const instant = (iso: string) => new Date(iso).getTime();

describe('sandbox "departure-before" (the page before a list)', () => {
  it('gives the last trains leaving at or before the time, in time order, next to those leaving after it', () => {
    const before = railJourneys(query('city:lyon', '2026-12-01T15:00', 'departure-before'), places.byId);
    const after = railJourneys(query('city:lyon', '2026-12-01T15:00', 'departure'), places.byId);
    expect(before.length).toBe(10);
    const departures = before.map((j) => instant(j.departure));
    expect(departures).toEqual([...departures].sort((a, b) => a - b));
    expect(departures.every((d) => d <= instant('2026-12-01T15:00:00+01:00'))).toBe(true);
    // The whole day, asked page after page: the two answers are neighbours in it, nothing between them skipped.
    const day: string[] = [];
    for (let from = '2026-12-01T00:00'; ; ) {
      const fresh = railJourneys(query('city:lyon', from, 'departure'), places.byId).filter((j) => !day.includes(j.id) && j.departure.startsWith('2026-12-01'));
      if (fresh.length === 0) break;
      day.push(...fresh.map((j) => j.id));
      from = fresh.at(-1)!.departure.slice(0, 16);
    }
    const ids = [...before, ...after].map((j) => j.id);
    const start = day.indexOf(ids[0]!);
    expect(day.slice(start, start + ids.length)).toEqual(ids);
  });

  it('never offers a train or a flight that has already left', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const trains = railJourneys(query('city:lyon', '2026-12-01T14:00', 'departure-before', now), places.byId);
    const flights = flightItineraries(query('city:nice', '2026-12-01T14:00', 'departure-before', now), places.byId);
    expect(trains.length).toBeGreaterThan(0);
    expect(flights.length).toBeGreaterThan(0);
    for (const j of [...trains, ...flights]) expect(instant(j.departure)).toBeGreaterThanOrEqual(now.getTime());
    for (const j of flights) expect(instant(j.departure)).toBeLessThanOrEqual(instant('2026-12-01T14:00:00+01:00'));
  });
});

describe('carrier badges', () => {
  it.each(['SNCF', 'EUROSTAR', 'TRENITALIA', 'AF'])('shows the whole code %s inside its box', (code) => {
    const svg = carrierLogoSvg(code);
    expect(/<text[^>]*>([^<]*)<\/text>/.exec(svg)?.[1]).toBe(code);
    const width = Number(/viewBox="0 0 (\d+) 48"/.exec(svg)?.[1]);
    const fontSize = Number(/font-size="(\d+)"/.exec(svg)?.[1]);
    // Bold capitals of a system font are under 0.7 em wide: the label fits with room on both sides.
    expect(code.length * fontSize * 0.7 + 8).toBeLessThanOrEqual(width);
  });
});
