import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSecondAgency, SECOND_API_KEY } from '@test/factories/second-agency';
import { startApi, type Api, writeMissionOrders } from '@test/support/api';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { agencyTasks, approvalRequests, companies, staffActions, travels } from '@server/db/schema';
import { DEMO_API_KEY } from '@server/db/seed';
import { createSandboxSupplier } from '@server/supplier';
import { SupplierError } from '@server/supplier/types';

/**
 * The agency work queue: each section fills from a real flow (an offline cancellation of a
 * company that cancels rail offline, an approved travel the supplier refuses to book, options held
 * near their deadline on the test clock), each item's action followed through its link, and the
 * queue kept to the agency's staff and to their own agency.
 */

let api: Api;
let tina: string;
let arthur: string;
let gus: string;
let vera: string;

type Link = { href: string; method: string };
type Product = { id: string; status: string; name: string; startsAt: string; price: number; type: string };
type Base = { travelId: string; travellers: { firstname: string; lastname: string }[]; company: { name: string } | null; products: Product[] };
type Cancellation = Base & { taskId: string; since: string; maxRefund: number; requester: { email: string }; links: { completeAgencyTask?: Link } };
type Failure = Base & { taskId: string; since: string; travelStatus: string; requester: { email: string }; links: { closeAgencyTask?: Link } };
type Option = Base & { version: number; deadline: string; links: { confirmHeldOption?: Link; releaseHeldOptions?: Link } };
type Queue = {
  horizonHours: number;
  pendingCancellations: { total: number; items: Cancellation[] };
  failedBookings: { total: number; items: Failure[] };
  expiringOptions: { total: number; items: Option[] };
};

beforeAll(async () => {
  api = await startApi();
  await addSecondAgency(api.db);
  [tina, arthur, gus] = await Promise.all([api.login('tina'), api.login('arthur'), api.login('gus')]);
  // Vera: a travel agent of the other agency (test/factories/second-agency.ts).
  const res = await api.call('POST', '/api/v1/user/login', { body: { username: 'vera', password: 'Escale2026!' }, apiKey: SECOND_API_KEY });
  vera = res.body.result.token;
});
afterAll(() => api.close());

let keys = 0;
const key = () => `queue-test-${++keys}`;
const gusFields = {
  gender: 'MR',
  firstname: 'Gus',
  lastname: 'Moreau',
  birthdate: '1980-01-02',
  contact_email: 'gus@globex.example',
  contact_phone: '0601020304',
};
const travelUrl = (id: string) => `/api/v1/v2/travels/${id}`;

const queueOf = async (token: string, opts: { query?: string; apiKey?: string } = {}) => {
  const res = await api.call('GET', `/api/v1/agency/queue${opts.query ?? ''}`, { token, apiKey: opts.apiKey });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as Queue;
};
const follow = (link: Link, token: string, body: unknown = {}, opts: { key?: string; version?: number; apiKey?: string } = {}) =>
  api.call(link.method as 'POST', link.href, {
    token,
    apiKey: opts.apiKey,
    body: body as never,
    headers: { 'idempotency-key': opts.key ?? key(), ...(opts.version !== undefined ? { 'if-match': String(opts.version) } : {}) },
  });
const mailsTo = async (to: string) =>
  (await api.call('GET', `/dev/mailbox.json?to=${encodeURIComponent(to)}`, { apiKey: null })).body.result as { subject: string; text: string }[];
/** The kinds of staff actions in the travel's history (features/staff-audit writes them). */
const actionsOf = async (travelId: string) => [
  ...new Set((await api.db.select().from(staffActions).where(eq(staffActions.travelId, travelId))).map((h) => h.action)),
];

/** Runs with the clock moved, then puts it back; sessions are signed in again (they outlive an hour or two only). */
async function at<T>(ms: number, run: () => Promise<T>): Promise<T> {
  const before = api.clock.now();
  api.clock.set(new Date(before.getTime() + ms));
  try {
    return await run();
  } finally {
    api.clock.set(before);
  }
}

