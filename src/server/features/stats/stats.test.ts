import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { travelProducts, travels, users } from '@server/db/schema';
import type { ProductData } from '@server/domain/product';
import type { ProductStatus, TravelStatus } from '@contract/travel';

/*
 * The dashboard: alice's booked travels of 2026 (the clock says 2026-11-22), what bob,
 * a colleague, and gus, of another company, booked, and one travel agent tina booked for alice.
 * The products' figures are the ones written in their data: the sums below are by hand.
 */

let api: Api;
type Link = { href: string; method: string };
type U = { id: string; agencyId: string; companyId: string | null };
const people: Record<string, U> = {};
const tokens: Record<string, string> = {};
const travelIds: Record<string, string> = {};

type Spec = {
  type: 'rail' | 'flight' | 'hotel' | 'car_rental';
  status: ProductStatus;
  at: string;
  co2: number;
  km?: number;
  minutes?: number;
  price: number;
  pax?: number;
  to?: string;
};

const traveller = (i: number) => ({ travelerID: i + 1, firstname: i === 0 ? 'Alice' : 'Hugo', lastname: 'Martin' });

/** A product's data with only what the statistics read (its generated columns): CO2 grams, legs' km, minutes, travellers. */
function dataOf(s: Spec): ProductData {
  const travelers = Array.from({ length: s.pax ?? 1 }, (_, i) => traveller(i));
  const city = (name: string) => ({ city: name, name });
  if (s.type === 'hotel')
    return { type: 'hotel', co2: s.co2, travelers, hotel: { name: 'ibis', city: s.to ?? 'Lyon' }, startsAt: s.at, endsAt: s.at } as unknown as ProductData;
  if (s.type === 'car_rental')
    return {
      type: 'car_rental',
      co2: s.co2,
      estimatedKm: s.km,
      travelers,
      pickup: { city: 'Lyon', name: 'Part-Dieu' },
      dropoff: { city: s.to ?? 'Lyon', name: 'Part-Dieu' },
      pickupAt: s.at,
      returnAt: s.at,
    } as unknown as ProductData;
  // Per passenger, on two legs.
  return {
    type: s.type,
    journey: {
      from: city('Paris'),
      to: city(s.to ?? 'Lyon'),
      departure: s.at,
      arrival: s.at,
      duration: s.minutes ?? 0,
      co2: s.co2,
      sections: [
        { distanceKm: (s.km ?? 0) - 10, from: city('Paris'), to: city('Mâcon') },
        { distanceKm: 10, from: city('Mâcon'), to: city(s.to ?? 'Lyon') },
      ],
    },
    travelers,
  } as unknown as ProductData;
}

async function travel(name: string, owner: U, status: TravelStatus, products: Spec[], onBehalfOf?: U) {
  const [row] = await api.db
    .insert(travels)
    .values({ agencyId: owner.agencyId, companyId: (onBehalfOf ?? owner).companyId, userId: owner.id, onBehalfOf: onBehalfOf?.id ?? null, status })
    .returning({ id: travels.id });
  travelIds[name] = row!.id;
  await api.db.insert(travelProducts).values(
    products.map((s) => ({
      travelId: row!.id,
      type: s.type,
      status: s.status,
      price: s.price,
      startsAt: new Date(s.at),
      endsAt: new Date(Date.parse(s.at) + 3_600_000),
      data: dataOf(s),
      pnr: 'STATS1',
    })),
  );
}

const stats = (token: string, begin: string, end: string, path = '/api/v1/stats/travels') =>
  api.call('GET', `${path}?beginPeriod=${encodeURIComponent(begin)}&endPeriod=${encodeURIComponent(end)}`, { token });
const me = async (token: string) => (await api.call('GET', '/api/v1/user/', { token })).body.result as { company_id: string; links: Record<string, Link> };

