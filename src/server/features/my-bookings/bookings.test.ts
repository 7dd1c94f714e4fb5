import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startApi, type Api, writeMissionOrders } from '@test/support/api';
import { bookingTicketsSchema } from '@contract/my-bookings';
import { envelope } from '@contract/envelope';
import { approvalRequests, travelProducts, travels } from '@server/db/schema';

let api: Api;
let gus: string;
let alice: string;
let ids: { gus: string; alice: string; bob: string; carol: string };
beforeAll(async () => {
  api = await startApi();
  await signIn();
});
afterAll(() => api.close());

/** Sessions (again, after the clock moved past their idle expiry) and the users' ids. */
async function signIn() {
  const who = async (username: string) => {
    const res = await api.call('POST', '/api/v1/user/login', { body: { username, password: 'Escale2026!' } });
    return res.body.result as { token: string; user: { uid: string; entities: { uid: string }[] } };
  };
  const [g, a, b, c] = await Promise.all([who('gus'), who('alice'), who('bob'), who('carol')]);
  gus = g!.token;
  alice = a!.token;
  ids = { gus: g!.user.uid, alice: a!.user.uid, bob: b!.user.uid, carol: c!.user.uid };
  entity = a!.user.entities[0]!.uid;
}
let entity: string;

type Ticket = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const answer = envelope(bookingTicketsSchema);
/** The caller's tickets; the answer (written by a serializer of its own, routes.ts) exactly what its schema encodes. */
const tickets = async (token: string, query = '?active=true') => {
  const res = await api.call('GET', `/api/v1/tickets/${query}`, { token });
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  expect(res.body).toEqual(z.encode(answer, res.body as z.output<typeof answer>));
  return res.body.result as Ticket[];
};
const ticketOf = async (token: string, productId: string, query?: string) => (await tickets(token, query)).find((t) => t.productId === productId);

const fields = {
  gus: { gender: 'MR', firstname: 'Gus', lastname: 'Moreau', birthdate: '1980-01-02', contact_email: 'gus@globex.example', contact_phone: '0601020304' },
  alice: { gender: 'MS', firstname: 'Alice', lastname: 'Martin', birthdate: '1988-04-02', contact_email: 'alice@acme.example', contact_phone: '0601020304' },
};
type Offer = { id: string; roundTrip: boolean };

/** A travel in the cart: the first one-way rail offer of Paris → Lyon on 23/11. */
async function inCart(who: 'gus' | 'alice', opts: { datetime?: string } = {}) {
  const token = who === 'gus' ? gus : alice;
  const body = {
    origin: 'city:paris',
    destination: 'city:lyon',
    datetime: opts.datetime ?? '2026-11-23T07:00',
    nb_travelers: 1,
    filters: { rail: true, flight: false },
  };
  const search = await api.call('POST', '/api/v1/treep/search?version=v2', { body, token });
  const offers = (search.body.result.proposals as { offers: Offer[] }[]).flatMap((p) => p.offers).filter((o) => !o.roundTrip);
  const offer = offers[0]!;
  const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
    body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: fields[who] }], ...(who === 'alice' ? { entity_id: entity } : {}) },
    token,
  });
  expect(added.status, JSON.stringify(added.body).slice(0, 300)).toBe(200);
  return added.body.result.travel.id as string;
}

/** Gus's travel (Globex: mission orders, no approval) confirmed, or held with `hold`. */
async function gusBooks(opts: { hold?: boolean; datetime?: string } = {}) {
  const travelId = await inCart('gus', opts);
  await writeMissionOrders(api.db, travelId);
  const travel = (await api.call('GET', `/api/v1/v2/travels/${travelId}`, { token: gus })).body.result;
  const res = await api.call('POST', travel.links.confirm.href, {
    token: gus,
    body: opts.hold ? { hold: true } : {},
    headers: { 'if-match': String(travel.version) },
  });
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res.body.result as { id: string; status: string; products: { id: string; pnr: string; ticketsByPax: { tickets: { reference: string }[] }[] }[] };
}

