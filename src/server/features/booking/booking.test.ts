import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api, writeMissionOrders } from '@test/support/api';
import { buildApp, JOB_HANDLERS } from '@server/app';
import { loadConfig } from '@server/config';
import { approvalRequests, idempotencyKeys, jobs, travels, tripSearches } from '@server/db/schema';
import { enqueue, runDueJobs } from '@server/platform/jobs';
import { outboxMailer } from '@server/platform/mail';
import { sha256 } from '@server/platform/secrets';
import type { Services } from '@server/platform/services';
import { createSandboxSupplier } from '@server/supplier';

let api: Api;
let services: Services;
let gus: string;
let alice: string;
beforeAll(async () => {
  api = await startApi();
  const config = loadConfig({ NODE_ENV: 'test' });
  services = { db: api.db, clock: api.clock, config, mailer: outboxMailer, supplier: createSandboxSupplier() };
  [gus, alice] = await Promise.all([api.login('gus'), api.login('alice')]);
});
afterAll(() => api.close());

const runJobs = () => runDueJobs(services, JOB_HANDLERS);
const travelUrl = (id: string) => `/api/v1/v2/travels/${id}`;
const gusFields = {
  gender: 'MR',
  firstname: 'Gus',
  lastname: 'Moreau',
  birthdate: '1980-01-02',
  contact_email: 'gus@globex.example',
  contact_phone: '0601020304',
};
const alicesFields = {
  gender: 'MS',
  firstname: 'Alice',
  lastname: 'Martin',
  birthdate: '1988-04-02',
  contact_email: 'alice@acme.example',
  contact_phone: '0601020304',
};

type Offer = { id: string; roundTrip: boolean };
async function search(token: string, extra: Record<string, unknown> = {}) {
  const body = {
    origin: 'city:paris',
    destination: 'city:lyon',
    datetime: '2026-11-23T07:00',
    nb_travelers: 1,
    filters: { rail: true, flight: false },
    ...extra,
  };
  const res = await api.call('POST', '/api/v1/treep/search?version=v2', { body, token });
  return res.body.result.proposals as { offers: Offer[] }[];
}
/** Moving the clock by hours outlives the session: read the travel with a fresh one. */
const readAfterClockMove = async (username: string, id: string) => (await api.call('GET', travelUrl(id), { token: await api.login(username) })).body.result;
const firstOffer = (proposals: { offers: Offer[] }[], roundTrip = false) => proposals.flatMap((p) => p.offers).find((o) => o.roundTrip === roundTrip)!;

/** A Globex travel with its mission orders filled, so its next step is confirm. */
async function gusTravel(extra: Record<string, unknown> = {}) {
  const offer = firstOffer(await search(gus, extra));
  const res = await api.call('POST', '/api/v1/cart/add?version=v2', {
    body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: gusFields }] },
    token: gus,
  });
  expect(res.status).toBe(200);
  return readyToConfirm(res.body.result.travel.id);
}

/** Mission orders written as the checkout step would (that step is tested with checkout). */
async function readyToConfirm(travelId: string) {
  await writeMissionOrders(api.db, travelId);
  const travel = (await api.call('GET', travelUrl(travelId), { token: gus })).body.result;
  expect(travel.links.confirm).toEqual({ href: `${travelUrl(travelId)}/confirm`, method: 'POST' });
  return travel as { id: string; version: number; links: Record<string, { href: string }>; products: { id: string }[] };
}

/** Another app on the same database whose supplier takes its time, to catch a confirm while it runs. */
async function slowApp(overrides: Partial<Services['config']>) {
  const app = await buildApp({ db: api.db, config: { ...services.config, ...overrides }, clock: api.clock, logger: false });
  const headers = { authorization: `Bearer ${gus}`, 'api-key': (await import('@server/db/seed')).DEMO_API_KEY };
  const confirm = async (url: string, key: string) => {
    const res = await app.inject({ method: 'POST', url, headers: { ...headers, 'idempotency-key': key }, payload: {} });
    return { status: res.statusCode, body: res.json() };
  };
  return { confirm, close: () => app.close() };
}

