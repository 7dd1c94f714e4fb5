import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { companies, users } from '@server/db/schema';

/** Expert search (spec 1 §4 "Expert", §5, §7): alice (Acme) has canUseExpertMode. The test clock is 2026-11-22 09:00 UTC. */
let api: Api;
let alice: string;
let entityId: string;
beforeAll(async () => {
  api = await startApi();
  alice = await api.login('alice');
  entityId = (await api.call('GET', '/api/v1/user/', { token: alice })).body.result.entities[0].uid;
});
afterAll(() => api.close());

const journey = (origin: string, destination: string, from: string) => ({ origin, destination, timeRange: { from, represents: 'departure' } });
const TOUR = [
  journey('city:paris', 'city:nice', '2026-11-23T07:00'),
  journey('city:nice', 'city:rome', '2026-11-24T08:00'),
  journey('city:rome', 'city:paris', '2026-11-25T09:00'),
];
const search = (body: Record<string, unknown>, token: string | null = alice) => api.call('POST', '/api/v1/expert-search', { body, token: token ?? undefined });
const tour = (extra: Record<string, unknown> = {}) => ({ journeys: TOUR, travelers: [{ id: 1 }], ...extra });
const alicesFields = {
  gender: 'MS',
  firstname: 'Alice',
  lastname: 'Martin',
  birthdate: '1988-04-02',
  contact_email: 'alice@acme.example',
  contact_phone: '0601020304',
};

type Offer = { offerId: string; price: { amount: number }; extraPrice: { amount: number } };
type Flight = { origin: { city: string }; destination: { city: string }; cabinClasses: { offers: Offer[] }[] };
const offersOf = (result: { proposals: { flights: Flight[] } }) => result.proposals.flights.flatMap((f) => f.cabinClasses.flatMap((c) => c.offers));
/** The offer a hurried traveller takes: the first flight's first offer. */
const firstOffer = (result: { proposals: { flights: Flight[] } }) => offersOf(result)[0]!;

async function follow(link: { href: string; method: string }, body: unknown, token = alice, headers: Record<string, string> = {}) {
  return api.call(link.method as 'POST', link.href, { body: body as never, token, headers });
}