beforeAll(async () => {
  api = await startApi();
  for (const username of ['alice', 'bob', 'maya', 'gus', 'tina']) {
    const [u] = await api.db.select({ id: users.id, agencyId: users.agencyId, companyId: users.companyId }).from(users).where(eq(users.username, username));
    people[username] = u!;
    tokens[username] = await api.login(username);
  }
  const [alice, bob, gus, tina] = (['alice', 'bob', 'gus', 'tina'] as const).map((name) => people[name]!) as [U, U, U, U];
  // Two travellers by rail: 2 × 1,500 g, 2 × 450 km, 2 × 120 min.
  await travel('march', alice, 'issued', [
    { type: 'rail', status: 'issued', at: '2026-03-10T07:00:00Z', co2: 1_500, km: 450, minutes: 120, price: 10_000, pax: 2, to: 'Lyon' },
  ]);
  // A flight and a hotel in one travel.
  await travel('june', alice, 'booked', [
    { type: 'flight', status: 'booked', at: '2026-06-01T06:00:00Z', co2: 80_000, km: 600, minutes: 75, price: 20_000, to: 'Nice' },
    { type: 'hotel', status: 'booked', at: '2026-06-01T10:00:00Z', co2: 6_900, price: 15_000, to: 'Nice' },
  ]);
  // Not booked: cancelled, awaiting approval, in the cart.
  await travel('cancelled', alice, 'cancelled', [{ type: 'flight', status: 'cancelled', at: '2026-04-01T07:00:00Z', co2: 90_000, km: 700, price: 30_000 }]);
  await travel('approval', alice, 'pending_approval', [
    { type: 'rail', status: 'pending_approval', at: '2026-05-01T07:00:00Z', co2: 2_000, km: 500, price: 9_000 },
  ]);
  await travel('cart', alice, 'cart', [{ type: 'rail', status: 'cart', at: '2026-05-02T07:00:00Z', co2: 2_000, km: 500, price: 9_000 }]);
  // Last year's.
  await travel('last-year', alice, 'issued', [
    { type: 'rail', status: 'issued', at: '2025-12-31T18:00:00Z', co2: 1_000, km: 300, minutes: 60, price: 5_000, to: 'Lille' },
  ]);
  // To come: a car in December (12,000 g over an estimated 300 km), and a train tina booked for alice.
  await travel('car', alice, 'booked', [{ type: 'car_rental', status: 'booked', at: '2026-12-05T09:00:00Z', co2: 12_000, km: 300, price: 18_000, to: 'Lyon' }]);
  await travel(
    'by-tina',
    tina,
    'issued',
    [{ type: 'rail', status: 'issued', at: '2026-12-10T07:00:00Z', co2: 2_500, km: 780, minutes: 180, price: 12_000, to: 'Marseille' }],
    alice,
  );
  // Colleague and another company.
  await travel('bob', bob, 'issued', [
    { type: 'rail', status: 'issued', at: '2026-05-01T07:00:00Z', co2: 1_200, km: 400, minutes: 110, price: 8_000, to: 'Lyon' },
  ]);
  await travel('gus', gus, 'issued', [
    { type: 'flight', status: 'issued', at: '2026-05-01T07:00:00Z', co2: 200_000, km: 1_000, minutes: 90, price: 40_000, to: 'Berlin' },
  ]);
});
afterAll(() => api.close());

