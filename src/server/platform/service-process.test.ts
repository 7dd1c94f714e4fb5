import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, DEMO_PASSWORD } from '@server/db/seed';
import { CARDS } from '@test/support/card-payment';
import { callServer, gusTravelReadyToConfirm, idempotencyKeyClaimed, killServer, startServerProcess, type ServerProcess } from '@test/support/server-process';

/**
 * The real server in its own process, run as a service runs it: its log at LOG_LEVEL=debug holds no
 * secret of what went through it, and SIGTERM during a checkout lets the checkout finish.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-service-'));
// Long enough for the SIGTERM to land while the supplier answers the booking.
const LATENCY_MS = 1500;
let server: ServerProcess | undefined;
const logs: string[] = [];
const startServer = async () => {
  server = await startServerProcess({ dataDir }, { SUPPLIER_LATENCY_MS: String(LATENCY_MS) });
  return server;
};
const call = (method: string, url: string, opts: Parameters<typeof callServer>[3] = {}) => callServer(server!, method, url, opts);

const exited = (server: ServerProcess) =>
  new Promise<number | null>((resolve) => {
    if (server.child.exitCode !== null) return resolve(server.child.exitCode);
    server.child.once('exit', (code) => resolve(code));
  });

afterAll(async () => {
  if (server) await killServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server run as a service', () => {
  it('logs no password, token, Api-Key, card number or reset link; finishes a checkout in flight on SIGTERM; its retry after a restart books nothing twice', async () => {
    const secrets: Record<string, string> = { 'demo password': DEMO_PASSWORD, 'Api-Key': DEMO_API_KEY };
    await startServer();

    // Signs in (inside the helper), searches, fills the cart.
    const paying = await gusTravelReadyToConfirm(call);
    secrets['session token'] = paying.token;

    // A password reset, through the link of the e-mail, then a sign-in with the new password.
    expect((await call('POST', '/api/v1/user/forgot', { body: { username: 'alice' } })).status).toBe(200);
    const mail = (await call('GET', '/dev/mailbox.json?to=alice%40acme.example')).body.result[0] as { text: string };
    const link = /https?:\/\/\S+\/password\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
    const resetToken = link.split('/').pop()!;
    Object.assign(secrets, { 'reset link': link, 'reset token': resetToken, 'new password': 'Alice-new-secret-2027' });
    await fetch(link);
    const reset = await call('PUT', '/api/v1/user/password', { body: { token_pwd: resetToken, password: secrets['new password'] } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const alice = await call('POST', '/api/v1/user/login', { body: { username: 'alice', password: secrets['new password'] } });
    expect(alice.status).toBe(200);
    secrets['session token after the reset'] = alice.body.result.token;
    expect((await call('POST', '/api/v1/user/login', { body: { username: 'bob', password: 'a-wrong-password-1' } })).status).toBe(401);
    secrets['wrong password'] = 'a-wrong-password-1';

    // A card payment: the card posted to the payment service as a browser does, then paid with its token.
    const tokenized = await fetch(`${server!.url}/sandbox-pay/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ number: CARDS.visa, exp_month: 12, exp_year: 2030, cvc: '123', holder: 'Gus Moreau' }),
    });
    expect(tokenized.status).toBe(200);
    const cardToken = ((await tokenized.json()) as { token: string }).token;
    Object.assign(secrets, { 'card number': CARDS.visa, 'card number in groups': '4242 4242 4242 4242', 'card token': cardToken });
    const paid = await call('POST', paying.travel.links.payByCard.href, {
      token: paying.token,
      body: { cardToken },
      headers: { 'if-match': String(paying.travel.version), 'idempotency-key': `pay-${paying.travelId}` },
    });
    expect([paid.status, paid.body.result?.status]).toEqual([200, 'booked']);

    // SIGTERM while the supplier answers a confirm: the confirm still completes.
    const { token, travelId, href, travel } = await gusTravelReadyToConfirm(call);
    const headers = { 'idempotency-key': `sigterm-${travelId}` };
    const stopping = server!;
    const inFlight = call('POST', travel.links.confirm.href, { token, body: {}, headers }).then(
      (answer) => answer,
      (err: unknown) => err as Error,
    );
    await idempotencyKeyClaimed(stopping, headers['idempotency-key']);
    const stoppedAt = Date.now();
    stopping.child.kill('SIGTERM');
    const answer = await inFlight;
    expect(await exited(stopping)).toBe(0);
    const stopMs = Date.now() - stoppedAt;
    // The confirm's own time and the job in progress, not the 10 s grace: nothing else holds the stop.
    expect(stopMs).toBeLessThan(LATENCY_MS + 5000);
    expect(stopping.output()).toContain('"msg":"stopped"');
    logs.push(stopping.output());
    // Refused connections are not expected (the call was accepted before the signal), but a retry must hold either way.
    if (!(answer instanceof Error)) expect([answer.status, answer.body.result.status]).toEqual([200, 'booked']);

    await startServer();
    const retried = await call('POST', travel.links.confirm.href, { token, body: {}, headers });
    expect([retried.status, retried.body.result.status]).toEqual([200, 'booked']);
    if (!(answer instanceof Error)) expect(retried).toEqual(answer);
    const after = (await call('GET', href, { token })).body.result as { products: { pnr: string }[] };
    expect(after.products.map((p) => p.pnr)).toEqual(retried.body.result.products.map((p: { pnr: string }) => p.pnr));
    const mails = (await call('GET', '/dev/mailbox.json?to=gus%40globex.example')).body.result as { subject: string; text: string }[];
    expect(mails.filter((m) => m.text.includes(`travel=${travelId}`) && m.subject.includes('réservation confirmée'))).toHaveLength(1);
    logs.push(server!.output());

    // Every line is JSON (one per request, with its id), and none holds a secret.
    const lines = logs
      .join('\n')
      .split('\n')
      .filter((line) => line.startsWith('{'));
    const requests = lines.map((line) => JSON.parse(line) as { msg: string; reqId?: string }).filter((line) => line.msg === 'request completed');
    expect(requests.length).toBeGreaterThan(20);
    expect(requests.every((line) => typeof line.reqId === 'string')).toBe(true);
    const log = logs.join('\n');
    const found = Object.entries(secrets).filter(([, secret]) => log.includes(secret) || log.includes(encodeURIComponent(secret)));
    expect(found.map(([what]) => what)).toEqual([]);
    console.info(`service test: SIGTERM to exit ${stopMs} ms during a confirm of ${LATENCY_MS} ms at the supplier; ${lines.length} log lines searched`);
  }, 120_000);
});
