import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { tripSearches } from '@server/db/schema';
import { findSearch } from '@server/db/trip-searches';

/** A search keeps what its next steps need, in a few kilobytes, and every next step still works from it. */
let api: Api;
let alice: string;
let entityId: string;
beforeAll(async () => {
  api = await startApi();
  alice = await api.login('alice');
  entityId = (await api.call('GET', '/api/v1/user/', { token: alice })).body.result.entities[0].uid;
});
afterAll(() => api.close());

type Section = { departure: string; arrival: string; transportNumber: string };
type Offer = { id: string; name: string; price: number; roundTrip: boolean; links: { fullfareConditions: { href: string } } };
type Proposal = {
  type: string;
  departure: string;
  arrival: string;
  sections: Section[];
  offers: Offer[];
  choices: { links: { getMoreChoices?: { href: string } } }[];
};

const search = async (destination: string) => {
  const res = await api.call('POST', '/api/v1/treep/search?version=v2', {
    body: { origin: 'city:paris', destination, datetime: '2026-11-23T07:00', nb_travelers: 1, travelers: [{ id: 1 }], filters: { rail: true, flight: true } },
    token: alice,
  });
  expect(res.status).toBe(200);
  return res.body.result as { searchID: string; proposals: Proposal[] };
};

/** The bytes the row of a search takes in the database, as stored (after any compression). */
async function storedBytes(searchID: string): Promise<number> {
  const result = (await api.db.execute(
    sql`select pg_column_size(request) + pg_column_size(journeys) as bytes from trip_searches where id = ${searchID}`,
  )) as unknown as { rows: { bytes: number }[] };
  return Number(result.rows[0]!.bytes);
}

const alicesFields = {
  gender: 'MS',
  firstname: 'Alice',
  lastname: 'Martin',
  birthdate: '1988-04-02',
  contact_email: 'alice@acme.example',
  contact_phone: '0601020304',
};

describe('a stored trip search', () => {
  it('takes under 12 KB for a Paris → Nice answer of trains and flights whose JSON is over 60 KB', async () => {
    const results = await search('city:nice');
    expect(results.proposals.filter((p) => p.type === 'rail').length).toBeGreaterThanOrEqual(5);
    expect(results.proposals.filter((p) => p.type === 'flight').length).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(results).length).toBeGreaterThan(60_000);
    expect(await storedBytes(results.searchID)).toBeLessThan(12_000);
  });

  it('still answers more choices, fare conditions and add to cart with the train the results showed', async () => {
    const results = await search('city:lyon');
    const train = results.proposals.filter((p) => p.type === 'rail').at(-1)!;
    const more = await api.call('GET', train.choices.find((c) => c.links.getMoreChoices)!.links.getMoreChoices!.href, { token: alice });
    expect(more.status).toBe(200);
    expect(more.body.result.offers.length).toBeGreaterThan(1);
    const offer = train.offers.find((o) => !o.roundTrip)!;
    const conditions = await api.call('GET', offer.links.fullfareConditions.href, { token: alice });
    expect(conditions.body.result).toMatchObject({ offerID: offer.id, name: offer.name });

    const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
      body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: entityId },
      token: alice,
    });
    expect(added.status).toBe(200);
    const [product] = added.body.result.travel.products as {
      price: { amount: string };
      routes: { departure: string; arrival: string; transportation: { number: string } }[];
    }[];
    expect(product!.price.amount).toBe((offer.price / 100).toFixed(2));
    expect(product!.routes.map((r) => [r.departure, r.arrival, r.transportation.number])).toEqual(
      train.sections.map((s) => [s.departure, s.arrival, s.transportNumber]),
    );
  });

  it.each([
    ['stored before compression (plain JSON, as the migration converts it)', (json: string) => Buffer.from(json)],
    ['stored as deflated JSON (before V8’s format)', (json: string) => zlib.deflateSync(json, { level: 3 })],
  ])('%s, still answers its fare conditions', async (_, encode) => {
    const results = await search('city:lyon');
    const [row] = await api.db
      .select({ agencyId: tripSearches.agencyId, userId: tripSearches.userId })
      .from(tripSearches)
      .where(eq(tripSearches.id, results.searchID));
    const { journeys } = (await findSearch(api.db, results.searchID, row!.agencyId, row!.userId))!;
    await api.db
      .update(tripSearches)
      .set({ journeys: new Uint8Array(encode(JSON.stringify(journeys))) })
      .where(eq(tripSearches.id, results.searchID));

    const offer = results.proposals[0]!.offers[0]!;
    const conditions = await api.call('GET', offer.links.fullfareConditions.href, { token: alice });
    expect(conditions.status).toBe(200);
    expect(conditions.body.result).toMatchObject({ offerID: offer.id, name: offer.name });
  });
});