const post = (url: string, token: string, opts: { body?: Record<string, unknown>; version?: number; key?: string } = {}) =>
  api.call('POST', url, {
    token,
    body: opts.body ?? {},
    headers: { ...(opts.version !== undefined ? { 'if-match': String(opts.version) } : {}), ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
  });

describe('confirm', () => {
  it('books every product with a PNR, tickets and seats, then the ticketing job issues them', async () => {
    const travel = await gusTravel();
    const started = performance.now();
    const res = await post(travel.links.confirm!.href, gus, { version: travel.version });
    console.info(`one confirm: ${Math.round(performance.now() - started)} ms`);
    expect(res.status).toBe(200);
    const booked = res.body.result;
    expect(booked).toMatchObject({ status: 'booked', version: travel.version + 1, confirmationTimeLimit: null });
    expect(booked.links.confirm).toBeUndefined();
    const [product] = booked.products;
    expect(product.status).toBe('booked');
    expect(product.pnr).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    const [ticket] = product.ticketsByPax[0].tickets;
    expect(ticket.reference).toMatch(/^\d{13}$/);
    expect(ticket.pnr).toBe(product.pnr);
    expect(ticket.transportations[0].placement).toEqual({ coachNumber: expect.stringMatching(/^\d+$/), seatNumber: expect.stringMatching(/^\d+$/) });
    expect(booked.treepRecaps).toHaveLength(1);

    expect(await runJobs()).toBe(0); // ticketing starts a little later
    api.clock.advance(60_000);
    await runJobs();
    expect((await api.call('GET', travelUrl(travel.id), { token: gus })).body.result).toMatchObject({
      status: 'pending_ticketing',
      products: [{ status: 'pending_ticketing' }],
    });
    api.clock.advance(5 * 60_000);
    await runJobs();
    const issued = (await api.call('GET', travelUrl(travel.id), { token: gus })).body.result;
    expect(issued).toMatchObject({ status: 'issued', products: [{ status: 'issued', pnr: product.pnr }] });
  });

  it('answers 20 concurrent confirms with one Idempotency-Key with one booking and identical answers', async () => {
    const travel = await gusTravel();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(travel.links.confirm!.href, gus, { version: travel.version, key: `confirm-${travel.id}` })),
    );
    console.info(`20 concurrent confirms, one key: ${Date.now() - started} ms`);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers[0]!.body.result).toMatchObject({ status: 'booked', version: travel.version + 1 });
    const ticketing = await api.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `ticket-travel:${travel.id}`));
    expect(ticketing).toHaveLength(1);
  });

  it('lets one of 20 concurrent confirms with different keys book; the others are refused (105 or 69)', async () => {
    const travel = await gusTravel();
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(travel.links.confirm!.href, gus, { key: `confirm-${i}-${travel.id}` })));
    console.info(`20 concurrent confirms, 20 keys: ${Date.now() - started} ms`);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) expect([105, 69]).toContain(refused.body.api_code);
    const after = (await api.call('GET', travelUrl(travel.id), { token: gus })).body.result;
    expect(after).toMatchObject({ status: 'booked', version: travel.version + 1 });
    expect(after.products[0].pnr).toBe(answers.find((a) => a.status === 200)!.body.result.products[0].pnr);
  });

  it('takes over an Idempotency-Key left pending by a process that died, once its lease has passed', async () => {
    const travel = await gusTravel();
    const key = `dead-${travel.id}`;
    const [user] = await api.db.select({ userId: travels.userId }).from(travels).where(eq(travels.id, travel.id));
    const requestHash = sha256(`POST ${travel.links.confirm!.href} {}`);
    await api.db.insert(idempotencyKeys).values({ userId: user!.userId, key, requestHash, status: 'pending', leaseUntil: new Date(Date.now() - 1_000) });
    const res = await post(travel.links.confirm!.href, gus, { key });
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('booked');
  });

  it('answers a twin of a confirm still running with 409 (112) once it waited a lease, and books once', async () => {
    const travel = await gusTravel();
    const slow = await slowApp({ supplierLatencyMs: 2_500, idempotencyLeaseMs: 500 });
    try {
      const key = `slow-${travel.id}`;
      const first = slow.confirm(travel.links.confirm!.href, key);
      const keyRow = async () => (await api.db.select({ status: idempotencyKeys.status }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0];
      // The twin comes once the first call holds the key.
      while (!(await keyRow())) await new Promise((r) => setTimeout(r, 10));
      const twin = await slow.confirm(travel.links.confirm!.href, key);
      expect(twin.status).toBe(409);
      expect(twin.body.api_code).toBe(112);
      // Refused while the first call still runs: its key is pending and the travel not booked yet.
      expect((await keyRow())?.status).toBe('pending');
      expect((await api.db.select({ status: travels.status, version: travels.version }).from(travels).where(eq(travels.id, travel.id)))[0]).toEqual({
        status: 'cart',
        version: travel.version,
      });
      const booked = await first;
      expect(booked.status).toBe(200);
      expect(booked.body.result).toMatchObject({ status: 'booked', version: travel.version + 1 });
      expect(await slow.confirm(travel.links.confirm!.href, key)).toEqual(booked);
    } finally {
      await slow.close();
    }
  });

  it('lets a runner whose key was taken over (stalled past its lease) change nothing: the one that took it over books, once', async () => {
    const travel = await gusTravel();
    const slow = await slowApp({ supplierLatencyMs: 1_500 });
    try {
      const key = `stalled-${travel.id}`;
      const stalled = slow.confirm(travel.links.confirm!.href, key);
      await new Promise((r) => setTimeout(r, 200));
      // Its lease has passed as if its process had hung: a retry takes the key over.
      await api.db
        .update(idempotencyKeys)
        .set({ leaseUntil: new Date(Date.now() - 1_000) })
        .where(eq(idempotencyKeys.key, key));
      const retry = slow.confirm(travel.links.confirm!.href, key);
      const first = await stalled;
      expect(first.status).toBe(409);
      expect(first.body.api_code).toBe(112);
      expect((await api.call('GET', travelUrl(travel.id), { token: gus })).body.result).toMatchObject({ status: 'cart', version: travel.version });
      const booked = await retry;
      expect(booked.status).toBe(200);
      expect(booked.body.result).toMatchObject({ status: 'booked', version: travel.version + 1, products: [{ status: 'booked', pnr: expect.any(String) }] });
      expect(await slow.confirm(travel.links.confirm!.href, key)).toEqual(booked);
    } finally {
      await slow.close();
    }
  });

  it('refuses a stale If-Match with 105 and changes nothing', async () => {
    const travel = await gusTravel();
    const res = await post(travel.links.confirm!.href, gus, { version: travel.version - 1 });
    expect(res.status).toBe(409);
    expect(res.body.api_code).toBe(105);
    expect((await api.call('GET', travelUrl(travel.id), { token: gus })).body.result).toMatchObject({
      status: 'cart',
      version: travel.version,
      products: [{ status: 'cart', pnr: null }],
    });
  });

  it("answers another user's travel as not found (38)", async () => {
    const travel = await gusTravel();
    for (const url of [travel.links.confirm!.href, `${travelUrl(travel.id)}/approval`, `${travelUrl(travel.id)}/products/${travel.products[0]!.id}/release`]) {
      const res = await post(url, alice);
      expect(res.status).toBe(404);
      expect(res.body.api_code).toBe(38);
    }
  });

  it('refuses to confirm a travel whose links do not offer it (69): approval still needed, or already booked', async () => {
    const offer = firstOffer(await search(alice));
    const entityId = (await api.call('GET', '/api/v1/user/', { token: alice })).body.result.entities[0].uid;
    const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
      body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: entityId },
      token: alice,
    });
    const id = added.body.result.travel.id;
    const res = await post(`${travelUrl(id)}/confirm`, alice);
    expect(res.status).toBe(409);
    expect(res.body.api_code).toBe(69);
    const travel = await gusTravel();
    expect((await post(travel.links.confirm!.href, gus)).status).toBe(200);
    expect((await post(travel.links.confirm!.href, gus)).body.api_code).toBe(69);
  });

  it('books nothing when the supplier fails, and the travel stays in the cart', async () => {
    const travel = await gusTravel();
    const faulty = createSandboxSupplier();
    faulty.setFault('unavailable');
    const app = await buildApp({ db: api.db, config: services.config, clock: api.clock, logger: false, supplier: faulty });
    const token = { authorization: `Bearer ${gus}`, 'api-key': (await import('@server/db/seed')).DEMO_API_KEY };
    const res = await app.inject({ method: 'POST', url: travel.links.confirm!.href, headers: token, payload: {} });
    await app.close();
    expect(res.statusCode).toBe(503);
    expect((await api.call('GET', travelUrl(travel.id), { token: gus })).body.result).toMatchObject({
      status: 'cart',
      version: travel.version,
      products: [{ status: 'cart', pnr: null }],
    });
  });
});

