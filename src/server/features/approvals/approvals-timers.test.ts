import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobServices, startApi, type Api } from '@test/support/api';
import { buildApp, JOB_HANDLERS } from '@server/app';
import { approvalRequests, jobs, outbox } from '@server/db/schema';
import { DEMO_API_KEY } from '@server/db/seed';
import { runDueJobs } from '@server/platform/jobs';
import type { Services } from '@server/platform/services';
import { createSandboxSupplier } from '@server/supplier';
import { answer, approvalUrl, approvalWorld, askApproval, refresh, type World } from './approvals.fixtures';

let api: Api;
let w: World;
let services: Services;
let start: Date;
beforeAll(async () => {
  api = await startApi();
  w = await approvalWorld(api);
  services = jobServices(api);
  start = api.clock.now();
});
afterAll(() => api.close());
afterEach(async () => {
  if (api.clock.now().getTime() !== start.getTime()) {
    api.clock.set(start);
    await refresh(api, w);
  }
});

const runJobs = (s: Services = services) => runDueJobs(s, JOB_HANDLERS);
const mailsTo = (email: string) => api.db.select().from(outbox).where(eq(outbox.to, email));
const requestRow = async (id: string) => (await api.db.select().from(approvalRequests).where(eq(approvalRequests.id, id)))[0]!;
const travelOf = async (id: string) => (await api.call('GET', `/api/v1/v2/travels/${id}`, { token: w.alice.token })).body.result;
const moveTo = async (at: Date) => {
  api.clock.set(at);
  await refresh(api, w);
};
const inbox = async (token: string, path = '/api/v1/approvals/?limit=50') =>
  (await api.call('GET', path, { token })).body.result as { approvalID: string; links: Record<string, unknown> }[];

describe('the backup approver at half time', () => {
  it('gets the request and an e-mail once half of the time passed without an answer (the job survives a restart), and answers it', async () => {
    const asked = await askApproval(api, w);
    const row = await requestRow(asked.approvalId);
    const half = row.requestedAt.getTime() + (row.timeLimit.getTime() - row.requestedAt.getTime()) / 2;
    expect(row.backupAt!.getTime()).toBe(half);
    const [job] = await api.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `approval-backup:${asked.approvalId}`));
    expect(job!.runAt.getTime()).toBe(half);
    // A restart: a new app on the same database, whose runner finds the job there.
    const restarted = await buildApp({ db: api.db, config: services.config, clock: api.clock, logger: false });
    await restarted.ready();
    try {
      const before = (await mailsTo('carol@acme.example')).length;
      await moveTo(new Date(half - 60_000));
      await runJobs();
      expect((await mailsTo('carol@acme.example')).length).toBe(before);
      expect((await inbox(w.carol.token)).map((a) => a.approvalID)).not.toContain(asked.approvalId);
      await moveTo(new Date(half + 1_000));
      await runJobs();
      const mails = await mailsTo('carol@acme.example');
      expect(mails.length).toBe(before + 1);
      const mail = await api.lastMail('carol@acme.example');
      expect(mail?.text).toContain('Bob Durand n’a pas encore répondu');
      expect(mail?.link).toMatch(new RegExp(`/account/approvals\\?request=${asked.approvalId}$`));
      const seen = (await inbox(w.carol.token)).find((a) => a.approvalID === asked.approvalId)!;
      expect(Object.keys(seen.links).sort()).toEqual(['approve', 'deny', 'escalate', 'getApproval']);
      expect((await api.call('GET', '/api/v1/approval/', { token: w.carol.token })).body.result.pending).toBeGreaterThanOrEqual(1);
      // The first answer settles it: carol's; bob is too late.
      const res = await answer(api, w.carol.token, asked.approvalId, 'approve');
      expect(res.body.result).toMatchObject({ status: 'accepted', travelStatus: 'booked' });
      expect(
        res.body.result.chain.map(
          (s: { approver: { firstname: string }; role: string; response: { status: string } }) => `${s.approver.firstname}:${s.role}:${s.response.status}`,
        ),
      ).toEqual(['Bob:main:pending', 'Carol:backup:accepted']);
      expect((await answer(api, w.bob.token, asked.approvalId, 'approve')).status).toBe(409);
      // Running the jobs again sends nothing more.
      await runJobs();
      expect((await mailsTo('carol@acme.example')).length).toBe(before + 1);
    } finally {
      await restarted.close();
    }
  });

  it('fires once with two API processes running the jobs at the same moment', async () => {
    const asked = await askApproval(api, w);
    const row = await requestRow(asked.approvalId);
    const before = (await mailsTo('carol@acme.example')).length;
    await moveTo(new Date(row.backupAt!.getTime() + 1_000));
    const other: Services = { ...services, supplier: createSandboxSupplier() };
    await Promise.all([runJobs(), runJobs(other), runJobs(), runJobs(other)]);
    expect((await mailsTo('carol@acme.example')).length).toBe(before + 1);
  });
});

