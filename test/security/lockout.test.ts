import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api, DEMO_PASSWORD } from '../support/api';

/**
 * Item 3: five wrong passwords used to lock the real user out for 15 minutes, from
 * anywhere. Failures now count per (username, client address) and per address.
 */
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const WINDOW = 15 * 60_000;
const attempt = (username: string, password: string, from: string) =>
  api.call('POST', '/api/v1/user/login', { body: { username, password }, remoteAddress: from });
const statusOf = async (username: string, password: string, from: string) => (await attempt(username, password, from)).status;

/** Fails `n` times for `username` from `from`, waiting out each growing delay. */
async function failTimes(username: string, from: string, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await attempt(username, `wrong-${i}`, from);
    if (res.status === 429) {
      api.clock.advance(Number(res.headers['retry-after']) * 1000);
      i--;
      continue;
    }
    expect(res.status).toBe(401);
  }
}

describe('an attacker guessing a password', () => {
  it('locks only their own client: the real user signs in from elsewhere, with the spec’s lock message for the attacker', async () => {
    await failTimes('alice', '203.0.113.7', 5);
    const attacker = await attempt('alice', DEMO_PASSWORD, '203.0.113.7');
    expect(attacker.status).toBe(429);
    expect(attacker.body).toMatchObject({ api_code: 104, errorMessage: 'Trop de tentatives : réessayez dans quelques minutes.' });
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(60);

    expect(await statusOf('alice', DEMO_PASSWORD, '198.51.100.20')).toBe(200);
    // The real user's success does not lift the attacker's lock.
    expect(await statusOf('alice', DEMO_PASSWORD, '203.0.113.7')).toBe(429);
    api.clock.advance(WINDOW);
  });

  it('waits longer after each failure, then is locked until the window slides', async () => {
    const from = '203.0.113.8';
    expect(await statusOf('bob', 'bad-1', from)).toBe(401);
    expect(await statusOf('bob', 'bad-2', from)).toBe(401);
    const waits = [];
    for (let i = 3; i <= 5; i++) {
      const early = await attempt('bob', `bad-${i}`, from);
      expect(early.status).toBe(429);
      waits.push(Number(early.headers['retry-after']));
      expect(early.body.errorMessage).toBe(`Trop de tentatives : réessayez dans ${waits.at(-1)} s.`);
      api.clock.advance(waits.at(-1)! * 1000);
      expect(await statusOf('bob', `bad-${i}`, from)).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);

    const locked = await attempt('bob', DEMO_PASSWORD, from);
    expect(locked.status).toBe(429);
    const lockedFor = Number(locked.headers['retry-after']);
    api.clock.advance((lockedFor - 1) * 1000);
    expect(await statusOf('bob', DEMO_PASSWORD, from)).toBe(429);
    api.clock.advance(1000);
    expect(await statusOf('bob', DEMO_PASSWORD, from)).toBe(200);
  });

  it('cannot get past the limit by sending its guesses in parallel', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => statusOf('carol', `parallel-${i}`, '203.0.113.9')));
    expect(answers.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
    expect(await statusOf('carol', DEMO_PASSWORD, '198.51.100.21')).toBe(200);
    api.clock.advance(WINDOW);
  });

  it('is limited per address across usernames, and one IPv6 /64 counts as one address', async () => {
    for (let i = 0; i < 30; i++) expect(await statusOf(`ghost${i}`, 'x', `2001:db8:1:2::${(i + 1).toString(16)}`)).toBe(401);
    const res = await attempt('gus', DEMO_PASSWORD, '2001:db8:1:2:ffff::1');
    expect(res.status).toBe(429);
    expect(res.body.api_code).toBe(104);
    expect(await statusOf('gus', DEMO_PASSWORD, '2001:db8:1:3::1')).toBe(200);
    api.clock.advance(WINDOW);
    expect(await statusOf('gus', DEMO_PASSWORD, '2001:db8:1:2::1')).toBe(200);
  });
});
