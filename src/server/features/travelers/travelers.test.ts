import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';

let api: Api;
let alice: string;
beforeAll(async () => {
  api = await startApi();
  alice = await api.login('alice');
});
afterAll(() => api.close());

type T = { uid: string; type: string; firstname: string; lastname: string };

describe('GET /users/ (colleagues)', () => {
  it("finds colleagues of the caller's company by name, not the caller, limited", async () => {
    const all = (await api.call('GET', '/api/v1/users/?query=&limit=15', { token: alice })).body.result as T[];
    expect(all.map((u) => u.firstname).sort()).toEqual(['Bob', 'Carol', 'Maya', 'Sam']);
    const bob = (await api.call('GET', '/api/v1/users/?query=dur', { token: alice })).body.result as T[];
    expect(bob).toEqual([expect.objectContaining({ firstname: 'Bob', lastname: 'Durand', type: 'employee' })]);
    expect((await api.call('GET', '/api/v1/users/?limit=2', { token: alice })).body.result).toHaveLength(2);
  });
  it('shows another company nothing of Acme', async () => {
    const gus = await api.login('gus');
    expect((await api.call('GET', '/api/v1/users/?query=bob', { token: gus })).body.result).toEqual([]);
  });
  it('lets a travel agent list a customer company of the agency, and answers 404 (33) for any other company', async () => {
    const tina = await api.login('tina');
    const acme = (await api.call('GET', '/api/v1/user/', { token: alice })).body.result.company_id;
    const listed = (await api.call('GET', `/api/v1/users/?company_id=${acme}`, { token: tina })).body.result as T[];
    expect(listed.map((u) => u.firstname).sort()).toEqual(['Alice', 'Bob', 'Carol', 'Maya', 'Sam']);
    for (const other of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await api.call('GET', `/api/v1/users/?company_id=${other}`, { token: tina });
      expect(res.status).toBe(404);
      expect(res.body.api_code).toBe(33);
    }
  });
  it('treats % and _ in the query as text, and refuses signed-out callers', async () => {
    expect((await api.call('GET', '/api/v1/users/?query=%25', { token: alice })).body.result).toEqual([]);
    expect((await api.call('GET', '/api/v1/users/?query=a')).status).toBe(401);
  });
});

describe('guests', () => {
  it("lists the user's own guests, and adds one", async () => {
    const before = (await api.call('GET', '/api/v1/user/guests?query=', { token: alice })).body.result as T[];
    expect(before.map((g) => `${g.firstname} ${g.lastname}`)).toEqual(['Inès Benali', 'Jean Dupont']);
    const created = await api.call('POST', '/api/v1/user/guests', {
      token: alice,
      body: { gender: 'MS', firstname: 'Léa', lastname: 'Roux', birthdate: '1990-01-02' },
    });
    expect(created.status).toBe(201);
    expect(created.body.result).toMatchObject({ type: 'guest', firstname: 'Léa' });
    expect((await api.call('GET', '/api/v1/user/guests?query=rou', { token: alice })).body.result).toHaveLength(1);
    expect((await api.call('GET', '/api/v1/user/guests', { token: await api.login('bob') })).body.result).toEqual([]);
  });
  it('refuses a guest without a name or with a future birthdate', async () => {
    const res = await api.call('POST', '/api/v1/user/guests', { token: alice, body: { gender: 'MS', firstname: '', lastname: 'X', birthdate: '2099-01-01' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ firstname: 'PLEASE_FILL', birthdate: 'TOO_YOUNG' });
  });
  it.each([
    ['not a date', 'VALID_DATE'],
    ['02/01/1990', 'VALID_DATE'],
    ['xx/xx/xxxx', 'VALID_DATE'],
    ['1990-02-30', 'VALID_DATE'],
    ['1899-12-31', 'NOT_THAT_OLD'],
  ])('refuses the birthdate %s with %s, and takes an empty one as none', async (birthdate, key) => {
    const guest = (b: string) =>
      api.call('POST', '/api/v1/user/guests', { token: alice, body: { gender: 'MR', firstname: 'Paul', lastname: 'Nadal', birthdate: b } });
    const res = await guest(birthdate);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ api_code: 17, fields: { birthdate: key } });
    expect((await guest('')).body.result.birthdate).toBeNull();
  });
});
