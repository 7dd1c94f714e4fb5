import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callServer, gusTravelReadyToConfirm, idempotencyKeyClaimed, killServer, startServerProcess, type ServerProcess } from '@test/support/server-process';

/**
 * A cancel has several steps (the supplier's cancel, then one transaction for statuses,
 * refunds and e-mails). The real server runs in its own process on an on-disk PGlite, is killed
 * (SIGKILL) while the supplier is answering the cancel, and is started again on the same data: the
 * product is either still booked with no refund recorded, or cancelled; the retry with the same
 * Idempotency-Key cancels it once, with one refund and one e-mail.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-cancel-crash-'));
const LATENCY_MS = 800;
let server: ServerProcess | undefined;
const startServer = () => startServerProcess({ dataDir }, { SUPPLIER_LATENCY_MS: String(LATENCY_MS) });
const call = (method: string, url: string, opts: Parameters<typeof callServer>[3] = {}) => callServer(server!, method, url, opts);

afterAll(async () => {
  if (server) await killServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed during a cancel', () => {
  it('records nothing or the whole cancellation, and the retry with the same key cancels once', async () => {
    server = await startServer();
    const { token, travelId, href, travel: ready } = await gusTravelReadyToConfirm(call);
    const booked = (await call('POST', ready.links.confirm.href, { token, body: {} })).body.result;
    const product = booked.products[0];
    const previews = (await call('GET', product.links.previewRefund.href, { token })).body.result as {
      product_id: string;
      refund: { total: number };
      confirm_refund_date_limit: string;
    }[];
    const body = {
      ticket_ids: [product.id],
      void: false,
      previews: previews.map((p) => ({ product_id: p.product_id, refund_total: p.refund.total, confirm_refund_date_limit: p.confirm_refund_date_limit })),
    };

    const headers = { 'idempotency-key': `crash-cancel-${product.id}` };
    const inFlight = call('POST', product.links.cancelProduct.href, { token, body, headers }).catch((err: unknown) => err);
    // Killed while the supplier is still answering the cancel: once the call holds its key, that answer is LATENCY_MS away.
    await idempotencyKeyClaimed(server, headers['idempotency-key']);
    await killServer(server.child);
    expect(await inFlight).toBeInstanceOf(Error);

    server = await startServer();
    const after = (await call('GET', href, { token })).body.result;
    const untouched =
      after.status === 'booked' && after.products[0].status === 'booked' && after.products[0].cancellation === null && after.version === booked.version;
    const cancelled = after.status === 'cancelled' && after.products[0].status === 'cancelled';
    expect(untouched || cancelled).toBe(true);

    const retried = await call('POST', product.links.cancelProduct.href, { token, body, headers });
    expect(retried.status).toBe(200);
    expect(retried.body.result).toMatchObject({
      cancelled: [product.id],
      travels: [{ status: 'cancelled', version: booked.version + 1, products: [{ status: 'cancelled' }] }],
    });
    expect(retried.body.result.travels[0].products[0].cancellation.refund).toEqual({ amount: (previews[0]!.refund.total / 100).toFixed(2), currency: 'EUR' });
    expect(await call('POST', product.links.cancelProduct.href, { token, body, headers })).toEqual(retried);
    // One cancellation: one refund recorded (the version moved once), one confirmation e-mail.
    const mails = (await call('GET', '/dev/mailbox.json?to=gus%40globex.example')).body.result as { subject: string; text: string }[];
    expect(mails.filter((m) => m.text.includes(`travel=${travelId}`) && m.subject.includes('annulation confirmée'))).toHaveLength(1);
  }, 90_000); // two server starts and a dead lease: a loaded machine takes most of a minute
});
