import { describe, expect, it } from 'vitest';
import { createSandboxSupplier } from '../supplier';
import { evaluateTrip, fastestTrainMinutes } from '../supplier/fastest-train';
import type { Journey, RailSupplier, TripQuery } from '../supplier/types';
import { ACME_CHECKOUT, GLOBEX_CHECKOUT } from '../db/seed';
import { carCompliance, fastestOnDay, flightDay, journeyKm, nightlyCap, railPriceCap, roomCompliance, stayCompliance, tripCompliance } from './policy';

const supplier = createSandboxSupplier();
const now = new Date('2026-11-22T09:00:00Z');
const ACME = ACME_CHECKOUT.policy!;
const GLOBEX = GLOBEX_CHECKOUT.policy!;

const query = (from: string, to: string, datetime: string): TripQuery => ({
  origin: supplier.places.byId(from, 'fr')!,
  destination: supplier.places.byId(to, 'fr')!,
  datetime,
  represents: 'departure',
  passengers: 1,
  customer: { companyId: null, corporateCarriers: [], negotiatedChains: [] },
  lang: 'fr',
  withReturn: false,
  now,
});
const firstTrain = async (from: string, to: string) => (await supplier.rail.journeys(query(from, to, '2026-11-23T05:00')))[0]!;
const firstFlight = async (from: string, to: string) => (await supplier.flight.itineraries(query(from, to, '2026-11-23T07:00')))[0]!;

describe('rail under the travel policy', () => {
  it('measures Paris → Lyon at 428 km and 1 h 55 on the 05:30 train', async () => {
    const train = await firstTrain('city:paris', 'city:lyon');
    expect(journeyKm(train)).toBe(428);
    expect(train.duration).toBe(115);
  });

  it('finds a 41.90 € second-class Paris → Lyon compliant with Acme’s policy (150 € up to 600 km)', async () => {
    const train = await firstTrain('city:paris', 'city:lyon');
    expect(tripCompliance(ACME, { journey: train, cabin: 'second', pricePerTraveler: 4190 }, null)).toEqual({ compliant: true, reasons: [] });
  });

  it('refuses first class on a journey shorter than 4 h, saying both durations', async () => {
    const train = await firstTrain('city:paris', 'city:lyon');
    expect(tripCompliance(ACME, { journey: train, cabin: 'first', pricePerTraveler: 6590 }, null)).toEqual({
      compliant: false,
      reasons: [
        {
          fr: '1re classe autorisée seulement pour les trajets d’au moins 4 h (celui-ci : 1 h 55).',
          en: 'First class only for journeys of 4 h or more (this one: 1 h 55).',
        },
      ],
    });
  });

  it('allows first class from 4 h: Paris → Nice takes 6 h 18, and 107.90 € is under the 250 € cap beyond 600 km', async () => {
    const train = await firstTrain('city:paris', 'city:nice');
    expect([train.duration, journeyKm(train)]).toEqual([378, 1021]);
    expect(tripCompliance(ACME, { journey: train, cabin: 'first', pricePerTraveler: 10790 }, null).compliant).toBe(true);
  });

  it('never allows first class when the company sets no duration (Globex)', async () => {
    const train = await firstTrain('city:paris', 'city:nice');
    expect(tripCompliance(GLOBEX, { journey: train, cabin: 'first', pricePerTraveler: 10790 }, null).reasons).toEqual([
      { fr: 'La 1re classe n’est pas autorisée en train.', en: 'First class is not allowed on trains.' },
    ]);
  });

  it('caps the price per traveller by the distance band', async () => {
    const train = await firstTrain('city:paris', 'city:lyon');
    expect(tripCompliance(ACME, { journey: train, cabin: 'second', pricePerTraveler: 15000 }, null).compliant).toBe(true);
    expect(tripCompliance(ACME, { journey: train, cabin: 'second', pricePerTraveler: 16190 }, null).reasons).toEqual([
      {
        fr: 'Prix par voyageur au-dessus du plafond de 150 € pour 428 km (ici 161,90 €).',
        en: 'Price per traveller above the €150 cap for 428 km (here €161.90).',
      },
    ]);
  });

  it('picks the first band a distance fits in, whatever order the bands are written in', () => {
    const rail = {
      firstClassFromMinutes: null,
      maxPriceByDistance: [
        { upToKm: null, maxPrice: 25_000 },
        { upToKm: 600, maxPrice: 15_000 },
        { upToKm: 300, maxPrice: 9_000 },
      ],
    };
    expect([300, 301, 600, 601, 1200].map((km) => railPriceCap(rail, km))).toEqual([9_000, 15_000, 15_000, 25_000, 25_000]);
    expect(railPriceCap({ firstClassFromMinutes: null, maxPriceByDistance: [{ upToKm: 300, maxPrice: 9_000 }] }, 416)).toBeNull();
  });

  it('finds everything compliant without a policy', async () => {
    const train = await firstTrain('city:paris', 'city:lyon');
    expect(tripCompliance(null, { journey: train, cabin: 'first', pricePerTraveler: 99_900 }, null)).toEqual({ compliant: true, reasons: [] });
  });
});