describe('expiry at the time limit', () => {
  it('expires the request, releases the holds and tells alice; an answer then is refused with the state', async () => {
    const asked = await askApproval(api, w, { backup: false });
    await moveTo(new Date(Date.parse(asked.travel.confirmationTimeLimit) + 1_000));
    await runJobs();
    expect(await travelOf(asked.travelId)).toMatchObject({ status: 'expired', products: [{ status: 'expired' }] });
    const row = await requestRow(asked.approvalId);
    expect(row.status).toBe('expired');
    expect(row.chain[0]!.status).toBe('expired');
    expect((await api.lastMail('alice@acme.example'))?.text).toContain('Personne n’a répondu à temps');
    const late = await answer(api, w.bob.token, asked.approvalId, 'approve');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ api_code: 67, current: { status: 'expired', travelStatus: 'expired' } });
  });
});

describe('the safety service', () => {
  it('a trip to a high-risk country needs sam’s answer too: listed under /approvals/safety, booked once both said yes', async () => {
    const asked = await askApproval(api, w, { destination: 'city:cairo', flight: true });
    expect(asked.safetyId).not.toBeNull();
    const bobs = (await inbox(w.bob.token)).find((a) => a.approvalID === asked.approvalId) as unknown as {
      currentRequest: { isRisky: boolean; isSafetyApproval: boolean };
    };
    expect(bobs.currentRequest).toMatchObject({ isRisky: true, isSafetyApproval: false });
    expect((await api.call('GET', '/api/v1/approvals/safety', { token: w.bob.token })).status).toBe(403);
    const me = (await api.call('GET', '/api/v1/user/', { token: w.sam.token })).body.result;
    expect(me.links.safetyApprovals).toEqual({ href: '/api/v1/approvals/safety', method: 'GET' });
    const sams = (await inbox(w.sam.token, '/api/v1/approvals/safety?status=pending&limit=50')).find((a) => a.approvalID === asked.safetyId) as unknown as {
      currentRequest: object;
      links: object;
      chain: { role: string }[];
    };
    expect(sams.currentRequest).toMatchObject({ isRisky: true, isSafetyApproval: true });
    expect(Object.keys(sams.links).sort()).toEqual(['approve', 'deny', 'getApproval']);
    expect(sams.chain.map((s) => s.role)).toEqual(['safety']);
    // Sam is not an approver of the regular request.
    expect((await inbox(w.sam.token)).map((a) => a.approvalID)).not.toContain(asked.approvalId);
    expect((await api.call('GET', '/api/v1/approval/', { token: w.sam.token })).body.result.safetyPending).toBeGreaterThanOrEqual(1);
    expect((await api.lastMail('sam@acme.example'))?.subject).toBe('Escale Voyages: safety approval requested by Alice Martin');

    const regular = await answer(api, w.bob.token, asked.approvalId, 'approve');
    expect(regular.body.result).toMatchObject({ status: 'accepted', travelStatus: 'pending_approval' });
    expect((await api.lastMail('alice@acme.example'))?.text).toContain('Bob Durand a approuvé votre voyage ; il attend encore une autre approbation');
    const safety = await answer(api, w.sam.token, asked.safetyId!, 'approve');
    expect(safety.body.result).toMatchObject({ status: 'accepted', travelStatus: 'booked' });
    expect((await travelOf(asked.travelId)).status).toBe('booked');
  });

  it('the safety service’s no denies the travel and ends the regular request', async () => {
    const asked = await askApproval(api, w, { destination: 'city:cairo', flight: true });
    const res = await answer(api, w.sam.token, asked.safetyId!, 'deny', { reason: 'Travel advisory' });
    expect(res.body.result).toMatchObject({ status: 'denied', travelStatus: 'denied' });
    expect((await requestRow(asked.approvalId)).status).toBe('cancelled');
    expect((await answer(api, w.bob.token, asked.approvalId, 'approve')).status).toBe(409);
  });
});

