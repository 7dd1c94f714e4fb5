import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../../test/support/api';
import { LinkChecker } from '../../test/support/links';
import type { Link } from '../contract/link';
import { rels, type Rel } from '../contract/rels';
import { travelProducts, travels } from './db/schema';

/**
 * Walks real flows through the links the server writes, as the web app does: an anonymous search,
 * alice (Acme: analytics → approver → request approval) and gus (Globex: mission orders → confirm;
 * hold → release). After every answer it follows each GET link it carries (and those of their
 * answers), and each step takes the link the last answer offered. The harness (test/support/links.ts)
 * checks each link against the rel table and parses every followed answer (and sent body) with it;
 * this file checks that the walk met every rel of the table.
 */

/**
 * Rels the walk cannot meet: none. Every rel of the table is written by some state these flows
 * reach; a rel added to the table must be reached here too, or listed with the reason it can't be.
 */
const UNREACHABLE: Partial<Record<Rel, string>> = {
  oneClickApproval: 'its link is e-mailed to the approver (the one-click answers), never written in an answer; the walk reads it from the e-mail',
};

type Links = Record<string, Link>;
let removed: { travel: Travel; token: string } | undefined;
type Body = { result: Record<string, unknown> & { links?: Links } };

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const fieldValues: Record<string, Record<string, string>> = {
  alice: { gender: 'MS', firstname: 'Alice', lastname: 'Martin', birthdate: '1988-04-02', contact_email: 'alice@acme.example', contact_phone: '0601020304' },
  gus: { gender: 'MR', firstname: 'Gus', lastname: 'Moreau', birthdate: '1980-01-02', contact_email: 'gus@globex.example', contact_phone: '0601020304' },
};

/** Follows a link (a step), expecting success. */
async function follow(link: Link | undefined, opts: { token?: string; body?: unknown; version?: number; key?: string; read?: boolean } = {}): Promise<Body> {
  expect(link, 'the link to follow').toBeDefined();
  const headers: Record<string, string> = {};
  if (opts.version !== undefined) headers['if-match'] = String(opts.version);
  if (opts.key) headers['idempotency-key'] = opts.key;
  const res = await api.call(link!.method, link!.href, { token: opts.token, body: opts.body as never, headers });
  expect(res.status, `${link!.method} ${link!.href}: ${JSON.stringify(res.body)}`).toBe(200);
  if (opts.read !== false) await readAll(res.body, opts.token);
  return res.body as Body;
}

/** Follows every GET link in an answer, and in the answers of those, once per href. */
async function readAll(body: unknown, token: string | undefined, visited = new Set<string>()) {
  for (const link of getLinks(body)) {
    if (visited.has(link.href)) continue;
    visited.add(link.href);
    const res = await api.call('GET', link.href, { token });
    expect(res.status, `GET ${link.href}: ${JSON.stringify(res.body)}`).toBe(200);
    await readAll(res.body, token, visited);
  }
}
function getLinks(value: unknown, found: Link[] = []): Link[] {
  if (Array.isArray(value)) for (const item of value) getLinks(item, found);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === 'links') found.push(...Object.values(child as Links).filter((l) => l.method === 'GET'));
      else getLinks(child, found);
    }
  return found;
}

type Offer = { id: string; cabin: string; price: number; roundTrip: boolean; flexibility: number };
type Results = { searchID: string; proposals: { offers: Offer[]; choices: { links: Links }[] }[]; links: Links };

/** A Paris → Lyon rail search (the only entry point not behind a link), its GET links read, then its pages. */
async function search(token: string | undefined, extra: Record<string, unknown> = {}) {
  const body = { origin: 'city:paris', destination: 'city:lyon', datetime: '2026-11-23T07:00', nb_travelers: 1, filters: { rail: true, flight: false }, ...extra };
  const res = await api.call('POST', '/api/v1/treep/search?version=v2', { token, body });
  expect(res.status).toBe(200);
  const results = res.body.result as Results;
  await readAll(res.body, token);
  return results;
}
const offersOf = (results: Results) => results.proposals.flatMap((p) => p.offers).filter((o) => !o.roundTrip);

