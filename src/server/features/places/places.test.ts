import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startApi, type Api } from '@test/support/api';
import { envelope } from '@contract/envelope';
import { placeSchema } from '@contract/places';
import { PLACE_QUERY_MAX } from '@contract/search-limits';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

type P = { ID: string; name: string; type: string; city: string; country: string; lat: number; lon: number; src?: string };
const places = async (query: string, opts: { token?: string; lang?: string } = {}) => {
  const res = await api.call('GET', `/api/v1/places${query}`, { token: opts.token, headers: opts.lang ? { 'accept-language': opts.lang } : {} });
  return { status: res.status, body: res.body, list: (res.body?.result ?? []) as P[] };
};
const SUGGESTED = ['Paris', 'Lyon', 'Marseille', 'Bordeaux', 'Lille', 'Toulouse', 'Nantes', 'Strasbourg', 'Nice', 'Montpellier'];

describe('GET /places', () => {
  it('ranks the city first for the start of its name, with the place fields of the spec', async () => {
    const { status, list } = await places('?q=par');
    expect(status).toBe(200);
    expect(list[0]).toMatchObject({ ID: 'city:paris', name: 'Paris', type: 'city', country: 'FR' });
    expect(Object.keys(list[0]!)).toEqual(
      expect.arrayContaining(['ID', 'name', 'description', 'type', 'lat', 'lon', 'city', 'country', 'zip_code', 'formatted_address', 'provider_codes']),
    );
    expect(list.length).toBeLessThanOrEqual(10);
  });

  it('answers in the contract shape for every kind of query', async () => {
    const schema = envelope(z.array(placeSchema));
    for (const q of ['?q=par', '?q=', '?q=cdg&types=airport', '?q=gare%20de%20lyon'])
      expect(schema.safeParse((await places(q, { token: await api.login('alice') })).body).success, q).toBe(true);
  });

  it('ignores accents and case', async () => {
    for (const q of ['GENEVE', 'genève', 'Genève']) expect((await places(`?q=${encodeURIComponent(q)}`)).list[0]?.name).toBe('Genève');
    const tgv = (await places('?q=lyon%20part%20dieu')).list[0];
    expect(tgv?.name).toBe('Lyon Part-Dieu');
  });

  it('matches word starts: "st ex" finds Saint-Exupéry, "gare de lyon" finds Paris Gare de Lyon', async () => {
    const stEx = (await places('?q=st%20ex')).list.map((p) => p.name);
    expect(stEx.some((n) => /Saint-Exup[ée]ry/.test(n))).toBe(true);
    expect((await places('?q=gare%20de%20lyon')).list[0]?.name).toBe('Paris Gare de Lyon');
    expect((await places('?q=CDG')).list[0]?.ID).toBe('airport:CDG');
  });

  it('filters by types', async () => {
    const airports = (await places('?q=paris&types=airport')).list;
    expect(airports.length).toBeGreaterThanOrEqual(2);
    expect(new Set(airports.map((p) => p.type))).toEqual(new Set(['airport']));
    const stations = (await places('?q=paris&types=station')).list;
    expect(stations.map((p) => p.name)).toEqual(expect.arrayContaining(['Paris Gare de Lyon']));
    expect(stations.every((p) => p.type === 'station')).toBe(true);
    const trip = (await places('?q=lyon&types=airport,station,city')).list;
    expect(new Set(trip.map((p) => p.type))).toEqual(new Set(['city', 'station', 'airport']));
  });

  it('speaks English when asked', async () => {
    expect((await places('?q=londres', { lang: 'en' })).list[0]?.name).toBe('London');
    expect((await places('?q=london', { lang: 'fr' })).list[0]?.name).toBe('Londres');
  });

  it('answers an empty list when nothing matches', async () => {
    const { status, list } = await places('?q=zzqxw');
    expect(status).toBe(200);
    expect(list).toEqual([]);
  });

  it('offers the ten suggested French cities for an empty or one-space query', async () => {
    for (const q of ['', '?q=', '?q=%20']) expect((await places(q)).list.map((p) => p.name)).toEqual(SUGGESTED);
  });

  it("adds the signed-in user's company addresses to the suggestions, and only theirs", async () => {
    const alice = (await places('?q=', { token: await api.login('alice') })).list;
    expect(alice.slice(0, 10).map((p) => p.name)).toEqual(SUGGESTED);
    expect(alice.slice(10)).toEqual([
      expect.objectContaining({ name: 'Acme – Paris HQ', src: 'company' }),
      expect.objectContaining({ name: 'Acme – Lyon Plant', src: 'company' }),
    ]);
    expect((await places('?q=', { token: await api.login('gus') })).list).toHaveLength(10);
    // A stale token on this public call is ignored, not an error.
    expect((await places('?q=', { token: 'x'.repeat(43) })).status).toBe(200);
  });

  it('rejects bad input with 400 code 17', async () => {
    for (const q of ['?types=planet', `?q=${'a'.repeat(101)}`, '?q=a%00b', '?types=city,,moon']) {
      const res = await places(q);
      expect(res.status, q).toBe(400);
      expect(res.body.api_code).toBe(17);
    }
  });

  it(`refuses a query longer than ${PLACE_QUERY_MAX} characters by naming q as too long, and answers one of exactly ${PLACE_QUERY_MAX}`, async () => {
    const tooLong = await places(`?q=${'paris '.repeat(232).slice(0, 1390)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ api_code: 17, fields: { q: 'TOO_LONG' } });
    expect((await places(`?q=${'a'.repeat(PLACE_QUERY_MAX)}`)).status).toBe(200);
  });

  it('needs the Api-Key like every call', async () => {
    expect((await api.call('GET', '/api/v1/places?q=par', { apiKey: null })).status).toBe(401);
  });
});
