import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { DEMO_API_KEY, DEMO_PASSWORD } from '@server/db/seed';

/**
 * The real server (`src/server/main.ts`) in its own process, on an on-disk PGlite (`dataDir`) or a
 * PostgreSQL database (`databaseUrl`, which several processes may share), for tests that kill it
 * (SIGKILL: no clean-up runs) and start it again on the same data.
 */
/** `output`: what the process has written so far (its log, at LOG_LEVEL debug). */
export type ServerProcess = { child: ChildProcess; url: string; output: () => string };

export async function startServerProcess(database: { dataDir: string } | { databaseUrl: string }, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      // A test server is a demo one on PostgreSQL too (DEMO=1): the developer mailbox and the test clock.
      ...('dataDir' in database ? { DATABASE_URL: '', DATA_DIR: database.dataDir } : { DATABASE_URL: database.databaseUrl, DEMO: '1' }),
      HOST: '127.0.0.1',
      PORT: '0',
      // debug: the claim of an Idempotency-Key is logged at that level (idempotencyKeyClaimed).
      LOG_LEVEL: 'debug',
      DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (listening) resolve(listening[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  return { child, url, output: () => out };
}

/**
 * Waits until the server has claimed `key` (its call's pending Idempotency-Key is committed): a crash
 * test kills it then, in the middle of the call's work, whatever the machine's load — not after a sleep.
 */
export async function idempotencyKeyClaimed(server: ServerProcess, key: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  const claimed = () =>
    server
      .output()
      .split('\n')
      .some((line) => line.includes('idempotency key claimed') && line.includes(`"idempotencyKey":"${key}"`));
  while (!claimed()) {
    if (Date.now() > deadline) throw new Error(`the server never claimed the Idempotency-Key ${key}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const killServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
export async function callServer(
  server: ServerProcess,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json; retryAfter: number | null }> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'api-key': DEMO_API_KEY, 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const retryAfter = res.headers.get('retry-after');
  return { status: res.status, body: await res.json(), retryAfter: retryAfter === null ? null : Number(retryAfter) };
}

export type CallServer = (method: string, url: string, opts?: Parameters<typeof callServer>[3]) => ReturnType<typeof callServer>;
type Offer = { id: string };
type Proposal = { offers: Offer[] };

/**
 * The set-up the crash tests share: gus signs in, searches Paris → Lyon a week ahead of the real
 * clock (the server runs on it), adds an offer to his cart (the first one, or what `pick` returns)
 * and fills in the mission order his company asks for; the travel then offers confirm.
 */
export async function gusTravelReadyToConfirm(
  call: CallServer,
  pick: (proposals: Proposal[], token: string) => Offer | undefined | Promise<Offer | undefined> = (proposals) => proposals[0]!.offers[0],
) {
  const token = (await call('POST', '/api/v1/user/login', { body: { username: 'gus', password: DEMO_PASSWORD } })).body.result.token as string;
  const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const search = await call('POST', '/api/v1/treep/search?version=v2', {
    token,
    body: { origin: 'city:paris', destination: 'city:lyon', datetime: `${nextWeek}T07:00`, nb_travelers: 1, filters: { rail: true, flight: false } },
  });
  const offer = await pick(search.body.result.proposals as Proposal[], token);
  const fields = {
    gender: 'MR',
    firstname: 'Gus',
    lastname: 'Moreau',
    birthdate: '1980-01-02',
    contact_email: 'gus@globex.example',
    contact_phone: '0601020304',
  };
  const travelId = (await call('POST', '/api/v1/cart/add?version=v2', { token, body: { choiceIDs: [offer!.id], travelers: [{ travelerID: 1, fields }] } })).body
    .result.travel.id as string;
  const href = `/api/v1/v2/travels/${travelId}`;
  const orders = [
    { travelerId: 1, purpose: 'Client visit', location: 'Lyon', startLocation: 'Paris', endLocation: 'Lyon', travel_policy_exemption: 'Only train left' },
  ];
  expect((await call('PATCH', `${href}/mission-orders`, { token, body: orders })).status).toBe(200);
  const travel = (await call('GET', href, { token })).body.result as Json;
  return { token, nextWeek, travelId, href, travel };
}
