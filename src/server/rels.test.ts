import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE, rels, routePath, type Rel } from '../contract/rels';
import { startApi, type Api } from '@test/support/api';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

it('answers every rel of the contract at its method and path', () => {
  const missing = (Object.keys(rels) as Rel[]).filter((rel) => !api.app.hasRoute({ method: rels[rel].method, url: API_BASE + routePath(rel) }));
  expect(missing).toEqual([]);
});
