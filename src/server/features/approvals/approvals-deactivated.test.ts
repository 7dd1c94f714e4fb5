import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobServices, startApi, type Api } from '@test/support/api';
import { JOB_HANDLERS } from '@server/app';
import { approvalRequests, outbox } from '@server/db/schema';
import { runDueJobs } from '@server/platform/jobs';
import { approvalWorld, askApproval, refresh, type World } from './approvals.fixtures';

/*
 * Issue 25, item 2: a deactivated approver answers nothing — their e-mailed one-click links are
 * refused, their inbox is gone with their session — and their open requests go to the backup (or the
 * next approver of the company's chain) with the usual request e-mail.
 */

type Link = { href: string; method: string };
type Person = { uid: string; username: string | null; links: Record<string, Link> };

let api: Api;
let w: World;
let maya: string;
let acme: string;
beforeAll(async () => {
  api = await startApi();
  w = await approvalWorld(api);
  maya = await api.login('maya');
  acme = (await api.call('GET', '/api/v1/user/', { token: maya })).body.result.company_id;
});
afterAll(() => api.close());

const runJobs = () => runDueJobs(jobServices(api), JOB_HANDLERS);
const personOf = async (username: string): Promise<Person> => {
  const admin = (await api.call('GET', `/api/v1/companies/${acme}/admin`, { token: maya })).body.result;
  const people = (await api.call('GET', admin.links.companyPeople.href, { token: maya })).body.result.people as Person[];
  return people.find((p) => p.username === username)!;
};
const bobPerson = () => personOf('bob');
const follow = (link: Link) => api.call(link.method as 'POST', link.href, { token: maya });
afterEach(async () => {
  // Bob and carol back for the next test.
  for (const who of ['bob', 'carol']) {
    const person = await personOf(who);
    if (person.links.reactivateUser) await follow(person.links.reactivateUser);
  }
  await refresh(api, w);
});

/** The one-click links of the request e-mail `to` got for this request. */
async function oneClickTokens(to: string, approvalId: string) {
  const mails = await api.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), like(outbox.text, `%${approvalId}%`)));
  const text = mails.at(-1)?.text ?? '';
  const tokens = [...text.matchAll(/\/approvals\/one-click\?token=([A-Za-z0-9_-]+)/g)].map((m) => m[1]!);
  return { mails, text, approve: tokens[0], deny: tokens[1] };
}
const travelStatus = async (travelId: string) => (await api.call('GET', `/api/v1/v2/travels/${travelId}`, { token: w.alice.token })).body.result.status;

