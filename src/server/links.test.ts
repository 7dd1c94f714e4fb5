// Over 500 lines on purpose: one walk of the demo flows must meet every rel of the table (its last test checks
// that), so the flows share this file and its LinkChecker.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { LinkChecker } from '@test/support/links';
import type { Link } from '../contract/link';
import { rels, type Rel } from '../contract/rels';
import { agencyTasks, travelProducts, travels } from './db/schema';
import { CARDS, answerChallenge, openChallenge, tokenize } from '@test/support/card-payment';

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
  const body = {
    origin: 'city:paris',
    destination: 'city:lyon',
    datetime: '2026-11-23T07:00',
    nb_travelers: 1,
    filters: { rail: true, flight: false },
    ...extra,
  };
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
  return (await follow(step.links!.addToCart, { token, body: { choiceIDs: [offer.id], travelers, ...extra }, key: `add-to-cart-${++intents}` })).result
    .travel as Travel;
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
  saved = (
    await follow(approvers.links.fillApprovers, {
      token,
      body: { approver: approvers.approvers[0]!.id },
      version: travel.version,
      key: `approver-${travel.id}`,
    })
  ).result;
  travel = (await follow(saved.links!.getTravel, { token })).result as unknown as Travel;
  return (await follow(travel.links.requestApproval, { token, version: travel.version, key: `approval-${travel.id}` })).result as unknown as Travel & {
    status: string;
  };
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
    const grown = (
      await follow(other.links.addTrip, {
        token,
        body: { choiceIDs: [offersOf(later)[0]!.id], travelers: [{ travelerID: 1, fields: fieldValues.alice }], travelID: other.id, ...entity },
        key: `add-trip-${other.id}`,
      })
    ).result.travel as Travel;
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

  it('alice (expert search): three flights journey by journey through nextJourney, their traveller forms, then addExpertToCart', async () => {
    const token = await api.login('alice');
    const me = (await api.call('GET', '/api/v1/user/', { token })).body.result as { entities: { uid: string }[] };
    const journey = (origin: string, destination: string, from: string) => ({ origin, destination, timeRange: { from, represents: 'departure' } });
    const journeys = [
      journey('city:paris', 'city:nice', '2026-11-23T07:00'),
      journey('city:nice', 'city:rome', '2026-11-24T08:00'),
      journey('city:rome', 'city:paris', '2026-11-25T09:00'),
    ];
    const res = await api.call('POST', '/api/v1/expert-search', { token, body: { journeys, travelers: [{ id: 1 }] } });
    expect(res.status).toBe(200);
    type Expert = { proposals: { flights: { cabinClasses: { offers: { offerId: string }[] }[] }[] }; links: Links };
    const firstOffer = (r: Expert) => r.proposals.flights.flatMap((f) => f.cabinClasses.flatMap((c) => c.offers))[0]!.offerId;
    let result = res.body.result as Expert;
    const offerIDs = [firstOffer(result)];
    while (result.links.nextJourney) {
      result = (await follow(result.links.nextJourney, { token, body: { offerIDs } })).result as unknown as Expert;
      offerIDs.push(firstOffer(result));
    }
    const step = (await follow(result.links.expertTravelerForm, { token, body: { offerIDs } })).result;
    const added = (
      await follow(step.links!.addExpertToCart, {
        token,
        body: { offerIDs, travelers: [{ travelerID: 1, fields: fieldValues.alice }], entity_id: me.entities[0]!.uid },
        key: 'add-expert',
      })
    ).result.travel as Travel;
    expect(added.products).toHaveLength(3);
  });

  it('gus (Globex): mission orders → confirm (its calendar read, the calendar feed made and revoked), cancelled; a Eurostar ticket cancelled through the agency; then a hold, one option released', async () => {
    const token = await api.login('gus');
    const results = await search(token);
    const [first, second] = offersOf(results);
    const missionOrders = async (travel: Travel) => {
      const form = (await follow(travel.links.getMissionOrders, { token })).result as { isCompliant: boolean; links: Links };
      const order = {
        travelerId: 1,
        purpose: 'Client visit',
        location: 'Lyon',
        startLocation: 'Paris',
        endLocation: 'Lyon',
        ...(form.isCompliant ? {} : { travel_policy_exemption: 'Only train left' }),
      };
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
    const previews = (await follow(product.links.previewRefund, { token })).result as unknown as {
      product_id: string;
      refund: { total: number | null };
      confirm_refund_date_limit: string;
    }[];
    const shown = previews.map((p) => ({ product_id: p.product_id, refund_total: p.refund.total, confirm_refund_date_limit: p.confirm_refund_date_limit }));
    const cancelled = (
      await follow(product.links.cancelProduct, { token, body: { ticket_ids: [product.id], void: false, previews: shown }, key: `cancel-${product.id}` })
    ).result;
    expect(cancelled.cancelled).toEqual([product.id]);

    // A Eurostar ticket, which the supplier does not cancel online: the agency's staff answer its task through its link.
    const london = await search(token, { destination: 'city:london' });
    const eurostar = await missionOrders(await addToCart('gus', token, london, offersOf(london)[0]!));
    const ticket = (
      (await follow(eurostar.links.confirm, { token, body: {}, version: eurostar.version, key: `confirm-${eurostar.id}` })).result.products as {
        id: string;
        links: Links;
      }[]
    )[0]!;
    const offline = (await follow(ticket.links.previewRefund, { token })).result as unknown as {
      product_id: string;
      refund: { total: number | null };
      confirm_refund_date_limit: string;
    }[];
    const request = offline.map((p) => ({ product_id: p.product_id, refund_total: p.refund.total, confirm_refund_date_limit: p.confirm_refund_date_limit }));
    expect(
      (await follow(ticket.links.cancelProduct, { token, body: { ticket_ids: [ticket.id], void: false, previews: request }, key: `cancel-${ticket.id}` }))
        .result.requested,
    ).toEqual([ticket.id]);
    const tina = await api.login('tina');
    const tasks = (await api.call('GET', '/api/v1/agency/tasks?status=open', { token: tina })).body.result.tasks as { travelId: string; links: Links }[];
    await readAll({ tasks }, tina);
    const task = tasks.find((t) => t.travelId === eurostar.id)!;
    expect((await follow(task.links.completeAgencyTask, { token: tina, body: { refund: 1000, fees: 0 }, key: `complete-${eurostar.id}` })).result.status).toBe(
      'done',
    );

    const toHold = await missionOrders(await addToCart('gus', token, results, second!));
    const held = (await follow(toHold.links.confirm, { token, body: { hold: true }, version: toHold.version, key: `hold-${toHold.id}` }))
      .result as unknown as Travel & { status: string };
    expect(held.status).toBe('pending_confirmation');
    // Its only option released, the travel is removed: its links are not read (it links to nothing, checked below).
    const released = (await follow(held.products[0]!.links.releasePrebooking, { token, version: held.version, key: `release-${held.id}`, read: false })).result;
    expect(released.status).toBe('removed');
    removed = { travel: released as unknown as Travel, token };
  });

  it('the agency’s staff (tina): her customer companies; in the work queue, two of gus’s options, one booked and one released through their links; a failed booking closed with a note', async () => {
    const token = await api.login('gus');
    const results = await search(token, { datetime: '2026-11-23T09:00' });
    const hold = async (offer: Offer) => {
      const travel = await addToCart('gus', token, results, offer);
      const form = (await follow(travel.links.getMissionOrders, { token })).result as { isCompliant: boolean; links: Links };
      const order = {
        travelerId: 1,
        purpose: 'Client visit',
        location: 'Lyon',
        startLocation: 'Paris',
        endLocation: 'Lyon',
        ...(form.isCompliant ? {} : { travel_policy_exemption: 'Only train left' }),
      };
      const saved = (await follow(form.links.patchMissionOrders, { token, body: [order], version: travel.version, key: `queue-orders-${travel.id}` })).result;
      const ready = (await follow(saved.links!.getTravel, { token })).result as unknown as Travel;
      return (await follow(ready.links.confirm, { token, body: { hold: true }, version: ready.version, key: `queue-hold-${ready.id}` }))
        .result as unknown as Travel;
    };
    const [first, second] = offersOf(results);
    const [toBook, toRelease] = [await hold(first!), await hold(second!)];
    // A failed booking as booking writes it when the supplier refuses an approved travel (the queue's own
    // tests make one with a refusing supplier, which this walk's app does not have).
    const [row] = await api.db.select().from(travels).where(eq(travels.id, toRelease.id));
    const productIds = (await api.db.select({ id: travelProducts.id }).from(travelProducts).where(eq(travelProducts.travelId, toRelease.id))).map((p) => p.id);
    await api.db.insert(agencyTasks).values({ agencyId: row!.agencyId, kind: 'failed_booking', travelId: row!.id, productIds, requesterId: row!.userId });

    const tina = await api.login('tina');
    // Her own links as staff: the customer companies she books for, then the queue.
    const staff = (await api.call('GET', '/api/v1/user/', { token: tina })).body.result as { links: Links };
    expect((await follow(staff.links.listCustomerCompanies, { token: tina })).result).not.toHaveLength(0);
    const queue = (await api.call('GET', '/api/v1/agency/queue', { token: tina })).body as Body;
    await readAll(queue, tina);
    type Item = { travelId: string; version: number; links: Links };
    const { expiringOptions, failedBookings } = queue.result as unknown as { expiringOptions: { items: Item[] }; failedBookings: { items: Item[] } };
    const booking = expiringOptions.items.find((i) => i.travelId === toBook.id)!;
    expect((await follow(booking.links.confirmHeldOption, { token: tina, version: booking.version, key: `queue-confirm-${toBook.id}` })).result.status).toBe(
      'booked',
    );
    const releasing = expiringOptions.items.find((i) => i.travelId === toRelease.id)!;
    expect(
      (await follow(releasing.links.releaseHeldOptions, { token: tina, version: releasing.version, key: `queue-release-${toRelease.id}` })).result.status,
    ).toBe('removed');
    const failed = failedBookings.items.find((i) => i.travelId === toRelease.id)!;
    expect(
      (await follow(failed.links.closeAgencyTask, { token: tina, body: { note: 'Called Gus: he books again himself.' }, key: `queue-close-${toRelease.id}` }))
        .result.status,
    ).toBe('done');
  });

  it('gus exchanges an issued ITP ticket: sections → search → book a choice → confirm', async () => {
    const token = await api.login('gus');
    const results = await search(token);
    const flexible = (o: Offer) => o.flexibility > 1 && !o.roundTrip;
    let offer = offersOf(results).find(flexible);
    for (const choice of results.proposals.flatMap((p) => p.choices))
      if (!offer && choice.links.getMoreChoices)
        offer = ((await follow(choice.links.getMoreChoices, { token, read: false })).result.offers as Offer[]).find(flexible);
    const cart = await addToCart('gus', token, results, offer!);
    const form = (await follow(cart.links.getMissionOrders, { token })).result as { isCompliant: boolean; links: Links };
    const order = {
      travelerId: 1,
      purpose: 'Client visit',
      location: 'Lyon',
      startLocation: 'Paris',
      endLocation: 'Lyon',
      ...(form.isCompliant ? {} : { travel_policy_exemption: 'Only train left' }),
    };
    const saved = (await follow(form.links.patchMissionOrders, { token, body: [order], version: cart.version, key: `orders-${cart.id}` })).result;
    const ready = (await follow(saved.links!.getTravel, { token })).result as unknown as Travel;
    await follow(ready.links.confirm, { token, body: {}, version: ready.version, key: `confirm-${ready.id}` });
    // Ticketing (a job, tested with booking) issues it.
    await api.db.update(travelProducts).set({ status: 'issued' }).where(eq(travelProducts.travelId, ready.id));
    await api.db.update(travels).set({ status: 'issued' }).where(eq(travels.id, ready.id));
    const issued = (await follow(ready.links.getTravel, { token, read: false })).result as unknown as Travel;
    const sections = (await follow(issued.products[0]!.links.getExchangeableSections, { token })).result as unknown as { links: Links }[];
    const body = { departure: '2026-11-23T15:00', origin: { lat: 48.8566, lon: 2.3522 }, destination: { lat: 45.7605, lon: 4.8597 } };
    const found = (await follow(sections[0]!.links.searchExchange, { token, body })).result as unknown as {
      searchResults: { second: { choices: { links: Links }[] } | null }[];
    };
    const choice = found.searchResults.flatMap((j) => j.second?.choices ?? [])[0]!;
    const offered = (await follow(choice.links.bookExchange, { token, key: `book-exchange-${issued.id}` })).result;
    const done = (await follow(offered.links!.confirmExchange, { token, version: issued.version, key: `confirm-exchange-${issued.id}` })).result as {
      travel: { status: string };
    };
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
    const approved = (
      await follow(of(carol.requests, asked[0]!).links.approve, { token: carol.token, body: { message: 'OK' }, key: `approve-${asked[0]!.id}` })
    ).result;
    expect(approved).toMatchObject({ status: 'accepted', travelStatus: 'booked' });

    // The approver e-mail's one-click approve link, opened without a session.
    const mail = (await api.call('GET', `/dev/mailbox.json?to=${encodeURIComponent('bob@acme.example')}`, { apiKey: null })).body.result as { text: string }[];
    const approvalId = of(bob.requests, asked[3]!).approvalID;
    const text = mail.find((m) => m.text.includes(approvalId))!.text;
    const token = /one-click\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
    const grant = await api.call('GET', `/api/v1/approval/one-click/${token}`);
    expect(grant.status).toBe(200);
    expect((await follow(grant.body.result.links.answerOneClick, { body: { message: 'From my phone' }, key: `one-click-${approvalId}` })).result).toMatchObject(
      { status: 'accepted' },
    );

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

  it('alice (Acme): a Lyon trip by train, its hotel and its car in one travel (hotelDetails → addHotelToCart, addCarToCart), approved by bob, all three booked', async () => {
    const token = await api.login('alice');
    const me = (await api.call('GET', '/api/v1/user/', { token })).body.result as { uid: string; entities: { uid: string }[] };
    const entity = { entity_id: me.entities[0]!.uid };
    const results = await search(token);
    const train = offersOf(results).find((o) => o.cabin === 'second' && o.price <= 9_000)!;
    const travel = await addToCart('alice', token, results, train, entity);
    // The travel in the cart accepts a hotel and a car (Acme sells both).
    expect(travel.links.addHotelToCart).toBeDefined();
    expect(travel.links.addCarToCart).toBeDefined();

    const stay = {
      checkin_date: '20261123T120000',
      checkout_date: '20261125T120000',
      latitude: 45.7606,
      longitude: 4.8593,
      radius_km: 5,
      nb_rooms: 1,
      travelers: [{ id: 1, profile_id: me.uid }],
      travelID: travel.id,
      ...entity,
    };
    const hotels = await api.call('POST', '/api/v1/hotel/search', { token, body: stay });
    expect(hotels.status).toBe(200);
    const hotel = (hotels.body.result.hotels as { links: Links }[])[0]!;
    const details = (await follow(hotel.links.hotelDetails, { token, body: stay })).result as {
      hotel: { id: string };
      room_offers: { id: string }[];
      links: Links;
    };
    const alice = { travelerID: 1, profile_id: me.uid, gender: 'MS', firstname: 'Alice', lastname: 'Martin', email: 'alice@acme.example', phone: '0601020304' };
    const room = {
      hotel_id: details.hotel.id,
      room_offer_travelers: [{ room_offer_id: details.room_offers[0]!.id, travelers: [1] }],
      travelers: [alice],
      travelID: travel.id,
      ...entity,
    };
    await follow(details.links.addHotelToCart, { token, body: room, key: `add-hotel-${travel.id}` });

    const rental = {
      latitude: 45.7606,
      longitude: 4.8593,
      return_latitude: 45.7606,
      return_longitude: 4.8593,
      pickup_time: '2026-11-23T10:00',
      return_time: '2026-11-25T17:00',
      car_types: ['Citadine'],
      driver: { profile_id: me.uid },
      travelID: travel.id,
      ...entity,
    };
    const cars = await api.call('POST', '/api/v1/carrental/search', { token, body: rental });
    expect(cars.status).toBe(200);
    const car = (cars.body.result.carRentals as { id: string; isDriverLicenseRequired: boolean; links: Links }[]).find((c) => !c.isDriverLicenseRequired)!;
    const driver = { ...cars.body.result.driver, gender: 'MS', phone: '0601020304', birthdate: '1988-04-02' };
    const three = (
      await follow(car.links.addCarToCart, { token, body: { car_rental: { id: car.id, driver }, travelID: travel.id, ...entity }, key: `add-car-${travel.id}` })
    ).result.travel as Travel;
    expect((three.products as unknown as { type: string }[]).map((p) => p.type).sort()).toEqual(['car_rental', 'hotel', 'rail']);

    // Checkout as for a trip: analytics (a reason if the room is over the Lyon cap), approver, request; bob approves.
    const analytics = (await follow(three.links.getAllAnalytics, { token })).result as { isCompliant: boolean; links: Links };
    const body = { fields: [{ name: 'cost_center', value: 'R&D' }], ...(analytics.isCompliant ? {} : { travel_policy_exemption: 'Conference hotel' }) };
    let saved = (await follow(analytics.links.fillAnalytics, { token, body, version: three.version, key: `analytics-${three.id}` })).result;
    let current = (await follow(saved.links!.getTravel, { token })).result as unknown as Travel;
    const approvers = (await follow(current.links.getAvailableApprovers, { token })).result as { approvers: { id: string; username: string }[]; links: Links };
    const bobId = approvers.approvers.find((a) => a.username === 'bob')!.id;
    saved = (await follow(approvers.links.fillApprovers, { token, body: { approver: bobId }, version: current.version, key: `approver-${three.id}` })).result;
    current = (await follow(saved.links!.getTravel, { token })).result as unknown as Travel;
    await follow(current.links.requestApproval, { token, version: current.version, key: `approval-${three.id}` });
    const bob = await api.login('bob');
    const bobUser = (await api.call('GET', '/api/v1/user/', { token: bob })).body.result as { links: Links };
    const inbox = (await follow(bobUser.links.approvals, { token: bob })).result as unknown as { travelID: string; links: Links }[];
    const approved = (
      await follow(inbox.find((r) => r.travelID === three.id)!.links.approve, { token: bob, body: { message: 'OK' }, key: `approve-${three.id}` })
    ).result;
    expect(approved).toMatchObject({ status: 'accepted', travelStatus: 'booked' });
    const booked = (await follow(three.links.getTravel, { token })).result as unknown as { products: { type: string; status: string; pnr: string | null }[] };
    expect(booked.products.every((p) => p.status === 'booked' && p.pnr)).toBe(true);
  });

  // A removed travel cannot be read (loadTravels skips it): it must offer no getTravel link to a 404.
  it('writes no getTravel link on a removed travel, whose read would answer 404', async () => {
    expect(removed).toBeDefined();
    expect(removed!.travel.links.getTravel).toBeUndefined();
    expect(removed!.travel.links).toEqual({});
  });

  it('maya (travel manager): her company through its links — an invitation accepted from the e-mail, resent, deactivated and back; a guest; entities, analytics, approvers and policy written back', async () => {
    const token = await api.login('maya');
    const me = (await api.call('GET', '/api/v1/user/', { token })).body.result as { company_id: string };
    const res = await api.call('GET', `/api/v1/companies/${me.company_id}/admin`, { token });
    expect(res.status).toBe(200);
    await readAll(res.body, token);
    type Classes = { maxNightly: number; cities: { id: string }[] }[];
    const admin = res.body.result as {
      entities: { uid: string; name: string }[];
      analytics: unknown[];
      approvals: { mode: string; chooseApprover: boolean; approvers: { uid: string; backup: string | null }[] };
      travelPolicy: { policy: { hotel: { maxNightly: number; classes: Classes } } & Record<string, unknown>; text: string | null };
      links: Links;
    };
    const invited = (
      await follow(admin.links.inviteEmployee, {
        token,
        body: { gender: 'MS', firstname: 'Zoé', lastname: 'Walk', email: 'zoe.walk@acme.example', lang: 'fr' },
        key: 'invite-zoe',
      })
    ).result;
    const resent = (await follow(invited.links!.resendInvitation, { token, key: 'resend-zoe' })).result;
    const mail = await api.lastMail('zoe.walk@acme.example');
    const invitation = await api.call('GET', `/api/v1/user/invitation/${mail!.token}`);
    await follow(invitation.body.result.links.acceptInvitation, { body: { password: 'Voyage2026', password_confirm: 'Voyage2026', gdpr_consent: true } });
    const off = (await follow(resent.links!.deactivateUser, { token, key: 'deactivate-zoe' })).result;
    await follow(off.links!.reactivateUser, { token, key: 'reactivate-zoe' });
    const guest = (await follow(admin.links.createCompanyGuest, { token, body: { gender: 'MR', firstname: 'Walk', lastname: 'Guest' }, key: 'guest-walk' }))
      .result;
    const gone = (await follow(guest.links!.deactivateGuest, { token, key: 'guest-walk-off' })).result;
    await follow(gone.links!.reactivateGuest, { token, key: 'guest-walk-on' });
    await follow(admin.links.updateEntities, { token, body: { entities: admin.entities.map((e) => ({ uid: e.uid, name: e.name })) }, key: 'entities' });
    await follow(admin.links.updateAnalytics, { token, body: { fields: admin.analytics }, key: 'analytics' });
    const { mode, chooseApprover, approvers } = admin.approvals;
    await follow(admin.links.updateApprovers, {
      token,
      body: { mode, chooseApprover, approvers: approvers.map((a) => ({ uid: a.uid, backup: a.backup })) },
      key: 'approvers',
    });
    const { policy, text } = admin.travelPolicy;
    const hotel = {
      maxNightly: policy.hotel.maxNightly,
      classes: policy.hotel.classes.map((c) => ({ maxNightly: c.maxNightly, cities: c.cities.map((city) => city.id) })),
    };
    await follow(admin.links.updateTravelPolicy, { token, body: { policy: { ...policy, hotel }, text }, key: 'company-policy' });
  });

  it('the dashboard (features/stats): maya’s statistics and her company’s, from the user’s links', async () => {
    const token = await api.login('maya');
    const user = (await api.call('GET', '/api/v1/user/', { token })).body as Body;
    await follow(user.result.links!.travelStats, { token });
    await follow(user.result.links!.companyTravelStats, { token });
  });

  it('a new traveller (features/privacy): the privacy policy, then optional data and the account deleted through the user’s links', async () => {
    const email = 'walk.privacy@acme.example';
    const password = 'Voyage2026';
    const signup = {
      gender: 'MS',
      firstname: 'Walk',
      lastname: 'Privacy',
      username: 'walkprivacy',
      email,
      phone: '0601020304',
      birthdate: '1990-01-02',
      password,
      password_confirm: password,
      address: { description: 'Lyon' },
      gdpr_consent: true,
    };
    expect((await api.call('POST', '/api/v1/user/signin', { body: signup })).status).toBe(201);
    expect((await api.call('POST', '/api/v1/user/confirm', { body: { token: (await api.lastMail(email))!.token } })).status).toBe(200);
    const token = await api.login('walkprivacy', password);
    const user = (await api.call('GET', '/api/v1/user/', { token })).body as Body;
    await follow(user.result.links!.privacyPolicy, { token });
    await follow(user.result.links!.deleteOptionalData, { token, key: 'walk-optional-data' });
    await follow(user.result.links!.deleteAccount, { token, body: { password }, key: 'walk-delete-account' });
  });

  it('carol’s identity documents (features/documents): the user’s documents link, a passport written and removed through updateDocuments', async () => {
    const token = await api.login('carol');
    const user = (await api.call('GET', '/api/v1/user/', { token })).body as Body;
    const list = (await follow(user.result.links!.documents, { token })).result;
    const passport = {
      uid: null,
      type: 'passport',
      civility: 'ms',
      firstname: 'Carol',
      lastname: 'Petit',
      nationality: 'FR',
      effective_date: '2020-01-02',
      expiration_date: '2030-01-01',
      number: 'WALK12345',
      country_of_issue: 'FR',
    };
    const added = (await follow(list.links!.updateDocuments, { token, body: { travel_documents: [passport] }, key: 'walk-documents-add' })).result;
    await follow(added.links!.updateDocuments, { token, body: { travel_documents: [] }, key: 'walk-documents-remove' });
  });

  it('alice’s loyalty and discount cards (features/loyalty-cards): the user’s userCards link, a card added, changed, the list replaced, then deleted', async () => {
    const token = await api.login('alice');
    const user = (await api.call('GET', '/api/v1/user/', { token })).body as Body;
    const list = (await follow(user.result.links!.userCards, { token })).result;
    const card = { cardtype_id: 'sncf-avantage', cardnumber: '29090529630741856', expiration_date: '2030-01-31' };
    const added = (await follow(list.links!.addUserCard, { token, body: card, key: 'walk-cards-add' })).result as {
      cards: { uid: string; links: Links }[];
      links: Links;
    };
    const changed = (await follow(added.cards[0]!.links.updateUserCard, { token, body: { ...card, expiration_date: '2030-02-28' }, key: 'walk-cards-update' }))
      .result as typeof added;
    const replaced = (
      await follow(changed.links.putUserCards, { token, body: { user_cards: [{ uid: changed.cards[0]!.uid, ...card }] }, key: 'walk-cards-put' })
    ).result as typeof added;
    await follow(replaced.cards[0]!.links.deleteUserCard, { token, key: 'walk-cards-delete' });
  });

  it('sam’s profile (features/profile): the accessibility reference data, then the profile saved on its version through updateProfile', async () => {
    const token = await api.login('sam');
    const user = (await api.call('GET', '/api/v1/user/', { token })).body as Body;
    const me = user.result as unknown as { gender: string; firstname: string; lastname: string; username: string; email: string; version: number };
    await follow(user.result.links!.handicapTypes, { token });
    await follow(user.result.links!.wheelchairs, { token });
    const body = {
      gender: me.gender,
      firstname: me.firstname,
      lastname: me.lastname,
      username: me.username,
      email: me.email,
      hasHandicap: true,
      handicap: 'VISUAL',
      lang: 'fr',
      rgpd: true,
      data_accuracy: true,
    };
    const saved = await api.call('PUT', user.result.links!.updateProfile!.href, {
      token,
      body,
      headers: { 'if-match': String(me.version), 'idempotency-key': 'walk-profile' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('gus pays by card: payByCard with the 3-D Secure card, the bank’s page answered, confirmCardPayment; his saved card, through the user’s paymentCards link, deleted', async () => {
    const token = await api.login('gus');
    const results = await search(token, { datetime: '2026-11-23T11:00' });
    let travel = await addToCart('gus', token, results, offersOf(results)[0]!);
    const form = (await follow(travel.links.getMissionOrders, { token })).result as { isCompliant: boolean; links: Links };
    const order = {
      travelerId: 1,
      purpose: 'Client visit',
      location: 'Lyon',
      startLocation: 'Paris',
      endLocation: 'Lyon',
      ...(form.isCompliant ? {} : { travel_policy_exemption: 'Only train left' }),
    };
    const saved = (await follow(form.links.patchMissionOrders, { token, body: [order], version: travel.version, key: `orders-card-${travel.id}` })).result;
    travel = (await follow(saved.links!.getTravel, { token })).result as unknown as Travel;
    const cardToken = await tokenize(api, CARDS.threeDS);
    const waiting = (await follow(travel.links.payByCard, { token, body: { cardToken, saveCard: true }, version: travel.version, key: `pay-${travel.id}` }))
      .result as unknown as { authenticationUrl: string; travel: Travel };
    const page = await openChallenge(api, waiting.authenticationUrl);
    await answerChallenge(api, waiting.authenticationUrl, { approve: true, code: page.code });
    const booked = (await follow(waiting.travel.links.confirmCardPayment, { token, version: waiting.travel.version, key: `confirm-card-${travel.id}` }))
      .result as { status: string };
    expect(booked.status).toBe('booked');
    const user = (await api.call('GET', '/api/v1/user/', { token })).body as Body;
    const cards = (await follow(user.result.links!.paymentCards, { token })).result as unknown as { cards: { links: Links }[] };
    await follow(cards.cards[0]!.links.deletePaymentCard, { token, key: 'walk-payment-card-delete' });
  });

  it('adele (agency administrator): a company created, changed, its travel manager invited and its sign-on set; a member of staff invited and deactivated; the colours; a message written, changed, deleted; the history', async () => {
    const token = await api.login('adele');
    const user = (await api.call('GET', '/api/v1/user/', { token })).body as Body;
    const admin = (await follow(user.result.links!.agencyAdmin, { token })).result as { links: Links };
    const list = (await follow(admin.links.agencyCompanies, { token })).result as { links: Links };
    const company = (await follow(list.links.createClientCompany, { token, body: { name: 'Walk Industries', entities: ['Siège'] }, key: 'walk-company' }))
      .result as { links: Links };
    await follow(company.links.updateClientCompany, {
      token,
      body: { name: 'Walk Industries SA', hotelEnabled: true, carrentalEnabled: false, features: { redirectToCart: true } },
      key: 'walk-company-update',
    });
    const manager = { gender: 'MS', firstname: 'Wanda', lastname: 'Walk', email: 'wanda@walk.example', lang: 'fr' };
    await follow(company.links.inviteTravelManager, { token, body: manager, key: 'walk-manager' });
    const sso = {
      segment: 'walk',
      issuer: 'https://id.walk.example',
      clientId: 'escale',
      clientSecret: 'walk-secret',
      scopes: 'openid email',
      enforced: false,
    };
    await follow(company.links.updateCompanySso, { token, body: { sso }, key: 'walk-sso' });
    const staff = (await follow(admin.links.agencyStaff, { token })).result as { links: Links };
    const member = (
      await follow(staff.links.inviteStaff, {
        token,
        body: { ...manager, email: 'walt@escale-voyages.example', firstname: 'Walt', roles: ['assistance_agent'] },
        key: 'walk-staff',
      })
    ).result as { links: Links };
    await follow(member.links.deactivateStaff, { token, key: 'walk-staff-off' });
    await follow(admin.links.updateBranding, { token, body: { brandColor: '#1d4ed8', accentColor: '#0f766e' }, key: 'walk-branding' });
    const messages = (await follow(admin.links.agencyMessages, { token })).result as { links: Links };
    const written = (
      await follow(messages.links.createAgencyMessage, {
        token,
        body: { support: 'search', companyId: null, level: 'info', message: { fr: '<p>Bonjour</p>', en: '<p>Hello</p>' } },
        key: 'walk-message',
      })
    ).result as { messages: { links: Links }[] };
    const message = written.messages.at(-1)!;
    await follow(message.links.updateAgencyMessage, {
      token,
      body: { support: 'cart', companyId: null, level: 'warning', message: { fr: 'Grève', en: 'Strike' } },
      key: 'walk-message-update',
    });
    await follow(message.links.deleteAgencyMessage, { token, key: 'walk-message-delete' });
    await follow(admin.links.agencyHistory, { token });
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
    expect(() => new LinkChecker().check(read, answer({ cancel: { href: `/api/v1/v2/travels/${travelID}/cancel`, method: 'POST' } }))).toThrow(
      /"cancel" is not a rel/,
    );
    expect(() => new LinkChecker().check(read, answer({ confirm: { href: `/api/v1/v2/travels/${travelID}/confirm`, method: 'PUT' } }))).toThrow(
      /does not match rel "confirm"/,
    );
    expect(() => new LinkChecker().check(read, answer({ getTravel: { href: `/api/v1/v2/travel/${travelID}`, method: 'GET' } }))).toThrow(
      /does not match rel "getTravel"/,
    );
    expect(() => new LinkChecker().check(read, answer({ getTravel: `/api/v1/v2/travels/${travelID}` }))).toThrow(/not a \{ href, method \} link/);
    expect(() => new LinkChecker().check(read, answer({ getTravel: { href: `/api/v1/v2/travels/${travelID}`, method: 'GET' } }))).not.toThrow();
  });

  it('parses the answer of a followed link, and the body the server accepted, with the rel', () => {
    const checker = new LinkChecker();
    checker.check(read, answer({ fillApprovers: { href: `/api/v1/v2/travels/${travelID}/approvers`, method: 'PATCH' } }));
    const patch = { method: 'PATCH', url: `/api/v1/v2/travels/${travelID}/approvers` };
    const saved = { result: { links: { getTravel: { href: `/api/v1/v2/travels/${travelID}`, method: 'GET' } } } };
    expect(() => checker.check({ ...patch, body: { approver: 'bob' } }, { status: 200, body: { result: { travel: {} } } })).toThrow(
      /result does not match rels\.fillApprovers\.output/,
    );
    expect(() => checker.check({ ...patch, body: { approver: 42 } }, { status: 200, body: saved })).toThrow(/body does not match rels\.fillApprovers\.input/);
    // A refused body is the test's business: the server said no.
    expect(() => checker.check({ ...patch, body: { approver: 42 } }, { status: 400, body: { api_code: 17 } })).not.toThrow();
    checker.check({ ...patch, body: { approver: 'bob' } }, { status: 200, body: saved });
    expect([...checker.followed]).toEqual(['fillApprovers']);
    expect([...checker.seen].sort()).toEqual(['fillApprovers', 'getTravel']);
  });
});
