import { describe, expect, it } from 'vitest';
import { places, tripQuery } from './query.fixtures';
import { railJourneys, sandboxRail } from './rail';
import { flightItineraries, blockMinutes } from './flight';
import { CO2, SupplierError, type Journey, type TripQuery } from '../types';

const rail = (from: string, to: string, datetime = '2026-12-01T06:00', extra: Partial<TripQuery> = {}) =>
  railJourneys(tripQuery(from, to, datetime, extra), places.byId);
const directs = (journeys: Journey[]) => journeys.filter((j) => j.sections.length === 1);
const hour = (iso: string) => Number(iso.slice(11, 13));

describe('sandbox rail', () => {
  it('gives the same answer to the same request, and a different one on another day', () => {
    expect(rail('city:paris', 'city:lyon')).toEqual(rail('city:paris', 'city:lyon'));
    const monday = rail('city:paris', 'city:lyon', '2026-11-30T06:00').map((j) => j.departure.slice(11, 16));
    const tuesday = rail('city:paris', 'city:lyon', '2026-12-01T06:00').map((j) => j.departure.slice(11, 16));
    expect(monday).not.toEqual(tuesday);
  });

  it.each([
    // Real fastest times: 1 h 56, 3 h 05, 2 h 04, 1 h 02, 1 h 46, 1 h 25, 1 h 40.
    ['city:paris', 'city:lyon', 105, 145],
    ['city:paris', 'city:marseille', 170, 230],
    ['city:paris', 'city:bordeaux', 115, 170],
    ['city:paris', 'city:lille', 55, 85],
    ['city:paris', 'city:strasbourg', 95, 140],
    ['city:paris', 'city:rennes', 80, 120],
    ['city:lyon', 'city:marseille', 80, 120],
  ])('runs %s → %s direct by high-speed train in %i–%i minutes', (from, to, min, max) => {
    const fast = directs(rail(from, to)).filter((j) => j.sections[0]!.transport.kind === 'high-speed');
    expect(fast.length).toBeGreaterThan(0);
    for (const j of fast) {
      expect(j.duration).toBeGreaterThanOrEqual(min);
      expect(j.duration).toBeLessThanOrEqual(max);
    }
  });

  it('leaves Paris from the terminus that serves the destination', () => {
    const terminus = (to: string) => rail('city:paris', to)[0]!.sections[0]!.from.name;
    expect(terminus('city:lyon')).toBe('Paris Gare de Lyon');
    expect(terminus('city:bordeaux')).toMatch(/Montparnasse/);
    expect(terminus('city:lille')).toMatch(/Paris (Gare du )?Nord/);
    expect(terminus('city:strasbourg')).toMatch(/Paris (Gare de l.)?Est/);
  });

  it('connects through a hub when no train runs through', () => {
    const journeys = rail('city:agen', 'city:annemasse');
    expect(journeys.length).toBeGreaterThan(0);
    const connection = journeys.find((j) => j.sections.length === 2);
    expect(connection).toBeDefined();
    expect(connection!.sections[0]!.connectionMinutes).toBeGreaterThanOrEqual(12);
  });

  it('thins out at night: no departure between 0:30 and 5:00, few after 22:00', () => {
    let all: Journey[] = [];
    for (const day of ['2026-12-01', '2026-12-02', '2026-12-03'])
      for (const to of ['city:lyon', 'city:lille', 'city:bordeaux', 'city:marseille']) all = all.concat(rail('city:paris', to, `${day}T00:00`));
    expect(all.filter((j) => hour(j.departure) >= 1 && hour(j.departure) < 5)).toHaveLength(0);
    const late = all.filter((j) => hour(j.departure) >= 22).length;
    const morning = all.filter((j) => hour(j.departure) >= 7 && hour(j.departure) < 9).length;
    expect(late).toBeLessThan(morning / 2);
  });

  it('prices flexibility and cabin in order: noFlex < semiFlex < fullFlex, second < first', () => {
    for (const j of rail('city:paris', 'city:marseille')) {
      for (const cabin of j.cabins) {
        const prices = cabin.offers.filter((o) => !o.roundTrip).map((o) => [o.flexibility, o.price] as const);
        for (let i = 1; i < prices.length; i++) expect(prices[i]![1]).toBeGreaterThan(prices[i - 1]![1]);
      }
      const [second, first] = j.cabins;
      for (const offer of first!.offers) {
        const same = second!.offers.find((o) => o.flexibility === offer.flexibility && o.roundTrip === offer.roundTrip);
        if (same) expect(offer.price).toBeGreaterThan(same.price);
      }
    }
  });

  it('charges more on a Friday evening than on a Tuesday midday, and more when booked late', () => {
    const semiflex = (journeys: Journey[]) => {
      const prices = journeys.flatMap((j) => j.cabins[0]!.offers.filter((o) => o.flexibility === 2 && !o.roundTrip).map((o) => o.price));
      return prices.reduce((a, b) => a + b, 0) / prices.length;
    };
    const fridayEvening = rail('city:paris', 'city:lyon', '2027-01-15T16:30', { now: new Date('2026-12-01T09:00:00Z') }).slice(0, 5);
    const tuesdayNoon = rail('city:paris', 'city:lyon', '2027-01-12T10:30', { now: new Date('2026-12-01T09:00:00Z') }).slice(0, 5);
    expect(semiflex(fridayEvening)).toBeGreaterThan(semiflex(tuesdayNoon) * 1.2);
    const early = rail('city:paris', 'city:lyon', '2027-01-12T10:30', { now: new Date('2026-11-01T09:00:00Z') });
    const late = rail('city:paris', 'city:lyon', '2027-01-12T10:30', { now: new Date('2027-01-11T09:00:00Z') });
    expect(semiflex(late)).toBeGreaterThan(semiflex(early) * 1.3);
  });

  it('counts CO2 from the ADEME factor of each train kind', () => {
    for (const j of rail('city:paris', 'city:lyon')) {
      for (const s of j.sections) {
        const factor = s.transport.kind === 'regional' ? CO2.railRegional : s.transport.kind === 'intercity' ? CO2.railIntercity : CO2.railHighSpeed;
        expect(s.co2).toBe(Math.round(s.distanceKm * factor));
      }
      expect(j.co2).toBe(j.sections.reduce((sum, s) => sum + s.co2, 0));
    }
  });

  it('lists journeys arriving before the time asked when searching by arrival', () => {
    const journeys = rail('city:paris', 'city:lyon', '2026-12-01T12:00', { represents: 'arrival' });
    expect(journeys.length).toBeGreaterThan(0);
    for (const j of journeys) expect(new Date(j.arrival).getTime()).toBeLessThanOrEqual(new Date('2026-12-01T12:00:00+01:00').getTime());
  });

  it('tags corporate fares for a company with an SNCF contract, at a lower price', () => {
    const contract = rail('city:paris', 'city:lyon', '2026-12-01T06:00', {
      customer: { companyId: 'acme', corporateCarriers: ['SNCF'], negotiatedChains: [] },
    });
    const plain = rail('city:paris', 'city:lyon');
    const inoui = contract.findIndex((j) => j.sections[0]!.transport.carrier.code === 'SNCF');
    const offer = contract[inoui]!.cabins[0]!.offers.find((o) => o.flexibility === 2)!;
    expect(offer.tags).toContain('corporate-fare');
    expect(offer.price).toBeLessThan(plain[inoui]!.cabins[0]!.offers.find((o) => o.flexibility === 2)!.price);
  });

  it('tells the departure and duration of exactly the journeys it answers, without pricing them (the fastest-train question)', async () => {
    const sandbox = sandboxRail(places.byId);
    const routes = [
      ['city:paris', 'city:lyon'],
      ['city:lyon', 'city:bordeaux'],
      ['city:nantes', 'city:marseille'],
      ['city:paris', 'city:london'],
      ['city:strasbourg', 'city:montpellier'],
      ['city:paris', 'city:ajaccio'],
    ];
    for (const [from, to] of routes)
      for (const datetime of ['2026-11-23T00:00', '2026-12-01T06:00', '2026-12-05T13:00', '2027-03-28T01:00'])
        for (const represents of ['departure', 'arrival', 'departure-before'] as const) {
          const query = tripQuery(from!, to!, datetime, { represents });
          const journeys = await sandbox.journeys(query).catch((err: unknown) => err);
          const timings = await sandbox.timings(query).catch((err: unknown) => err);
          if (journeys instanceof Error) expect(timings).toEqual(journeys);
          else expect(timings).toEqual((journeys as Journey[]).map((j) => ({ departure: j.departure, duration: j.duration })));
        }
  });

  it('refuses identical places, a date in the past, and 10 passengers', () => {
    expect(() => rail('city:paris', 'city:paris')).toThrow(SupplierError);
    expect(() => rail('city:paris', 'city:lyon', '2026-11-01T08:00')).toThrow(/past/);
    expect(() => rail('city:paris', 'city:lyon', '2026-12-01T08:00', { passengers: 10 })).toThrow(/passengers/);
  });
});

