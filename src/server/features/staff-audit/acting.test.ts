import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startApi, type Api } from '@test/support/api';
import { travels } from '@server/db/schema';

/**
 * Agency staff act for the agency's customers. Tina (travel agent) picks Acme, then Alice,
 * searches and books for her with Acme's rules (policy, analytics, approval); Alice sees the booking
 * with who booked it and what staff did; Arthur (assistance agent) must name a traveller first.
 */

let api: Api;
/** What the traveller step asks of Alice (a train: no passport). */
const alicesFields = {
  gender: 'MS',
  firstname: 'Alice',
  lastname: 'Martin',
  birthdate: '1988-04-02',
  contact_email: 'alice@acme.example',
  contact_phone: '0601020304',
};
type Session = { token: string; user: { uid: string; firstname: string; entities: { uid: string }[]; company_id: string | null } };
const people: Record<string, Session> = {};
let acme: { uid: string; name: string; entities: { uid: string; name: string }[] };
let globex: { uid: string };

const signIn = async (username: string) =>
  (await api.call('POST', '/api/v1/user/login', { body: { username, password: 'Escale2026!' } })).body.result as Session;

beforeAll(async () => {
  api = await startApi();
  for (const name of ['tina', 'arthur', 'alice', 'bob', 'gus']) people[name] = await signIn(name);
  const companies = (await api.call('GET', '/api/v1/companies/', { token: people.tina!.token })).body.result as (typeof acme)[];
  acme = companies.find((c) => c.name === 'Acme Industries')!;
  globex = companies.find((c) => c.name === 'Globex Consulting')!;
});
afterAll(() => api.close());

const searchBody = (extra: Record<string, unknown> = {}) => ({
  origin: 'city:paris',
  destination: 'city:lyon',
  datetime: '2026-11-23T07:00',
  represents: 'departure',
  nb_travelers: 1,
  travelers: [{ id: 1, profile_id: people.alice!.user.uid }],
  filters: { rail: true, flight: false },
  ...extra,
});
const search = (token: string, extra: Record<string, unknown> = {}) => api.call('POST', '/api/v1/treep/search?version=v2', { body: searchBody(extra), token });
type Offer = { id: string; roundTrip: boolean; tags: string[] };
const firstOffer = (res: { body: { result: { proposals: { offers: Offer[] }[] } } }) =>
  res.body.result.proposals.flatMap((p) => p.offers).find((o) => !o.roundTrip)!;

describe('GET /companies/ and the traveller pickers (agency staff)', () => {
  it('lists the agency’s customer companies with their entities, searchable by name; refused to travellers', async () => {
    const all = await api.call('GET', '/api/v1/companies/', { token: people.tina!.token });
    expect(all.status).toBe(200);
    expect(acme).toMatchObject({ name: 'Acme Industries', hotel_enabled: true, carrental_enabled: true });
    expect(acme.entities.map((e) => e.name).sort()).toEqual(['Lyon Plant', 'Paris HQ']);
    expect(globex).toBeDefined();
    const searched = await api.call('GET', '/api/v1/companies/?query=acm&limit=5', { token: people.arthur!.token });
    expect(searched.body.result.map((c: { name: string }) => c.name)).toEqual(['Acme Industries']);
    expect((await api.call('GET', '/api/v1/companies/?limit=1001', { token: people.tina!.token })).status).toBe(400);
    const alice = await api.call('GET', '/api/v1/companies/', { token: people.alice!.token });
    expect(alice.status).toBe(403);
    expect(alice.body.api_code).toBe(34);
  });

  it('finds the chosen company’s employees and guests; another company id is unknown (404)', async () => {
    const users = await api.call('GET', `/api/v1/users/?query=mart&company_id=${acme.uid}`, { token: people.tina!.token });
    expect(users.body.result.map((u: { firstname: string }) => u.firstname)).toEqual(['Alice']);
    const guests = await api.call('GET', `/api/v1/user/guests?query=dup&company_id=${acme.uid}`, { token: people.arthur!.token });
    expect(guests.body.result.map((g: { lastname: string }) => g.lastname)).toEqual(['Dupont']);
    // Without a company, staff have no guests of their own to offer.
    expect((await api.call('GET', '/api/v1/user/guests?query=dup', { token: people.tina!.token })).body.result).toEqual([]);
    expect((await api.call('GET', `/api/v1/users/?query=a&company_id=${randomUUID()}`, { token: people.tina!.token })).status).toBe(404);
  });
});