describe('flights under the travel policy', () => {
  it('finds the fastest Paris → Lyon train of the flight’s day: 1 h 55', async () => {
    expect(await fastestTrainMinutes(supplier.rail, await firstFlight('city:paris', 'city:lyon'), now)).toBe(115);
  });

  it('refuses a Paris → Lyon flight for Acme: the train takes less than 4 h', async () => {
    const flight = await firstFlight('city:paris', 'city:lyon');
    expect(await evaluateTrip(ACME, { journey: flight, cabin: 'economy', pricePerTraveler: 7890 }, supplier.rail, now)).toEqual({
      compliant: false,
      reasons: [
        {
          fr: 'Avion autorisé seulement quand le train met plus de 4 h (le plus rapide ce jour-là : 1 h 55).',
          en: 'Flights only when the train takes more than 4 h (the fastest that day: 1 h 55).',
        },
      ],
    });
  });

  it('allows Paris → Nice in economy for Acme (fastest train 5 h 29) but not in business', async () => {
    const flight = await firstFlight('city:paris', 'city:nice');
    expect(await fastestTrainMinutes(supplier.rail, flight, now)).toBe(329);
    expect((await evaluateTrip(ACME, { journey: flight, cabin: 'economy', pricePerTraveler: 10990 }, supplier.rail, now)).compliant).toBe(true);
    expect((await evaluateTrip(ACME, { journey: flight, cabin: 'business', pricePerTraveler: 46990 }, supplier.rail, now)).reasons).toEqual([
      { fr: 'Cabine affaires non autorisée (autorisée : économique).', en: 'The business cabin is not allowed (allowed: economy).' },
    ]);
  });

  it('allows a flight where no train runs at all (Paris → Ajaccio)', async () => {
    const flight = await firstFlight('city:paris', 'city:ajaccio');
    expect(await fastestTrainMinutes(supplier.rail, flight, now)).toBeNull();
    expect((await evaluateTrip(ACME, { journey: flight, cabin: 'economy', pricePerTraveler: 9000 }, supplier.rail, now)).compliant).toBe(true);
  });

  it('asks the rail side for the flight’s places and day, from now when the day has begun', async () => {
    const flight = await firstFlight('city:paris', 'city:lyon');
    const asked: TripQuery[] = [];
    const rail: RailSupplier = { journeys: async (q) => (asked.push(q), []) };
    await fastestTrainMinutes(rail, flight, now);
    await fastestTrainMinutes(rail, flight, new Date('2026-11-23T05:30:00Z'));
    expect(asked.map((q) => [q.origin.ID, q.destination.ID, q.datetime])).toEqual([
      ['city:paris', 'city:lyon', '2026-11-23T00:00'],
      ['city:paris', 'city:lyon', '2026-11-23T06:31'],
    ]);
  });

  it('judges a flight without asking anything once the fastest train is known (what the search does per offer)', async () => {
    const flight = await firstFlight('city:paris', 'city:nice');
    const economy = { journey: flight, cabin: 'economy', pricePerTraveler: 10990 };
    expect(tripCompliance(ACME, economy, 242).compliant).toBe(true);
    expect(tripCompliance(ACME, economy, 240).compliant).toBe(false);
    expect(tripCompliance(GLOBEX, economy, 200).compliant).toBe(true);
    expect(tripCompliance(ACME, economy, null).compliant).toBe(true);
    expect(tripCompliance(ACME, { ...economy, cabin: 'business' }, 300).compliant).toBe(false);
  });

  it('takes the fastest of given trains leaving on the flight’s local day', async () => {
    const flight = await firstFlight('city:paris', 'city:lyon');
    expect(flightDay(flight)).toBe('2026-11-23');
    const train = (departure: string, duration: number) => ({ departure, duration }) as Journey;
    const trains = [train('2026-11-23T06:00:00+01:00', 130), train('2026-11-23T22:00:00+01:00', 113), train('2026-11-24T06:00:00+01:00', 90)];
    expect(fastestOnDay(trains, flightDay(flight))).toBe(113);
    expect(fastestOnDay(trains, '2026-11-25')).toBeNull();
  });

  it('counts only the trains leaving on the flight’s day', async () => {
    const flight = await firstFlight('city:paris', 'city:lyon');
    const train = (departure: string, duration: number) => ({ departure, duration }) as Journey;
    const rail: RailSupplier = { journeys: async () => [train('2026-11-23T22:00:00+01:00', 300), train('2026-11-24T06:00:00+01:00', 100)] };
    expect(await fastestTrainMinutes(rail, flight, now)).toBe(300);
  });
});