describe('one-click answers from the e-mail', () => {
  const tokensIn = (text: string) => [...text.matchAll(/one-click\?token=([A-Za-z0-9_-]+)/g)].map((m) => m[1]!);
  const mailFor = async (email: string, approvalId: string) => (await mailsTo(email)).filter((m) => m.text.includes(approvalId)).at(-1)!;
  const oneClick = (token: string, method: 'GET' | 'POST' = 'GET', body?: Record<string, unknown>) =>
    api.call(method, `/api/v1/approval/one-click/${token}`, { body });

  it('approve without a session: the link shows the request, answers it once, and opens nothing else', async () => {
    const asked = await askApproval(api, w);
    const [approveToken, denyToken] = tokensIn((await mailFor('bob@acme.example', asked.approvalId)).text);
    const grant = await oneClick(approveToken!);
    expect(grant.status).toBe(200);
    expect(grant.body.result).toMatchObject({
      action: 'approve',
      approval: { approvalID: asked.approvalId, status: 'pending', links: {} },
      links: { answerOneClick: { href: `/api/v1/approval/one-click/${approveToken}`, method: 'POST' } },
    });
    // Not a session: nothing else answers to it.
    expect((await api.call('GET', '/api/v1/approvals/', { token: approveToken })).status).toBe(401);
    expect((await api.call('GET', '/api/v1/user/', { token: approveToken })).status).toBe(401);
    const res = await oneClick(approveToken!, 'POST', { message: 'From my phone' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: 'accepted', travelStatus: 'booked', links: {} });
    expect(res.body.result.chain[0].response).toMatchObject({ status: 'accepted', by: { firstname: 'Bob' }, message: 'From my phone' });
    // Single use, the deny link of the same e-mail with it.
    for (const token of [approveToken!, denyToken!]) {
      const again = await oneClick(token, 'POST', { reason: 'x' });
      expect(again.status).toBe(410);
      expect(again.body.api_code).toBe(103);
    }
    expect((await oneClick('not-a-real-token-0123456789')).body.api_code).toBe(101);
  });

  it('deny asks for the reason; an answered request shows its state without the answer link; an expired link is refused', async () => {
    const asked = await askApproval(api, w);
    const [, denyToken] = tokensIn((await mailFor('bob@acme.example', asked.approvalId)).text);
    expect((await oneClick(denyToken!)).body.result.action).toBe('deny');
    const missing = await oneClick(denyToken!, 'POST', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ api_code: 17, fields: { reason: 'FIELD_REQUIRED' } });
    const res = await oneClick(denyToken!, 'POST', { reason: 'Not this quarter' });
    expect(res.body.result).toMatchObject({ status: 'denied', travelStatus: 'denied' });

    const other = await askApproval(api, w);
    const [approveToken] = tokensIn((await mailFor('bob@acme.example', other.approvalId)).text);
    expect((await answer(api, w.bob.token, other.approvalId, 'deny', { reason: 'No' })).status).toBe(200);
    const shown = await oneClick(approveToken!);
    expect(shown.body.result).toMatchObject({ approval: { status: 'denied' }, links: {} });
    expect((await oneClick(approveToken!, 'POST', {})).body.api_code).toBe(67);

    const third = await askApproval(api, w);
    const [late] = tokensIn((await mailFor('bob@acme.example', third.approvalId)).text);
    api.clock.set(new Date(Date.parse(third.travel.confirmationTimeLimit) + 1_000));
    expect((await oneClick(late!)).body.api_code).toBe(102);
  });
});

