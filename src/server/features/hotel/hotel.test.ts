import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { companies, travelProducts } from '@server/db/schema';

let api: Api;
let alice: string;
let gus: string;
beforeAll(async () => {
  api = await startApi();
  alice = await api.login('alice');
  gus = await api.login('gus');
});
afterAll(() => api.close());

// The clock is 2026-11-22 09:00 UTC (test/support/api.ts).
const LYON = { latitude: 45.7606, longitude: 4.8593 };
const stay = (extra: Record<string, unknown> = {}) => ({
  checkin_date: '20261124T120000',
  checkout_date: '20261126T120000',
  ...LYON,
  radius_km: 5,
  nb_rooms: 1,
  travelers: [{ id: 1 }],
  place_id: 'city:lyon',
  ...extra,
});
const search = (body: Record<string, unknown>, token: string | undefined = alice) => api.call('POST', '/api/v1/hotel/search', { body, token });
type Summary = {
  id: string;
  name: string;
  stars: number;
  min_price: number;
  min_price_per_night: number;
  tags: string[];
  boards: Record<string, boolean>;
  links: { hotelDetails: { href: string } };
};

describe('POST /hotel/search', () => {
  it('answers the hotels of Lyon for the stay, cheapest first, each with its details link and the city’s nightly cap', async () => {
    const res = await search(stay());
    expect(res.status).toBe(200);
    const { hotels, city, nights, checkin, checkout, nightly_cap } = res.body.result;
    expect({ city, nights, checkin, checkout, nightly_cap }).toEqual({
      city: 'Lyon',
      nights: 2,
      checkin: '2026-11-24',
      checkout: '2026-11-26',
      nightly_cap: 13_000,
    });
    expect(hotels.length).toBeGreaterThan(10);
    const prices = (hotels as Summary[]).map((h) => h.min_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const h of hotels as Summary[]) {
      expect(h.min_price).toBeGreaterThan(0);
      expect(h.links.hotelDetails.href).toBe(`/api/v1/hotel/search/${h.id}`);
      // Acme has a hotel policy: every hotel says whether some room is within the Lyon cap.
      expect(h.tags.filter((t) => t === 'compliant' || t === 'not-compliant')).toHaveLength(1);
      expect(h.tags.includes('compliant')).toBe(h.min_price_per_night <= 13_000);
    }
  });

  it('applies the criteria: name, stars at least, breakfast, price per night', async () => {
    const all = (await search(stay())).body.result.hotels as Summary[];
    const ibis = (await search(stay({ name_contains: 'IBIS' }))).body.result.hotels as Summary[];
    expect(ibis.length).toBeGreaterThan(0);
    expect(ibis.every((h) => /ibis/i.test(h.name))).toBe(true);
    const four = (await search(stay({ stars: 4 }))).body.result.hotels as Summary[];
    expect(four.length).toBeLessThan(all.length);
    expect(four.every((h) => h.stars >= 4)).toBe(true);
    const breakfast = (await search(stay({ with_breakfast: true }))).body.result.hotels as Summary[];
    expect(breakfast.every((h) => h.boards.breakfast)).toBe(true);
    const cheap = (await search(stay({ min_price: 5_000, max_price: 9_000 }))).body.result.hotels as Summary[];
    expect(cheap.every((h) => h.min_price_per_night >= 5_000 && h.min_price_per_night <= 9_000)).toBe(true);
    // Nothing found is an empty list, not an error.
    const none = await search(stay({ name_contains: 'No such hotel anywhere' }));
    expect(none.status).toBe(200);
    expect(none.body.result.hotels).toEqual([]);
  });

  it('refuses bad criteria with 400 and the field: radius off the slider, stars out of 0–5, min over max', async () => {
    for (const [body, field] of [
      [stay({ radius_km: 3 }), 'radius_km'],
      [stay({ stars: 6 }), 'stars'],
      [stay({ stars: -1 }), 'stars'],
      [stay({ min_price: 20_000, max_price: 10_000 }), 'max_price'],
      [stay({ checkin_date: '2026-11-24' }), 'checkin_date'],
      [stay({ travelers: [] }), 'travelers'],
    ] as const) {
      const res = await search(body);
      expect(res.status, field).toBe(400);
      expect(res.body.api_code, field).toBe(17);
      expect(Object.keys(res.body.fields), field).toContain(field);
    }
    expect((await search(stay({ radius_km: 3 }))).body.fields.radius_km).toBe('RADIUS_INVALID');
    expect((await search(stay({ min_price: 20_000, max_price: 10_000 }))).body.fields.max_price).toBe('PRICE_RANGE_INVALID');
  });

  it('checks the dates in the hotel’s zone: today or later, one night at least, within a year', async () => {
    const cases = [
      [stay({ checkin_date: '20261121T120000', checkout_date: '20261123T120000' }), { checkin_date: 'ENTER_DATE_NOT_PASSED' }],
      [stay({ checkin_date: '20261124T120000', checkout_date: '20261124T120000' }), { checkout_date: 'ENTER_MINIMUM_STAY' }],
      [stay({ checkin_date: '20261124T120000', checkout_date: '20261123T120000' }), { checkout_date: 'ENTER_MINIMUM_STAY' }],
      [stay({ checkin_date: '20271201T120000', checkout_date: '20271202T120000' }), { checkin_date: 'DATE_BEYOND_HORIZON' }],
      [stay({ checkin_date: '20261131T120000', checkout_date: '20261202T120000' }), { checkin_date: 'VALID_DATE' }],
    ] as const;
    for (const [body, fields] of cases) {
      const res = await search(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ api_code: 17, fields });
    }
    // Today is bookable (22 Nov in Lyon).
    expect((await search(stay({ checkin_date: '20261122T120000', checkout_date: '20261123T120000' }))).status).toBe(200);
  });

  it('is refused to a company without hotels (403, 143), and checks the ids it is given against the caller', async () => {
    const refused = await search(stay(), gus);
    expect(refused.status).toBe(403);
    expect(refused.body.api_code).toBe(143);
    // Another user's travel, another company as customer, a stranger as traveller, an entity of another company.
    const globex = (await api.db.select().from(companies).where(eq(companies.name, 'Globex Consulting')))[0]!;
    expect((await search(stay({ travelID: '00000000-0000-4000-8000-000000000000' }))).body.api_code).toBe(38);
    expect((await search(stay({ customer_id: globex.id }))).body.api_code).toBe(33);
    const gusUser = (await api.call('GET', '/api/v1/user/', { token: gus })).body.result;
    expect((await search(stay({ travelers: [{ id: 1, profile_id: gusUser.uid }] }))).body.api_code).toBe(55);
    expect((await search(stay({ entity_id: '00000000-0000-4000-8000-000000000000' }))).body).toMatchObject({
      api_code: 17,
      fields: { entity_id: 'CHOOSE_ENTITY' },
    });
    // Tina, a travel agent, books for Acme (one of her agency's companies) but not for a company of no agency.
    const tina = await api.login('tina');
    const acme = (await api.db.select().from(companies).where(eq(companies.name, 'Acme Industries')))[0]!;
    expect((await search(stay({ customer_id: acme.id }), tina)).status).toBe(200);
    expect((await search(stay({ customer_id: globex.id }), tina)).body.api_code).toBe(143);
    expect((await search(stay({ customer_id: '00000000-0000-4000-8000-000000000000' }), tina)).body.api_code).toBe(33);
  });

  it('answers a visitor without the policy verdict, and limits visitors’ searches a minute (429, 120)', async () => {
    const visitor = await api.call('POST', '/api/v1/hotel/search', { body: stay() });
    expect(visitor.status).toBe(200);
    expect(visitor.body.result.nightly_cap).toBeNull();
    expect((visitor.body.result.hotels as Summary[]).every((h) => !h.tags.includes('compliant') && !h.tags.includes('not-compliant'))).toBe(true);
    const limited = await startApi({ anonymousSearchRateLimit: 2 });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.call('POST', '/api/v1/hotel/search', { body: stay() })).status);
      expect(codes).toEqual([200, 200, 429]);
      const car = {
        ...LYON,
        return_latitude: LYON.latitude,
        return_longitude: LYON.longitude,
        pickup_time: '2026-11-24T10:00',
        return_time: '2026-11-25T10:00',
      };
      expect((await limited.call('POST', '/api/v1/carrental/search', { body: car })).body.api_code).toBe(120);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /hotel/search/{hotelId}', () => {
  it('answers the hotel’s room offers cheapest first, with their terms and tags, and addHotelToCart for a signed-in caller', async () => {
    const hotel = ((await search(stay())).body.result.hotels as Summary[])[0]!;
    const res = await api.call('POST', hotel.links.hotelDetails.href, { body: stay(), token: alice });
    expect(res.status).toBe(200);
    const { room_offers: offers, links, description } = res.body.result;
    expect(description.length).toBeGreaterThan(50);
    expect(offers.length).toBeGreaterThan(0);
    const totals = offers.map((o: { incl_taxes_amount: number }) => o.incl_taxes_amount);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    for (const o of offers) {
      expect(o.tax_included).toBe(true);
      // Free cancellation until the day before check-in, 18:00 in Lyon.
      expect(o.cancel_deadline).toBe(o.is_cancellable ? '2026-11-23T18:00:00+01:00' : null);
    }
    expect(links.addHotelToCart).toEqual({ href: '/api/v1/cart/add?version=v2', method: 'POST' });
    const anonymous = await api.call('POST', hotel.links.hotelDetails.href, { body: stay() });
    expect(anonymous.body.result.links).toEqual({});
    expect((await api.call('POST', '/api/v1/hotel/search/h-nowhere-001', { body: stay(), token: alice })).body.api_code).toBe(3);
  });
});