/** A Globex travel of one trip of gus's (rail Paris → Lyon unless told), its mission orders written as the checkout would: its next step is confirm. */
async function gusTravel(extra: Record<string, unknown> = {}) {
  const body = {
    origin: 'city:paris',
    destination: 'city:lyon',
    datetime: '2026-11-23T07:00',
    nb_travelers: 1,
    filters: { rail: true, flight: false },
    ...extra,
  };
  const search = await api.call('POST', '/api/v1/treep/search?version=v2', { body, token: gus });
  const offers = (search.body.result.proposals as { offers: { id: string; roundTrip: boolean; flexibility: number }[] }[])
    .flatMap((p) => p.offers)
    .filter((o) => !o.roundTrip);
  // A flexible fare where there is one (its refund is the whole price).
  const offer = offers.find((o) => o.flexibility === 3) ?? offers[0]!;
  const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
    body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: gusFields }] },
    token: gus,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const id = added.body.result.travel.id as string;
  await writeMissionOrders(api.db, id);
  return (await api.call('GET', travelUrl(id), { token: gus })).body.result as {
    id: string;
    version: number;
    links: Record<string, Link>;
    products: { id: string; price: { amount: string }; links: Record<string, Link> }[];
  };
}

type Session = { token: string; user: { uid: string; entities: { uid: string }[] } };
const signIn = async (username: string) =>
  (await api.call('POST', '/api/v1/user/login', { body: { username, password: 'Escale2026!' } })).body.result as Session;

/** Alice's Acme travel (rail Paris → Lyon) sent to bob for approval, its analytics and approver written as the checkout steps would. */
async function aliceAsksApproval(alice: Session, bob: Session) {
  const body = { origin: 'city:paris', destination: 'city:lyon', datetime: '2026-11-23T07:00', nb_travelers: 1, filters: { rail: true, flight: false } };
  const search = await api.call('POST', '/api/v1/treep/search?version=v2', { body, token: alice.token });
  const offer = (search.body.result.proposals as { offers: { id: string; roundTrip: boolean }[] }[]).flatMap((p) => p.offers).find((o) => !o.roundTrip)!;
  const fields = {
    gender: 'MS',
    firstname: 'Alice',
    lastname: 'Martin',
    birthdate: '1988-04-02',
    contact_email: 'alice@acme.example',
    contact_phone: '0601020304',
  };
  const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
    body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields }], entity_id: alice.user.entities[0]!.uid },
    token: alice.token,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const travelId = added.body.result.travel.id as string;
  await api.db
    .update(travels)
    .set({
      analytics: { fields: { cost_center: 'R&D' }, travelers: {}, exemption: 'Only train left' },
      approvers: { approverId: bob.user.uid, emergencyApproverId: null, message: 'Client meeting' },
    })
    .where(eq(travels.id, travelId));
  const travel = (await api.call('GET', travelUrl(travelId), { token: alice.token })).body.result;
  const asked = await follow(travel.links.requestApproval, alice.token, undefined, { version: travel.version });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const [request] = await api.db.select().from(approvalRequests).where(eq(approvalRequests.travelId, travelId));
  return { travelId, approvalId: request!.id };
}

/** Gus's travel with its options held (`hold: true` on its confirm link). */
async function held(extra: Record<string, unknown> = {}) {
  const travel = await gusTravel(extra);
  const res = await follow(travel.links.confirm!, gus, { hold: true }, { version: travel.version });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as { id: string; version: number; status: string; confirmationTimeLimit: string };
}

