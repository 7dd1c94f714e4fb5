import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';

let api: Api;
let token: string;
beforeAll(async () => {
  api = await startApi();
  token = await api.login('alice');
});
afterAll(() => api.close());

const junk: unknown[] = [
  undefined,
  {},
  [],
  'text',
  42,
  null,
  { username: { $ne: null }, password: ['x'] },
  { token: 'é'.repeat(5000) },
  { email: '\u0000', firstname: '\uD800', lastname: '🚄'.repeat(2000) },
  Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i])),
];

// Every documented operation, fed junk, answers a clear 4xx envelope: never a 500.
it('answers every API operation fed malformed bodies with a 4xx and an api_code', async () => {
  const doc = (await api.call('GET', '/api/docs/json', { apiKey: null })).body as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => [m.toUpperCase(), path.replace(/\{[^}]+\}/g, 'x%00%F0%9F%9A%84')] as const),
  );
  expect(operations.length).toBeGreaterThanOrEqual(9);
  for (const [method, url] of operations) {
    for (const body of method === 'GET' ? [undefined] : junk) {
      for (const auth of [undefined, token]) {
        const res = await api.call(method as never, url, {
          body: body === undefined ? undefined : JSON.stringify(body),
          token: auth,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status, `${method} ${url} ${JSON.stringify(body)?.slice(0, 30)}`).toBeLessThan(500);
        if (res.status >= 400) expect(typeof res.body.api_code).toBe('number');
      }
    }
  }
});