describe('sandbox flights', () => {
  const flights = (from: string, to: string, datetime = '2026-12-01T06:00') => flightItineraries(tripQuery(from, to, datetime), places.byId);

  it('flies from every airport of the city', () => {
    const origins = new Set(flights('city:paris', 'city:nice').map((j) => j.sections[0]!.from.ID));
    expect(origins).toEqual(new Set(['airport:CDG', 'airport:ORY']));
  });

  it('takes taxi, climb and cruise into account: Paris → Nice in 75–105 minutes', () => {
    for (const j of flights('city:paris', 'city:nice').filter((f) => f.sections.length === 1)) {
      expect(j.duration).toBeGreaterThanOrEqual(75);
      expect(j.duration).toBeLessThanOrEqual(105);
    }
    expect(blockMinutes(5800)).toBeGreaterThan(7 * 60);
  });

  it('counts CO2 with the ADEME factor of the distance band', () => {
    for (const j of flights('city:paris', 'city:nice')) for (const s of j.sections) expect(s.co2).toBe(Math.round(s.distanceKm * CO2.flightShort));
    const far = flights('city:paris', 'city:new-york');
    expect(far.length).toBeGreaterThan(0);
    for (const s of far[0]!.sections)
      expect(s.co2).toBe(Math.round(s.distanceKm * (s.distanceKm > 3500 ? CO2.flightLong : s.distanceKm >= 1000 ? CO2.flightMedium : CO2.flightShort)));
  });

  it('prices economy below business and light below flex', () => {
    for (const j of flights('city:paris', 'city:nice')) {
      const eco = j.cabins.find((c) => c.cabin === 'economy')!.offers;
      for (let i = 1; i < eco.length; i++) expect(eco[i]!.price).toBeGreaterThan(eco[i - 1]!.price);
      const business = j.cabins.find((c) => c.cabin === 'business')!.offers;
      if (business.length && eco.length) expect(Math.min(...business.map((o) => o.price))).toBeGreaterThan(Math.max(...eco.map((o) => o.price)));
    }
  });

  it('sells economy, premium economy and business on long haul, by full-service carriers, in that price order', () => {
    const far = [...flights('city:paris', 'city:new-york'), ...flights('city:paris', 'city:dubai')];
    expect(far.length).toBeGreaterThan(5);
    for (const j of far) {
      expect(j.cabins.map((c) => c.cabin)).toEqual(['economy', 'premium', 'business']);
      expect(j.cabins.every((c) => !c.unavailabilityReason)).toBe(true);
      const cheapest = j.cabins.map((c) => Math.min(...c.offers.map((o) => o.price)));
      if (j.cabins.every((c) => c.offers.length)) expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));
    }
  });
});
