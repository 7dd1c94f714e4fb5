import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { approvalRequests, jobs, outbox, travelProducts, users } from '@server/db/schema';
import { answer, approvalUrl, approvalWorld, askApproval, type World } from './approvals.fixtures';
import type { TripData } from '@server/domain/product';

let api: Api;
let w: World;
beforeAll(async () => {
  api = await startApi();
  w = await approvalWorld(api);
});
afterAll(() => api.close());

const list = (token: string, query = '') => api.call('GET', `/api/v1/approvals/${query}`, { token });
const travelOf = async (id: string) => (await api.call('GET', `/api/v1/v2/travels/${id}`, { token: w.alice.token })).body.result;
const mailsTo = (email: string) => api.db.select().from(outbox).where(eq(outbox.to, email));

describe('the inbox (GET /approvals/)', () => {
  it('shows bob the request with every field of spec 2 §3 and the answers he may give; the user links lead there', async () => {
    const asked = await askApproval(api, w, { message: 'Client meeting in Lyon' });
    const me = (await api.call('GET', '/api/v1/user/', { token: w.bob.token })).body.result;
    expect(me.links.approvals).toEqual({ href: '/api/v1/approvals/', method: 'GET' });
    expect(me.links.approvalCounts).toEqual({ href: '/api/v1/approval/', method: 'GET' });
    expect(me.links.safetyApprovals).toBeUndefined();
    const res = await list(w.bob.token);
    expect(res.status).toBe(200);
    const request = res.body.result.find((a: { approvalID: string }) => a.approvalID === asked.approvalId);
    expect(request).toMatchObject({
      travelID: asked.travelId,
      status: 'pending',
      travelStatus: 'pending_approval',
      currentRequest: {
        requester: { firstname: 'Alice', lastname: 'Martin', you: false },
        message: 'Client meeting in Lyon',
        isRisky: false,
        isSafetyApproval: false,
      },
      exemption: 'Only train left',
      missionOrders: [],
      timeLimit: asked.travel.confirmationTimeLimit,
      escalationEnabled: true,
      // Carol is the only other approver of Acme: the one bob may pass it to.
      escalateTo: [{ id: w.carol.user.uid, firstname: 'Carol', lastname: 'Petit' }],
      links: {
        getApproval: { href: approvalUrl(asked.approvalId), method: 'GET' },
        approve: { href: approvalUrl(asked.approvalId, 'approve'), method: 'POST' },
        deny: { href: approvalUrl(asked.approvalId, 'deny'), method: 'POST' },
        escalate: { href: approvalUrl(asked.approvalId, 'escalate'), method: 'POST' },
      },
    });
    const [item] = request.journey;
    expect(item).toMatchObject({
      type: 'rail',
      compliant: expect.any(Boolean),
      paxs: [{ firstname: 'Alice', lastname: 'Martin' }],
      pnrs: [asked.travel.products[0]!.pnr],
      transportTicketNumber: [],
    });
    expect(item.routes[0]).toMatchObject({ from: expect.any(String), to: expect.any(String), departure: expect.stringMatching(/^2026-11-23T/) });
    expect(item.fareLabel).toMatch(/\S/);
    expect(request.totalAmount).toEqual({ amount: item.totalAmount.amount, currency: 'EUR' });
    // The chain: bob asked (you), the backup not yet (she is asked at half time).
    expect(request.chain).toEqual([
      {
        approver: expect.objectContaining({ firstname: 'Bob', you: true }),
        role: 'main',
        askedAt: expect.any(String),
        response: { status: 'pending', by: null, answeredAt: null, message: null },
      },
    ]);
    expect(request.approvers.map((a: { username: string; role: string }) => `${a.username}:${a.role}`).sort()).toEqual(['bob:main', 'carol:backup']);
    // One request by id, for the e-mail's deep link.
    expect((await api.call('GET', approvalUrl(asked.approvalId), { token: w.bob.token })).body.result).toEqual(request);
  });

  it('hides it from the backup until half time, and from other users; 403 (34) without the approval permission', async () => {
    const asked = await askApproval(api, w);
    const carol = await list(w.carol.token);
    expect(carol.body.result.map((a: { approvalID: string }) => a.approvalID)).not.toContain(asked.approvalId);
    expect((await api.call('GET', approvalUrl(asked.approvalId), { token: w.carol.token })).status).toBe(404);
    expect((await answer(api, w.carol.token, asked.approvalId, 'approve')).status).toBe(404);
    const alice = await list(w.alice.token);
    expect(alice.status).toBe(403);
    expect(alice.body.api_code).toBe(34);
    expect((await api.call('GET', '/api/v1/approval/', { token: w.alice.token })).body.api_code).toBe(34);
    expect((await api.call('GET', '/api/v1/approvals/safety', { token: w.bob.token })).body.api_code).toBe(34);
    const gus = await api.login('gus');
    expect((await list(gus)).status).toBe(403);
    expect((await api.call('GET', approvalUrl(asked.approvalId), { token: gus })).status).toBe(404);
    expect((await list('')).status).toBe(401);
  });

  it('pages (limit 10 by default, 50 at most), searches names without case or accents, filters statuses and sorts', async () => {
    // Five more requests, one of them for Inès Benali (a guest of alice).
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await askApproval(api, w, { datetime: `2026-11-2${3 + (i % 3)}T${String(7 + i).padStart(2, '0')}:00` }));
    const [ines] = await api.db.select().from(approvalRequests).where(eq(approvalRequests.id, made[2]!.approvalId));
    await api.db.update(approvalRequests).set({ paxSearch: 'ines benali' }).where(eq(approvalRequests.id, ines!.id));
    const all = (await list(w.bob.token, '?limit=50')).body.result as {
      approvalID: string;
      currentRequest: { requestedAt: string };
      totalAmount: { amount: string };
      timeLimit: string;
    }[];
    expect(all.length).toBeGreaterThanOrEqual(7);
    const page1 = (await list(w.bob.token, '?limit=3&page=1')).body.result;
    const page2 = (await list(w.bob.token, '?limit=3&page=2')).body.result;
    expect([...page1, ...page2].map((a: { approvalID: string }) => a.approvalID)).toEqual(all.slice(0, 6).map((a) => a.approvalID));
    expect((await list(w.bob.token)).body.result.length).toBe(Math.min(10, all.length));
    expect((await list(w.bob.token, '?limit=51')).status).toBe(400);
    expect((await list(w.bob.token, '?page=0')).status).toBe(400);
    // Newest first by default; asc reverses.
    const requested = all.map((a) => a.currentRequest.requestedAt);
    expect(requested).toEqual([...requested].sort().reverse());
    const byAmount = (await list(w.bob.token, '?limit=50&sortBy=totalAmount&order=asc')).body.result.map((a: { totalAmount: { amount: string } }) =>
      Number(a.totalAmount.amount),
    );
    expect(byAmount).toEqual([...byAmount].sort((a, b) => a - b));
    const byLimit = (await list(w.bob.token, '?limit=50&sortBy=timeLimit&order=desc')).body.result.map((a: { timeLimit: string }) => a.timeLimit);
    expect(byLimit).toEqual([...byLimit].sort().reverse());
    expect((await list(w.bob.token, '?sortBy=price')).status).toBe(400);
    // Names: case and accents ignored.
    for (const q of ['INÈS', 'inés benali', 'Benali'])
      expect((await list(w.bob.token, `?paxName=${encodeURIComponent(q)}`)).body.result.map((a: { approvalID: string }) => a.approvalID)).toEqual([ines!.id]);
    expect((await list(w.bob.token, '?paxName=%25')).body.result).toEqual([]);
    expect((await list(w.bob.token, '?paxName=alice&limit=50')).body.result.length).toBe(all.length - 1);
    // Statuses: one denied, then pending and denied, and both repeated.
    await answer(api, w.bob.token, made[0]!.approvalId, 'deny', { reason: 'Budget frozen' });
    const denied = (await list(w.bob.token, '?status=denied&limit=50')).body.result.map((a: { approvalID: string }) => a.approvalID);
    expect(denied).toContain(made[0]!.approvalId);
    expect((await list(w.bob.token, '?status=pending&limit=50')).body.result.map((a: { approvalID: string }) => a.approvalID)).not.toContain(
      made[0]!.approvalId,
    );
    expect((await list(w.bob.token, '?status=answered&limit=50')).body.result.map((a: { approvalID: string }) => a.approvalID)).toContain(made[0]!.approvalId);
    const both = (await list(w.bob.token, '?status=pending&status=denied&limit=50')).body.result;
    expect(both.length).toBe(all.length);
    expect((await list(w.bob.token, '?status=nope')).status).toBe(400);
    const counts = (await api.call('GET', '/api/v1/approval/', { token: w.bob.token })).body.result;
    expect(counts).toEqual({ pending: all.length - denied.length, safetyPending: 0 });
  });
});