describe('pending offline cancellations', () => {
  it('an offline cancellation (Globex cancels rail offline) waits in the queue with its answer; the agent’s refund cancels it, once', async () => {
    const [globex] = await api.db.select().from(companies).where(eq(companies.name, 'Globex Consulting'));
    await api.db
      .update(companies)
      .set({ config: { ...globex!.config, railOfflineCancellation: true } })
      .where(eq(companies.id, globex!.id));
    try {
      const travel = await gusTravel();
      const booked = (await follow(travel.links.confirm!, gus, {}, { version: travel.version })).body.result as typeof travel;
      const product = booked.products[0]!;
      const previews = (await api.call('GET', product.links.previewRefund!.href, { token: gus })).body.result as {
        product_id: string;
        refund: { total: number | null };
        confirm_refund_date_limit: string;
      }[];
      const shown = previews.map((p) => ({ product_id: p.product_id, refund_total: p.refund.total, confirm_refund_date_limit: p.confirm_refund_date_limit }));
      expect((await follow(product.links.cancelProduct!, gus, { ticket_ids: [product.id], void: false, previews: shown })).body.result.requested).toEqual([
        product.id,
      ]);

      const price = Math.round(Number(product.price.amount) * 100);
      const item = (await queueOf(tina)).pendingCancellations.items.find((i) => i.travelId === travel.id)!;
      expect(item).toMatchObject({
        travellers: [{ firstname: 'Gus', lastname: 'Moreau' }],
        company: { name: 'Globex Consulting' },
        requester: { email: 'gus@globex.example' },
        since: '2026-11-22T09:00:00.000Z',
        maxRefund: price,
        products: [{ id: product.id, type: 'rail', name: 'Paris → Lyon', status: 'pending_cancel', price }],
      });
      expect(item.products[0]!.startsAt).toMatch(/^2026-11-23T0\d:\d{2}(:\d{2})?\+01:00$/);
      // The assistance agent sees the same queue.
      expect((await queueOf(arthur)).pendingCancellations.items.map((i) => i.taskId)).toContain(item.taskId);

      // More than the products cost is refused, with the field named, and changes nothing.
      const tooMuch = await follow(item.links.completeAgencyTask!, tina, { refund: price + 1, fees: 0 });
      expect(tooMuch).toMatchObject({ status: 400, body: { api_code: 17, fields: { refund: 'FORMAT_INVALID' } } });
      expect((await follow(item.links.completeAgencyTask!, tina, { refund: -1, fees: 0 })).status).toBe(400);

      const k = key();
      const done = await follow(item.links.completeAgencyTask!, tina, { refund: 3000, fees: 500 }, { key: k });
      expect(done.body.result).toMatchObject({ status: 'done', outcome: 'cancelled', refund: 3000, fees: 500, links: {} });
      expect(await follow(item.links.completeAgencyTask!, tina, { refund: 3000, fees: 500 }, { key: k })).toMatchObject({ status: 200, body: done.body });
      expect((await follow(item.links.completeAgencyTask!, tina, { refund: 3000, fees: 500 })).body.api_code).toBe(69);

      expect((await queueOf(tina)).pendingCancellations.items.map((i) => i.taskId)).not.toContain(item.taskId);
      // The traveller's booking shows the agency's answer, and its history who gave it.
      const after = (await api.call('GET', travelUrl(travel.id), { token: gus })).body.result;
      expect(after).toMatchObject({
        status: 'cancelled',
        refunded: { amount: '30.00' },
        products: [{ status: 'cancelled', cancellation: { offline: true, refund: { amount: '30.00' } } }],
      });
      expect(await actionsOf(travel.id)).toEqual(['completeAgencyTask']);
    } finally {
      await api.db.update(companies).set({ config: globex!.config }).where(eq(companies.id, globex!.id));
    }
  });
});