/** The traveller step of an offer, then add to cart through its link. */
async function addToCart(username: string, token: string, results: Results, offer: Offer, extra: Record<string, unknown> = {}) {
  const step = (await follow(results.links.travelerForm, { token, body: { choiceIDs: [offer.id] } })).result;
  const forms = step.travelerForms as { travelerID: number; fieldsGroups: { fields: { name: string }[] }[] }[];
  const travelers = forms.map((form) => ({
    travelerID: form.travelerID,
    fields: Object.fromEntries(form.fieldsGroups.flatMap((g) => g.fields).map((f) => [f.name, fieldValues[username]![f.name] ?? null])),
  }));
  return (await follow(step.links!.addToCart, { token, body: { choiceIDs: [offer.id], travelers, ...extra }, key: `add-to-cart-${++intents}` })).result.travel as Travel;
}
/** One Idempotency-Key per intent: the same key and body again would replay the first answer. */
let intents = 0;
type Travel = { id: string; version: number; isCompliant: boolean; links: Links; products: { links: Links }[] };

/** Alice's checkout of an offer up to its approval request, through the links: analytics → approver → request approval. */
async function askApproval(token: string, results: Results, offer: Offer, entity: { entity_id: string }) {
  let travel = await addToCart('alice', token, results, offer, entity);
  const analytics = (await follow(travel.links.getAllAnalytics, { token })).result as { isCompliant: boolean; links: Links };
  const analyticsBody = {
    fields: [{ name: 'cost_center', value: 'R&D' }],
    travelersFields: { 1: [{ name: 'employee_number', value: '004217' }] },
    ...(analytics.isCompliant ? {} : { travel_policy_exemption: 'Client meeting on arrival' }),
  };
  let saved = (await follow(analytics.links.fillAnalytics, { token, body: analyticsBody, version: travel.version, key: `analytics-${travel.id}` })).result;
  travel = (await follow(saved.links!.getTravel, { token })).result as unknown as Travel;
  const approvers = (await follow(travel.links.getAvailableApprovers, { token })).result as { approvers: { id: string }[]; links: Links };
  saved = (await follow(approvers.links.fillApprovers, { token, body: { approver: approvers.approvers[0]!.id }, version: travel.version, key: `approver-${travel.id}` })).result;
  travel = (await follow(saved.links!.getTravel, { token })).result as unknown as Travel;
  return (await follow(travel.links.requestApproval, { token, version: travel.version, key: `approval-${travel.id}` })).result as unknown as Travel & { status: string };
}