describe('answers', () => {
  it('approve books the held products through the booking path, answers the updated request, and tells alice', async () => {
    const asked = await askApproval(api, w);
    const res = await answer(api, w.bob.token, asked.approvalId, 'approve', { message: 'Have a good trip' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: 'accepted', travelStatus: 'booked', links: { getApproval: expect.any(Object) } });
    expect(res.body.result.links.approve).toBeUndefined();
    expect(res.body.result.chain[0]).toMatchObject({ response: { status: 'accepted', by: { firstname: 'Bob', you: true }, message: 'Have a good trip' } });
    const travel = await travelOf(asked.travelId);
    expect(travel).toMatchObject({ status: 'booked', confirmationTimeLimit: null, products: [{ status: 'booked', pnr: asked.travel.products[0]!.pnr }] });
    expect(travel.products[0].ticketsByPax[0].tickets[0].reference).toMatch(/^\d{13}$/);
    expect(travel.links.remind).toBeUndefined();
    expect(
      await api.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `ticket-travel:${asked.travelId}`)),
    ).toHaveLength(1);
    const mail = await api.lastMail('alice@acme.example');
    expect(mail?.subject).toContain('votre demande d’approbation');
    expect(mail?.text).toContain('Bob Durand a approuvé votre voyage : il est réservé.');
    expect(mail?.text).toContain('Have a good trip');
  });

  it('deny needs a reason (≤ 500 characters), then denies the travel and releases its holds; alice gets the reason', async () => {
    const asked = await askApproval(api, w);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const refused = await answer(api, w.bob.token, asked.approvalId, 'deny', body);
      expect(refused.status).toBe(400);
      expect(refused.body.api_code).toBe(17);
      expect(refused.body.fields.reason).toMatch(/FIELD_REQUIRED|TOO_LONG/);
    }
    const res = await answer(api, w.bob.token, asked.approvalId, 'deny', { reason: 'Not this month' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: 'denied', travelStatus: 'denied' });
    expect(res.body.result.chain[0].response).toMatchObject({ status: 'denied', message: 'Not this month' });
    const travel = await travelOf(asked.travelId);
    expect(travel).toMatchObject({ status: 'denied', products: [{ status: 'released' }] });
    expect(travel.links.delete).toBeDefined();
    // Given back at the supplier at once: the release job has nothing left to do.
    const [release] = await api.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `release-holds:${asked.travelId}`));
    expect(release!.doneAt).not.toBeNull();
    const mail = await api.lastMail('alice@acme.example');
    expect(mail?.text).toContain('Bob Durand a refusé votre voyage');
    expect(mail?.text).toContain('Not this month');
  });

  it('escalate passes the request to the next approver of the chain; the former one sees it, without answers', async () => {
    const asked = await askApproval(api, w, { backup: false });
    const res = await answer(api, w.bob.token, asked.approvalId, 'escalate', { message: 'Over my budget' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: 'escalated', escalationEnabled: false, links: { getApproval: expect.any(Object) } });
    expect(Object.keys(res.body.result.links)).toEqual(['getApproval']);
    expect(
      res.body.result.chain.map((s: { approver: { firstname: string }; response: { status: string } }) => `${s.approver.firstname}:${s.response.status}`),
    ).toEqual(['Bob:escalated', 'Carol:pending']);
    const carol = (await list(w.carol.token, '?status=pending&limit=50')).body.result.find((a: { approvalID: string }) => a.approvalID === asked.approvalId);
    expect(carol.links.approve).toBeDefined();
    // Nobody left after carol: she cannot escalate (69), bob no longer answers (66).
    expect(carol.links.escalate).toBeUndefined();
    expect(carol.escalateTo).toEqual([]);
    expect((await answer(api, w.carol.token, asked.approvalId, 'escalate')).body.api_code).toBe(69);
    const former = await answer(api, w.bob.token, asked.approvalId, 'approve');
    expect(former.status).toBe(403);
    expect(former.body.api_code).toBe(66);
    expect((await api.lastMail('carol@acme.example'))?.text).toContain('Bob Durand vous a transmis cette demande.');
    expect((await api.lastMail('alice@acme.example'))?.text).toContain('Bob Durand a transmis votre demande à Carol Petit.');
    expect((await answer(api, w.carol.token, asked.approvalId, 'approve')).body.result).toMatchObject({ status: 'accepted', travelStatus: 'booked' });
    // Bob still finds it under answered.
    expect((await list(w.bob.token, '?status=answered&limit=50')).body.result.map((a: { approvalID: string }) => a.approvalID)).toContain(asked.approvalId);
  });

  it('escalates to a named approver of the chain only (68 otherwise)', async () => {
    const asked = await askApproval(api, w);
    const res = await answer(api, w.bob.token, asked.approvalId, 'escalate', { approver: w.alice.user.uid });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ api_code: 68, fields: { approver: 'SELECT_VALID_VALUE' } });
    expect((await answer(api, w.bob.token, asked.approvalId, 'escalate', { approver: w.carol.user.uid })).body.result.status).toBe('escalated');
  });

  it('refuses an approver who travels on the tickets (68), and approve without the approval permission (66)', async () => {
    const asked = await askApproval(api, w);
    const [product] = await api.db.select().from(travelProducts).where(eq(travelProducts.travelId, asked.travelId));
    const data = { ...product!.data, travelers: [{ ...product!.data.travelers[0]!, profileID: w.bob.user.uid }] };
    await api.db.update(travelProducts).set({ data }).where(eq(travelProducts.id, product!.id));
    const own = (await list(w.bob.token, '?limit=50')).body.result.find((a: { approvalID: string }) => a.approvalID === asked.approvalId);
    expect(own.links.approve).toBeUndefined();
    expect(own.links.deny).toBeDefined();
    const refused = await answer(api, w.bob.token, asked.approvalId, 'approve');
    expect(refused.status).toBe(403);
    expect(refused.body.api_code).toBe(68);

    const other = await askApproval(api, w);
    await api.db
      .update(users)
      .set({ perms: ['check_approval'] })
      .where(eq(users.id, w.bob.user.uid));
    try {
      const mine = (await list(w.bob.token, '?limit=50')).body.result.find((a: { approvalID: string }) => a.approvalID === other.approvalId);
      expect(Object.keys(mine.links).sort()).toEqual(['deny', 'escalate', 'getApproval']);
      expect((await answer(api, w.bob.token, other.approvalId, 'approve')).body.api_code).toBe(66);
    } finally {
      await api.db
        .update(users)
        .set({ perms: ['approval'] })
        .where(eq(users.id, w.bob.user.uid));
    }
  });

  it('answers an unknown or foreign request with 404, and an answered one with 409 (67) and the request as it is now', async () => {
    expect((await answer(api, w.bob.token, '0b7a1f3c-0000-4000-8000-000000000000', 'approve')).status).toBe(404);
    expect((await answer(api, w.bob.token, 'nope', 'approve')).body.api_code).toBe(100);
    const asked = await askApproval(api, w);
    expect((await answer(api, w.sam.token, asked.approvalId, 'deny', { reason: 'No' })).status).toBe(404);
    expect((await answer(api, w.bob.token, asked.approvalId, 'approve')).status).toBe(200);
    for (const [action, body] of [
      ['approve', {}],
      ['deny', { reason: 'Too late' }],
      ['escalate', {}],
    ] as const) {
      const res = await answer(api, w.bob.token, asked.approvalId, action, body);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ api_code: 67, current: { approvalID: asked.approvalId, status: 'accepted', travelStatus: 'booked' } });
    }
  });
});

