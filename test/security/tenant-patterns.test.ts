import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startApi, type Api } from '../support/api';
import { SECOND_API_KEY } from '../factories/second-agency';
import { companies, users } from '@server/db/schema';
import type { Link } from '@contract/link';

/**
 * A travel manager writes their company's analytics patterns; checkout runs them on every answer.
 * The worst backtracking pattern must not hold the server: while Acme's checkout checks it against
 * an evil value, another agency's `GET /agency` answers at once (with `RegExp`, 28 `a` and a `!`
 * held the event loop for seconds, 40 for hours).
 */

let api: Api;
let maya: string;
let alice: string;
let acmeId: string;
let entityId: string;
let offerId: string;

beforeAll(async () => {
  api = await startApi();
  maya = await api.login('maya');
  alice = await api.login('alice');
  acmeId = (await api.db.select({ id: users.companyId }).from(users).where(eq(users.username, 'alice')))[0]!.id!;
  entityId = (await api.call('GET', '/api/v1/user/', { token: alice })).body.result.entities[0].uid;
  const search = await api.call('POST', '/api/v1/treep/search?version=v2', {
    token: alice,
    body: { origin: 'city:paris', destination: 'city:lyon', datetime: '2026-11-23T07:00', nb_travelers: 1, filters: { rail: true, flight: false } },
  });
  type Offer = { id: string; cabin: string; price: number; roundTrip: boolean };
  const offers: Offer[] = search.body.result.proposals.flatMap((p: { offers: Offer[] }) => p.offers);
  offerId = offers.find((o) => !o.roundTrip && o.cabin === 'second' && o.price <= 15_000)!.id;
});
afterAll(() => api.close());

const field = (regex: string) => ({
  name: 'project_code',
  label: { fr: 'Projet', en: 'Project' },
  level: 'travel',
  required: true,
  values: [],
  valueCodes: [],
  regex,
  regexDesc: { fr: 'Des a.', en: 'Some a.' },
});
const saveAnalytics = async (...regexes: string[]) => {
  const admin = (await api.call('GET', `/api/v1/companies/${acmeId}/admin`, { token: maya })).body.result;
  const link = admin.links.updateAnalytics as Link;
  return api.call(link.method, link.href, { token: maya, body: { fields: regexes.map((r, i) => ({ ...field(r), name: `code_${i}` })) } });
};
async function cartTravel() {
  const res = await api.call('POST', '/api/v1/cart/add?version=v2', {
    token: alice,
    body: {
      choiceIDs: [offerId],
      travelers: [
        {
          travelerID: 1,
          fields: {
            gender: 'MS',
            firstname: 'Alice',
            lastname: 'Martin',
            birthdate: '1988-04-02',
            contact_email: 'alice@acme.example',
            contact_phone: '0601020304',
          },
        },
      ],
      entity_id: entityId,
    },
  });
  expect(res.status).toBe(200);
  return res.body.result.travel as { id: string; version: number; links: Record<string, Link> };
}
const fill = (travel: Awaited<ReturnType<typeof cartTravel>>, value: string) =>
  api.call(travel.links.fillAnalytics!.method, travel.links.fillAnalytics!.href, {
    token: alice,
    headers: { 'if-match': String(travel.version) },
    body: { fields: [{ name: 'code_0', value }] },
  });

describe('a company pattern at checkout', () => {
  it('checks the worst pattern against an evil value while another agency is answered at once', async () => {
    expect((await saveAnalytics('^(a+)+$')).status).toBe(200);
    const travel = await cartTravel();
    // Another tenant calls again and again while the evil answer is being checked.
    let checking = true;
    const waits: number[] = [];
    const otherAgency = (async () => {
      while (checking) {
        const start = performance.now();
        const res = await api.call('GET', '/api/v1/agency', { apiKey: SECOND_API_KEY });
        waits.push(performance.now() - start);
        expect(res.body.result.name).toBe('Alpine Business Travel');
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    const evil = await fill(travel, `${'a'.repeat(28)}!`);
    checking = false;
    await otherAgency;
    expect(evil.status).toBe(400);
    expect(evil.body).toMatchObject({ api_code: 70, fields: { 'fields.code_0': 'FORMAT_INVALID' } });
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeLessThan(200);

    // 40 a and a ! (hours for a backtracking engine) is refused as fast; a matching value is taken.
    const start = performance.now();
    expect((await fill(travel, `${'a'.repeat(40)}!`)).body.fields).toEqual({ 'fields.code_0': 'FORMAT_INVALID' });
    expect(performance.now() - start).toBeLessThan(1000);
    expect((await fill(travel, 'a'.repeat(40))).status).toBe(200);
  });

  it('refuses a patterned value over 100 characters with TOO_LONG', async () => {
    expect((await saveAnalytics('^[a-z]+$')).status).toBe(200);
    const travel = await cartTravel();
    const res = await fill(travel, 'a'.repeat(101));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ api_code: 70, fields: { 'fields.code_0': 'TOO_LONG' } });
  });

  it('refuses, when saved, a pattern the linear-time engine cannot run, with the field error of a pattern that does not compile', async () => {
    const before = (await api.db.select({ rules: companies.checkoutRules }).from(companies).where(eq(companies.id, acmeId)))[0]!.rules;
    const res = await saveAnalytics('^[0-9]{6}$', '^(a)\\1$', '^(?=x)x$');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ api_code: 17, fields: { 'fields.1.regex': 'REGEX_INVALID', 'fields.2.regex': 'REGEX_INVALID' } });
    expect(Object.keys(res.body.fields)).toEqual(['fields.1.regex', 'fields.2.regex']);
    const after = (await api.db.select({ rules: companies.checkoutRules }).from(companies).where(eq(companies.id, acmeId)))[0]!.rules;
    expect(after.analytics).toEqual(before.analytics);
  });
});
