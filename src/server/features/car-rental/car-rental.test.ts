import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { travelProducts } from '@server/db/schema';

let api: Api;
let alice: string;
let me: { uid: string; entities: { uid: string }[] };
beforeAll(async () => {
  api = await startApi();
  alice = await api.login('alice');
  me = (await api.call('GET', '/api/v1/user/', { token: alice })).body.result;
});
afterAll(() => api.close());

// The clock is 2026-11-22 09:00 UTC (10:00 in Lyon). Lyon Part-Dieu, return at Part-Dieu.
const PART_DIEU = { latitude: 45.7606, longitude: 4.8593, return_latitude: 45.7606, return_longitude: 4.8593 };
const rental = (extra: Record<string, unknown> = {}) => ({ ...PART_DIEU, pickup_time: '2026-11-24T10:00', return_time: '2026-11-26T17:00', ...extra });
const search = (body: Record<string, unknown>, token: string | null = alice) =>
  api.call('POST', '/api/v1/carrental/search', { body, ...(token ? { token } : {}) });
type Car = {
  id: string;
  carGroup: string;
  engineType: string;
  tags: string[];
  isDriverLicenseRequired: boolean;
  price_per_day: number;
  best_price: { total: number };
  renter: { code: string };
  pickup_time: string;
  return_time: string;
  links: { addCarToCart?: { href: string } };
};