describe('exactly one answer wins', () => {
  it('bob and carol (the backup, due) answering at once: one 2xx, the other 409 with who answered; the travel booked once', async () => {
    const asked = await askApproval(api, w);
    // The backup is due: carol sees it.
    await api.db
      .update(approvalRequests)
      .set({ backupAt: new Date(api.clock.now().getTime() - 1000) })
      .where(eq(approvalRequests.id, asked.approvalId));
    const { approvalRecipients } = await import('@server/db/schema');
    await api.db
      .update(approvalRecipients)
      .set({ visibleFrom: new Date(api.clock.now().getTime() - 1000) })
      .where(and(eq(approvalRecipients.approvalId, asked.approvalId), eq(approvalRecipients.userId, w.carol.user.uid)));
    const answers = await Promise.all([
      answer(api, w.bob.token, asked.approvalId, 'approve', {}, `bob-${asked.approvalId}`),
      answer(api, w.carol.token, asked.approvalId, 'deny', { reason: 'No' }, `carol-${asked.approvalId}`),
      answer(api, w.carol.token, asked.approvalId, 'approve', {}, `carol2-${asked.approvalId}`),
    ]);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost.status).toBe(409);
      expect(lost.body.api_code).toBe(67);
      expect(lost.body.current.status).toBe(ok[0]!.body.result.status);
      expect(lost.body.current.chain.some((s: { response: { by: unknown } }) => s.response.by !== null)).toBe(true);
    }
    const travel = await travelOf(asked.travelId);
    expect(travel.status).toBe(ok[0]!.body.result.status === 'accepted' ? 'booked' : 'denied');
    expect(travel.version).toBe(asked.travel.version + 1);
  });

  it('two clicks: the same Idempotency-Key answers twice the same; another key gets 409', async () => {
    const asked = await askApproval(api, w);
    const key = `click-${asked.approvalId}`;
    const twins = await Promise.all(Array.from({ length: 5 }, () => answer(api, w.bob.token, asked.approvalId, 'approve', {}, key)));
    expect(twins.map((t) => t.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(twins.map((t) => JSON.stringify(t.body))).size).toBe(1);
    const clicks = await Promise.all([1, 2, 3].map((i) => answer(api, w.bob.token, asked.approvalId, 'approve', {}, `${key}-${i}`)));
    expect(clicks.map((c) => c.status)).toEqual([409, 409, 409]);
    expect(
      await api.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `ticket-travel:${asked.travelId}`)),
    ).toHaveLength(1);
  });
});