describe('every link the server writes, walked', () => {
  it('anonymous: a search, its pages, every choice and offer read, the traveller step (no add to cart signed out)', async () => {
    const results = await search(undefined);
    const next = (await follow(results.links.next, { body: { searchID: results.searchID } })).result as unknown as Results;
    await follow(next.links.previous, { body: { searchID: next.searchID } });
    const step = (await follow(results.links.travelerForm, { body: { choiceIDs: [offersOf(results)[0]!.id] } })).result;
    expect(step.links).toEqual({});
  });

  it('alice (Acme): analytics → approver → request approval; another trip added, removed; the cart emptied; sign out', async () => {
    const token = await api.login('alice');
    const me = (await api.call('GET', '/api/v1/user/', { token })).body.result as { entities: { uid: string }[]; links: Links };
    await readAll({ links: me.links }, token);
    const entity = { entity_id: me.entities[0]!.uid };
    const results = await search(token);
    const offers = offersOf(results);
    const compliant = offers.find((o) => o.cabin === 'second' && o.price <= 15_000)!;
    const pending = await askApproval(token, results, compliant, entity);
    expect(pending.status).toBe('pending_approval');
    // A second travel takes another trip through its addTrip link, then is removed through delete.
    const other = await addToCart('alice', token, results, offers.find((o) => o.id !== compliant.id)!, entity);
    const later = await search(token, { datetime: '2026-11-24T07:00', travelID: other.id });
    const grown = (await follow(other.links.addTrip, {
      token,
      body: { choiceIDs: [offersOf(later)[0]!.id], travelers: [{ travelerID: 1, fields: fieldValues.alice }], travelID: other.id, ...entity },
      key: `add-trip-${other.id}`,
    })).result.travel as Travel;
    expect(grown.products).toHaveLength(2);
    await follow(grown.links.delete, { token, version: grown.version, key: `delete-${other.id}` });

    // A third one is emptied with the cart, through the list's emptyCart link.
    await addToCart('alice', token, results, offers[0]!, entity);
    const list = await api.call('GET', '/api/v1/v2/travels/?status=cart', { token });
    await readAll(list.body, token);
    await follow(list.body.result.links.emptyCart, { token, key: 'empty-cart' });
    expect((await api.call('GET', '/api/v1/v2/travels/?status=cart', { token })).body.result.travels).toEqual([]);

    await follow(me.links.logout, { token });
    expect((await api.call('GET', '/api/v1/user/', { token })).status).toBe(401);
  });

  it('gus (Globex): mission orders → confirm (its calendar read, the calendar feed made and revoked), cancelled; a Eurostar ticket cancelled through the agency; then a hold, one option released', async () => {
    const token = await api.login('gus');
    const results = await search(token);
    const [first, second] = offersOf(results);
    const missionOrders = async (travel: Travel) => {
      const form = (await follow(travel.links.getMissionOrders, { token })).result as { isCompliant: boolean; links: Links };
      const order = { travelerId: 1, purpose: 'Client visit', location: 'Lyon', startLocation: 'Paris', endLocation: 'Lyon', ...(form.isCompliant ? {} : { travel_policy_exemption: 'Only train left' }) };
      const saved = (await follow(form.links.patchMissionOrders, { token, body: [order], version: travel.version, key: `orders-${travel.id}` })).result;
      return (await follow(saved.links!.getTravel, { token })).result as unknown as Travel;
    };

    const ready = await missionOrders(await addToCart('gus', token, results, first!));
    const booked = (await follow(ready.links.confirm, { token, body: {}, version: ready.version, key: `confirm-${ready.id}` })).result;
    expect(booked.status).toBe('booked');
    // The booked travel's calendar link was read with it; the private calendar feed, from its entry point.
    const subscription = (await api.call('GET', '/api/v1/calendar/subscription', { token })).body as Body;
    const subscribed = (await follow(subscription.result.links!.subscribeCalendar, { token, key: `calendar-${ready.id}` })).result;
    await follow(subscribed.links!.revokeCalendar, { token, key: `calendar-revoke-${ready.id}` });

    // The booked trip cancelled through its links: the refund preview (read with every GET link above), then cancelProduct.
    const product = (booked.products as unknown as { id: string; links: Links }[])[0]!;
    const previews = (await follow(product.links.previewRefund, { token })).result as unknown as { product_id: string; refund: { total: number | null }; confirm_refund_date_limit: string }[];
    const shown = previews.map((p) => ({ product_id: p.product_id, refund_total: p.refund.total, confirm_refund_date_limit: p.confirm_refund_date_limit }));
    const cancelled = (await follow(product.links.cancelProduct, { token, body: { ticket_ids: [product.id], void: false, previews: shown }, key: `cancel-${product.id}` })).result;
    expect(cancelled.cancelled).toEqual([product.id]);

    // A Eurostar ticket, which the supplier does not cancel online: the agency's staff answer its task through its link.
    const london = await search(token, { destination: 'city:london' });
    const eurostar = await missionOrders(await addToCart('gus', token, london, offersOf(london)[0]!));
    const ticket = ((await follow(eurostar.links.confirm, { token, body: {}, version: eurostar.version, key: `confirm-${eurostar.id}` })).result.products as { id: string; links: Links }[])[0]!;
    const offline = (await follow(ticket.links.previewRefund, { token })).result as unknown as { product_id: string; refund: { total: number | null }; confirm_refund_date_limit: string }[];
    const request = offline.map((p) => ({ product_id: p.product_id, refund_total: p.refund.total, confirm_refund_date_limit: p.confirm_refund_date_limit }));
    expect((await follow(ticket.links.cancelProduct, { token, body: { ticket_ids: [ticket.id], void: false, previews: request }, key: `cancel-${ticket.id}` })).result.requested).toEqual([ticket.id]);
    const tina = await api.login('tina');
    const tasks = (await api.call('GET', '/api/v1/agency/tasks?status=open', { token: tina })).body.result.tasks as { travelId: string; links: Links }[];
    await readAll({ tasks }, tina);
    const task = tasks.find((t) => t.travelId === eurostar.id)!;
    expect((await follow(task.links.completeAgencyTask, { token: tina, body: { refund: 1000, fees: 0 }, key: `complete-${eurostar.id}` })).result.status).toBe('done');

    const toHold = await missionOrders(await addToCart('gus', token, results, second!));
    const held = (await follow(toHold.links.confirm, { token, body: { hold: true }, version: toHold.version, key: `hold-${toHold.id}` })).result as unknown as Travel & { status: string };
    expect(held.status).toBe('pending_confirmation');
    // Its only option released, the travel is removed: its links are not read (see the known gap below).
    const released = (await follow(held.products[0]!.links.releasePrebooking, { token, version: held.version, key: `release-${held.id}`, read: false })).result;
    expect(released.status).toBe('removed');
    removed = { travel: released as unknown as Travel, token };
  });

  it('gus exchanges an issued ITP ticket: sections → search → book a choice → confirm', async () => {
    const token = await api.login('gus');
    const results = await search(token);
    const flexible = (o: Offer) => o.flexibility > 1 && !o.roundTrip;
    let offer = offersOf(results).find(flexible);
    for (const choice of results.proposals.flatMap((p) => p.choices))
      if (!offer && choice.links.getMoreChoices) offer = ((await follow(choice.links.getMoreChoices, { token, read: false })).result.offers as Offer[]).find(flexible);
    const cart = await addToCart('gus', token, results, offer!);
    const form = (await follow(cart.links.getMissionOrders, { token })).result as { isCompliant: boolean; links: Links };
    const order = { travelerId: 1, purpose: 'Client visit', location: 'Lyon', startLocation: 'Paris', endLocation: 'Lyon', ...(form.isCompliant ? {} : { travel_policy_exemption: 'Only train left' }) };
    const saved = (await follow(form.links.patchMissionOrders, { token, body: [order], version: cart.version, key: `orders-${cart.id}` })).result;
    const ready = (await follow(saved.links!.getTravel, { token })).result as unknown as Travel;
    await follow(ready.links.confirm, { token, body: {}, version: ready.version, key: `confirm-${ready.id}` });
    // Ticketing (a job, tested with booking) issues it.
    await api.db.update(travelProducts).set({ status: 'issued' }).where(eq(travelProducts.travelId, ready.id));
    await api.db.update(travels).set({ status: 'issued' }).where(eq(travels.id, ready.id));
    const issued = (await follow(ready.links.getTravel, { token, read: false })).result as unknown as Travel;
    const sections = (await follow(issued.products[0]!.links.getExchangeableSections, { token })).result as unknown as { links: Links }[];
    const body = { departure: '2026-11-23T15:00', origin: { lat: 48.8566, lon: 2.3522 }, destination: { lat: 45.7605, lon: 4.8597 } };
    const found = (await follow(sections[0]!.links.searchExchange, { token, body })).result as unknown as { searchResults: { second: { choices: { links: Links }[] } | null }[] };
    const choice = found.searchResults.flatMap((j) => j.second?.choices ?? [])[0]!;
    const offered = (await follow(choice.links.bookExchange, { token, key: `book-exchange-${issued.id}` })).result;
    const done = (await follow(offered.links!.confirmExchange, { token, version: issued.version, key: `confirm-exchange-${issued.id}` })).result as { travel: { status: string } };
    expect(done.travel.status).toBe('modified');
  });

  it('approvals: bob escalates a request to carol, who approves it; bob denies one; alice reminds and cancels one; a one-click approval; sam’s safety inbox', async () => {
    const alice = await api.login('alice');
    const me = (await api.call('GET', '/api/v1/user/', { token: alice })).body.result as { entities: { uid: string }[] };
    const entity = { entity_id: me.entities[0]!.uid };
    const results = await search(alice);
    const offers = offersOf(results);
    const asked: (Travel & { status: string })[] = [];
    for (let i = 0; i < 4; i++) asked.push(await askApproval(alice, results, offers[i % offers.length]!, entity));
    type Inbox = { approvalID: string; travelID: string; links: Links }[];
    const inbox = async (username: string) => {
      const token = await api.login(username);
      const user = (await api.call('GET', '/api/v1/user/', { token })).body.result as { links: Links };
      await readAll({ links: user.links }, token);
      return { token, user, requests: (await follow(user.links.approvals, { token })).result as unknown as Inbox };
    };
    const of = (requests: Inbox, travel: Travel) => requests.find((r) => r.travelID === travel.id)!;

    const bob = await inbox('bob');
    await follow(of(bob.requests, asked[0]!).links.escalate, { token: bob.token, body: { message: 'Over my budget' }, key: `escalate-${asked[0]!.id}` });
    await follow(of(bob.requests, asked[1]!).links.deny, { token: bob.token, body: { reason: 'Not this month' }, key: `deny-${asked[1]!.id}` });
    const carol = await inbox('carol');
    const approved = (await follow(of(carol.requests, asked[0]!).links.approve, { token: carol.token, body: { message: 'OK' }, key: `approve-${asked[0]!.id}` })).result;
    expect(approved).toMatchObject({ status: 'accepted', travelStatus: 'booked' });

    // The approver e-mail's one-click approve link, opened without a session.
    const mail = (await api.call('GET', `/dev/mailbox.json?to=${encodeURIComponent('bob@acme.example')}`, { apiKey: null })).body.result as { text: string }[];
    const approvalId = of(bob.requests, asked[3]!).approvalID;
    const text = mail.find((m) => m.text.includes(approvalId))!.text;
    const token = /one-click\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
    const grant = await api.call('GET', `/api/v1/approval/one-click/${token}`);
    expect(grant.status).toBe(200);
    expect((await follow(grant.body.result.links.answerOneClick, { body: { message: 'From my phone' }, key: `one-click-${approvalId}` })).result).toMatchObject({ status: 'accepted' });

    // An hour later alice reminds bob of the third one, then takes it back.
    const now = api.clock.now();
    api.clock.set(new Date(now.getTime() + 61 * 60_000));
    try {
      const travel = (await follow(asked[2]!.links.getTravel, { token: alice })).result as unknown as Travel;
      expect((await follow(travel.links.remind, { token: alice, key: `remind-${travel.id}` })).result).toEqual({ message: 'approver reminded' });
      expect((await follow(travel.links.cancelApproval, { token: alice, key: `cancel-${travel.id}` })).result.status).toBe('cart');
    } finally {
      api.clock.set(now);
    }

    // Sam, the safety service: his safety inbox (read through his links).
    const sam = await inbox('sam');
    expect(sam.user.links.safetyApprovals).toBeDefined();
  });

  /**
   * Known gap, found by this walk: a removed travel still carries `getTravel` (lib/travels.ts
   * travelLinks writes it for every status), but reading it answers 404 (loadTravels skips removed
   * travels). This fails while the gap is there; once fixed, turn it into a plain `it`.
   */
  it('writes no getTravel link on a removed travel, whose read would answer 404', async () => {
    expect(removed).toBeDefined();
    const link = removed!.travel.links.getTravel;
    if (link) expect((await api.call('GET', link.href, { token: removed!.token })).status).toBe(200);
  });

  it('met every rel of the table, and followed each with an answer the table parses', () => {
    const expected = (Object.keys(rels) as Rel[]).filter((r) => !(r in UNREACHABLE)).sort();
    expect([...api.links.seen].sort()).toEqual(expected);
    expect([...api.links.followed].sort()).toEqual(expected);
  });
});

