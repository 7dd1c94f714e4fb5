import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencies } from '@server/db/schema';
import { installErrorHandler } from '@server/platform/errors';
import { TtlLru } from '@server/platform/lru';
import { sha256 } from '@server/platform/secrets';
import { agencyCache, installTenancy } from '@server/platform/tenancy';
import { DEMO_API_KEY, startApi, type Api } from '../support/api';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('unknown Api-Keys are not remembered', () => {
  it('a thousand random keys leave the agency cache empty; a known key takes one entry', async () => {
    const cache = agencyCache();
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    installTenancy(app, { db: api.db }, cache);
    app.get('/api/v1/agency', async (request) => ({ name: request.agency?.name }));
    await app.ready();
    try {
      for (let i = 0; i < 1_000; i++) {
        const res = await app.inject({ method: 'GET', url: '/api/v1/agency', headers: { 'api-key': randomBytes(16).toString('hex') } });
        expect(res.statusCode).toBe(401);
      }
      expect(cache.size).toBe(0);
      for (let i = 0; i < 3; i++)
        expect((await app.inject({ method: 'GET', url: '/api/v1/agency', headers: { 'api-key': DEMO_API_KEY } })).json()).toEqual({ name: 'Escale Voyages' });
      expect(cache.size).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('a key refused a moment ago works as soon as its agency exists', async () => {
    const key = `new-agency-${randomBytes(8).toString('hex')}`;
    expect((await api.call('GET', '/api/v1/agency', { apiKey: key })).status).toBe(401);
    await api.db.insert(agencies).values({ name: 'Voyages Nouvelles', apiKeyHash: sha256(key), brandColor: '#1d4ed8', accentColor: '#0f766e' });
    const res = await api.call('GET', '/api/v1/agency', { apiKey: key });
    expect(res.status).toBe(200);
    expect(res.body.result.name).toBe('Voyages Nouvelles');
  });
});

describe('the agency cache', () => {
  it('holds at most its capacity, dropping the least recently used', () => {
    const cache = new TtlLru<string>({ capacity: 3, ttlMs: 60_000, now: () => 0 });
    for (const k of ['a', 'b', 'c']) cache.set(k, k);
    expect(cache.get('a')).toBe('a'); // a is now the most recent
    cache.set('d', 'd');
    expect(cache.size).toBe(3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual(['a', undefined, 'c', 'd']);
  });

  it('forgets an entry after its time to live', () => {
    let now = 0;
    const cache = new TtlLru<string>({ capacity: 3, ttlMs: 30_000, now: () => now });
    cache.set('a', 'a');
    now = 29_999;
    expect(cache.get('a')).toBe('a');
    now = 30_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
