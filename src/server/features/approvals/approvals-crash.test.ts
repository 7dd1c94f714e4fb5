import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callServer, idempotencyKeyClaimed, killServer, startServerProcess, type ServerProcess } from '@test/support/server-process';
import { DEMO_PASSWORD } from '@server/db/seed';

/**
 * A crash between 'approved' and 'booked' is recovered by the job runner (booking completes
 * exactly once). The real server is killed (SIGKILL) while the supplier is answering the
 * booking that follows bob's approval, whose answer was already committed; started again on the
 * same data, its job runner books the travel, once. The approval's
 * Idempotency-Key was recorded with it, so bob's retry gets his answer, not a conflict.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-approval-crash-'));
const LATENCY_MS = 800;
let server: ServerProcess | undefined;
const start = () => startServerProcess({ dataDir }, { SUPPLIER_LATENCY_MS: String(LATENCY_MS) });
const call = (method: string, url: string, opts: Parameters<typeof callServer>[3] = {}) => callServer(server!, method, url, opts);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(async () => {
  if (server) await killServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed between an approval and its booking', () => {
  it('books the travel once, through the job runner, after the restart', async () => {
    server = await start();
    const login = async (username: string) =>
      (await call('POST', '/api/v1/user/login', { body: { username, password: DEMO_PASSWORD } })).body.result as {
        token: string;
        user: { entities: { uid: string }[] };
      };
    const alice = await login('alice');
    const token = alice.token;
    // The server runs on the real clock: a date ahead of it.
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const search = await call('POST', '/api/v1/treep/search?version=v2', {
      token,
      body: { origin: 'city:paris', destination: 'city:lyon', datetime: `${nextWeek}T07:00`, nb_travelers: 1, filters: { rail: true, flight: false } },
    });
    const offer = (search.body.result.proposals as { offers: { id: string }[] }[])[0]!.offers[0]!;
    const fields = {
      gender: 'MS',
      firstname: 'Alice',
      lastname: 'Martin',
      birthdate: '1988-04-02',
      contact_email: 'alice@acme.example',
      contact_phone: '0601020304',
    };
    const added = await call('POST', '/api/v1/cart/add?version=v2', {
      token,
      body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields }], entity_id: alice.user.entities[0]!.uid },
    });
    const href = `/api/v1/v2/travels/${added.body.result.travel.id}`;
    const analytics = await call('PATCH', `${href}/analytics`, {
      token,
      body: { fields: [{ name: 'cost_center', value: 'R&D' }], travel_policy_exemption: 'Client meeting' },
    });
    expect(analytics.status).toBe(200);
    const approvers = (await call('GET', `${href}/approvers`, { token })).body.result;
    const bobId = approvers.approvers.find((a: { username: string }) => a.username === 'bob').id as string;
    expect((await call('PATCH', `${href}/approvers`, { token, body: { approver: bobId } })).status).toBe(200);
    const pending = (await call('POST', `${href}/approval`, { token, body: {} })).body.result;
    expect(pending.status).toBe('pending_approval');

    const bob = await login('bob');
    const [request] = (await call('GET', '/api/v1/approvals/', { token: bob.token })).body.result as {
      approvalID: string;
      links: { approve: { href: string } };
    }[];
    const headers = { 'idempotency-key': `crash-approve-${request!.approvalID}` };
    const inFlight = call('POST', request!.links.approve.href, { token: bob.token, body: {}, headers }).catch((err: unknown) => err);
    // Killed while the supplier is answering the booking: the call holds its key, the approval is committed, the travel not booked yet.
    await idempotencyKeyClaimed(server, headers['idempotency-key']);
    const approval = async () =>
      (await call('GET', `/api/v1/approvals/${request!.approvalID}`, { token: bob.token })).body.result as { status: string; travelStatus: string };
    let seen = await approval();
    while (seen.status !== 'accepted') {
      await sleep(20);
      seen = await approval();
    }
    expect(seen.travelStatus).toBe('pending_approval');
    await killServer(server.child);
    expect(await inFlight).toBeInstanceOf(Error);

    server = await start();
    const reread = async () => (await call('GET', href, { token })).body.result;
    const after = await reread();
    // The approval was committed before the kill; the booking is the restarted job runner's, which
    // may already have run (under load it often has): the travel is held or booked, never released.
    expect(['pending_approval', 'booked']).toContain(after.status);
    expect(after.products[0].pnr).toBe(pending.products[0].pnr);
    const answered = (await call('GET', `/api/v1/approvals/${request!.approvalID}`, { token: bob.token })).body.result;
    expect(answered.status).toBe('accepted');
    // Another answer is refused: the approval was given once.
    expect((await call('POST', request!.links.approve.href, { token: bob.token, body: {} })).body.api_code).toBe(67);
    // bob's retry of his own click (same key) gets the answer recorded with the approval, once the dead call's lease (10 s at most) has passed.
    const retried = await call('POST', request!.links.approve.href, { token: bob.token, body: {}, headers });
    expect(retried.status).toBe(200);
    expect(retried.body.result).toMatchObject({ approvalID: request!.approvalID, status: 'accepted' });

    let booked = after;
    for (let waited = 0; booked.status !== 'booked' && waited < 20_000; waited += 500) {
      await sleep(500);
      booked = await reread();
    }
    expect(booked).toMatchObject({ status: 'booked', version: pending.version + 1, products: [{ status: 'booked', pnr: pending.products[0].pnr }] });
    // Once: a while later it has not moved, and alice was told once.
    await sleep(2_000);
    expect((await reread()).version).toBe(pending.version + 1);
    const mails = (await call('GET', `/dev/mailbox.json?to=${encodeURIComponent('alice@acme.example')}`)).body.result as { text: string }[];
    expect(mails.filter((m) => m.text.includes('il est réservé'))).toHaveLength(1);
  }, 90_000);
});
