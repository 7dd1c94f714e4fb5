import { describe, expect, it } from 'vitest';
import stations from './stations.json';
import airports from './airports.json';
import cities from './cities.json';

type Names = { fr: string; en: string };
type Point = { lat: number; lon: number };

const SUGGESTED = ['paris', 'lyon', 'marseille', 'bordeaux', 'lille', 'toulouse', 'nantes', 'strasbourg', 'nice', 'montpellier'];

const km = (a: Point, b: Point) => {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};
const dupes = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
const cityById = new Map(cities.map((c) => [c.id, c]));
const validTz = (timeZone: string) => {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
    return true;
  } catch {
    return false;
  }
};
const hasNames = (n: Names) => n.fr.trim().length > 0 && n.en.trim().length > 0;
const inRange = (p: Point) => Number.isFinite(p.lat) && Number.isFinite(p.lon) && Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180;

describe('reference place data', () => {
  it('has unique keys', () => {
    expect(dupes(stations.map((s) => s.uic))).toEqual([]);
    expect(dupes(airports.map((a) => a.iata))).toEqual([]);
    expect(dupes(cities.map((c) => c.id))).toEqual([]);
  });

  it('uses ascii slugs as city ids', () => {
    expect(cities.filter((c) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(c.id)).map((c) => c.id)).toEqual([]);
  });

  it('links every station and airport to an existing city, and every city is referenced', () => {
    expect(stations.filter((s) => !cityById.has(s.city)).map((s) => s.uic)).toEqual([]);
    expect(airports.filter((a) => !cityById.has(a.city)).map((a) => a.iata)).toEqual([]);
    const used = new Set([...stations.map((s) => s.city), ...airports.map((a) => a.city)]);
    expect(cities.filter((c) => !used.has(c.id)).map((c) => c.id)).toEqual([]);
  });

  it('has coordinates in range, each place within 60 km of its city', () => {
    const all = [...stations, ...airports, ...cities];
    expect(all.filter((p) => !inRange(p))).toEqual([]);
    const far = [...stations.map((s) => ({ key: s.uic, p: s, city: s.city })), ...airports.map((a) => ({ key: a.iata, p: a, city: a.city }))]
      .filter(({ p, city }) => km(p, cityById.get(city)!) > 60)
      .map(({ key, city }) => `${key}→${city}`);
    expect(far).toEqual([]);
  });

  it('uses SNCF UIC codes (87…, 7–8 digits) for French stations', () => {
    const french = stations.filter((s) => cityById.get(s.city)?.country === 'FR');
    expect(french.length).toBeGreaterThan(200);
    expect(french.filter((s) => !/^87\d{5,6}$/.test(s.uic)).map((s) => s.uic)).toEqual([]);
    expect(stations.filter((s) => !/^\d{7,8}$/.test(s.uic)).map((s) => s.uic)).toEqual([]);
  });

  it('serves each suggested city by at least one high-speed station', () => {
    for (const id of SUGGESTED) {
      expect(cityById.has(id), id).toBe(true);
      expect(
        stations.some((s) => s.city === id && s.highSpeed),
        id,
      ).toBe(true);
    }
  });

  it('has non-empty French and English names', () => {
    expect([...stations, ...airports, ...cities].filter((p) => !hasNames(p.name)).map((p) => JSON.stringify(p.name))).toEqual([]);
  });

  it('has valid IANA time zones', () => {
    expect([...airports, ...cities].filter((p) => !validTz(p.tz)).map((p) => p.tz)).toEqual([]);
  });

  it('keeps flags and importance in range, airports with IATA/ICAO codes', () => {
    expect(stations.filter((s) => s.importance < 0 || s.importance > 100 || typeof s.highSpeed !== 'boolean' || typeof s.hub !== 'boolean')).toEqual([]);
    expect(airports.filter((a) => !/^[A-Z]{3}$/.test(a.iata) || !/^[A-Z0-9]{4}$/.test(a.icao) || a.importance < 0 || a.importance > 100)).toEqual([]);
    expect(cities.filter((c) => !/^[A-Z]{2}$/.test(c.country) || !(c.population >= 0))).toEqual([]);
  });
});

describe('high-risk countries', () => {
  it('are unique ISO alpha-2 codes with both names, and the reference world reaches some of them by air', async () => {
    const { default: risky } = await import('./high-risk-countries.json');
    const codes = risky.map((c) => c.country);
    expect(dupes(codes)).toEqual([]);
    for (const c of risky) {
      expect(c.country).toMatch(/^[A-Z]{2}$/);
      expect(hasNames(c.name)).toBe(true);
    }
    expect(
      airports
        .filter((a) => codes.includes(a.country))
        .map((a) => a.iata)
        .sort(),
    ).toEqual(['CAI', 'KIV', 'PRN']);
  });
});
