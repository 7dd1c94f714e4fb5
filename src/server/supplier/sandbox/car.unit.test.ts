import { describe, expect, it } from 'vitest';
import { SupplierError, type CarQuery, type RentalAgency } from '../types';
import { distanceKm } from '@server/reference/geo';
import { sandboxCars, searchCars } from './car';
import { carImageSvg } from './images';

const customer = { companyId: null, corporateCarriers: [], negotiatedChains: [] };
const PART_DIEU = { lat: 45.7606, lon: 4.8593, radiusKm: 2 };
const PARIS_GARE_DE_LYON = { lat: 48.8443, lon: 2.3744, radiusKm: 2 };
const CDG = { lat: 49.0097, lon: 2.5478, radiusKm: 3 };
const query = (over: Partial<CarQuery> = {}): CarQuery => ({
  pickup: PART_DIEU,
  dropoff: PART_DIEU,
  pickupAt: '2026-11-24T09:00', // Tuesday
  returnAt: '2026-11-26T18:00',
  carTypes: [],
  customer,
  lang: 'fr',
  now: new Date('2026-11-01T10:00:00Z'),
  ...over,
});
const weekday = (local: string) => new Date(`${local.slice(0, 10)}T00:00:00Z`).getUTCDay();
const openAt = (a: RentalAgency, local: string) =>
  a.openingPeriods.some((p) => p.day === weekday(local) && p.start <= local.slice(11) && local.slice(11) <= p.end);
const offerKey = (id: string) => id.split('_').slice(0, 3).join('_');

describe('sandbox cars: agencies', () => {
  it('answers the same cars to the same request', async () => {
    const a = await sandboxCars().cars(query());
    expect(a.length).toBeGreaterThan(0);
    expect(await sandboxCars().cars(query())).toEqual(a);
  });

  it('offers only agencies within the radius that are open at pick-up and return time', () => {
    for (const q of [
      query(),
      query({ pickupAt: '2026-11-29T10:00', returnAt: '2026-12-01T19:30' }),
      query({ pickup: CDG, dropoff: CDG, pickupAt: '2026-11-28T22:30', returnAt: '2026-11-30T07:15' }),
    ]) {
      const cars = searchCars(q);
      expect(cars.length).toBeGreaterThan(0);
      for (const c of cars) {
        expect(openAt(c.pickup, q.pickupAt)).toBe(true);
        expect(openAt(c.dropoff, q.returnAt)).toBe(true);
        expect(c.pickup.distanceKm).toBeLessThanOrEqual(q.pickup.radiusKm);
        expect(Math.abs(c.pickup.distanceKm - distanceKm(q.pickup, c.pickup))).toBeLessThan(0.01);
        expect(c.dropoff.renter).toEqual(c.pickup.renter);
      }
    }
  });

  it('keeps downtown agencies closed on Sunday while the station and airport desks work', () => {
    const sunday = searchCars(query({ pickupAt: '2026-11-29T10:00', returnAt: '2026-11-30T10:00' }));
    const tuesday = searchCars(query());
    expect(tuesday.some((c) => /-ctr-/.test(c.pickup.id))).toBe(true);
    expect(sunday.some((c) => /-ctr-/.test(c.pickup.id))).toBe(false);
    expect(searchCars(query({ pickupAt: '2026-11-24T03:00' }))).toEqual([]);
  });

  it('names agencies after their renter and place, with real opening hours', () => {
    const cars = [...searchCars(query()), ...searchCars(query({ pickup: CDG, dropoff: CDG }))];
    expect(cars.some((c) => c.pickup.name === `${c.pickup.renter.name} Lyon Part-Dieu Gare`)).toBe(true);
    expect(cars.some((c) => /Aéroport Charles-de-Gaulle$/.test(c.pickup.name))).toBe(true);
    expect(cars.some((c) => c.pickup.renter.name === 'Getaround')).toBe(false);
    for (const c of cars) {
      expect(c.pickup.name.startsWith(c.pickup.renter.name)).toBe(true);
      expect(c.pickup.zip).toMatch(/^\d{5}$/);
      expect(c.pickup.phone).toMatch(/^\+33 [1-5]( \d\d){4}$/);
      expect(c.pickup.email).toMatch(/@[a-z]+\.example$/);
      for (const p of c.pickup.openingPeriods) expect(p.start < p.end).toBe(true);
      if (/-apt-/.test(c.pickup.id)) expect(c.pickup.openingPeriods).toContainEqual({ day: 0, start: '07:00', end: '23:00' });
    }
  });
});