describe('hotels and cars under the travel policy', () => {
  it('caps a night per room by city class: Paris 180 €, large cities and capitals 130 €, elsewhere 100 €', () => {
    expect([nightlyCap(ACME, 'paris'), nightlyCap(ACME, 'lyon'), nightlyCap(ACME, 'london'), nightlyCap(ACME, 'dijon'), nightlyCap(null, 'paris')]).toEqual([
      18_000,
      13_000,
      13_000,
      10_000,
      null,
    ]);
    expect(roomCompliance(ACME, { cityId: 'paris', cityName: 'Paris', pricePerNight: 18_000 })).toEqual({ compliant: true, reasons: [] });
    const over = roomCompliance(ACME, { cityId: 'lyon', cityName: 'Lyon', pricePerNight: 14_500 });
    expect(over.compliant).toBe(false);
    expect(over.reasons[0]).toEqual({
      fr: 'Prix par nuit au-dessus du plafond de 130 € à Lyon (ici 145 €).',
      en: 'Price per night above the €130 cap in Lyon (here €145).',
    });
    // A stay is compliant when every room is; the same reason once.
    const stay = stayCompliance(
      ACME,
      [over, over].map(() => ({ cityId: 'lyon', cityName: 'Lyon', pricePerNight: 14_500 })),
    );
    expect(stay).toEqual({ compliant: false, reasons: over.reasons });
    expect(stayCompliance(null, [{ cityId: 'lyon', cityName: 'Lyon', pricePerNight: 99_000 }]).compliant).toBe(true);
  });

  it('allows the categories and the daily cap of the car policy; no car policy (Globex) gives no verdict', () => {
    expect(carCompliance(ACME, { category: 'Compact', pricePerDay: 9_000 })).toEqual({ compliant: true, reasons: [] });
    expect(carCompliance(ACME, { category: 'Luxe', pricePerDay: 20_000 }).reasons.map((r) => r.en)).toEqual([
      'The Luxe category is not allowed (allowed: Citadine, Compact, Berline, SUV, Monospace, Utilitaire).',
      'Price per day above the €90 cap (here €200).',
    ]);
    expect(carCompliance(GLOBEX, { category: 'Luxe', pricePerDay: 20_000 }).compliant).toBe(true);
  });
});