describe('POST /carrental/search', () => {
  it('answers the cars between the places for the period, cheapest first, with local times, renters (favourites first) and the caller as driver', async () => {
    const res = await search(rental());
    expect(res.status).toBe(200);
    const { carRentals, renters, driver, sortedBy, sortedByPref, pickup_name } = res.body.result;
    expect(carRentals.length).toBeGreaterThan(10);
    const totals = (carRentals as Car[]).map((c) => c.best_price.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(carRentals[0]).toMatchObject({ pickup_time: '2026-11-24T10:00:00+01:00', return_time: '2026-11-26T17:00:00+01:00', days: 3 });
    expect(sortedBy).toBe('BY_PRICE');
    // Acme's favourite renters are Europcar and Sixt.
    expect(sortedByPref).toBe(true);
    const preferred = (renters as { code: string; preferred: boolean }[]).filter((r) => r.preferred).map((r) => r.code);
    expect(preferred.every((c) => ['EP', 'SX'].includes(c))).toBe(true);
    expect(renters[0].preferred).toBe(true);
    expect(driver).toMatchObject({ profile_id: me.uid, firstname: 'Alice', lastname: 'Martin', email: 'alice@acme.example', gender: 'MS' });
    expect(pickup_name).toBe('Lyon');
    for (const car of carRentals as Car[]) {
      expect(car.links.addCarToCart).toEqual({ href: '/api/v1/cart/add?version=v2', method: 'POST' });
      // Acme's car policy: city cars to SUVs, 90 € a day at most.
      const within = ['Citadine', 'Compact', 'Berline', 'SUV', 'Monospace', 'Utilitaire'].includes(car.carGroup) && car.price_per_day <= 9_000;
      expect(car.tags).toContain(within ? 'compliant' : 'not-compliant');
      expect(car.tags.includes('zev')).toBe(car.engineType === 'electric');
      // The licence is asked for premium cars, sports cars, convertibles and vans (one country here).
      expect(car.isDriverLicenseRequired).toBe(['Luxe', 'Sportive', 'Cabriolet', 'Utilitaire'].includes(car.carGroup));
    }
    expect((carRentals as Car[]).some((c) => c.tags.includes('negociated-fare') && c.renter.code === 'EP')).toBe(true);
  });

  it('filters car types; a visitor gets no policy verdict nor driver nor add link', async () => {
    const suv = (await search(rental({ car_types: ['SUV'] }))).body.result.carRentals as Car[];
    expect(suv.length).toBeGreaterThan(0);
    expect(suv.every((c) => c.carGroup === 'SUV')).toBe(true);
    const visitor = (await search(rental(), null)).body.result;
    expect(visitor.driver).toBeNull();
    expect((visitor.carRentals as Car[]).every((c) => !c.tags.includes('compliant') && !c.tags.includes('not-compliant') && !c.links.addCarToCart)).toBe(true);
  });

  it('checks the times in the place’s zone (spec 1 §5): pick-up not past, return on or after its day, after it, in the future', async () => {
    const cases = [
      [rental({ pickup_time: '2026-11-21T10:00' }), { pickup_time: 'ENTER_DATE_NOT_PASSED' }],
      [rental({ pickup_time: '2026-11-22T09:00', return_time: '2026-11-23T09:00' }), { pickup_time: 'ENTER_TIME_NOT_PASSED' }],
      [rental({ return_time: '2026-11-23T17:00' }), { return_time: 'ENTER_DATE_AFTER' }],
      [rental({ return_time: '2026-11-24T09:00' }), { return_time: 'ENTER_TIME_AFTER' }],
      [rental({ return_time: '2026-11-24T10:00' }), { return_time: 'ENTER_TIME_AFTER' }],
      [rental({ pickup_time: '2026-02-30T10:00' }), { pickup_time: 'VALID_DATE' }],
      [rental({ pickup_time: '2027-12-01T10:00', return_time: '2027-12-02T10:00' }), { pickup_time: 'DATE_BEYOND_HORIZON' }],
    ] as const;
    for (const [body, fields] of cases) {
      const res = await search(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ api_code: 17, fields });
    }
    // 11:00 in Lyon is later today (10:00 now): bookable.
    expect((await search(rental({ pickup_time: '2026-11-22T11:00', return_time: '2026-11-22T18:00' }))).status).toBe(200);
    expect((await search(rental({ pickup_radius: 3 }))).body).toMatchObject({ api_code: 17, fields: { pickup_radius: 'RADIUS_INVALID' } });
  });

  it('refuses a company without car rental (403, 144), a driver the caller may not book for (404, 55), others’ travels (38)', async () => {
    const gus = await api.login('gus');
    expect((await search(rental(), gus)).body.api_code).toBe(144);
    const gusUser = (await api.call('GET', '/api/v1/user/', { token: gus })).body.result;
    expect((await search(rental({ driver: { profile_id: gusUser.uid } }))).body.api_code).toBe(55);
    expect((await search(rental({ driver: { guest_id: '00000000-0000-4000-8000-000000000000' } }))).body.api_code).toBe(55);
    expect((await search(rental({ driver: { profile_id: me.uid } }), null)).body.api_code).toBe(55);
    expect((await search(rental({ travelID: '00000000-0000-4000-8000-000000000000' }))).body.api_code).toBe(38);
    // A guest of alice's drives: the form is prefilled with the guest.
    const guests = (await api.call('GET', '/api/v1/user/guests?query=Dupont', { token: alice })).body.result as { id?: string; uid?: string }[];
    const guestId = guests[0]?.id ?? guests[0]?.uid;
    if (guestId)
      expect((await search(rental({ driver: { guest_id: guestId } }))).body.result.driver).toMatchObject({
        guest_id: guestId,
        firstname: 'Jean',
        lastname: 'Dupont',
      });
  });
});

