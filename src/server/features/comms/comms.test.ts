import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startApi, type Api } from '@test/support/api';
import { commsSchema } from '@contract/comms';
import { envelope } from '@contract/envelope';
import { agencies, companies, entities, type AgencyCommunication } from '@server/db/schema';

let api: Api;
let acmeEntity: string;
let globexEntity: string;

const comm = (id: string, support: string, scope: Partial<AgencyCommunication> = {}): AgencyCommunication => ({
  id,
  support,
  companyId: null,
  entityId: null,
  level: 'info',
  message: { fr: `fr ${id}`, en: `en ${id}` },
  ...scope,
});

beforeAll(async () => {
  api = await startApi();
  const all = await api.db.select().from(companies);
  const acme = all.find((c) => c.name.startsWith('Acme'))!;
  const globex = all.find((c) => c.name.startsWith('Globex'))!;
  const [paris] = await api.db.select({ id: entities.id }).from(entities).where(eq(entities.companyId, acme.id)).limit(1);
  const [lab] = await api.db.insert(entities).values({ companyId: globex.id, name: 'Globex Lab' }).returning();
  acmeEntity = paris!.id;
  globexEntity = lab!.id;
  // Written before the first request: the agency is cached per app for 30 s.
  await api.db.update(agencies).set({
    communications: [
      comm('global-cart', 'cart', { level: 'warning' }),
      comm('global-search', 'search'),
      comm('acme-cart', 'cart', { companyId: acme.id }),
      comm('acme-entity-cart', 'cart', { companyId: acme.id, entityId: acmeEntity }),
      comm('globex-cart', 'cart', { companyId: globex.id }),
      comm('globex-entity-cart', 'cart', { companyId: null, entityId: globexEntity }),
      comm('acme-entity-results', 'results', { companyId: acme.id, entityId: acmeEntity }),
      comm('acme-account', 'account', { companyId: acme.id }),
    ],
  });
});
afterAll(() => api.close());

const comms = async (query: string, opts: { token?: string; lang?: string } = {}) => {
  const res = await api.call('GET', `/api/v1/comms${query}`, { token: opts.token, headers: opts.lang ? { 'accept-language': opts.lang } : {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(envelope(commsSchema).safeParse(res.body).success).toBe(true);
  return res.body.result as Record<string, { id: string; level: string; message: string }[]>;
};
const ids = (answer: Record<string, { id: string }[]>) => Object.fromEntries(Object.entries(answer).map(([k, v]) => [k, v.map((m) => m.id)]));

describe('GET /comms (spec 2 §7)', () => {
  it('answers the messages keyed by support type, global and of the caller’s company', async () => {
    const alice = await api.login('alice');
    expect(ids(await comms('', { token: alice }))).toEqual({ cart: ['global-cart', 'acme-cart'], search: ['global-search'], account: ['acme-account'] });
    expect(ids(await comms('?support=cart', { token: alice }))).toEqual({ cart: ['global-cart', 'acme-cart'] });
  });

  it('adds an entity’s messages only for an entity of the caller’s company', async () => {
    const alice = await api.login('alice');
    expect(ids(await comms(`?support=cart&entityId=${acmeEntity}`, { token: alice })).cart).toEqual(['global-cart', 'acme-cart', 'acme-entity-cart']);
    expect(ids(await comms(`?support=cart&entityId=${globexEntity}`, { token: alice })).cart).toEqual(['global-cart', 'acme-cart']);
  });

  it('answers every page of the product: results of an entity, checkout, the account area', async () => {
    const alice = await api.login('alice');
    expect(ids(await comms(`?support=results&entityId=${acmeEntity}`, { token: alice }))).toEqual({ results: ['acme-entity-results'] });
    expect(ids(await comms('?support=results', { token: alice }))).toEqual({});
    expect(ids(await comms('?support=checkout', { token: alice }))).toEqual({});
    expect(ids(await comms('?support=account', { token: alice }))).toEqual({ account: ['acme-account'] });
  });

  it('shows global messages only to someone signed out, in the asked language', async () => {
    const answer = await comms('?support=cart', { lang: 'en' });
    expect(answer).toEqual({ cart: [{ id: 'global-cart', level: 'warning', message: 'en global-cart' }] });
    expect((await comms('?support=tickets')).tickets).toBeUndefined();
  });

  it('refuses an unknown support type', async () => {
    const res = await api.call('GET', '/api/v1/comms?support=nope');
    expect(res.status).toBe(400);
  });
});