describe('GET stats/travels, the traveller’s own', () => {
  it('is a link of every user', async () => {
    expect((await me(tokens.alice!)).links.travelStats).toEqual({ href: '/api/v1/stats/travels', method: 'GET' });
  });

  it('sums the year’s booked products by mode: trips, km, CO2 with its shares and equivalents, time, money, rail against air', async () => {
    const res = await stats(tokens.alice!, '2026-01-01', '2026-12-31');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body.result;
    expect(s.scope).toBe('user');
    expect(s.period).toEqual({ beginPeriod: '2026-01-01', endPeriod: '2026-12-31' });
    // march, june, car, by-tina; never the cancelled, the pending, the cart, last year's, bob's or gus's.
    expect(s.travels).toBe(4);
    // rail 3,000 + 2,500; flight 80,000; hotel 6,900; car 12,000 = 104,400 g.
    expect(s.emission.gHGEmission).toEqual({ value: 104.4, unit: 'kg' });
    expect(s.emission.rail).toEqual({ value: 5.5, proportion: 0.053 });
    expect(s.emission.flight).toEqual({ value: 80, proportion: 0.766 });
    expect(s.emission.hotel).toEqual({ value: 6.9, proportion: 0.066 });
    expect(s.emission.car_rental).toEqual({ value: 12, proportion: 0.115 });
    expect(s.modes).toEqual([
      {
        mode: 'rail',
        products: 2,
        travels: 2,
        km: 900 + 780,
        gHGEmission: { value: 5.5, unit: 'kg' },
        minutes: 240 + 180,
        cost: { amount: '220.00', currency: 'EUR' },
      },
      { mode: 'flight', products: 1, travels: 1, km: 600, gHGEmission: { value: 80, unit: 'kg' }, minutes: 75, cost: { amount: '200.00', currency: 'EUR' } },
      { mode: 'hotel', products: 1, travels: 1, km: 0, gHGEmission: { value: 6.9, unit: 'kg' }, minutes: 0, cost: { amount: '150.00', currency: 'EUR' } },
      { mode: 'car_rental', products: 1, travels: 1, km: 300, gHGEmission: { value: 12, unit: 'kg' }, minutes: 0, cost: { amount: '180.00', currency: 'EUR' } },
    ]);
    expect(s.km).toBe(1_680 + 600 + 300);
    expect(s.time).toEqual({ total: 495 });
    expect(s.cost).toEqual({ totalDirectAmount: { amount: '750.00', currency: 'EUR' } });
    // 1,680 km by rail, 600 by air.
    expect(s.railVsAir).toEqual({ rail: 0.737, flight: 0.263 });
    // 104.4 kg: 479 km by car (0.218 kg/km), 14 beef meals (7.26 kg), 4.2 trees for a year (25 kg).
    expect(s.emission.equivalents.map((e: { name: string; quantity: number }) => [e.name, e.quantity])).toEqual([
      ['car_km', 479],
      ['beef_meal', 14],
      ['tree_year', 4.2],
    ]);
    expect(s.emission.equivalents[0].description).toBe('km en voiture thermique');
    expect(s.months.map((m: { month: string }) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`));
    expect(s.months[2]).toEqual({ month: '2026-03', rail: 3, flight: 0, hotel: 0, car_rental: 0 });
    expect(s.months[5]).toEqual({ month: '2026-06', rail: 0, flight: 80, hotel: 6.9, car_rental: 0 });
    expect(s.months[11]).toEqual({ month: '2026-12', rail: 2.5, flight: 0, hotel: 0, car_rental: 12 });
    expect(s.topDestinations).toEqual([
      { name: 'Nice', trips: 1, gHGEmission: { value: 80, unit: 'kg' } },
      { name: 'Lyon', trips: 1, gHGEmission: { value: 3, unit: 'kg' } },
      { name: 'Marseille', trips: 1, gHGEmission: { value: 2.5, unit: 'kg' } },
    ]);
  });

  it('lists the trips to come, soonest first, each with its link', async () => {
    const s = (await stats(tokens.alice!, '2026-01-01', '2026-12-31')).body.result;
    expect(s.upcoming.map((u: { travelID: string }) => u.travelID)).toEqual([travelIds.car, travelIds['by-tina']]);
    expect(s.upcoming[1]).toMatchObject({
      startsAt: '2026-12-10T07:00:00.000Z',
      products: [{ type: 'rail', from: 'Paris', to: 'Marseille' }],
      travellers: [{ firstname: 'Alice', lastname: 'Martin' }],
      links: { getTravel: { href: `/api/v1/v2/travels/${travelIds['by-tina']}`, method: 'GET' } },
    });
  });

  it('keeps to the period asked for, in the caller’s language', async () => {
    const s = (
      await api.call('GET', '/api/v1/stats/travels?beginPeriod=2026-03-01&endPeriod=2026-03-31', { token: tokens.alice!, headers: { 'accept-language': 'en' } })
    ).body.result;
    expect(s.travels).toBe(1);
    expect(s.emission.gHGEmission.value).toBe(3);
    expect(s.railVsAir).toEqual({ rail: 1, flight: 0 });
    expect(s.emission.equivalents[1].description).toBe('meals with beef');
    // The last day counts whole; a date-time's day is taken as written.
    const lastYear = (await stats(tokens.alice!, '2025-12-31T00:00:00.000Z', '2025-12-31')).body.result;
    expect(lastYear.travels).toBe(1);
    expect(lastYear.modes[0]).toMatchObject({ mode: 'rail', km: 300 });
  });

  it('answers zeros over a period without travels', async () => {
    const s = (await stats(tokens.alice!, '2024-01-01', '2024-12-31')).body.result;
    expect(s).toMatchObject({
      travels: 0,
      km: 0,
      emission: { gHGEmission: { value: 0 }, rail: { value: 0, proportion: 0 } },
      railVsAir: { rail: 0, flight: 0 },
      topDestinations: [],
    });
  });

  it('counts tina’s booking for alice as alice’s, not tina’s', async () => {
    const s = (await stats(tokens.tina!, '2026-01-01', '2026-12-31')).body.result;
    expect(s.travels).toBe(0);
    expect(s.upcoming).toEqual([]);
  });

  it.each([
    ['not ISO days', '?beginPeriod=01/01/2026&endPeriod=31/12/2026', 180],
    ['a day that does not exist', '?beginPeriod=2026-02-30&endPeriod=2026-03-31', 180],
    ['one end only', '?beginPeriod=2026-01-01', 180],
    ['the end before the beginning', '?beginPeriod=2026-12-31&endPeriod=2026-01-01', 181],
    ['more than 366 days', '?beginPeriod=2025-01-01&endPeriod=2026-01-02', 182],
  ])('refuses %s: 400 with its api_code', async (_, query, code) => {
    const res = await api.call('GET', `/api/v1/stats/travels${query}`, { token: tokens.alice! });
    expect(res.status).toBe(400);
    expect(res.body.api_code).toBe(code);
    expect(res.body.errorMessage).toBeTruthy();
  });

  it('answers the current calendar year when no period is given', async () => {
    const s = (await api.call('GET', '/api/v1/stats/travels', { token: tokens.alice! })).body.result;
    expect(s.period).toEqual({ beginPeriod: '2026-01-01', endPeriod: '2026-12-31' });
    expect(s.travels).toBe(4);
  });

  it('accepts a leap year whole (366 days), and asks for a session', async () => {
    expect((await stats(tokens.alice!, '2024-01-01', '2024-12-31')).status).toBe(200);
    expect((await api.call('GET', '/api/v1/stats/travels?beginPeriod=2026-01-01&endPeriod=2026-12-31')).status).toBe(401);
  });
});

describe('the company’s, for its travel manager', () => {
  it('links only the travel manager to their company’s statistics', async () => {
    const maya = await me(tokens.maya!);
    expect(maya.links.companyTravelStats).toEqual({ href: `/api/v1/companies/${maya.company_id}/stats/travels`, method: 'GET' });
    expect((await me(tokens.alice!)).links.companyTravelStats).toBeUndefined();
  });

  it('sums every travel of the company, never another company’s, and links no travel', async () => {
    const maya = await me(tokens.maya!);
    const res = await api.call('GET', `${maya.links.companyTravelStats!.href}?beginPeriod=2026-01-01&endPeriod=2026-12-31`, { token: tokens.maya! });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body.result;
    expect(s.scope).toBe('company');
    // alice's four and bob's; gus's Berlin flight is Globex's.
    expect(s.travels).toBe(5);
    expect(s.emission.gHGEmission.value).toBe(105.6);
    expect(s.topDestinations.map((d: { name: string }) => d.name)).not.toContain('Berlin');
    expect(s.upcoming).toHaveLength(2);
    expect(s.upcoming.every((u: { links: object }) => Object.keys(u.links).length === 0)).toBe(true);
  });

  it('refuses an employee (403, 34), another company (404, 33), and a bad period (400)', async () => {
    const acme = people.alice!.companyId!;
    const globex = people.gus!.companyId!;
    const employee = await stats(tokens.alice!, '2026-01-01', '2026-12-31', `/api/v1/companies/${acme}/stats/travels`);
    expect([employee.status, employee.body.api_code]).toEqual([403, 34]);
    const other = await stats(tokens.maya!, '2026-01-01', '2026-12-31', `/api/v1/companies/${globex}/stats/travels`);
    expect([other.status, other.body.api_code]).toEqual([404, 33]);
    const gus = await stats(tokens.gus!, '2026-01-01', '2026-12-31', `/api/v1/companies/${acme}/stats/travels`);
    expect([gus.status, gus.body.api_code]).toEqual([404, 33]);
    const malformed = await stats(tokens.maya!, '2026-01-01', '2026-12-31', '/api/v1/companies/not-an-id/stats/travels');
    expect(malformed.status).toBe(404);
    const reversed = await stats(tokens.maya!, '2026-02-01', '2026-01-01', `/api/v1/companies/${acme}/stats/travels`);
    expect([reversed.status, reversed.body.api_code]).toEqual([400, 181]);
  });
});
