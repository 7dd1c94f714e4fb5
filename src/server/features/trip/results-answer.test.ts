import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startApi, type Api } from '@test/support/api';
import { envelope } from '@contract/envelope';
import { tripResultsSchema } from '@contract/trip';

/**
 * The results answers are written by a serializer of their own (routes.ts): each must be exactly
 * what the contract's schema encodes — every field valid, nothing the schema does not name.
 */
let api: Api;
let alice: string;
beforeAll(async () => {
  api = await startApi();
  alice = await api.login('alice');
});
afterAll(() => api.close());

const schema = envelope(tripResultsSchema);
const exactlyItsSchema = (body: unknown) => expect(body).toEqual(z.encode(schema, body as z.output<typeof schema>));

const search = (extra: Record<string, unknown>, token?: string) =>
  api.call('POST', '/api/v1/treep/search?version=v2', {
    body: {
      origin: 'city:paris',
      destination: 'city:nice',
      datetime: '2026-11-23T07:00',
      nb_travelers: 1,
      travelers: [{ id: 1 }],
      filters: { rail: true, flight: true },
      ...extra,
    },
    token,
  });

describe('trip results answers', () => {
  it('are exactly their schema: trains and flights, signed in (compliance tags) and anonymous', async () => {
    for (const token of [alice, undefined]) {
      const res = await search({}, token);
      expect(res.status).toBe(200);
      expect(res.body.result.proposals.length).toBeGreaterThan(10);
      exactlyItsSchema(res.body);
    }
  });

  it('are exactly their schema for a round trip, a connection abroad, and the next and previous pages', async () => {
    const outward = await search({ return_datetime: '2026-11-25T17:00' }, alice);
    exactlyItsSchema(outward.body);
    const choiceID = outward.body.result.proposals[0].choices[0].id;
    const back = await search({ return_datetime: '2026-11-25T17:00', outward: { choiceID } }, alice);
    expect(back.body.result.leg).toBe('return');
    exactlyItsSchema(back.body);
    exactlyItsSchema((await search({ origin: 'city:agen', destination: 'city:annemasse' })).body);
    for (const direction of ['next', 'previous']) {
      const page = await api.call('POST', `/api/v1/treep/${direction}`, { body: { searchID: outward.body.result.searchID }, token: alice });
      expect(page.status).toBe(200);
      exactlyItsSchema(page.body);
    }
  });

  it('still answer a refused search with the error envelope', async () => {
    const res = await search({ origin: 'city:nowhere' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ api_code: expect.any(Number), msg: expect.any(String) });
  });
});