describe('a car into the cart (POST /cart/add?version=v2 with car_rental)', () => {
  const driver = (extra: Record<string, unknown> = {}) => ({
    profile_id: me.uid,
    gender: 'MS',
    firstname: 'Alice',
    lastname: 'Martin',
    email: 'alice@acme.example',
    phone: '+33601020304',
    birthdate: '1988-04-02',
    ...extra,
  });
  const full = {
    birth_country: 'FR',
    city_of_birth: 'Lyon',
    address: { description: '1 rue de la République, 69001 Lyon' },
    license: { country_of_issue: 'FR', number: '12AB34567', effective_date: '2008-06-12' },
  };
  const add = (car: Car, d: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    api.call('POST', '/api/v1/cart/add?version=v2', {
      token: alice,
      body: { car_rental: { id: car.id, driver: d }, entity_id: me.entities[0]!.uid, ...extra },
    });
  const cars = async () => (await search(rental())).body.result.carRentals as Car[];

  it('puts the rental in a travel: agencies, local times, driver, days, price, CO2 from the estimated distance', async () => {
    const car = (await cars()).find((c) => !c.isDriverLicenseRequired)!;
    const res = await add(car, driver());
    expect(res.status).toBe(200);
    const [product] = res.body.result.travel.products;
    expect(product).toMatchObject({
      type: 'car_rental',
      departure: '2026-11-24T10:00:00+01:00',
      arrival: '2026-11-26T17:00:00+01:00',
      price: { amount: (car.best_price.total / 100).toFixed(2) },
      carRental: {
        days: 3,
        driver: { firstname: 'Alice', lastname: 'Martin' },
        carCategory: car.carGroup,
        cancelDeadline: '2026-11-24T10:00:00+01:00',
        estimatedDistanceKm: 150,
      },
    });
    expect(product.co2Emission).toBeGreaterThan(0);
  });

  it('asks the driver’s basic fields, and the full ones with the licence when required (142), the licence dated 1900-01-01 to today', async () => {
    const list = await cars();
    const basic = list.find((c) => !c.isDriverLicenseRequired)!;
    const bad = await add(basic, driver({ email: 'nope', phone: 'x', birthdate: '2030-01-01' }));
    expect(bad.body).toMatchObject({
      api_code: 17,
      fields: { 'car_rental.driver.email': 'EMAIL_FORMAT', 'car_rental.driver.phone': 'PHONE_FORMAT', 'car_rental.driver.birthdate': 'TOO_YOUNG' },
    });
    const van = list.find((c) => c.isDriverLicenseRequired)!;
    expect(van).toBeDefined();
    const before = (await api.db.select().from(travelProducts)).length;
    const missing = await add(van, driver());
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      api_code: 142,
      fields: {
        'car_rental.driver.birth_country': 'FIELD_REQUIRED',
        'car_rental.driver.city_of_birth': 'FIELD_REQUIRED',
        'car_rental.driver.license': 'FIELD_REQUIRED',
      },
    });
    const old = await add(van, driver({ ...full, license: { ...full.license, effective_date: '1899-12-31' } }));
    expect(old.body).toMatchObject({ api_code: 142, fields: { 'car_rental.driver.license.effective_date': 'NOT_THAT_OLD' } });
    const future = await add(van, driver({ ...full, license: { ...full.license, effective_date: '2026-11-23' } }));
    expect(future.body).toMatchObject({ api_code: 142, fields: { 'car_rental.driver.license.effective_date': 'TOO_YOUNG' } });
    expect((await api.db.select().from(travelProducts)).length).toBe(before);
    const ok = await add(van, driver({ ...full, license: { ...full.license, effective_date: '2026-11-22' } }));
    expect(ok.status).toBe(200);
  });

  it('answers 409 CAR_OFFER_UNAVAILABLE for a car that is gone, refuses a driver of another company and a company without cars', async () => {
    const car = (await cars()).find((c) => !c.isDriverLicenseRequired)!;
    expect((await add({ ...car, id: car.id.replace(/_[A-Z]{4}_/, '_XXXX_') }, driver())).body.api_code).toBe(141);
    expect((await add({ ...car, id: 'no-such-car' }, driver())).body.api_code).toBe(141);
    const gus = await api.login('gus');
    const gusUser = (await api.call('GET', '/api/v1/user/', { token: gus })).body.result;
    expect((await add(car, driver({ profile_id: gusUser.uid }))).body.api_code).toBe(55);
    const refused = await api.call('POST', '/api/v1/cart/add?version=v2', {
      token: gus,
      body: { car_rental: { id: car.id, driver: driver({ profile_id: gusUser.uid }) } },
    });
    expect(refused.body.api_code).toBe(144);
    // Past its pick-up, the offer is gone.
    api.clock.set(new Date('2026-11-24T12:00:00Z'));
    try {
      const later = await api.login('alice');
      const late = await api.call('POST', '/api/v1/cart/add?version=v2', {
        token: later,
        body: { car_rental: { id: car.id, driver: driver() }, entity_id: me.entities[0]!.uid },
      });
      expect(late.status).toBe(409);
      expect(late.body.api_code).toBe(141);
    } finally {
      api.clock.set(new Date('2026-11-22T09:00:00Z'));
    }
  });
});