describe('an approval whose booking did not happen', () => {
  const injectAs = async (supplier: ReturnType<typeof createSandboxSupplier>, token: string, url: string, payload: object) => {
    const app = await buildApp({ db: api.db, config: services.config, clock: api.clock, logger: false, supplier });
    try {
      const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'api-key': DEMO_API_KEY }, payload });
      return { status: res.statusCode, body: res.json() };
    } finally {
      await app.close();
    }
  };

  it('is booked by the job runner once the supplier answers again, exactly once', async () => {
    const asked = await askApproval(api, w);
    const down = createSandboxSupplier();
    down.setFault('unavailable');
    const res = await injectAs(down, w.bob.token, approvalUrl(asked.approvalId, 'approve'), {});
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: 'accepted', travelStatus: 'pending_approval' });
    const [job] = await api.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `book-approved:${asked.travelId}`));
    expect(job!.doneAt).toBeNull();
    // Its time limit passes meanwhile: the expiry leaves an approved travel to its booking.
    await moveTo(new Date(api.clock.now().getTime() + 10_000));
    await Promise.all([runJobs(), runJobs({ ...services, supplier: createSandboxSupplier() })]);
    const travel = await travelOf(asked.travelId);
    expect(travel).toMatchObject({ status: 'booked', version: asked.travel.version + 1, products: [{ status: 'booked', pnr: asked.travel.products[0]!.pnr }] });
    expect(
      await api.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `ticket-travel:${asked.travelId}`)),
    ).toHaveLength(1);
    const booked = (await mailsTo('alice@acme.example')).filter((m) => m.text.includes('il est réservé'));
    await runJobs();
    expect((await mailsTo('alice@acme.example')).filter((m) => m.text.includes('il est réservé'))).toHaveLength(booked.length);
  });

  it('is marked failed when booking is no longer possible by the time limit: the travel goes back to the cart, alice and bob are told', async () => {
    const asked = await askApproval(api, w);
    const down = createSandboxSupplier();
    down.setFault('unavailable');
    expect((await injectAs(down, w.bob.token, approvalUrl(asked.approvalId, 'approve'), {})).status).toBe(200);
    await moveTo(new Date(Date.parse(asked.travel.confirmationTimeLimit) + 1_000));
    await runJobs({ ...services, supplier: down });
    expect((await requestRow(asked.approvalId)).status).toBe('failed');
    expect(await travelOf(asked.travelId)).toMatchObject({ status: 'cart', products: [{ pnr: null }] });
    expect((await api.lastMail('alice@acme.example'))?.text).toContain('n’a pas pu être réservé');
    expect((await api.lastMail('bob@acme.example'))?.text).toContain('could not be booked');
    // The holds are still given back once the supplier answers.
    const [release] = await api.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.key, `release-holds:${asked.travelId}`)));
    expect(release!.doneAt).toBeNull();
    await moveTo(new Date(release!.runAt.getTime() + 1_000));
    await runJobs();
    expect(
      (
        await api.db
          .select()
          .from(jobs)
          .where(eq(jobs.key, `release-holds:${asked.travelId}`))
      )[0]!.doneAt,
    ).not.toBeNull();
  });
});