describe('the requester: cancel and remind', () => {
  it('cancel ends the request and puts the travel back in the cart, re-priced; then answers are refused (409)', async () => {
    const asked = await askApproval(api, w);
    const travel = await travelOf(asked.travelId);
    expect(travel.links.cancelApproval).toEqual({ href: approvalUrl(asked.approvalId, 'cancel'), method: 'PATCH' });
    expect((await api.call('PATCH', travel.links.cancelApproval.href, { token: w.bob.token })).status).toBe(404);
    const res = await api.call('PATCH', travel.links.cancelApproval.href, {
      token: w.alice.token,
      headers: { 'idempotency-key': `cancel-${asked.approvalId}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: 'cart', confirmationTimeLimit: null, products: [{ status: 'cart', pnr: null }] });
    expect(Number(res.body.result.price.amount)).toBeGreaterThan(0);
    expect(res.body.result.links.requestApproval).toBeDefined();
    expect(res.body.result.links.cancelApproval).toBeUndefined();
    const [row] = await api.db.select().from(approvalRequests).where(eq(approvalRequests.id, asked.approvalId));
    expect(row!.status).toBe('cancelled');
    const late = await answer(api, w.bob.token, asked.approvalId, 'approve');
    expect(late.status).toBe(409);
    expect(late.body.current.status).toBe('cancelled');
    expect((await api.call('PATCH', approvalUrl(asked.approvalId, 'cancel'), { token: w.alice.token })).status).toBe(409);
    // Asked again, it goes through again.
    const again = await api.call('POST', res.body.result.links.requestApproval.href, { token: w.alice.token, body: {} });
    expect(again.body.result.status).toBe('pending_approval');
  });

  it('a product the supplier no longer sells is released when the travel goes back to the cart', async () => {
    const asked = await askApproval(api, w);
    const [product] = await api.db.select().from(travelProducts).where(eq(travelProducts.travelId, asked.travelId));
    await api.db
      .update(travelProducts)
      .set({ data: { ...(product!.data as TripData), offer: { ...(product!.data as TripData).offer, id: `${(product!.data as TripData).offer.id}-gone` } } })
      .where(eq(travelProducts.id, product!.id));
    const res = await api.call('PATCH', approvalUrl(asked.approvalId, 'cancel'), { token: w.alice.token });
    expect(res.body.result).toMatchObject({ status: 'cart', products: [{ status: 'released' }] });
  });

  it('remind re-sends the approver e-mail at most once an hour (429, api_code 104)', async () => {
    const asked = await askApproval(api, w);
    const travel = await travelOf(asked.travelId);
    expect(travel.links.remind).toEqual({ href: approvalUrl(asked.approvalId, 'remind'), method: 'PATCH' });
    const before = (await mailsTo('bob@acme.example')).length;
    const soon = await api.call('PATCH', travel.links.remind.href, { token: w.alice.token });
    expect(soon.status).toBe(429);
    expect(soon.body.api_code).toBe(104);
    expect((await api.call('PATCH', travel.links.remind.href, { token: w.bob.token })).status).toBe(404);
    const now = api.clock.now();
    api.clock.set(new Date(now.getTime() + 61 * 60_000));
    try {
      const alice = await api.login('alice');
      const res = await api.call('PATCH', travel.links.remind.href, { token: alice });
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual({ message: 'approver reminded' });
      const mails = await mailsTo('bob@acme.example');
      expect(mails.length).toBe(before + 1);
      expect((await api.lastMail('bob@acme.example'))?.text).toContain('Reminder: this request still awaits your answer.');
      expect((await api.call('PATCH', travel.links.remind.href, { token: alice })).status).toBe(429);
    } finally {
      api.clock.set(now);
    }
  });
});

describe('the approver e-mail', () => {
  it('says the journey, price, compliance, exemption and time limit in bob’s language, with the request link and one-click links', async () => {
    const asked = await askApproval(api, w);
    const [mail] = await api.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'bob@acme.example'), like(outbox.text, `%${asked.approvalId}%`)));
    expect(mail!.subject).toBe('Escale Voyages: approval requested by Alice Martin');
    expect(mail!.text).toMatch(/Journey : .+ → .+, 23\/11\/2026 \d\d:\d\d – 23\/11\/2026 \d\d:\d\d/);
    expect(mail!.text).toMatch(/Total price : \d+\.\d\d €/);
    expect(mail!.text).toMatch(/Travel policy : (Compliant|Not compliant)/);
    expect(mail!.text).toContain('Reason for the exemption : Only train left');
    // The time limit with its zone named.
    expect(mail!.text).toMatch(/Answer before : \d\d\/\d\d\/2026, \d\d:\d\d Central European Standard Time/);
    expect(mail!.text).toMatch(new RegExp(`Open the request : http://localhost(:\\d+)?/account/approvals\\?request=${asked.approvalId}`));
    expect(mail!.text).toMatch(/Approve in one click : http:\/\/localhost(:\d+)?\/approvals\/one-click\?token=[A-Za-z0-9_-]{43}/);
    expect(mail!.text).toMatch(/Refuse in one click \(a reason is asked\) : http:\/\/localhost(:\d+)?\/approvals\/one-click\?token=[A-Za-z0-9_-]{43}/);
    expect(mail!.html).toContain('<table');
  });
});