describe('a deactivated approver', () => {
  it('cannot approve by the e-mailed link (the travel is not booked); the backup gets the request and an e-mail, and answers it', async () => {
    const asked = await askApproval(api, w);
    const bobs = await oneClickTokens('bob@acme.example', asked.approvalId);
    expect(bobs.approve).toBeDefined();
    expect((await api.call('GET', `/api/v1/approval/one-click/${bobs.approve}`)).status).toBe(200);

    const off = await follow((await bobPerson()).links.deactivateUser!);
    expect(off.body.result.status).toBe('inactive');

    // The link is refused as an invalid one-click link, and nothing is booked.
    const read = await api.call('GET', `/api/v1/approval/one-click/${bobs.approve}`);
    expect([read.status, read.body.api_code]).toEqual([400, 101]);
    const approved = await api.call('POST', `/api/v1/approval/one-click/${bobs.approve}`, { body: {} });
    expect([approved.status, approved.body.api_code]).toEqual([400, 101]);
    const denied = await api.call('POST', `/api/v1/approval/one-click/${bobs.deny}`, { body: { reason: 'no' } });
    expect([denied.status, denied.body.api_code]).toEqual([400, 101]);
    expect(await travelStatus(asked.travelId)).toBe('pending_approval');
    // Their inbox answers nothing: their session ended.
    expect((await api.call('GET', '/api/v1/approvals/?limit=50', { token: w.bob.token })).status).toBe(401);

    // Carol, the backup, is asked now (not at half time), with an e-mail in her language.
    expect((await oneClickTokens('carol@acme.example', asked.approvalId)).mails).toHaveLength(0);
    await runJobs();
    const carols = await oneClickTokens('carol@acme.example', asked.approvalId);
    expect(carols.mails).toHaveLength(1);
    expect(carols.text).toContain('Bob Durand ne peut plus répondre aux demandes d’approbation (compte désactivé)');
    expect(carols.text).toContain('Alice Martin vous demande d’approuver un voyage.');
    expect(carols.approve).toBeDefined();
    const inbox = (await api.call('GET', '/api/v1/approvals/?limit=50', { token: w.carol.token })).body.result as { approvalID: string; links: object }[];
    expect(Object.keys(inbox.find((a) => a.approvalID === asked.approvalId)!.links)).toContain('approve');
    // Running the jobs again asks no one twice (the half-time job included).
    await runJobs();
    expect((await oneClickTokens('carol@acme.example', asked.approvalId)).mails).toHaveLength(1);

    const res = await api.call('POST', `/api/v1/approval/one-click/${carols.approve}`, { body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.status).toBe('accepted');
    expect(await travelStatus(asked.travelId)).toBe('booked');
    const chain = res.body.result.chain.map((s: { approver: { firstname: string }; role: string; response: { status: string } }) => [
      s.approver.firstname,
      s.role,
      s.response.status,
    ]);
    expect(chain).toEqual([
      ['Bob', 'main', 'cancelled'],
      ['Carol', 'backup', 'accepted'],
    ]);
  });

  it('without a backup: the next approver of the company gets the request (transferred) and an e-mail', async () => {
    const asked = await askApproval(api, w, { backup: false });
    const bobs = await oneClickTokens('bob@acme.example', asked.approvalId);
    await follow((await bobPerson()).links.deactivateUser!);
    await runJobs();
    const [row] = await api.db.select().from(approvalRequests).where(eq(approvalRequests.id, asked.approvalId));
    expect(row!.status).toBe('escalated');
    expect(row!.approverId).toBe(w.carol.user.uid);
    const carols = await oneClickTokens('carol@acme.example', asked.approvalId);
    expect(carols.mails).toHaveLength(1);
    expect(carols.text).toContain('Bob Durand ne peut plus répondre');
    expect((await api.call('POST', `/api/v1/approval/one-click/${bobs.approve}`, { body: {} })).status).toBe(400);
    expect(await travelStatus(asked.travelId)).toBe('pending_approval');
    const res = await api.call('POST', `/api/v1/approval/one-click/${carols.approve}`, { body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await travelStatus(asked.travelId)).toBe('booked');
  });

  it('reactivated before the job ran: keeps their requests, but their old links stay spent', async () => {
    const asked = await askApproval(api, w);
    const bobs = await oneClickTokens('bob@acme.example', asked.approvalId);
    const off = await follow((await bobPerson()).links.deactivateUser!);
    await follow(off.body.result.links.reactivateUser);
    await runJobs();
    expect((await oneClickTokens('carol@acme.example', asked.approvalId)).mails).toHaveLength(0);
    const used = await api.call('POST', `/api/v1/approval/one-click/${bobs.approve}`, { body: {} });
    expect([used.status, used.body.api_code]).toEqual([410, 103]);
    expect(await travelStatus(asked.travelId)).toBe('pending_approval');
  });

  it('a deactivated backup is no longer asked at half time; the main approver still answers', async () => {
    const asked = await askApproval(api, w);
    await follow((await personOf('carol')).links.deactivateUser!);
    await runJobs();
    const [row] = await api.db.select().from(approvalRequests).where(eq(approvalRequests.id, asked.approvalId));
    expect(row!.backupApproverId).toBeNull();
    const start = api.clock.now();
    try {
      api.clock.set(new Date((row!.requestedAt.getTime() + row!.timeLimit.getTime()) / 2 + 1_000));
      await runJobs();
    } finally {
      api.clock.set(start);
    }
    expect((await oneClickTokens('carol@acme.example', asked.approvalId)).mails).toHaveLength(0);
    const bobs = await oneClickTokens('bob@acme.example', asked.approvalId);
    const res = await api.call('POST', `/api/v1/approval/one-click/${bobs.approve}`, { body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.chain.map((s: { approver: { firstname: string } }) => s.approver.firstname)).toEqual(['Bob']);
    expect(await travelStatus(asked.travelId)).toBe('booked');
  });
});
