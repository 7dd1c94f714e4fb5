import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { freshDatabase } from '@test/support/databases';

type App = Awaited<ReturnType<typeof buildApp>>;
const HOUR = 3_600_000;

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

const move = (app: App, body: unknown, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/dev/clock', payload: body as object, remoteAddress, headers });

describe('the journeys’ clock (TEST_CLOCK=1)', () => {
  let server: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => (server = await appWith({ TEST_CLOCK: '1' })));
  afterAll(() => server.close());

  it('moves the server’s time forward, and back to the real time', async () => {
    // The server's time is read between the real times taken before and after the call: no window to outlast.
    let before = Date.now();
    const res = await move(server.app, { advanceMinutes: 720 });
    let after = Date.now();
    expect(res.statusCode).toBe(200);
    const { now, offsetMinutes } = res.json().result;
    expect(offsetMinutes).toBe(720);
    expect(Date.parse(now)).toBeGreaterThanOrEqual(before + 12 * HOUR);
    expect(Date.parse(now)).toBeLessThanOrEqual(after + 12 * HOUR);
    before = Date.now();
    const reset = await move(server.app, { reset: true });
    after = Date.now();
    expect(reset.json().result.offsetMinutes).toBe(0);
    expect(Date.parse(reset.json().result.now)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(reset.json().result.now)).toBeLessThanOrEqual(after);
  });

  it('refuses a bad move (400) and answers nothing but the machine itself (404), whatever X-Forwarded-For says', async () => {
    expect((await move(server.app, { advanceMinutes: -5 })).statusCode).toBe(400);
    expect((await move(server.app, { advanceMinutes: 10, reset: true })).statusCode).toBe(400);
    expect((await move(server.app, { advanceMinutes: 10 }, '10.1.2.3')).statusCode).toBe(404);
    expect((await move(server.app, { advanceMinutes: 10 }, '10.1.2.3', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '::1' })).statusCode).toBe(200);
  });
});

it('is not there without TEST_CLOCK', async () => {
  const server = await appWith({});
  try {
    expect((await move(server.app, { advanceMinutes: 10 })).statusCode).toBe(404);
  } finally {
    await server.close();
  }
});