describe('option hold and release', () => {
  it('holds the options until their time limit, then books them on confirm with the same PNR', async () => {
    const travel = await gusTravel();
    const held = (await post(travel.links.confirm!.href, gus, { body: { hold: true }, version: travel.version })).body.result;
    // Departure 2026-11-23 07:xx Paris: the option ends 2 h before, earlier than 24 h from now.
    expect(held).toMatchObject({ status: 'pending_confirmation', products: [{ status: 'prebooked' }] });
    expect(held.confirmationTimeLimit).toBe(held.products[0].confirmationTimeLimit);
    expect(Date.parse(held.confirmationTimeLimit)).toBe(Date.parse(held.products[0].departure) - 2 * 3_600_000);
    expect(held.products[0].links.releasePrebooking.method).toBe('POST');
    expect(held.links.confirm).toBeDefined();
    const booked = (await post(held.links.confirm.href, gus, { version: held.version })).body.result;
    expect(booked).toMatchObject({ status: 'booked', products: [{ status: 'booked', pnr: held.products[0].pnr }] });
  });

  it('releases a held round trip: both legs together, and the travel is removed', async () => {
    const extra = { destination: 'city:bordeaux', return_datetime: '2026-11-25T17:00' };
    const [proposal] = (await search(gus, extra)) as unknown as { choices: { id: string; offers: { offerID: string }[] }[] }[];
    const choice = proposal!.choices[0]!;
    const [back] = await search(gus, { ...extra, outward: { choiceID: choice.id } });
    const choiceIDs = [choice.offers[0]!.offerID, back!.offers[0]!.id];
    const added = await api.call('POST', '/api/v1/cart/add?version=v2', { body: { choiceIDs, travelers: [{ travelerID: 1, fields: gusFields }] }, token: gus });
    expect(added.status).toBe(200);
    const travel = await readyToConfirm(added.body.result.travel.id);
    const held = (await post(travel.links.confirm!.href, gus, { body: { hold: true } })).body.result;
    expect(held.products.map((p: { status: string }) => p.status)).toEqual(['prebooked', 'prebooked']);
    const res = await post(held.products[1].links.releasePrebooking.href, gus, { version: held.version, key: `release-${travel.id}` });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: 'removed', confirmationTimeLimit: null, products: [{ status: 'released' }, { status: 'released' }] });
    expect(res.body.result.products[0].links.releasePrebooking).toBeUndefined();
    const cart = await api.call('GET', '/api/v1/v2/travels/', { token: gus });
    expect(cart.body.result.travels.map((t: { id: string }) => t.id)).not.toContain(travel.id);
  });

  it('keeps the other options of the travel when one is released', async () => {
    const travel = await gusTravel();
    const offer = firstOffer(await search(gus, { destination: 'city:marseille', datetime: '2026-11-24T08:00' }));
    await api.call('POST', '/api/v1/cart/add?version=v2', {
      body: { choiceIDs: [offer.id], travelID: travel.id, travelers: [{ travelerID: 1, fields: gusFields }] },
      token: gus,
    });
    const ready = await readyToConfirm(travel.id);
    const held = (await post(ready.links.confirm!.href, gus, { body: { hold: true } })).body.result;
    const res = await post(held.products[0].links.releasePrebooking.href, gus);
    expect(res.body.result).toMatchObject({ status: 'pending_confirmation', products: [{ status: 'released' }, { status: 'prebooked' }] });
    expect(res.body.result.confirmationTimeLimit).toBe(held.products[1].confirmationTimeLimit);
  });

  it('expires held options at their time limit, also after a restart', async () => {
    const travel = await gusTravel();
    const held = (await post(travel.links.confirm!.href, gus, { body: { hold: true } })).body.result;
    const limit = Date.parse(held.confirmationTimeLimit);
    // A restart: a new app on the same database finds the expiry job there.
    const restarted = await buildApp({ db: api.db, config: services.config, clock: api.clock, logger: false });
    await restarted.ready();
    const before = api.clock.now();
    try {
      api.clock.set(new Date(limit - 60_000));
      await runJobs();
      expect((await readAfterClockMove('gus', travel.id)).status).toBe('pending_confirmation');
      api.clock.set(new Date(limit + 1_000));
      await runJobs();
      const expired = await readAfterClockMove('gus', travel.id);
      expect(expired).toMatchObject({ status: 'expired', products: [{ status: 'expired' }] });
      expect(expired.links.delete).toBeDefined();
      expect(expired.links.confirm).toBeUndefined();
    } finally {
      api.clock.set(before);
      await restarted.close();
    }
  });
});