describe('sandbox cars: vehicles and prices', () => {
  it('describes each car consistently with its ACRISS code', () => {
    const cars = [...searchCars(query()), ...searchCars(query({ pickup: CDG, dropoff: CDG }))];
    const categoryOfType: Record<string, string> = { F: 'SUV', K: 'Utilitaire', V: 'Monospace', M: 'Monospace', T: 'Cabriolet', S: 'Sportive' };
    for (const c of cars) {
      expect(c.acriss).toMatch(/^[MNECIJSRFGPULWX][BCDWVLSTFJXPQZEMRHYNGK][MNCABD][RNDQHIECLSABMFVZUX]$/);
      expect(c.gearbox).toBe('MNC'.includes(c.acriss[2]!) ? 'MANUAL' : 'AUTOMATIC');
      expect(c.engine).toBe(c.acriss[3] === 'E' ? 'electric' : c.acriss[3] === 'H' ? 'hybrid' : 'combustion');
      if (categoryOfType[c.acriss[1]!]) expect(c.category).toBe(categoryOfType[c.acriss[1]!]);
      if ('ME'.includes(c.acriss[0]!) && 'BCD'.includes(c.acriss[1]!)) expect(c.category).toBe('Citadine');
      expect(c.co2PerKm).toBe(c.engine === 'electric' ? 103 : 218);
      expect(c.model).toMatch(/ ou similaire$/);
      expect(c.image).toBe(`/media/sandbox/car/${c.acriss}.svg`);
      expect(c.unlimitedDistance).toBe(c.includedKmPerDay === null);
      if (!c.unlimitedDistance) expect(c.extraKmPrice).toBeGreaterThan(0);
      expect(c.includedServices.length).toBeGreaterThan(2);
      expect(c.excludedServices.length).toBeGreaterThan(2);
    }
    expect(cars.some((c) => c.engine === 'electric')).toBe(true);
    expect(cars.some((c) => c.gearbox === 'MANUAL') && cars.some((c) => c.gearbox === 'AUTOMATIC')).toBe(true);
  });

  it('charges started 24-hour periods, sorted by price', () => {
    const cars = searchCars(query({ pickupAt: '2026-11-24T09:00', returnAt: '2026-11-26T09:30' })); // 2 days 30 min → 3 days
    for (const c of cars) expect(c.total).toBe(3 * c.pricePerDay);
    cars.slice(1).forEach((c, i) => expect(c.total).toBeGreaterThanOrEqual(cars[i]!.total));
    expect(cars[0]!.pricePerDay).toBeGreaterThan(1500);
    expect(cars[0]!.pricePerDay).toBeLessThan(8000);
  });

  it('makes a week cheaper by the day than a single day', () => {
    const day = searchCars(query({ returnAt: '2026-11-25T09:00' }));
    const week = new Map(searchCars(query({ returnAt: '2026-12-01T09:00' })).map((c) => [offerKey(c.id), c]));
    let compared = 0;
    for (const c of day) {
      const w = week.get(offerKey(c.id));
      if (!w) continue;
      compared++;
      expect(w.pricePerDay).toBeLessThan(c.pricePerDay);
      expect(w.total).toBe(7 * w.pricePerDay);
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('moves prices with the dates and the lead time', () => {
    const a = new Map(searchCars(query()).map((c) => [offerKey(c.id), c.pricePerDay]));
    const summer = searchCars(query({ pickupAt: '2027-07-20T09:00', returnAt: '2027-07-22T18:00' }));
    const lastMinute = searchCars(query({ now: new Date('2026-11-23T20:00:00Z') }));
    const dearer = (cars: typeof summer) => cars.filter((c) => a.has(offerKey(c.id)) && c.pricePerDay > a.get(offerKey(c.id))!).length / cars.length;
    expect(dearer(summer)).toBeGreaterThan(0.8);
    expect(dearer(lastMinute)).toBeGreaterThan(0.8);
  });

  it('filters by car type', () => {
    const suv = searchCars(query({ carTypes: ['SUV'] }));
    expect(suv.length).toBeGreaterThan(0);
    expect(suv.every((c) => c.category === 'SUV')).toBe(true);
    const two = searchCars(query({ carTypes: ['Citadine', 'Utilitaire'] }));
    expect(new Set(two.map((c) => c.category))).toEqual(new Set(['Citadine', 'Utilitaire']));
  });

  it('gives a negotiated rate (−10 %) with the renters the company has a code with', () => {
    const plain = new Map(searchCars(query()).map((c) => [c.id, c]));
    const nego = searchCars(query({ customer: { ...customer, corporateCarriers: ['EP'] } }));
    for (const c of nego) {
      const p = plain.get(c.id)!;
      if (c.pickup.renter.code === 'EP') {
        expect(c.negotiated).toBe(true);
        expect(c.pricePerDay / p.pricePerDay).toBeCloseTo(0.9, 1);
      } else expect(c).toEqual(p);
    }
    expect(nego.some((c) => c.negotiated)).toBe(true);
  });

  it('adds a drop fee to one-way rentals to another city', () => {
    const oneWay = searchCars(query({ dropoff: PARIS_GARE_DE_LYON, lang: 'en' }));
    expect(oneWay.length).toBeGreaterThan(0);
    for (const c of oneWay) {
      expect(c.dropoff.distanceKm).toBeLessThanOrEqual(2);
      const fee = c.total - 3 * c.pricePerDay;
      expect(fee).toBeGreaterThanOrEqual(5000);
      expect(fee).toBeLessThanOrEqual(40000);
      expect(c.includedServices.some((s) => s.startsWith('One-way fee'))).toBe(true);
      expect(c.model).toMatch(/ or similar$/);
    }
  });

  it('rejects impossible requests', () => {
    const bad: Partial<CarQuery>[] = [
      { returnAt: '2026-11-24T09:00' },
      { returnAt: '2026-11-23T09:00' },
      { pickupAt: '2026-10-31T09:00' },
      { pickupAt: '2026-11-24 09:00' },
      { pickupAt: '2026-11-31T09:00' },
      { pickup: { ...PART_DIEU, radiusKm: 0 } },
    ];
    for (const over of bad) {
      let error: unknown;
      try {
        searchCars(query(over));
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(over)).toBeInstanceOf(SupplierError);
      expect((error as SupplierError).kind).toBe('invalid-request');
    }
  });
});

describe('sandbox car images', () => {
  it('draws a small SVG silhouette per ACRISS code, coloured by category', () => {
    const svgs = ['ECMR', 'FDAR', 'IFAR', 'FVAR', 'CTAR', 'XXAR', 'EDAE'].map(carImageSvg);
    for (const svg of svgs) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
      expect(svg.length).toBeLessThan(2048);
    }
    expect(new Set(svgs).size).toBe(svgs.length);
    expect(carImageSvg('ECMR')).toBe(svgs[0]);
    expect(() => carImageSvg('ecmr<script>')).toThrow(SupplierError);
  });
});
