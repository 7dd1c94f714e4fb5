import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from '@test/support/databases';
import { callServer, idempotencyKeyClaimed, killServer, startServerProcess, type ServerProcess } from '@test/support/server-process';
import { DEMO_PASSWORD } from './db/seed';

/**
 * Two API processes on one PostgreSQL, behind no sticky routing. Both start at
 * once on an empty database (one migrates and seeds, the other waits for it); a client's calls
 * alternate between them; the login throttle is shared; each durable timer fires once though both
 * run the job runner; killing one mid-checkout loses nothing. PGlite is single-process, so this
 * runs with TEST_DATABASE_URL (the CI's PostgreSQL run of the API suite sets it); set but unusable,
 * it fails.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const LATENCY_MS = 800;
const ENV = { SUPPLIER_LATENCY_MS: String(LATENCY_MS), TICKETING_START_MS: '2000', TICKETING_ISSUE_MS: '2000', TEST_CLOCK: '1' };
const FIELDS = {
  gender: 'MR',
  firstname: 'Gus',
  lastname: 'Moreau',
  birthdate: '1980-01-02',
  contact_email: 'gus@globex.example',
  contact_phone: '0601020304',
};
const ORDERS = [
  { travelerId: 1, purpose: 'Client visit', location: 'Lyon', startLocation: 'Paris', endLocation: 'Lyon', travel_policy_exemption: 'Only train left' },
];

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let database: Awaited<ReturnType<typeof emptyPostgresDatabase>> | undefined;
let db: pg.Client | undefined;
let a: ServerProcess;
let b: ServerProcess;
const start = () => startServerProcess({ databaseUrl: database!.url }, ENV);
const call = callServer;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const travelHref = (id: string) => `/api/v1/v2/travels/${id}`;

async function signIn(server: ServerProcess, username = 'gus') {
  const res = await call(server, 'POST', '/api/v1/user/login', { body: { username, password: DEMO_PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.result.token as string;
}

/** A Paris → Lyon train of `date` in gus's cart, searched on `searchOn` and added on `addOn`. */
async function travelInCart(searchOn: ServerProcess, addOn: ServerProcess, token: string, date: string): Promise<string> {
  const search = await call(searchOn, 'POST', '/api/v1/treep/search?version=v2', {
    token,
    body: { origin: 'city:paris', destination: 'city:lyon', datetime: `${date}T07:00`, nb_travelers: 1, filters: { rail: true, flight: false } },
  });
  expect(search.status).toBe(200);
  const offer = (search.body.result.proposals as { offers: { id: string; roundTrip: boolean }[] }[]).flatMap((p) => p.offers).find((o) => !o.roundTrip)!;
  const added = await call(addOn, 'POST', '/api/v1/cart/add?version=v2', {
    token,
    body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: FIELDS }] },
  });
  expect(added.status).toBe(200);
  return added.body.result.travel.id as string;
}

/** The mission-order step (gus's company asks for one), read on `readOn` and written on `writeOn`: the travel then offers confirm. */
async function missionOrdersFilled(readOn: ServerProcess, writeOn: ServerProcess, token: string, travelId: string): Promise<Json> {
  const travel = (await call(readOn, 'GET', travelHref(travelId), { token })).body.result;
  const form = await call(readOn, 'GET', travel.links.getMissionOrders.href, { token });
  const saved = await call(writeOn, form.body.result.links.patchMissionOrders.method, form.body.result.links.patchMissionOrders.href, {
    token,
    body: ORDERS,
    headers: { 'if-match': String(travel.version) },
  });
  expect(saved.status).toBe(200);
  const ready = (await call(readOn, 'GET', travelHref(travelId), { token })).body.result;
  expect(ready.links.confirm).toBeDefined();
  return ready;
}

/** Reads the travel on alternate processes until `done` says so (the job runners' pace), for at most `ms`. */
async function travelOnceItIs(token: string, travelId: string, done: (travel: Json) => boolean, ms: number): Promise<Json> {
  let travel = (await call(a, 'GET', travelHref(travelId), { token })).body.result;
  for (let waited = 0, i = 1; !done(travel) && waited < ms; waited += 250, i++) {
    await sleep(250);
    travel = (await call(i % 2 ? b : a, 'GET', travelHref(travelId), { token })).body.result;
  }
  return travel;
}

/**
 * The job row of a durable timer once a runner settled it: the runner marks it done just after the
 * change it made commits, so a reader who saw the change may be a moment early (at most 5 s of waiting).
 */
async function job(key: string) {
  const read = async () =>
    (await db!.query('SELECT attempts, done_at, last_error FROM jobs WHERE key = $1', [key])).rows as {
      attempts: number;
      done_at: Date | null;
      last_error: string | null;
    }[];
  let rows = await read();
  for (let waited = 0; rows.some((r) => !r.done_at) && waited < 5_000; waited += 100) {
    await sleep(100);
    rows = await read();
  }
  return rows;
}