describe('the link checker of the API tests', () => {
  const travelID = '0b7a1f3c-0000-4000-8000-000000000000';
  const answer = (links: Record<string, unknown>) => ({ status: 200, body: { result: { id: travelID, links } } });
  const read = { method: 'GET', url: `/api/v1/v2/travels/${travelID}`, body: undefined };

  it('refuses a rel the table does not name, a method or a path the rel does not have', () => {
    expect(() => new LinkChecker().check(read, answer({ cancel: { href: `/api/v1/v2/travels/${travelID}/cancel`, method: 'POST' } }))).toThrow(/"cancel" is not a rel/);
    expect(() => new LinkChecker().check(read, answer({ confirm: { href: `/api/v1/v2/travels/${travelID}/confirm`, method: 'PUT' } }))).toThrow(/does not match rel "confirm"/);
    expect(() => new LinkChecker().check(read, answer({ getTravel: { href: `/api/v1/v2/travel/${travelID}`, method: 'GET' } }))).toThrow(/does not match rel "getTravel"/);
    expect(() => new LinkChecker().check(read, answer({ getTravel: `/api/v1/v2/travels/${travelID}` }))).toThrow(/not a \{ href, method \} link/);
    expect(() => new LinkChecker().check(read, answer({ getTravel: { href: `/api/v1/v2/travels/${travelID}`, method: 'GET' } }))).not.toThrow();
  });

  it('parses the answer of a followed link, and the body the server accepted, with the rel', () => {
    const checker = new LinkChecker();
    checker.check(read, answer({ fillApprovers: { href: `/api/v1/v2/travels/${travelID}/approvers`, method: 'PATCH' } }));
    const patch = { method: 'PATCH', url: `/api/v1/v2/travels/${travelID}/approvers` };
    const saved = { result: { links: { getTravel: { href: `/api/v1/v2/travels/${travelID}`, method: 'GET' } } } };
    expect(() => checker.check({ ...patch, body: { approver: 'bob' } }, { status: 200, body: { result: { travel: {} } } })).toThrow(/result does not match rels\.fillApprovers\.output/);
    expect(() => checker.check({ ...patch, body: { approver: 42 } }, { status: 200, body: saved })).toThrow(/body does not match rels\.fillApprovers\.input/);
    // A refused body is the test's business: the server said no.
    expect(() => checker.check({ ...patch, body: { approver: 42 } }, { status: 400, body: { api_code: 17 } })).not.toThrow();
    checker.check({ ...patch, body: { approver: 'bob' } }, { status: 200, body: saved });
    expect([...checker.followed]).toEqual(['fillApprovers']);
    expect([...checker.seen].sort()).toEqual(['fillApprovers', 'getTravel']);
  });
});