/** Alice's travel (Acme: approval always) sent to bob, carol as backup, as the checkout steps leave it. */
async function aliceAsks() {
  const travelId = await inCart('alice');
  await api.db
    .update(travels)
    .set({
      analytics: { fields: { cost_center: 'R&D' }, travelers: {}, exemption: 'Only train left' },
      approvers: { approverId: ids.bob, emergencyApproverId: ids.carol, message: 'Client meeting' },
    })
    .where(eq(travels.id, travelId));
  const travel = (await api.call('GET', `/api/v1/v2/travels/${travelId}`, { token: alice })).body.result;
  const res = await api.call('POST', travel.links.requestApproval.href, { token: alice, body: {}, headers: { 'if-match': String(travel.version) } });
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  const [request] = await api.db.select().from(approvalRequests).where(eq(approvalRequests.travelId, travelId));
  return { travel: res.body.result as { id: string; confirmationTimeLimit: string; products: { id: string }[] }, approvalId: request!.id };
}

const setProduct = (id: string, set: Partial<typeof travelProducts.$inferInsert>) => api.db.update(travelProducts).set(set).where(eq(travelProducts.id, id));

describe('GET /tickets/ (spec 2 §3, §7)', () => {
  it('gives each product of a travel its own ticket, with the recap links the travel numbers', async () => {
    const travelId = await inCart('gus');
    const body = { origin: 'city:lyon', destination: 'city:paris', datetime: '2026-11-24T17:00', nb_travelers: 1, filters: { rail: true, flight: false } };
    const back = await api.call('POST', '/api/v1/treep/search?version=v2', { body, token: gus });
    const offer = (back.body.result.proposals as { offers: Offer[] }[]).flatMap((p) => p.offers).find((o) => !o.roundTrip)!;
    const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
      body: { choiceIDs: [offer.id], travelID: travelId, travelers: [{ travelerID: 1, fields: fields.gus }] },
      token: gus,
    });
    expect(added.status, JSON.stringify(added.body).slice(0, 300)).toBe(200);
    await writeMissionOrders(api.db, travelId);
    const travel = (await api.call('GET', `/api/v1/v2/travels/${travelId}`, { token: gus })).body.result;
    expect((await api.call('POST', travel.links.confirm.href, { token: gus, body: {}, headers: { 'if-match': String(travel.version) } })).status).toBe(200);
    const mine = (await tickets(gus)).filter((t) => t.travelID === travelId);
    expect(mine.map((t) => t.productId).sort()).toEqual(travel.products.map((p: { id: string }) => p.id).sort());
    const recaps = (await api.call('GET', `/api/v1/v2/travels/${travelId}`, { token: gus })).body.result.treepRecaps;
    for (const t of mine) expect(t.summaries).toEqual(recaps);
  });

  it('lists a booked product as a ticket with every field of spec 2 §3', async () => {
    const booked = await gusBooks();
    const [product] = booked.products;
    const travel = (await api.call('GET', `/api/v1/v2/travels/${booked.id}`, { token: gus })).body.result;
    const ticket = await ticketOf(gus, product!.id);
    expect(ticket).toEqual({
      uid: product!.id,
      status: 'booked',
      type: 'rail',
      departure: travel.products[0].departure,
      arrival: travel.products[0].arrival,
      from: travel.products[0].routes[0].from,
      to: travel.products[0].routes.at(-1).to,
      travelers: [{ uid: expect.any(String), firstname: 'Gus', lastname: 'Moreau' }],
      price: { amount: travel.products[0].price.amount, currency: 'EUR' },
      cabin: travel.products[0].routes[0].transportation.cabinClass,
      carrier: travel.products[0].routes[0].marketingCarrier.name,
      compliant: travel.products[0].isCompliant,
      ticket_time_limit: null,
      fare_condition: travel.products[0].ticketsByPax[0].tickets[0].fareConditions.flexibility,
      fare_category: travel.products[0].ticketsByPax[0].tickets[0].fareName,
      main_approver: null,
      secondary_approver: null,
      summaries: [{ paxName: 'Gus Moreau', link: `/recap/${booked.id}/1` }],
      ancillaries: [],
      pnr: product!.pnr,
      reference: product!.ticketsByPax[0]!.tickets[0]!.reference,
      productId: product!.id,
      tag: '',
      travelID: booked.id,
      approvalID: null,
      // Booked by the user: no agency staff in it.
      booked_by: null,
      staff_actions: [],
      // Paid on the company's account: no card.
      card_payment: null,
      // The product's own links (cancel, preview…), and its travel.
      links: { ...travel.products[0].links, getTravel: { href: `/api/v1/v2/travels/${booked.id}`, method: 'GET' } },
    });
    expect(ticket!.links.cancelProduct).toBeDefined();
    expect(travel.treepRecaps).toEqual([{ paxName: 'Gus Moreau', link: ticket!.summaries[0].link }]);
    // Nobody else sees it.
    expect(await ticketOf(alice, product!.id, '')).toBeUndefined();
    expect((await api.call('GET', '/api/v1/tickets/?active=true')).status).toBe(401);
  });

  it('shows held options as pending_confirmation with their deadline and the product’s own links; hides the cart and exchanged tickets', async () => {
    const held = await gusBooks({ hold: true });
    const ticket = await ticketOf(gus, held.products[0]!.id);
    const travel = (await api.call('GET', `/api/v1/v2/travels/${held.id}`, { token: gus })).body.result;
    expect(ticket).toMatchObject({ status: 'pending_confirmation', ticket_time_limit: travel.products[0].confirmationTimeLimit, summaries: [] });
    expect(ticket!.ticket_time_limit).toEqual(expect.stringMatching(/Z$/));
    // The product's links reach its ticket as the travel presenter writes them.
    expect(ticket!.links).toEqual({ ...travel.products[0].links, getTravel: travel.links.getTravel });
    expect(ticket!.links.releasePrebooking).toBeDefined();

    const cartTravel = await inCart('gus');
    const [cartProduct] = await api.db.select().from(travelProducts).where(eq(travelProducts.travelId, cartTravel));
    const booked = await gusBooks();
    const all = await tickets(gus, '');
    expect(all.map((t) => t.productId)).not.toContain(cartProduct!.id);
    expect(all.map((t) => t.productId)).toContain(booked.products[0]!.id);
    await setProduct(booked.products[0]!.id, { status: 'exchanged' });
    expect((await tickets(gus, '')).map((t) => t.productId)).not.toContain(booked.products[0]!.id);
  });

  it('splits active (not yet arrived) from passed (arrived) by the clock', async () => {
    const booked = await gusBooks({ datetime: '2026-11-24T07:00' });
    const id = booked.products[0]!.id;
    expect(await ticketOf(gus, id, '?active=true')).toBeDefined();
    expect(await ticketOf(gus, id, '?passed=true')).toBeUndefined();
    const [row] = await api.db.select().from(travelProducts).where(eq(travelProducts.id, id));
    // A minute before arrival it is still active; a minute after, archived.
    api.clock.set(new Date(row!.endsAt.getTime() - 60_000));
    await signIn();
    expect(await ticketOf(gus, id, '?active=true')).toBeDefined();
    api.clock.set(new Date(row!.endsAt.getTime() + 60_000));
    await signIn();
    expect(await ticketOf(gus, id, '?active=true')).toBeUndefined();
    expect(await ticketOf(gus, id, '?passed=true')).toMatchObject({ status: 'booked', productId: id });
    for (const t of await tickets(gus, '?passed=true')) expect(new Date(t.arrival).getTime()).toBeLessThanOrEqual(api.clock.now().getTime());
    for (const t of await tickets(gus, '?active=true')) expect(new Date(t.arrival).getTime()).toBeGreaterThan(api.clock.now().getTime());
    api.clock.set('2026-11-22T09:00:00Z');
    await signIn();
  });

  it('takes limit 1..1000 (1000 by default); refuses 0, 1001, words, and active with passed (400, api_code 17)', async () => {
    await gusBooks();
    await gusBooks();
    expect((await tickets(gus, '?limit=1')).length).toBe(1);
    expect((await tickets(gus, '?limit=1000')).length).toBe((await tickets(gus, '')).length);
    for (const query of ['?limit=0', '?limit=1001', '?limit=ten', '?active=true&passed=true', '?active=yes']) {
      const res = await api.call('GET', `/api/v1/tickets/${query}`, { token: gus });
      expect(res.status, query).toBe(400);
      expect(res.body.api_code, query).toBe(17);
    }
  });

  it('answers the caller’s own creator_id, and refuses anyone else’s (403, api_code 34) whether or not they exist', async () => {
    const booked = await gusBooks();
    expect(await ticketOf(gus, booked.products[0]!.id, `?active=true&creator_id=${ids.gus}`)).toBeDefined();
    for (const other of [ids.alice, '00000000-0000-4000-8000-000000000000', 'nobody']) {
      const res = await api.call('GET', `/api/v1/tickets/?creator_id=${other}`, { token: gus });
      expect(res.status).toBe(403);
      expect(res.body.api_code).toBe(34);
    }
    // An approver does not see the bookings of those whose requests they answer (not yet).
    const { travel } = await aliceAsks();
    const bob = await api.login('bob');
    expect((await api.call('GET', `/api/v1/tickets/?creator_id=${ids.alice}`, { token: bob })).body.api_code).toBe(34);
    expect(await ticketOf(bob, travel.products[0]!.id, '')).toBeUndefined();
  });

  it('tags ITP only an issued rail ticket with a flexible or semi-flexible fare that has not left', async () => {
    const [flexible, semi, rigid] = (await Promise.all(
      [3, 2, 1].map(async (flexibility) => {
        const id = (await gusBooks()).products[0]!.id;
        // The fare as the supplier sold it (the first page of offers may not hold every flexibility).
        const offer = { flexibility, exchangeable: flexibility > 1 };
        await api.db
          .update(travelProducts)
          .set({ data: sql`jsonb_set(${travelProducts.data}, '{offer}', (${travelProducts.data}->'offer') || ${JSON.stringify(offer)}::jsonb)` })
          .where(eq(travelProducts.id, id));
        return id;
      }),
    )) as [string, string, string];
    expect((await ticketOf(gus, semi))!.fare_condition).toBe('semiFlex');
    expect((await ticketOf(gus, flexible))!.tag).toBe(''); // booked, not issued yet
    for (const id of [flexible, semi, rigid]) await setProduct(id, { status: 'issued' });
    expect(await ticketOf(gus, flexible)).toMatchObject({ tag: 'ITP', status: 'issued' });
    expect((await ticketOf(gus, semi))!.tag).toBe('ITP');
    expect((await ticketOf(gus, rigid))!.tag).toBe('');
    // Once departed (not yet arrived), no longer exchangeable.
    const [row] = await api.db.select().from(travelProducts).where(eq(travelProducts.id, flexible));
    api.clock.set(new Date(row!.startsAt.getTime() + 60_000));
    await signIn();
    expect(await ticketOf(gus, flexible)).toMatchObject({ tag: '', status: 'issued' });
    api.clock.set('2026-11-22T09:00:00Z');
    await signIn();
  });

  it('shows a request awaiting approval as pending_approval with its approvers and the remind link, which it loses once answered', async () => {
    const { travel, approvalId } = await aliceAsks();
    const ticket = await ticketOf(alice, travel.products[0]!.id);
    expect(ticket).toMatchObject({
      status: 'pending_approval',
      ticket_time_limit: travel.confirmationTimeLimit,
      main_approver: { firstname: 'Bob', lastname: 'Durand', email: expect.stringContaining('@') },
      secondary_approver: { firstname: 'Carol', lastname: 'Petit', email: expect.stringContaining('@') },
      approvalID: approvalId,
      summaries: [],
      links: {
        remind: { href: `/api/v1/approvals/${approvalId}/remind`, method: 'PATCH' },
        getTravel: { href: `/api/v1/v2/travels/${travel.id}`, method: 'GET' },
      },
    });
    const viaTravel = (await api.call('GET', `/api/v1/v2/travels/${travel.id}`, { token: alice })).body.result;
    expect(ticket!.links.remind).toEqual(viaTravel.links.remind);
    const bob = await api.login('bob');
    const denied = await api.call('POST', `/api/v1/approvals/${approvalId}/deny`, { token: bob, body: { reason: 'Budget frozen' } });
    expect(denied.status).toBe(200);
    const after = await ticketOf(alice, travel.products[0]!.id);
    expect(after).toMatchObject({ status: 'denied', ticket_time_limit: null, main_approver: { firstname: 'Bob' } });
    expect(after!.links.remind).toBeUndefined();
  });

  it('pages the list with limit and offset: every ticket once, in one stable order (active: waiting ones first, then soonest), each page filtered, the caller’s only', async () => {
    // Gus: booked travels and held options on several days, two of them arrived already; alice: a request awaiting approval.
    const booked = await Promise.all(['2026-11-25T07:00', '2026-11-23T07:00', '2026-11-27T07:00'].map((datetime) => gusBooks({ datetime })));
    const held = await Promise.all(['2026-11-26T07:00', '2026-11-24T07:00'].map((datetime) => gusBooks({ datetime, hold: true })));
    const past = [await gusBooks({ datetime: '2026-11-23T07:00' }), await gusBooks({ datetime: '2026-11-24T07:00' })];
    for (const [i, travel] of past.entries()) {
      const day = new Date(`2026-11-1${i}T08:00:00Z`);
      await setProduct(travel.products[0]!.id, { startsAt: day, endsAt: new Date(day.getTime() + 7_200_000) });
    }
    const { travel: alicesTravel } = await aliceAsks();

    const paged = async (token: string, window: string, limit: number) => {
      const pages: Ticket[][] = [];
      for (let offset = 0; ; offset += limit) {
        const page = await tickets(token, `?${window}&limit=${limit}&offset=${offset}`);
        expect(page.length).toBeLessThanOrEqual(limit);
        pages.push(page);
        if (page.length < limit) return pages;
      }
    };
    for (const window of ['active=true', 'passed=true']) {
      const whole = await tickets(gus, `?${window}`);
      for (const limit of [1, 2, 3]) {
        const pages = await paged(gus, window, limit);
        const ids = pages.flat().map((t) => t.productId);
        // Read again page by page, the same list in the same order: nothing twice, nothing left out.
        expect(ids, `${window} by ${limit}`).toEqual(whole.map((t) => t.productId));
        expect(new Set(ids).size).toBe(ids.length);
      }
      expect(await tickets(gus, `?${window}&offset=${whole.length}`)).toEqual([]);
    }
    const active = (await paged(gus, 'active=true', 2)).flat();
    for (const { products } of [...booked, ...held]) expect(active.map((t) => t.productId)).toContain(products[0]!.id);
    // Waiting tickets (options to confirm) first, then by departure.
    const waiting = active.filter((t) => t.status === 'pending_confirmation');
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    expect(active.slice(0, waiting.length)).toEqual(waiting);
    const rest = active.slice(waiting.length);
    for (const list of [waiting, rest])
      for (let i = 1; i < list.length; i++) expect(new Date(list[i]!.departure).getTime()).toBeGreaterThanOrEqual(new Date(list[i - 1]!.departure).getTime());
    // Each page holds only its window's tickets: not arrived (active), arrived (passed, latest first).
    for (const t of active) expect(new Date(t.arrival).getTime()).toBeGreaterThan(api.clock.now().getTime());
    const passed = (await paged(gus, 'passed=true', 1)).flat().map((t) => t.productId);
    const [earlier, later] = past.map((travel) => travel.products[0]!.id) as [string, string];
    expect(passed.indexOf(later)).toBeGreaterThanOrEqual(0);
    expect(passed.indexOf(later)).toBeLessThan(passed.indexOf(earlier));
    for (const id of passed) expect(active.map((t) => t.productId)).not.toContain(id);
    // Nobody else's tickets on any page, either way.
    expect(active.map((t) => t.productId)).not.toContain(alicesTravel.products[0]!.id);
    const alices = (await paged(alice, 'active=true', 1)).flat();
    expect(alices.map((t) => t.productId)).toContain(alicesTravel.products[0]!.id);
    for (const t of alices) expect(active.map((g) => g.productId)).not.toContain(t.productId);
  }, 60_000);

  it('refuses an offset that is no whole number from 0 to 1,000,000 (400, api_code 17)', async () => {
    for (const query of ['?offset=-1', '?offset=two', '?offset=1.5', '?active=true&offset=1000001']) {
      const res = await api.call('GET', `/api/v1/tickets/${query}`, { token: gus });
      expect(res.status, query).toBe(400);
      expect(res.body.api_code, query).toBe(17);
    }
  });

  it('answers 1,000 tickets (the list’s limit) in one call', async () => {
    const booked = await gusBooks();
    const [travelRow] = await api.db.select().from(travels).where(eq(travels.id, booked.id));
    const [productRow] = await api.db.select().from(travelProducts).where(eq(travelProducts.travelId, booked.id));
    const { id: _t, ...travelRest } = travelRow!;
    const { id: _p, ...productRest } = productRow!;
    const made = await api.db
      .insert(travels)
      .values(Array.from({ length: 1000 }, () => travelRest))
      .returning({ id: travels.id });
    await api.db.insert(travelProducts).values(made.map((t) => ({ ...productRest, travelId: t.id })));
    await tickets(gus, '?active=true');
    const started = performance.now();
    const list = await tickets(gus, '?active=true');
    const ms = performance.now() - started;
    const first = performance.now();
    const page = await tickets(gus, '?active=true&limit=20');
    const pageMs = performance.now() - first;
    console.info(`GET /tickets/ with ${list.length} tickets: ${Math.round(ms)} ms; its first page of 20: ${Math.round(pageMs)} ms`);
    expect(list.length).toBe(1000);
    expect(page.map((t) => t.productId)).toEqual(list.slice(0, 20).map((t) => t.productId));
    // The last page of the list: where the 1,000 stop.
    expect((await tickets(gus, '?active=true&limit=20&offset=980')).map((t) => t.productId)).toEqual(list.slice(980).map((t) => t.productId));
  });
});
