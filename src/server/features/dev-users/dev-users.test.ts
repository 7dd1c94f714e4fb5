import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { DEMO_API_KEY, DEMO_PASSWORD } from '@server/db/seed';
import { freshDatabase } from '@test/support/databases';

async function appWith(env: Record<string, string>) {
  const database = await freshDatabase();
  const app = await buildApp({ db: database.db, config: loadConfig({ NODE_ENV: 'test', DIST_DIR: '/nonexistent', ...env }), logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

type App = Awaited<ReturnType<typeof appWith>>['app'];
const twin = (app: App, body: unknown, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/dev/users', payload: body as object, remoteAddress });
const me = async (app: App, username: string) => {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    headers: { 'api-key': DEMO_API_KEY },
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  const token = login.json().result.token as string;
  return (await app.inject({ method: 'GET', url: '/api/v1/user/', headers: { 'api-key': DEMO_API_KEY, authorization: `Bearer ${token}` } })).json().result;
};

describe('the journeys’ own users (TEST_CLOCK=1)', () => {
  let server: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => (server = await appWith({ TEST_CLOCK: '1' })));
  afterAll(() => server.close());

  it('makes an active twin of a demo user: same company, permissions and flags, signs in with the same password', async () => {
    const res = await twin(server.app, { like: 'alice', username: 'alice-twin', lastname: 'Martinez' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toEqual({ username: 'alice-twin', email: 'alice-twin@acme.example' });
    const [alice, copy] = [await me(server.app, 'alice'), await me(server.app, 'alice-twin')];
    expect(copy).toMatchObject({
      firstname: 'Alice',
      lastname: 'Martinez',
      email: 'alice-twin@acme.example',
      phone: alice.phone,
      company_id: alice.company_id,
      perms: alice.perms,
      hasOpenJawSearchEnabled: true,
      canUseExpertMode: true,
    });
  });

  it('gives the twin the permissions asked for instead of the model’s', async () => {
    expect((await twin(server.app, { like: 'bob', username: 'bob-traveller', lastname: 'Voyageur', perms: [] })).statusCode).toBe(201);
    expect((await me(server.app, 'bob')).perms).toEqual(['approval']);
    expect((await me(server.app, 'bob-traveller')).perms).toEqual([]);
  });

  it('refuses a bad username (400), an unknown model (404) and anyone but the machine itself (404)', async () => {
    expect((await twin(server.app, { like: 'gus', username: 'Not A Name' })).statusCode).toBe(400);
    expect((await twin(server.app, { like: 'ghost', username: 'ghost-twin' })).statusCode).toBe(404);
    expect((await twin(server.app, { like: 'gus', username: 'gus-far' }, '203.0.113.9')).statusCode).toBe(404);
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/v1/user/login',
          headers: { 'api-key': DEMO_API_KEY },
          payload: { username: 'gus-far', password: DEMO_PASSWORD },
        })
      ).statusCode,
    ).not.toBe(200);
  });
});

describe('without TEST_CLOCK', () => {
  it('does not exist', async () => {
    const server = await appWith({});
    expect((await twin(server.app, { like: 'gus', username: 'gus-twin' })).statusCode).toBe(404);
    await server.close();
  });
});
