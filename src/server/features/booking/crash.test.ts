import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callServer, gusTravelReadyToConfirm, idempotencyKeyClaimed, killServer, startServerProcess, type ServerProcess } from '@test/support/server-process';

/**
 * Killing the server during confirm leaves the travel either fully booked or not booked at all. The real server runs in its own process on an on-disk PGlite, is killed (SIGKILL: no
 * clean-up runs) while the supplier is answering the confirm, and is started again on the same data.
 * The retry with the same Idempotency-Key waits for the dead call's lease (the
 * default, 10 s, at most) and books once.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-crash-'));
const LATENCY_MS = 800;
let server: ServerProcess | undefined;
const startServer = () => startServerProcess({ dataDir }, { SUPPLIER_LATENCY_MS: String(LATENCY_MS) });
const kill = killServer;
const call = (method: string, url: string, opts: Parameters<typeof callServer>[3] = {}) => callServer(server!, method, url, opts);

afterAll(async () => {
  if (server) await kill(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed during confirm', () => {
  it('leaves the travel entirely in the cart or entirely booked, and the retry with the same key books it once', async () => {
    server = await startServer();
    const { token, travelId, href, travel: before } = await gusTravelReadyToConfirm(call);
    expect(before.links.confirm).toBeDefined();

    const headers = { 'idempotency-key': `crash-${travelId}` };
    const started = Date.now();
    const inFlight = call('POST', before.links.confirm.href, { token, body: {}, headers }).catch((err: unknown) => err);
    // Killed once the call holds its key: the supplier is answering the booking (LATENCY_MS), nothing is written yet.
    await idempotencyKeyClaimed(server, headers['idempotency-key']);
    await kill(server.child);
    expect(await inFlight).toBeInstanceOf(Error);

    server = await startServer();
    const after = (await call('GET', href, { token })).body.result;
    const statuses = after.products.map((p: { status: string; pnr: string | null }) => `${p.status}:${p.pnr === null ? 'none' : 'pnr'}`);
    const untouched = after.status === 'cart' && statuses.every((s: string) => s === 'cart:none') && after.version === before.version;
    const booked = after.status === 'booked' && statuses.every((s: string) => s === 'booked:pnr');
    expect(untouched || booked).toBe(true);

    const retryStarted = Date.now();
    // The dead call's key is free once its lease passed: the retry waits for it, then books.
    const retried = await call('POST', before.links.confirm.href, { token, body: {}, headers });
    const retryWaited = Date.now() - retryStarted;
    expect(retried.status).toBe(200);
    expect(retried.body.result).toMatchObject({ status: 'booked', version: before.version + 1, products: [{ status: 'booked', pnr: expect.any(String) }] });
    expect(await call('POST', before.links.confirm.href, { token, body: {}, headers })).toEqual(retried);
    // One booking, one confirmation e-mail (it is written with the booking: the killed call wrote none, or the only one).
    const mails = (await call('GET', '/dev/mailbox.json?to=gus%40globex.example')).body.result as { subject: string; text: string }[];
    expect(mails.filter((m) => m.text.includes(`travel=${travelId}`) && m.subject.includes('réservation confirmée'))).toHaveLength(1);
    console.info(`crash test: ${Date.now() - started} ms from the killed confirm to the completed retry, which waited ${retryWaited} ms`);
  }, 60_000);
});
