import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { DatabaseRateLimitStore } from '@server/platform/rate-limit';
import { freshDatabase } from '../support/databases';
import { DEMO_API_KEY, startApi, type Api } from '../support/api';

const forgot = (api: Api, remoteAddress: string, headers: Record<string, string> = {}) =>
  api.call('POST', '/api/v1/user/forgot', { body: { username: 'alice' }, remoteAddress, headers });

describe('rate limits count the connection, not X-Forwarded-For', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi({ mailingRateLimit: 3, trustProxy: ['10.0.0.1'] });
  });
  afterAll(() => api.close());

  it('a client that invents a new X-Forwarded-For on every call is still limited', async () => {
    for (let i = 0; i < 3; i++) expect((await forgot(api, '198.51.100.7', { 'x-forwarded-for': `203.0.113.${i}` })).status).toBe(200);
    const blocked = await forgot(api, '198.51.100.7', { 'x-forwarded-for': '203.0.113.99' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.api_code).toBe(104);
    // Someone else is not limited by it.
    expect((await forgot(api, '198.51.100.8')).status).toBe(200);
  });

  it('behind a trusted proxy, each client it names is counted on its own', async () => {
    for (let i = 0; i < 3; i++) expect((await forgot(api, '10.0.0.1', { 'x-forwarded-for': '203.0.113.50' })).status).toBe(200);
    expect((await forgot(api, '10.0.0.1', { 'x-forwarded-for': '203.0.113.50' })).status).toBe(429);
    expect((await forgot(api, '10.0.0.1', { 'x-forwarded-for': '203.0.113.51' })).status).toBe(200);
  });
});

describe('rate limits shared by several API processes on one database', () => {
  it('counts the calls every process answered', async () => {
    const database = await freshDatabase();
    const config = { ...loadConfig({ NODE_ENV: 'test', DIST_DIR: '/nonexistent' }), mailingRateLimit: 4 };
    const apps = [
      await buildApp({ db: database.db, config, logger: false, rateLimitStore: 'database' }),
      await buildApp({ db: database.db, config, logger: false, rateLimitStore: 'database' }),
    ];
    try {
      const call = (i: number, remoteAddress = '198.51.100.20') =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/v1/user/forgot',
          headers: { 'api-key': DEMO_API_KEY },
          payload: { username: 'alice' },
          remoteAddress,
        });
      for (let i = 0; i < 4; i++) expect((await call(i)).statusCode).toBe(200);
      expect((await call(0)).statusCode).toBe(429);
      expect((await call(1)).statusCode).toBe(429);
      expect((await call(0, '198.51.100.21')).statusCode).toBe(200);
    } finally {
      for (const app of apps) await app.close();
      await database.close();
    }
  });

  it('starts a new window once the last one has passed, on the database clock', async () => {
    const database = await freshDatabase();
    try {
      const incr = (store: DatabaseRateLimitStore, windowMs: number, client = '198.51.100.30') =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(client, (err, res) => (err ? reject(err) : resolve(res!)), windowMs));
      // Two processes' stores for the same route.
      const [one, two] = [new DatabaseRateLimitStore(database.db, 'POST /user/forgot'), new DatabaseRateLimitStore(database.db, 'POST /user/forgot')];
      expect((await incr(one, 60_000)).current).toBe(1);
      const second = await incr(two, 60_000);
      expect(second.current).toBe(2);
      expect(second.ttl).toBeGreaterThan(0);
      expect(second.ttl).toBeLessThanOrEqual(60_000);
      // Another route's limit is another counter.
      expect((await incr(new DatabaseRateLimitStore(database.db, 'POST /user/signin'), 60_000)).current).toBe(1);
      // A short window, then past it: counting starts again.
      expect((await incr(one, 50, '198.51.100.31')).current).toBe(1);
      await new Promise((r) => setTimeout(r, 100));
      expect((await incr(two, 50, '198.51.100.31')).current).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe('anonymous trip searches are limited per client', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi({ anonymousSearchRateLimit: 3 });
  });
  afterAll(() => api.close());

  const body = {
    origin: 'city:paris',
    destination: 'city:lyon',
    datetime: '2026-11-23T07:00',
    represents: 'departure',
    nb_travelers: 1,
    travelers: [{ id: 1, age_cat: '30-59' }],
    filters: { rail: true, flight: false },
  };
  const search = (remoteAddress: string, token?: string) => api.call('POST', '/api/v1/treep/search?version=v2', { body, remoteAddress, token });

  it('answers 429 with its own api_code once a client passed the limit; pages count too; signed-in users are not limited', async () => {
    const first = await search('198.51.100.40');
    expect(first.status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await search('198.51.100.40')).status).toBe(200);

    const blocked = await search('198.51.100.40');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ api_code: 120, msg: 'TOO_MANY_SEARCHES', errorMessage: expect.stringMatching(/recherches/) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const page = await api.call('POST', '/api/v1/treep/next', { body: { searchID: first.body.result.searchID }, remoteAddress: '198.51.100.40' });
    expect(page.status).toBe(429);

    expect((await search('198.51.100.40', await api.login('alice'))).status).toBe(200);
    expect((await search('198.51.100.41')).status).toBe(200);
  });
});