describe('failed bookings', () => {
  it('an approved travel the supplier refuses to book waits in the queue until an agent closes it with a note', async () => {
    const [alice, bob] = await Promise.all([signIn('alice'), signIn('bob')]);
    const asked = await aliceAsksApproval(alice, bob);
    // The supplier refuses the booking for good (the train is full): the round fails at once.
    const sandbox = createSandboxSupplier();
    const refusing = { ...sandbox, booking: { ...sandbox.booking, book: () => Promise.reject(new SupplierError('invalid-request', 'train full')) } };
    const app = await buildApp({ db: api.db, config: loadConfig({ NODE_ENV: 'test' }), clock: api.clock, logger: false, supplier: refusing });
    try {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/approvals/${asked.approvalId}/approve`,
        headers: { authorization: `Bearer ${bob.token}`, 'api-key': DEMO_API_KEY },
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await app.close();
    }
    expect((await api.call('GET', travelUrl(asked.travelId), { token: alice.token })).body.result.status).toBe('cart');

    const item = (await queueOf(arthur)).failedBookings.items.find((i) => i.travelId === asked.travelId)!;
    expect(item).toMatchObject({
      travellers: [{ firstname: 'Alice', lastname: 'Martin' }],
      company: { name: 'Acme Industries' },
      requester: { email: 'alice@acme.example' },
      travelStatus: 'cart',
      since: '2026-11-22T09:00:00.000Z',
      products: [{ type: 'rail', name: 'Paris → Lyon' }],
    });
    expect(item.links).toEqual({ closeAgencyTask: { href: `/api/v1/agency/tasks/${item.taskId}/close`, method: 'POST' } });

    // A note is required; an offline cancellation's answer does not apply to it.
    expect(await follow(item.links.closeAgencyTask!, arthur, { note: '  ' })).toMatchObject({
      status: 400,
      body: { api_code: 17, fields: { note: 'PLEASE_FILL' } },
    });
    expect((await follow({ href: `/api/v1/agency/tasks/${item.taskId}/complete`, method: 'POST' }, arthur, { refund: 0, fees: 0 })).status).toBe(404);

    const k = key();
    const closed = await follow(item.links.closeAgencyTask!, arthur, { note: 'Called Alice: she books the 9:00 train herself.' }, { key: k });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.result).toMatchObject({
      id: item.taskId,
      kind: 'failed_booking',
      status: 'done',
      outcome: 'closed',
      reason: 'Called Alice: she books the 9:00 train herself.',
      links: {},
    });
    expect(await follow(item.links.closeAgencyTask!, arthur, { note: 'Called Alice: she books the 9:00 train herself.' }, { key: k })).toMatchObject({
      status: 200,
      body: closed.body,
    });
    expect(await follow(item.links.closeAgencyTask!, tina, { note: 'Again' })).toMatchObject({
      status: 409,
      body: { api_code: 69, current: { outcome: 'closed' } },
    });
    expect((await queueOf(tina)).failedBookings.items.map((i) => i.taskId)).not.toContain(item.taskId);
    expect(await actionsOf(asked.travelId)).toEqual(['closeAgencyTask']);
  });
});

describe('expiring options', () => {
  it('lists the options whose deadline is within 24 h, nearest first, with the travel’s version; a later one once the clock nears it', async () => {
    const rail = await held();
    const flight = await held({ destination: 'city:nice', datetime: '2026-12-10T08:00', filters: { rail: false, flight: true } });
    // A flight option is held 72 h: not in the queue yet.
    const now = await queueOf(tina);
    expect(now.horizonHours).toBe(24);
    const mine = now.expiringOptions.items.filter((i) => [rail.id, flight.id].includes(i.travelId));
    expect(mine.map((i) => i.travelId)).toEqual([rail.id]);
    expect(mine[0]).toMatchObject({
      version: rail.version,
      deadline: rail.confirmationTimeLimit,
      travellers: [{ firstname: 'Gus', lastname: 'Moreau' }],
      company: { name: 'Globex Consulting' },
      products: [{ status: 'prebooked' }],
    });

    // 49 hours later the flight's deadline is 23 hours away; the rail option's has passed (its expiry job takes it).
    const later = await at(49 * 3_600_000, async () => queueOf(await api.login('tina')));
    expect(later.expiringOptions.items.map((i) => i.travelId)).toContain(flight.id);
    expect(later.expiringOptions.items.map((i) => i.travelId)).not.toContain(rail.id);
    const deadlines = later.expiringOptions.items.map((i) => Date.parse(i.deadline));
    expect(deadlines).toEqual([...deadlines].sort((a, b) => a - b));
  });

  it('confirms a traveller’s option as their confirm would: booked, the traveller told, written in the travel’s history; once', async () => {
    const travel = await held();
    const item = (await queueOf(tina)).expiringOptions.items.find((i) => i.travelId === travel.id)!;
    const before = (await mailsTo('gus@globex.example')).length;
    // The version the agent saw: a stale one changes nothing.
    expect((await follow(item.links.confirmHeldOption!, tina, undefined, { version: item.version - 1 })).body.api_code).toBe(105);
    const k = key();
    const res = await follow(item.links.confirmHeldOption!, tina, undefined, { version: item.version, key: k });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual({ travelId: travel.id, status: 'booked', version: item.version + 1 });
    expect(await follow(item.links.confirmHeldOption!, tina, undefined, { version: item.version, key: k })).toMatchObject({ status: 200, body: res.body });
    expect((await follow(item.links.confirmHeldOption!, tina, undefined, { version: item.version + 1 })).body.api_code).toBe(69);

    expect((await api.call('GET', travelUrl(travel.id), { token: gus })).body.result).toMatchObject({ status: 'booked', products: [{ status: 'booked' }] });
    const mails = await mailsTo('gus@globex.example');
    expect(mails.length - before).toBe(1);
    expect(mails[0]!.subject).toContain('réservation confirmée');
    expect(await actionsOf(travel.id)).toEqual(['confirmHeldOption']);
    expect((await queueOf(tina)).expiringOptions.items.map((i) => i.travelId)).not.toContain(travel.id);
  });

  it('releases a traveller’s options: the travel is removed, the traveller told', async () => {
    const travel = await held({ datetime: '2026-11-23T09:00' });
    const item = (await queueOf(arthur)).expiringOptions.items.find((i) => i.travelId === travel.id)!;
    const res = await follow(item.links.releaseHeldOptions!, arthur, undefined, { version: item.version });
    expect(res.body.result).toEqual({ travelId: travel.id, status: 'removed', version: item.version + 1 });
    expect((await mailsTo('gus@globex.example'))[0]!.subject).toContain('option libérée');
    expect(await actionsOf(travel.id)).toEqual(['releaseHeldOptions']);
    expect((await follow(item.links.releaseHeldOptions!, arthur, undefined, { version: item.version + 1 })).body.api_code).toBe(69);
  });

  it('bounds each section by `limit`, keeping its total', async () => {
    await held({ datetime: '2026-11-23T10:00' });
    await held({ datetime: '2026-11-23T11:00' });
    const all = await queueOf(tina);
    expect(all.expiringOptions.total).toBeGreaterThanOrEqual(2);
    const one = await queueOf(tina, { query: '?limit=1' });
    expect(one.expiringOptions).toMatchObject({ total: all.expiringOptions.total, items: [all.expiringOptions.items[0]] });
    for (const bad of ['?limit=0', '?limit=101', '?limit=many', '?other=1'])
      expect((await api.call('GET', `/api/v1/agency/queue${bad}`, { token: tina })).body.api_code, bad).toBe(17);
  });
});

describe('who sees the queue', () => {
  it('is a link of the user for the agency’s staff only: they reach the queue by following it', async () => {
    for (const token of [tina, arthur]) {
      const link = ((await api.call('GET', '/api/v1/user/', { token })).body.result.links as Record<string, Link>).agencyQueue;
      expect(link).toEqual({ href: '/api/v1/agency/queue', method: 'GET' });
      const res = await api.call('GET', `${link!.href}?limit=1`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.result.horizonHours).toBe(24);
    }
    for (const user of ['gus', 'alice', 'bob']) {
      const links = (await api.call('GET', '/api/v1/user/', { token: await api.login(user) })).body.result.links as Record<string, Link>;
      expect(links.agencyQueue, user).toBeUndefined();
    }
  });

  it('refuses anyone but agency staff (34), on the queue and on its actions', async () => {
    const travel = await held({ datetime: '2026-11-23T12:00' });
    const item = (await queueOf(tina)).expiringOptions.items.find((i) => i.travelId === travel.id)!;
    for (const user of ['gus', 'alice', 'bob']) {
      const token = await api.login(user);
      expect((await api.call('GET', '/api/v1/agency/queue', { token })).body.api_code, user).toBe(34);
      // Not even the traveller: their own confirm link is the traveller's way.
      expect((await follow(item.links.confirmHeldOption!, token, undefined, { version: item.version })).body.api_code, user).toBe(34);
      expect((await follow(item.links.releaseHeldOptions!, token, undefined, { version: item.version })).body.api_code, user).toBe(34);
    }
    expect((await api.call('GET', '/api/v1/agency/queue')).status).toBe(401);
    expect((await api.call('GET', travelUrl(travel.id), { token: gus })).body.result.status).toBe('pending_confirmation');
  });

  it('shows another agency’s staff nothing of this one, and their calls find nothing', async () => {
    const travel = await held({ datetime: '2026-11-23T13:00' });
    const ours = await queueOf(tina);
    const item = ours.expiringOptions.items.find((i) => i.travelId === travel.id)!;
    const theirs = await queueOf(vera, { apiKey: SECOND_API_KEY });
    expect(theirs).toEqual({
      horizonHours: 24,
      pendingCancellations: { total: 0, items: [] },
      failedBookings: { total: 0, items: [] },
      expiringOptions: { total: 0, items: [] },
    });
    expect((await follow(item.links.confirmHeldOption!, vera, undefined, { version: item.version, apiKey: SECOND_API_KEY })).body.api_code).toBe(38);
    expect((await follow(item.links.releaseHeldOptions!, vera, undefined, { version: item.version, apiKey: SECOND_API_KEY })).body.api_code).toBe(38);
    const [task] = await api.db.select().from(agencyTasks).where(eq(agencyTasks.kind, 'failed_booking'));
    expect((await follow({ href: `/api/v1/agency/tasks/${task!.id}/close`, method: 'POST' }, vera, { note: 'x' }, { apiKey: SECOND_API_KEY })).status).toBe(
      404,
    );
    expect((await api.call('GET', travelUrl(travel.id), { token: gus })).body.result).toMatchObject({ status: 'pending_confirmation', version: item.version });
  });
});
