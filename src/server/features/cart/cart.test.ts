import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';

let api: Api;
let alice: string;
let entityId: string;
beforeAll(async () => {
  api = await startApi();
  alice = await api.login('alice');
  entityId = (await api.call('GET', '/api/v1/user/', { token: alice })).body.result.entities[0].uid;
});
afterAll(() => api.close());

const searchBody = (extra: Record<string, unknown> = {}) => ({
  origin: 'city:paris',
  destination: 'city:lyon',
  datetime: '2026-11-23T07:00',
  nb_travelers: 1,
  filters: { rail: true, flight: false },
  ...extra,
});
async function firstOffer(token: string, extra: Record<string, unknown> = {}) {
  const res = await api.call('POST', '/api/v1/treep/search?version=v2', { body: searchBody(extra), token });
  const proposal = res.body.result.proposals.find((p: { offers: { roundTrip: boolean }[] }) => p.offers.some((o) => !o.roundTrip));
  return proposal.offers.find((o: { roundTrip: boolean }) => !o.roundTrip) as {
    id: string;
    price: number;
    ancillaries: { type: string; price: { amount: number } }[];
  };
}
const alicesFields = {
  gender: 'MS',
  firstname: 'Alice',
  lastname: 'Martin',
  birthdate: '1988-04-02',
  contact_email: 'alice@acme.example',
  contact_phone: '0601020304',
};
const add = (body: Record<string, unknown>, token = alice, headers: Record<string, string> = {}) =>
  api.call('POST', '/api/v1/cart/add?version=v2', { body, token, headers });

describe('POST /cart/add', () => {
  it('puts a Paris → Lyon train in a new cart travel and the cart lists it', async () => {
    const offer = await firstOffer(alice);
    const res = await add({ choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: entityId });
    expect(res.status).toBe(200);
    const travel = res.body.result.travel;
    expect(travel).toMatchObject({ status: 'cart', travelers: [{ firstname: 'Alice', lastname: 'Martin' }], customerType: 'entity' });
    expect(travel.products).toHaveLength(1);
    expect(travel.products[0]).toMatchObject({ type: 'rail', name: 'Paris → Lyon', price: { amount: (offer.price / 100).toFixed(2), currency: 'EUR' } });
    expect(travel.links.addTrip).toEqual({ href: '/api/v1/cart/add?version=v2', method: 'POST' });
    const cart = await api.call('GET', '/api/v1/v2/travels/?status=cart', { token: alice });
    expect(cart.body.result.travels.map((t: { id: string }) => t.id)).toContain(travel.id);
  });

  it('adds a second trip to the same travel by travelID, and charges the options', async () => {
    const first = await add({ choiceIDs: [(await firstOffer(alice)).id], travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: entityId });
    const travelID = first.body.result.travel.id;
    const offer = await firstOffer(alice, { destination: 'city:marseille', datetime: '2026-11-24T08:00' });
    const bike = offer.ancillaries.find((a) => a.type === 'bike')!;
    const res = await add({
      choiceIDs: [offer.id],
      travelID,
      travelers: [{ travelerID: 1, fields: alicesFields }],
      entity_id: entityId,
      ancillaries: [{ type: 'bike', quantity: 1, offerID: offer.id }],
    });
    expect(res.status).toBe(200);
    expect(res.body.result.travel.products).toHaveLength(2);
    expect(res.body.result.travel.products[1].price.amount).toBe(((offer.price + bike.price.amount) / 100).toFixed(2));
  });

  it('answers a retried add with the same Idempotency-Key once, with the same answer', async () => {
    const offer = await firstOffer(alice);
    const body = { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: entityId };
    const headers = { 'idempotency-key': `add-${Date.now()}` };
    const answers = await Promise.all([add(body, alice, headers), add(body, alice, headers), add(body, alice, headers)]);
    expect(new Set(answers.map((a) => a.body.result.travel.id)).size).toBe(1);
    const reused = await add({ ...body, entity_id: null }, alice, headers);
    expect(reused.status).toBe(422);
    expect(reused.body.api_code).toBe(106);
  });

  it('says which traveller field is missing or malformed (code 14)', async () => {
    const offer = await firstOffer(alice);
    const res = await add({
      choiceIDs: [offer.id],
      travelers: [{ travelerID: 1, fields: { ...alicesFields, lastname: '', contact_email: 'nope' } }],
      entity_id: entityId,
    });
    expect(res.status).toBe(400);
    expect(res.body.api_code).toBe(14);
    expect(res.body.fields).toEqual({ 'travelers.0.lastname': 'FIELD_REQUIRED', 'travelers.0.contact_email': 'FORMAT_INVALID' });
  });

  it('takes a traveller’s birthdate only as an ISO date from 1900 to yesterday, with the field’s message', async () => {
    const offer = await firstOffer(alice);
    for (const [birthdate, key] of [
      ['02/04/1988', 'VALID_DATE'],
      ['soon', 'VALID_DATE'],
      ['1850-01-01', 'NOT_THAT_OLD'],
      ['2030-01-01', 'TOO_YOUNG'],
    ]) {
      const res = await add({ choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: { ...alicesFields, birthdate } }], entity_id: entityId });
      expect(res.status, birthdate).toBe(400);
      expect(res.body).toMatchObject({ api_code: 14, fields: { 'travelers.0.birthdate': key } });
    }
  });

  it('requires an entity of the company for Acme users', async () => {
    const offer = await firstOffer(alice);
    const res = await add({ choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: alicesFields }] });
    expect(res.body).toMatchObject({ api_code: 17, fields: { entity_id: 'CHOOSE_ENTITY' } });
  });

  it("refuses another user's travelID as not found, unknown offers (16), and signed-out callers (401)", async () => {
    const mine = await add({ choiceIDs: [(await firstOffer(alice)).id], travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: entityId });
    const gus = await api.login('gus');
    const offer = await firstOffer(gus);
    const gusFields = { ...alicesFields, firstname: 'Gus', lastname: 'Moreau' };
    const theirs = await add({ choiceIDs: [offer.id], travelID: mine.body.result.travel.id, travelers: [{ travelerID: 1, fields: gusFields }] }, gus);
    expect(theirs.status).toBe(404);
    expect(theirs.body.api_code).toBe(38);
    expect((await add({ choiceIDs: ['x~1~second~0'], travelers: [{ travelerID: 1, fields: gusFields }] }, gus)).body.api_code).toBe(16);
    // Alice's offer is not Gus's to buy.
    const alicesOffer = await firstOffer(alice);
    expect((await add({ choiceIDs: [alicesOffer.id], travelers: [{ travelerID: 1, fields: gusFields }] }, gus)).body.api_code).toBe(16);
    expect((await api.call('POST', '/api/v1/cart/add?version=v2', { body: { choiceIDs: [offer.id], travelers: [] } })).status).toBe(401);
  });

  it('keeps seat wishes among the placement options of the chosen trains, and names any other (17)', async () => {
    const offer = await firstOffer(alice);
    const body = { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: entityId };
    expect((await add({ ...body, placementWishes: { position: 'window' } })).status).toBe(200);
    const wrong = await add({ ...body, placementWishes: { position: 'roof', meal: 'vegetarian' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      api_code: 17,
      fields: { 'placementWishes.position': 'SELECT_VALID_VALUE', 'placementWishes.meal': 'SELECT_VALID_VALUE' },
    });
  });

  it('refuses a traveller count that does not match the search', async () => {
    const offer = await firstOffer(alice, { nb_travelers: 2 });
    const res = await add({ choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: entityId });
    expect(res.body.api_code).toBe(14);
  });
});