describe('a hotel into the cart (POST /cart/add?version=v2 with hotel_id)', () => {
  const me = async (token: string) => (await api.call('GET', '/api/v1/user/', { token })).body.result as { uid: string; entities: { uid: string }[] };
  const traveller = (uid: string, extra: Record<string, unknown> = {}) => ({
    travelerID: 1,
    profile_id: uid,
    gender: 'MS',
    firstname: 'Alice',
    lastname: 'Martin',
    email: 'alice@acme.example',
    phone: '+33601020304',
    ...extra,
  });
  async function offers(extra: Record<string, unknown> = {}) {
    const hotel = ((await search(stay(extra))).body.result.hotels as Summary[])[0]!;
    const details = (await api.call('POST', hotel.links.hotelDetails.href, { body: stay(extra), token: alice })).body.result;
    return {
      hotel: details.hotel as Summary,
      offers: details.room_offers as { id: string; max_occupancy: number; nb_available: number; incl_taxes_amount: number; tags: string[] }[],
    };
  }
  const add = (body: Record<string, unknown>, token = alice, headers: Record<string, string> = {}) =>
    api.call('POST', '/api/v1/cart/add?version=v2', { body, token, headers });

  it('puts the stay in a new travel: the hotel, its room and who sleeps there, nights, deadline, price and CO2', async () => {
    const user = await me(alice);
    const {
      hotel,
      offers: [offer],
    } = await offers();
    const res = await add({
      hotel_id: hotel.id,
      room_offer_travelers: [{ room_offer_id: offer!.id, travelers: [1] }],
      travelers: [traveller(user.uid)],
      entity_id: user.entities[0]!.uid,
    });
    expect(res.status).toBe(200);
    const { travel } = res.body.result;
    expect(travel).toMatchObject({ status: 'cart', startDate: '2026-11-24', endDate: '2026-11-26', travelers: [{ firstname: 'Alice', lastname: 'Martin' }] });
    const [product] = travel.products;
    expect(product).toMatchObject({
      type: 'hotel',
      name: hotel.name,
      status: 'cart',
      price: { amount: (offer!.incl_taxes_amount / 100).toFixed(2) },
      departure: '2026-11-24T12:00:00+01:00',
      arrival: '2026-11-26T12:00:00+01:00',
      routes: [],
      hotel: {
        hotelId: hotel.id,
        nightsCount: 2,
        checkin: '2026-11-24',
        checkout: '2026-11-26',
        rooms: [{ paxs: [{ firstname: 'Alice', lastname: 'Martin' }] }],
      },
    });
    expect(product.isCompliant).toBe(offer!.tags.includes('compliant'));
    expect(product.co2Emission).toBeGreaterThan(0);
    expect(travel.links.addHotelToCart).toBeDefined();
  });

  it('checks the rooms: every traveller in exactly one room, a room holds its occupancy; the travellers’ e-mail and phone (nothing added)', async () => {
    const user = await me(alice);
    const { hotel, offers: list } = await offers({ nb_rooms: 1, travelers: [{ id: 1 }, { id: 2 }] });
    const single = list.find((o) => o.max_occupancy === 1) ?? list[0]!;
    const two = [traveller(user.uid), traveller('', { travelerID: 2, profile_id: null, firstname: 'Jean', lastname: 'Dupont', email: 'jean@partner.example' })];
    const base = { hotel_id: hotel.id, travelers: two, entity_id: user.entities[0]!.uid };
    const before = (await api.db.select().from(travelProducts)).length;
    const unassigned = await add({ ...base, room_offer_travelers: [{ room_offer_id: single.id, travelers: [1] }] });
    expect(unassigned.body).toMatchObject({ api_code: 14, fields: { 'travelers.1': 'ASSIGN_EVERY_TRAVELER' } });
    const twice = await add({
      ...base,
      room_offer_travelers: [
        { room_offer_id: single.id, travelers: [1, 2] },
        { room_offer_id: single.id, travelers: [2] },
      ],
    });
    expect(twice.body).toMatchObject({ api_code: 14, fields: { 'travelers.1': 'ONE_ROOM_PER_TRAVELER' } });
    const emptyRoom = await add({ ...base, room_offer_travelers: [{ room_offer_id: single.id, travelers: [] }] });
    expect(emptyRoom.status).toBe(400);
    const badContacts = await add({
      ...base,
      travelers: [traveller(user.uid, { email: 'alice@', phone: '06-01' })],
      room_offer_travelers: [{ room_offer_id: single.id, travelers: [1] }],
    });
    expect(badContacts.body).toMatchObject({ api_code: 14, fields: { 'travelers.0.email': 'EMAIL_FORMAT', 'travelers.0.phone': 'PHONE_FORMAT' } });
    const overfull = list.find((o) => o.max_occupancy < 2);
    if (overfull) {
      const res = await add({ ...base, room_offer_travelers: [{ room_offer_id: overfull.id, travelers: [1, 2] }] });
      expect(res.body).toMatchObject({ api_code: 14, fields: { 'room_offer_travelers.0.travelers': 'MAX_OCCUPANCY' } });
    }
    expect((await api.db.select().from(travelProducts)).length).toBe(before);
  });

  it('answers 409 HOTEL_OFFER_UNAVAILABLE when the room is gone or fewer are left than chosen, and adds nothing', async () => {
    const user = await me(alice);
    const { hotel, offers: list } = await offers();
    const offer = list.find((o) => o.nb_available <= 8)!;
    const before = (await api.db.select().from(travelProducts)).length;
    // One room more than the hotel has left of this offer.
    const rooms = Array.from({ length: offer.nb_available + 1 }, (_, i) => ({ room_offer_id: offer.id, travelers: [i + 1] }));
    const travelers = rooms.map((_, i) => traveller(user.uid, { travelerID: i + 1, profile_id: i === 0 ? user.uid : null, firstname: `T${i}` }));
    const tooMany = await add({ hotel_id: hotel.id, room_offer_travelers: rooms, travelers, entity_id: user.entities[0]!.uid });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.api_code).toBe(140);
    // Rooms of another hotel than the one named.
    expect(
      (
        await add({
          hotel_id: 'h-lyon-999',
          room_offer_travelers: [{ room_offer_id: offer.id, travelers: [1] }],
          travelers: [traveller(user.uid)],
          entity_id: user.entities[0]!.uid,
        })
      ).body.api_code,
    ).toBe(16);
    // A stay whose check-in has passed by now is no longer sold.
    api.clock.set(new Date('2026-11-25T09:00:00Z'));
    try {
      const later = await api.login('alice');
      const late = await add(
        {
          hotel_id: hotel.id,
          room_offer_travelers: [{ room_offer_id: offer.id, travelers: [1] }],
          travelers: [traveller(user.uid)],
          entity_id: user.entities[0]!.uid,
        },
        later,
      );
      expect(late.body.api_code).toBe(140);
    } finally {
      api.clock.set(new Date('2026-11-22T09:00:00Z'));
    }
    expect((await api.db.select().from(travelProducts)).length).toBe(before);
  });

  it('joins the caller’s travel by travelID (not another user’s), once per Idempotency-Key; signed out 401; a company without hotels 403', async () => {
    const user = await me(alice);
    const {
      hotel,
      offers: [offer],
    } = await offers();
    const body = {
      hotel_id: hotel.id,
      room_offer_travelers: [{ room_offer_id: offer!.id, travelers: [1] }],
      travelers: [traveller(user.uid)],
      entity_id: user.entities[0]!.uid,
    };
    const first = await add(body);
    const travelID = first.body.result.travel.id;
    const headers = { 'idempotency-key': `hotel-${travelID}` };
    const answers = await Promise.all([add({ ...body, travelID }, alice, headers), add({ ...body, travelID }, alice, headers)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[0]!.body.result.travel.products).toHaveLength(2);
    const gusUser = await me(gus);
    const theirs = await add({ ...body, travelID, travelers: [traveller(gusUser.uid, { firstname: 'Gus' })], entity_id: undefined }, gus);
    expect(theirs.status).toBe(403);
    expect(theirs.body.api_code).toBe(143);
    expect((await api.call('POST', '/api/v1/cart/add?version=v2', { body })).status).toBe(401);
    // Tina (an agent), acting for alice at Acme, cannot add to alice's own travel.
    const tina = await api.login('tina');
    const acme = (await api.call('GET', '/api/v1/user/', { token: alice })).body.result.company_id as string;
    expect((await add({ ...body, travelID, customer_id: acme }, tina)).body.api_code).toBe(38);
    // A stranger as traveller: 404 (55).
    expect((await add({ ...body, travelers: [traveller(gusUser.uid)] })).body.api_code).toBe(55);
  });
});