describe('searching and booking for a customer’s traveller', () => {
  it('applies the customer company’s policy to a travel agent’s search; a traveller naming another company gets 404', async () => {
    const forAcme = await search(people.tina!.token, { customer_id: acme.uid });
    expect(forAcme.status).toBe(200);
    expect(firstOffer(forAcme).tags.some((t) => t === 'compliant' || t === 'not-compliant')).toBe(true);
    // No customer named: no company, no verdict.
    const unnamed = await search(people.tina!.token, { travelers: [{ id: 1, age_cat: '30-59' }] });
    expect(unnamed.status).toBe(200);
    expect(firstOffer(unnamed).tags.filter((t) => t === 'compliant' || t === 'not-compliant')).toEqual([]);
    const stranger = await search(people.alice!.token, { customer_id: globex.uid });
    expect(stranger.status).toBe(404);
    expect(stranger.body.api_code).toBe(33);
    expect((await search(people.tina!.token, { customer_id: randomUUID() })).status).toBe(404);
  });

  it('refuses an assistance agent’s search without a company and a traveller of it (400, 150)', async () => {
    for (const extra of [{ travelers: [{ id: 1, age_cat: '30-59' }] }, { customer_id: acme.uid, travelers: [{ id: 1, age_cat: '30-59' }] }, {}]) {
      const res = await search(people.arthur!.token, extra);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.api_code).toBe(150);
    }
    // A traveller of another company is no one staff act for at Acme.
    expect((await search(people.arthur!.token, { customer_id: acme.uid, travelers: [{ id: 1, profile_id: people.gus!.user.uid }] })).body.api_code).toBe(150);
    expect((await search(people.arthur!.token, { customer_id: acme.uid })).status).toBe(200);
  });

  it('books for Alice with Acme’s rules; Alice sees it with who booked it and what staff did', async () => {
    const tina = people.tina!;
    const offer = firstOffer(await search(tina.token, { customer_id: acme.uid }));
    // The traveller step prefills Alice's record, her contact included — never Tina's.
    const step = await api.call('POST', '/api/v1/ticket/travelerForm', {
      body: { choiceIDs: [offer.id], travelers: [{ id: 1, profile_id: people.alice!.user.uid }] },
      token: tina.token,
    });
    expect(step.status, JSON.stringify(step.body).slice(0, 300)).toBe(200);
    const values = Object.fromEntries(
      (step.body.result.travelerForms[0].fieldsGroups as { fields: { name: string; value: string | null }[] }[]).flatMap((g) =>
        g.fields.map((f) => [f.name, f.value]),
      ),
    );
    expect(values).toMatchObject({ firstname: 'Alice', lastname: 'Martin', contact_email: 'alice@acme.example' });
    expect(step.body.result.travelerForms[0].profileID).toBe(people.alice!.user.uid);
    const add = (body: Record<string, unknown>) =>
      api.call('POST', '/api/v1/cart/add?version=v2', { body: { choiceIDs: [offer.id], entity_id: acme.entities[0]!.uid, ...body }, token: tina.token });
    // Staff name the traveller they book for.
    const unnamed = await add({ travelers: [{ travelerID: 1, fields: alicesFields }], customer_id: acme.uid });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.api_code).toBe(150);
    const added = await add({ travelers: [{ travelerID: 1, profile_id: people.alice!.user.uid, fields: alicesFields }], customer_id: acme.uid });
    expect(added.status, JSON.stringify(added.body).slice(0, 300)).toBe(200);
    const travel = added.body.result.travel;
    expect(travel.onBehalf).toEqual({
      company: { uid: acme.uid, name: 'Acme Industries' },
      traveler: { uid: people.alice!.user.uid, firstname: 'Alice', lastname: 'Martin' },
      bookedBy: { firstname: 'Tina', lastname: 'Garnier', role: 'travel_agent' },
    });
    // Acme's checkout: analytics and an approver to choose.
    expect(travel.context).toMatchObject({ needAllAnalytics: true, needSelectedApprover: true });
    // The cart is Tina's: Alice does not see it before checkout.
    expect((await api.call('GET', `/api/v1/v2/travels/${travel.id}`, { token: people.alice!.token })).status).toBe(404);
    // Another traveller's product does not join Alice's travel.
    const other = await add({
      travelers: [{ travelerID: 1, profile_id: people.bob!.user.uid, fields: { ...alicesFields, firstname: 'Bob', lastname: 'Durand' } }],
      customer_id: acme.uid,
      travelID: travel.id,
    });
    expect(other.status).toBe(409);
    expect(other.body.api_code).toBe(151);

    await api.db
      .update(travels)
      .set({
        analytics: { fields: { cost_center: 'R&D' }, travelers: {}, exemption: null },
        approvers: { approverId: people.bob!.user.uid, emergencyApproverId: null, message: 'Client visit' },
      })
      .where(eq(travels.id, travel.id));
    const fresh = (await api.call('GET', `/api/v1/v2/travels/${travel.id}`, { token: tina.token })).body.result;
    const ask = () =>
      api.call('POST', fresh.links.requestApproval.href, {
        token: tina.token,
        body: {},
        headers: { 'if-match': String(fresh.version), 'idempotency-key': 'tina-asks-for-alice' },
      });
    const asked = await ask();
    expect(asked.status, JSON.stringify(asked.body).slice(0, 300)).toBe(200);
    // A retry of the same intent changes nothing, and is no action of its own.
    expect((await ask()).body).toEqual(asked.body);
    const inbox = await api.call('GET', '/api/v1/approvals/', { token: people.bob!.token });
    const request = (inbox.body.result as { approvalID: string; travelID: string }[]).find((a) => a.travelID === travel.id)!;
    const approved = await api.call('POST', `/api/v1/approvals/${request.approvalID}/approve`, { token: people.bob!.token, body: {} });
    expect(approved.status, JSON.stringify(approved.body).slice(0, 300)).toBe(200);

    const tickets = await api.call('GET', `/api/v1/tickets/?creator_id=${people.alice!.user.uid}`, { token: people.alice!.token });
    expect(tickets.status).toBe(200);
    const ticket = tickets.body.result.find((t: { travelID: string }) => t.travelID === travel.id);
    expect(ticket).toBeDefined();
    expect(ticket.booked_by).toEqual({ firstname: 'Tina', lastname: 'Garnier', role: 'travel_agent' });
    expect(ticket.staff_actions.map((a: { action: string; firstname: string }) => `${a.firstname}:${a.action}`)).toEqual([
      'Tina:addToCart',
      'Tina:requestApproval',
    ]);
    // The travel is Alice's too now: she reads it, with the same names.
    const hers = await api.call('GET', `/api/v1/v2/travels/${travel.id}`, { token: people.alice!.token });
    expect(hers.status).toBe(200);
    expect(hers.body.result.onBehalf.bookedBy.firstname).toBe('Tina');
    // Nobody else's bookings show it.
    const bobs = await api.call('GET', `/api/v1/tickets/?creator_id=${people.bob!.user.uid}`, { token: people.bob!.token });
    expect(bobs.body.result.some((t: { travelID: string }) => t.travelID === travel.id)).toBe(false);
  });
});