describe('request approval', () => {
  it('holds the products while the chosen approver decides, records the request and e-mails the approver', async () => {
    const offer = firstOffer(await search(alice));
    const me = (await api.call('GET', '/api/v1/user/', { token: alice })).body.result;
    const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
      body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: me.entities[0].uid },
      token: alice,
    });
    const id = added.body.result.travel.id as string;
    // bob signs in in English: the e-mails he gets are in his language.
    const bobToken = (
      await api.call('POST', '/api/v1/user/login', { body: { username: 'bob', password: 'Escale2026!' }, headers: { 'accept-language': 'en' } })
    ).body.result.token;
    const [bob, carol] = await Promise.all(
      [bobToken, await api.login('carol')].map(async (token) => (await api.call('GET', '/api/v1/user/', { token })).body.result),
    );
    // Analytics and the approver as the checkout steps write them (tested with checkout).
    await api.db
      .update(travels)
      .set({
        analytics: { fields: { cost_center: 'R&D' }, travelers: {}, exemption: 'Only train left' },
        approvers: { approverId: bob.uid, emergencyApproverId: carol.uid, message: 'Client meeting' },
      })
      .where(eq(travels.id, id));
    const travel = (await api.call('GET', travelUrl(id), { token: alice })).body.result;
    expect(Object.keys(travel.links)).toContain('requestApproval');

    const res = await api.call('POST', travel.links.requestApproval.href, {
      token: alice,
      body: {},
      headers: { 'if-match': String(travel.version), 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    const pending = res.body.result;
    expect(pending).toMatchObject({ status: 'pending_approval', products: [{ status: 'pending_approval' }] });
    expect(pending.confirmationTimeLimit).toBe(pending.products[0].confirmationTimeLimit);
    expect(pending.links.confirm).toBeUndefined();
    const [request] = await api.db.select().from(approvalRequests).where(eq(approvalRequests.travelId, id));
    expect(request).toMatchObject({ approverId: bob.uid, backupApproverId: carol.uid, status: 'pending', message: 'Client meeting' });
    expect(request!.timeLimit.toISOString()).toBe(pending.confirmationTimeLimit);
    const mail = await api.lastMail(bob.email);
    expect(mail?.subject).toContain('approval requested by Alice Martin');
    expect(mail?.link).toMatch(new RegExp(`^http://localhost(:\\d+)?/account/approvals\\?request=${request!.id}$`));

    // Unanswered by the guarantee deadline: the request, the options and the travel expire.
    const before = api.clock.now();
    api.clock.set(new Date(Date.parse(pending.confirmationTimeLimit) + 1_000));
    await runJobs();
    expect(await readAfterClockMove('alice', id)).toMatchObject({ status: 'expired', products: [{ status: 'expired' }] });
    api.clock.set(before);
    expect((await api.db.select().from(approvalRequests).where(eq(approvalRequests.travelId, id)))[0]!.status).toBe('expired');
    expect((await api.lastMail('alice@acme.example'))?.subject).toContain('approbation');
  });

  it('refuses approval for a travel that does not need it (69)', async () => {
    const travel = await gusTravel();
    expect((await post(`${travelUrl(travel.id)}/approval`, gus)).body.api_code).toBe(69);
  });
});

describe('jobs', () => {
  it('drops trip searches older than two days, daily', async () => {
    const [old] = await api.db.select().from(tripSearches).limit(1);
    await api.db
      .update(tripSearches)
      .set({ createdAt: new Date(api.clock.now().getTime() - 3 * 24 * 3_600_000) })
      .where(eq(tripSearches.id, old!.id));
    const kept = (await api.db.select().from(tripSearches)).length - 1;
    await enqueue(api.db, { kind: 'cleanup-trip-searches', key: 'cleanup-trip-searches', payload: {}, runAt: api.clock.now(), keep: true });
    await runJobs();
    expect(await api.db.select().from(tripSearches)).toHaveLength(kept);
    const [job] = await api.db.select().from(jobs).where(eq(jobs.key, 'cleanup-trip-searches'));
    expect(job!.runAt.getTime()).toBe(api.clock.now().getTime() + 24 * 3_600_000);
  });
});