describe.runIf(serverUrl)('two API processes on one PostgreSQL, no sticky routing (runs when TEST_DATABASE_URL is set, as in the CI’s PostgreSQL run)', () => {
  beforeAll(async () => {
    try {
      database = await emptyPostgresDatabase(serverUrl!);
    } catch (err) {
      throw new Error(`TEST_DATABASE_URL is set but its PostgreSQL cannot be used (${String(err)}): start it, or unset TEST_DATABASE_URL to run on PGlite`);
    }
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const started = Date.now();
    [a, b] = await Promise.all([start(), start()]);
    console.info(`two processes started at once on an empty database in ${Date.now() - started} ms`);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((s) => killServer(s.child)));
    await db?.end();
    await database?.drop();
  });

  it('serves a journey whose calls alternate between them (sign in, search, cart, checkout, confirm); the ticketing timer fires once', async () => {
    const token = await signIn(a);
    expect((await call(b, 'GET', '/api/v1/user/', { token })).body.result).toMatchObject({ username: 'gus' });
    const travelId = await travelInCart(a, b, token, inDays(7));
    const ready = await missionOrdersFilled(a, b, token, travelId);
    const confirmed = await call(b, 'POST', ready.links.confirm.href, {
      token,
      body: {},
      headers: { 'if-match': String(ready.version), 'idempotency-key': `journey-${travelId}` },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result).toMatchObject({ status: 'booked', version: ready.version + 1 });

    // Ticketing: booked → pending_ticketing → issued, a write each, by whichever runner claims the job.
    const issued = await travelOnceItIs(token, travelId, (t) => t.status === 'issued', 20_000);
    expect(issued).toMatchObject({ status: 'issued', version: ready.version + 3, products: [{ status: 'issued' }] });
    // Claimed once per step: a second runner on the same step would have failed on the version (last_error) and counted an attempt.
    expect(await job(`ticket-travel:${travelId}`)).toEqual([{ attempts: 1, done_at: expect.any(Date), last_error: null }]);
  }, 60_000);

  it('shares the login throttle: after five wrong passwords, alternating processes, either process refuses the pair for the window', async () => {
    const attempt = (server: ServerProcess) => call(server, 'POST', '/api/v1/user/login', { body: { username: 'carol', password: 'not her password' } });
    // From the third failure on, the pair waits a growing delay (1, 2, 4 s) that both processes know.
    for (let i = 0, failures = 0; failures < 5; i++) {
      const res = await attempt(i % 2 ? b : a);
      if (res.status === 429) await sleep(res.retryAfter! * 1000);
      else {
        expect(res.status).toBe(401);
        failures++;
      }
    }
    for (const server of [a, b]) {
      const locked = await attempt(server);
      expect(locked.status).toBe(429);
      expect(locked.retryAfter).toBeGreaterThan(14 * 60);
    }
  });

  it('loses nothing when one process is killed mid-checkout: the retry on the other with the same key books once', async () => {
    const token = await signIn(b);
    const travelId = await travelInCart(b, a, token, inDays(8));
    const ready = await missionOrdersFilled(b, a, token, travelId);
    const headers = { 'if-match': String(ready.version), 'idempotency-key': `killed-${travelId}` };
    const inFlight = call(a, 'POST', ready.links.confirm.href, { token, body: {}, headers }).catch((err: unknown) => err);
    // Killed while the supplier is still answering the booking: once the call holds its key, that answer is LATENCY_MS away.
    await idempotencyKeyClaimed(a, headers['idempotency-key']);
    await killServer(a.child);
    expect(await inFlight).toBeInstanceOf(Error);

    // The dead call's lease passes (10 s at most), then the retry books: how long that takes is the bench's business.
    const retried = await call(b, 'POST', ready.links.confirm.href, { token, body: {}, headers });
    expect(retried.status).toBe(200);
    expect(retried.body.result).toMatchObject({ status: 'booked', version: ready.version + 1, products: [{ status: 'booked', pnr: expect.any(String) }] });
    expect(await call(b, 'POST', ready.links.confirm.href, { token, body: {}, headers })).toEqual(retried);
    // The killed process back: it answers the same.
    a = await start();
    expect(await call(a, 'POST', ready.links.confirm.href, { token, body: {}, headers })).toEqual(retried);
  }, 60_000);

  it('expires a held option once, though both job runners see it due', async () => {
    const token = await signIn(a);
    const travelId = await travelInCart(a, b, token, inDays(2));
    const ready = await missionOrdersFilled(b, a, token, travelId);
    const held = await call(b, 'POST', ready.links.confirm.href, { token, body: { hold: true }, headers: { 'if-match': String(ready.version) } });
    expect(held.body.result).toMatchObject({ status: 'pending_confirmation', products: [{ status: 'prebooked' }] });
    // Both processes' clocks (TEST_CLOCK) move past the option's time limit: the expiry is due for both runners.
    const advanceMinutes = Math.ceil((Date.parse(held.body.result.confirmationTimeLimit) - Date.now()) / 60_000) + 1;
    for (const server of [a, b]) expect((await call(server, 'POST', '/dev/clock', { body: { advanceMinutes } })).status).toBe(200);
    // A session does not outlive such a move: sign in again on the moved clock.
    const later = await signIn(b);
    const expired = await travelOnceItIs(later, travelId, (t) => t.status === 'expired', 10_000);
    expect(expired).toMatchObject({ status: 'expired', version: held.body.result.version + 1, products: [{ status: 'expired' }] });
    expect(await job(`expire-options:${travelId}`)).toEqual([{ attempts: 1, done_at: expect.any(Date), last_error: null }]);
  }, 60_000);
});