/** Searches the tour and chooses the first offer of every journey; the itinerary and the last answer. */
async function chooseTour(token = alice) {
  let res = await search(tour(), token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const offerIDs: string[] = [];
  for (;;) {
    offerIDs.push(firstOffer(res.body.result).offerId);
    if (!res.body.result.links.nextJourney) return { result: res.body.result, offerIDs };
    res = await follow(res.body.result.links.nextJourney, { offerIDs }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

describe('POST /expert-search', () => {
  it('answers the first journey’s flights, the itinerary’s cards and the best package of the three journeys', async () => {
    const res = await search(tour());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body.result;
    expect(result.currentJourneyIndex).toBe(0);
    expect(
      result.journeys.map(
        (j: { origin: { city: string }; destination: { city: string }; departureDate: string }) =>
          `${j.origin.city} → ${j.destination.city} ${j.departureDate}`,
      ),
    ).toEqual(['Paris → Nice 2026-11-23', 'Nice → Rome 2026-11-24', 'Rome → Paris 2026-11-25']);
    expect(result.journeys.every((j: { departureTime: string | null; offerId: string | null }) => j.departureTime === null && j.offerId === null)).toBe(true);
    const flights = result.proposals.flights as (Flight & { departure: string })[];
    expect(flights.length).toBeGreaterThan(0);
    expect(flights.every((f) => f.origin.city === 'Paris' && f.destination.city === 'Nice' && f.departure >= '2026-11-23T07:00')).toBe(true);
    // Extra prices are over the journey's cheapest offer: the cheapest is +0.
    const extras = offersOf(result).map((o) => o.extraPrice.amount);
    expect(Math.min(...extras)).toBe(0);
    expect(result.carriers.flight.length).toBeGreaterThan(0);
    expect(result.bestPackage.price.amount).toBeGreaterThan(Math.min(...offersOf(result).map((o) => o.price.amount)));
    expect(result.currentPackage.price).toEqual(result.bestPackage.price);
    expect(result.links.nextJourney.href).toBe(`/api/v1/expert-search/${result.expertID}/next`);
    expect(result.links.expertTravelerForm).toBeUndefined();
  });

  it('goes journey by journey: each choice fills its card, moves the package price, and the last journey leads to the traveller forms', async () => {
    const first = (await search(tour())).body.result;
    const best = first.bestPackage.price.amount;
    const dearest = offersOf(first).reduce((a, b) => (b.extraPrice.amount > a.extraPrice.amount ? b : a));
    const second = (await follow(first.links.nextJourney, { offerIDs: [dearest.offerId] })).body.result;
    expect(second.currentJourneyIndex).toBe(1);
    expect(second.proposals.flights[0].origin.city).toBe('Nice');
    expect(second.journeys[0]).toMatchObject({ offerId: dearest.offerId, extraPrice: { amount: dearest.extraPrice.amount } });
    expect(second.journeys[0].departureTime).toMatch(/^\d{2}:\d{2}$/);
    expect(second.journeys[0].marketingCarrier.logo).toMatch(/^\/media\/sandbox\/carrier\//);
    expect(second.currentPackage.price.amount).toBe(best + dearest.extraPrice.amount);
    const third = (await follow(second.links.nextJourney, { offerIDs: [dearest.offerId, firstOffer(second).offerId] })).body.result;
    expect(third.currentJourneyIndex).toBe(2);
    expect(third.links.nextJourney).toBeUndefined();
    expect(third.links.expertTravelerForm.href).toBe(`/api/v1/expert-search/${third.expertID}/traveler-form`);
  });

  it('adds the whole itinerary to the cart as three flights of one travel, with the travellers and the policy verdict', async () => {
    const { result, offerIDs } = await chooseTour();
    const step = await follow(result.links.expertTravelerForm, { offerIDs });
    expect(step.status).toBe(200);
    const form = step.body.result.travelerForms[0];
    const fields = form.fieldsGroups.flatMap((g: { fields: { name: string; value: string | null; required: boolean }[] }) => g.fields);
    expect(fields.find((f: { name: string }) => f.name === 'lastname')).toMatchObject({ value: 'Martin', required: true });
    // Rome is outside France but inside the EU: no travel document asked.
    expect(fields.some((f: { name: string }) => f.name === 'document_number')).toBe(false);
    const added = await follow(step.body.result.links.addExpertToCart, {
      offerIDs,
      travelers: [{ travelerID: 1, profile_id: form.profileID, fields: alicesFields }],
      entity_id: entityId,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const travel = added.body.result.travel;
    expect(travel.status).toBe('cart');
    expect(travel.products.map((p: { type: string; name: string }) => `${p.type} ${p.name}`)).toEqual([
      'flight Paris → Nice',
      'flight Nice → Rome',
      'flight Rome → Paris',
    ]);
    expect(travel.travelers).toMatchObject([{ firstname: 'Alice', lastname: 'Martin' }]);
    // The package as the last screen showed it: the journeys chosen before, plus the offer taken on the last one.
    const last = firstOffer(result) as Offer & { offerTags: { isCompliant: boolean | null } };
    const total = travel.products.reduce((sum: number, p: { price: { amount: string } }) => sum + Math.round(Number(p.price.amount) * 100), 0);
    expect(total).toBe(result.currentPackage.price.amount + last.extraPrice.amount);
    // The verdict the results showed is the product's (Acme has a travel policy).
    expect(last.offerTags.isCompliant).not.toBeNull();
    expect(travel.products[2].isCompliant).toBe(last.offerTags.isCompliant);
    const cart = await api.call('GET', '/api/v1/v2/travels/?status=cart', { token: alice });
    expect(cart.body.result.travels.map((t: { id: string }) => t.id)).toContain(travel.id);
  });

  it('adds once for a retried add with the same Idempotency-Key', async () => {
    const { result, offerIDs } = await chooseTour();
    const step = (await follow(result.links.expertTravelerForm, { offerIDs })).body.result;
    const body = { offerIDs, travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: entityId };
    const headers = { 'idempotency-key': `expert-${Date.now()}` };
    const answers = await Promise.all([follow(step.links.addExpertToCart, body, alice, headers), follow(step.links.addExpertToCart, body, alice, headers)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(new Set(answers.map((a) => a.body.result.travel.id)).size).toBe(1);
  });

  it('says which traveller field is wrong, and requires the entity (as a trip’s add to cart does)', async () => {
    const { result, offerIDs } = await chooseTour();
    const step = (await follow(result.links.expertTravelerForm, { offerIDs })).body.result;
    const missing = await follow(step.links.addExpertToCart, {
      offerIDs,
      travelers: [{ travelerID: 1, fields: { ...alicesFields, lastname: '' } }],
      entity_id: entityId,
    });
    expect(missing.body).toMatchObject({ api_code: 14, fields: { 'travelers.0.lastname': 'FIELD_REQUIRED' } });
    const noEntity = await follow(step.links.addExpertToCart, { offerIDs, travelers: [{ travelerID: 1, fields: alicesFields }] });
    expect(noEntity.body).toMatchObject({ api_code: 17, fields: { entity_id: 'CHOOSE_ENTITY' } });
  });

  it('refuses a journey dated before the previous one, more than three journeys, a past day, the same place twice and ten passengers', async () => {
    const before = await search(tour({ journeys: [TOUR[0], journey('city:nice', 'city:rome', '2026-11-23T06:00')] }));
    expect(before.status).toBe(400);
    expect(before.body).toMatchObject({ api_code: 17, fields: { 'journeys.1.timeRange.from': 'DATE_MUST_BE_AFTER_PREVIOUS_JOURNEY' } });
    expect(before.body.errorMessage).toContain('2');
    const four = await search(tour({ journeys: [...TOUR, journey('city:paris', 'city:nice', '2026-11-26T09:00')] }));
    expect(four.body).toMatchObject({ api_code: 17, fields: { journeys: 'EXPERT_JOURNEYS_MAX' } });
    const past = await search(tour({ journeys: [journey('city:paris', 'city:nice', '2026-11-21T09:00')] }));
    expect(past.body).toMatchObject({ api_code: 17, fields: { 'journeys.0.timeRange.from': 'ENTER_DATE_NOT_PASSED' } });
    const same = await search(tour({ journeys: [TOUR[0], journey('city:nice', 'city:nice', '2026-11-24T08:00')] }));
    expect(same.body).toMatchObject({ api_code: 39, fields: { 'journeys.1.destination': 'ENTER_OTHER_ORIGIN_OR_DESTINATION' } });
    const unknown = await search(tour({ journeys: [journey('city:atlantis', 'city:nice', '2026-11-23T07:00')] }));
    expect(unknown.body).toMatchObject({ api_code: 39, fields: { 'journeys.0.origin': 'ENTER_DEPARTURE_PLACE_LIST' } });
    const ten = await search(tour({ travelers: Array.from({ length: 10 }, (_, i) => ({ id: (i % 9) + 1 })) }));
    expect(ten.body).toMatchObject({ api_code: 17, fields: { travelers: 'CANT_ENTER_MORE_THAN_NINE_PASSENGERS' } });
  });

  it('is for signed-in users with the expert mode only', async () => {
    expect((await search(tour(), null)).status).toBe(401);
    const gus = await api.login('gus');
    const refused = await search(tour(), gus);
    expect(refused.status).toBe(403);
    expect(refused.body.api_code).toBe(34);
  });

  it('searches for one passenger only when the company disables multi-passenger search', async () => {
    const [row] = await api.db.select().from(users).where(eq(users.username, 'alice'));
    const [acme] = await api.db.select().from(companies).where(eq(companies.id, row!.companyId!));
    await api.db
      .update(companies)
      .set({ config: { ...acme!.config, travelAgency: { hasMultipaxSearchDisabled: true } } })
      .where(eq(companies.id, acme!.id));
    try {
      const two = await search(tour({ travelers: [{ id: 1 }, { id: 2 }] }));
      expect(two.body).toMatchObject({ api_code: 17, fields: { travelers: 'ONE_PASSENGER_ONLY' } });
      expect((await search(tour())).status).toBe(200);
    } finally {
      await api.db.update(companies).set({ config: acme!.config }).where(eq(companies.id, acme!.id));
    }
  });

  it('keeps an itinerary to its owner and its journeys in order', async () => {
    const result = (await search(tour())).body.result;
    const link = result.links.nextJourney;
    const offer = firstOffer(result).offerId;
    // Another expert user of another company finds nothing behind alice's link.
    const [gusRow] = await api.db.select().from(users).where(eq(users.username, 'gus'));
    await api.db
      .update(users)
      .set({ flags: { ...gusRow!.flags, canUseExpertMode: true } })
      .where(eq(users.id, gusRow!.id));
    const gus = await api.login('gus');
    expect((await follow(link, { offerIDs: [offer] }, gus)).status).toBe(404);
    // An offer of another journey, or too many offers for the itinerary: offers invalid (16).
    const second = (await follow(link, { offerIDs: [offer] })).body.result;
    const wrongOrder = await follow(second.links.nextJourney, { offerIDs: [firstOffer(second).offerId, offer] });
    expect(wrongOrder.body.api_code).toBe(16);
    expect((await follow(link, { offerIDs: [offer, firstOffer(second).offerId, offer] })).body.api_code).toBe(16);
    expect((await api.call('POST', '/api/v1/expert-search/not-an-id/next', { body: { offerIDs: [offer] }, token: alice })).status).toBe(404);
  });
});
