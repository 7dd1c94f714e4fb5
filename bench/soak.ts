/**
 * `npm run soak` — two API processes on PostgreSQL behind a loopback round-robin balancer, simulated
 * users for `--minutes` (10 by default), with faults: 5 % of supplier calls fail (SUPPLIER_FAULT_RATE),
 * one PostgreSQL restart, one `kill -9` of an API process (started again). Then it proves nothing was
 * lost or doubled (bench/README.md "Soak"). Exits 1 when a budget fails.
 *
 *   npm run soak -- --minutes=2 --users=6
 *   SOAK_DATABASE_URL=postgres://postgres@127.0.0.1:5432 (the server; the database `soak` is dropped and made again)
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD } from '@server/db/seed';
import { startBalancer } from './lib/balancer';
import { API_KEY } from './lib/server';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Link = { href: string; method: string };

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const MINUTES = Number(arg('minutes', '10'));
const USERS = Number(arg('users', '6'));
const FAULT_PERCENT = Number(arg('fault-percent', '5'));
const BASE_PORT = Number(arg('port', '3300'));
const serverUrl = new URL(process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432');
serverUrl.pathname = '';
const SERVER = serverUrl.toString().replace(/\/$/, '');
const DB_NAME = 'soak';
const DATABASE_URL = `${SERVER}/${DB_NAME}`;
const ROOT = path.resolve(import.meta.dirname, '..');
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-soak-'));
const DURATION_MS = MINUTES * 60_000;
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (...parts: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);

// ── The API processes ──────────────────────────────────────────────────────────────────────────

type Proc = { name: string; port: number; child: ChildProcess; generation: number; startedAt: number };
const procs: Proc[] = [];

async function startProcess(name: string, port: number, generation: number): Promise<Proc> {
  const out = fs.openSync(path.join(WORK, `${name}-${generation}.log`), 'a');
  const child = spawn(process.execPath, ['--min-semi-space-size=64', '--max-semi-space-size=64', '--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL,
      DEMO: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${BASE_PORT}`,
      LOG_LEVEL: 'warn',
      DIST_DIR: '/nonexistent',
      SUPPLIER_LATENCY_MS: '30',
      SUPPLIER_FAULT_RATE: String(FAULT_PERCENT),
      SUPPLIER_LEDGER: path.join(WORK, `ledger-${name}-${generation}.jsonl`),
      TICKETING_START_MS: '2000',
      TICKETING_ISSUE_MS: '2000',
      MAILING_RATE_LIMIT: '100000',
      ANONYMOUS_SEARCH_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', out, out],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}): see ${WORK}/${name}-${generation}.log`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/agency`, { headers: { 'api-key': API_KEY }, signal: AbortSignal.timeout(3_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${name} not ready in 90 s`);
    await sleep(250);
  }
  const proc = { name, port, child, generation, startedAt: Date.now() };
  // A process that ends on its own (not the soak's kill -9, not its final stop) is a crash: a budget fails.
  child.once('exit', (code, signal) => {
    if (!stopping && !killing.has(child)) {
      deaths.push(
        `${name}#${generation} ended by itself (${signal ?? `exit ${code}`}) ${Math.round((Date.now() - proc.startedAt) / 1000)} s after its start: see ${WORK}/${name}-${generation}.log`,
      );
      log(`!! ${deaths.at(-1)}`);
    }
  });
  return proc;
}
const deaths: string[] = [];
const killing = new Set<ChildProcess>();
let stopping = false;

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

// ── Statistics ─────────────────────────────────────────────────────────────────────────────────

type Outcome = 'ok' | 'supplier-fault' | 'outage' | 'unexpected';
type OpStats = { count: number; ok: number; faults: number; outage: number; unexpected: number; noApiCode: number; retries: number; ms: number[] };
const ops = new Map<string, OpStats>();
const unexpectedSamples: string[] = [];
const answerCodes = new Map<string, number>();
/** Windows (ms since epoch) during which PostgreSQL or a process was down, plus a settling margin. */
const outageWindows: { from: number; to: number; what: string }[] = [];
const SUPPLIER_CODES = new Set([110, 111]);

function record(op: string, outcome: Outcome, ms: number, retries: number, hasApiCode: boolean) {
  let s = ops.get(op);
  if (!s) ops.set(op, (s = { count: 0, ok: 0, faults: 0, outage: 0, unexpected: 0, noApiCode: 0, retries: 0, ms: [] }));
  s.count++;
  s.retries += retries;
  s.ms.push(ms);
  if (outcome === 'ok') s.ok++;
  else if (outcome === 'supplier-fault') s.faults++;
  else if (outcome === 'outage') s.outage++;
  else s.unexpected++;
  if (outcome !== 'ok' && !hasApiCode) s.noApiCode++;
}

const inOutage = (from: number, to: number) => outageWindows.some((w) => from <= w.to && to >= w.from);

// ── The client: retries as the web app does, with the same Idempotency-Key ────────────────────

class Failed extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(`${status} ${JSON.stringify(body).slice(0, 300)}`);
  }
}

let balancerUrl = '';

/** `retrySupplier`: whether a supplier failure (110, 111) is worth the same call again (by default, yes: twice). */
type CallOpts = { token?: string; body?: unknown; key?: string; version?: number; retrySupplier?: (apiCode: number) => boolean };
/**
 * One user action: the HTTP call, retried on a broken connection or an answer that says "try again"
 * (502 from the balancer, 503/504 with api_code 110/111, 409 112, a 5xx while PostgreSQL is away),
 * with the same Idempotency-Key and body. Records its outcome under `op`; throws Failed when it failed.
 */
async function call(op: string, method: string, href: string, opts: CallOpts = {}): Promise<Json> {
  const headers: Record<string, string> = { 'api-key': API_KEY, 'accept-language': 'en' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.key) headers['idempotency-key'] = opts.key;
  if (opts.version !== undefined) headers['if-match'] = String(opts.version);
  const started = Date.now();
  let retries = 0;
  let supplierRetries = 0;
  for (;;) {
    let status = 0;
    let body: Json = null;
    try {
      const res = await fetch(`${balancerUrl}${href}`, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(40_000),
      });
      status = res.status;
      const text = await res.text();
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = { raw: text.slice(0, 200) };
      }
    } catch (err) {
      body = { network: String((err as Error).cause ?? err) };
    }
    const apiCode = typeof body?.api_code === 'number' ? (body.api_code as number) : null;
    const seen = `${status} ${apiCode ?? (body?.balancer ? 'balancer' : body?.network ? 'network' : '-')}`;
    answerCodes.set(seen, (answerCodes.get(seen) ?? 0) + 1);
    if (status >= 200 && status < 300) {
      record(op, 'ok', Date.now() - started, retries, true);
      return body;
    }
    const broken = status === 0 || body?.balancer === true;
    const supplier = apiCode !== null && SUPPLIER_CODES.has(apiCode);
    const busy = apiCode === 112;
    const serverSide = status >= 500 && !supplier;
    // The web app retries a broken connection and "in progress"; a user tries a failed supplier call again once or twice.
    const retry = broken || busy || serverSide ? retries < 12 : supplier ? (opts.retrySupplier?.(apiCode) ?? true) && supplierRetries++ < 2 : false;
    if (retry) {
      retries++;
      await sleep(broken || serverSide ? 1_000 : 400);
      continue;
    }
    const ended = Date.now();
    const outcome: Outcome = supplier ? 'supplier-fault' : inOutage(started, ended) && (broken || serverSide) ? 'outage' : 'unexpected';
    if (outcome === 'unexpected' && unexpectedSamples.length < 40)
      unexpectedSamples.push(`${op}: ${method} ${href} → ${status} ${JSON.stringify(body).slice(0, 240)}`);
    record(op, outcome, ended - started, retries, apiCode !== null);
    throw new Failed(status, body);
  }
}
const follow = (op: string, link: Link | undefined, opts: CallOpts = {}) => {
  if (!link) throw new Error(`${op}: no link to follow`);
  return call(op, link.method, link.href, opts);
};

// ── What the users were told (to compare with the database and the supplier afterwards) ───────

/** Products answered booked to a client (product id → PNR), and those answered cancelled (with the refund shown). */
const acknowledged = new Map<string, { pnr: string; travelId: string }>();
const cancelledAck = new Map<string, { refund: number | null }>();
const exchangedAck = new Map<string, string>();
let heldAck = 0;

function noteBooked(travel: Json) {
  for (const p of travel?.products ?? [])
    if (p.pnr && ['booked', 'pending_ticketing', 'issued'].includes(p.status)) acknowledged.set(p.id, { pnr: p.pnr, travelId: travel.id });
}

// ── Simulated users ────────────────────────────────────────────────────────────────────────────

const FIELDS: Record<string, Record<string, string>> = {
  alice: { gender: 'MS', firstname: 'Alice', lastname: 'Martin', birthdate: '1988-04-02', contact_email: 'alice@acme.example', contact_phone: '0601020304' },
  gus: { gender: 'MR', firstname: 'Gus', lastname: 'Moreau', birthdate: '1980-01-02', contact_email: 'gus@globex.example', contact_phone: '0601020304' },
};
const ROUTES = [
  ['city:paris', 'city:lyon'],
  ['city:paris', 'city:marseille'],
  ['city:lyon', 'city:paris'],
  ['city:paris', 'city:bordeaux'],
  ['city:paris', 'city:lille'],
];
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
const day = (from: number, to: number) => new Date(Date.now() + (from + Math.floor(Math.random() * (to - from))) * 86_400_000).toISOString().slice(0, 10);
const hour = () => String(6 + Math.floor(Math.random() * 12)).padStart(2, '0');

class User {
  private tokens = new Map<string, string>();
  private seq = 0;
  private me = new Map<string, Json>();
  constructor(readonly id: number) {}
  key(what: string) {
    return `soak-${this.id}-${++this.seq}-${what}-${randomUUID().slice(0, 8)}`;
  }
  async token(username: string): Promise<string> {
    let token = this.tokens.get(username);
    if (!token) {
      const res = await call('login', 'POST', '/api/v1/user/login', { body: { username, password: DEMO_PASSWORD } });
      token = res.result.token as string;
      this.tokens.set(username, token);
      this.me.set(username, (await call('read user', 'GET', '/api/v1/user/', { token })).result);
    }
    return token;
  }
  profile(username: string) {
    return this.me.get(username)!;
  }
}

const offersOf = (results: Json): Json[] => (results.proposals as Json[]).flatMap((p) => p.offers).filter((o: Json) => !o.roundTrip);

async function railSearch(u: User, username: string | null, route = pick(ROUTES), date = day(4, 60), rail = true) {
  const token = username ? await u.token(username) : undefined;
  const body = { origin: route[0], destination: route[1], datetime: `${date}T${hour()}:00`, nb_travelers: 1, filters: { rail, flight: !rail } };
  return (await call(rail ? 'search rail' : 'search flight', 'POST', '/api/v1/treep/search?version=v2', { token, body })).result;
}

/** The traveller step then add to cart, through their links. */
async function addToCart(u: User, username: string, results: Json, offer: Json, extra: Record<string, unknown> = {}) {
  const token = await u.token(username);
  const step = (await follow('traveller form', results.links.travelerForm, { token, body: { choiceIDs: [offer.id] } })).result;
  const travelers = (step.travelerForms as Json[]).map((form) => ({
    travelerID: form.travelerID,
    fields: Object.fromEntries((form.fieldsGroups as Json[]).flatMap((g) => g.fields).map((f: Json) => [f.name, FIELDS[username]![f.name] ?? null])),
  }));
  return (await follow('add to cart', step.links.addToCart, { token, body: { choiceIDs: [offer.id], travelers, ...extra }, key: u.key('add') })).result.travel;
}

/** Gus's checkout up to confirm: mission orders, then the travel as it is. */
async function gusReady(u: User, travel: Json) {
  const token = await u.token('gus');
  const form = (await follow('mission orders form', travel.links.getMissionOrders, { token })).result;
  const order = {
    travelerId: 1,
    purpose: 'Client visit',
    location: 'Lyon',
    startLocation: 'Paris',
    endLocation: 'Lyon',
    ...(form.isCompliant ? {} : { travel_policy_exemption: 'Only train left' }),
  };
  const saved = (await follow('mission orders', form.links.patchMissionOrders, { token, body: [order], version: travel.version, key: u.key('orders') })).result;
  return (await follow('read travel', saved.links.getTravel, { token })).result;
}

async function gusCart(u: User, flexible = false) {
  const results = await railSearch(u, 'gus', ROUTES[0]);
  let offers = offersOf(results);
  if (flexible) offers = offers.filter((o) => o.flexibility > 1);
  if (offers.length === 0) return null;
  return gusReady(u, await addToCart(u, 'gus', results, pick(offers.slice(0, 6))));
}

async function readTravelUntil(u: User, username: string, travel: Json, done: (t: Json) => boolean, ms: number) {
  const token = await u.token(username);
  let current = travel;
  for (const until = Date.now() + ms; !done(current) && Date.now() < until; ) {
    await sleep(500);
    current = (await call('read travel', 'GET', `/api/v1/v2/travels/${travel.id}`, { token })).result;
  }
  return current;
}

/** Company payment: confirm, then sometimes cancel a product (refund preview, cancel). */
async function checkoutCompany(u: User) {
  const ready = await gusCart(u);
  if (!ready) return;
  const token = await u.token('gus');
  const booked = (await follow('confirm (company payment)', ready.links.confirm, { token, body: {}, version: ready.version, key: u.key('confirm') })).result;
  noteBooked(booked);
  if (Math.random() < 0.4 && booked.status === 'booked') {
    const product = booked.products[0];
    if (!product.links.cancelProduct) return;
    const previews = (await follow('refund preview', product.links.previewRefund, { token })).result as Json[];
    const shown = previews.map((p) => ({ product_id: p.product_id, refund_total: p.refund.total, confirm_refund_date_limit: p.confirm_refund_date_limit }));
    const done = (
      await follow('cancel (refund)', product.links.cancelProduct, {
        token,
        body: { ticket_ids: [product.id], void: false, previews: shown },
        key: u.key('cancel'),
      })
    ).result;
    for (const id of done.cancelled ?? []) cancelledAck.set(id, { refund: previews.find((p) => p.product_id === id)?.refund.total ?? null });
  }
}

/** Option hold, then released by gus or booked by the agency (tina) from her queue. */
async function checkoutHold(u: User) {
  const ready = await gusCart(u);
  if (!ready) return;
  const token = await u.token('gus');
  const held = (await follow('confirm (option hold)', ready.links.confirm, { token, body: { hold: true }, version: ready.version, key: u.key('hold') })).result;
  if (held.status !== 'pending_confirmation') return;
  heldAck++;
  if (Math.random() < 0.5) {
    const product = held.products[0];
    await follow('release option', product.links.releasePrebooking, { token, version: held.version, key: u.key('release') });
    return;
  }
  const tina = await u.token('tina');
  const queue = (await call('agency queue', 'GET', '/api/v1/agency/queue', { token: tina })).result;
  const item = (queue.expiringOptions.items as Json[]).find((i) => i.travelId === held.id);
  if (!item?.links.confirmHeldOption) return;
  await follow('agency confirms option', item.links.confirmHeldOption, { token: tina, version: item.version, key: u.key('agency-confirm') });
  noteBooked((await call('read travel', 'GET', `/api/v1/v2/travels/${held.id}`, { token })).result);
}

/** Alice: analytics → approver → request approval; bob approves from his inbox. */
async function checkoutApproval(u: User) {
  const token = await u.token('alice');
  const entity = { entity_id: u.profile('alice').entities[0].uid };
  const date = day(4, 60);
  const results = await railSearch(u, 'alice', ROUTES[0], date);
  const offers = offersOf(results);
  const offer = offers.find((o) => o.cabin === 'second' && o.price <= 15_000) ?? offers[0];
  if (!offer) return;
  let travel = await addToCart(u, 'alice', results, offer, entity);
  // A third of them take a hotel in Lyon too (hotel search → details → add to the travel): booked with the train.
  if (Math.random() < 0.33 && travel.links.addHotelToCart) travel = (await withHotel(u, travel, date)) ?? travel;
  const analytics = (await follow('analytics form', travel.links.getAllAnalytics, { token })).result;
  const analyticsBody = {
    fields: [{ name: 'cost_center', value: 'R&D' }],
    travelersFields: { 1: [{ name: 'employee_number', value: '004217' }] },
    ...(analytics.isCompliant ? {} : { travel_policy_exemption: 'Client meeting on arrival' }),
  };
  let saved = (await follow('analytics', analytics.links.fillAnalytics, { token, body: analyticsBody, version: travel.version, key: u.key('analytics') }))
    .result;
  travel = (await follow('read travel', saved.links.getTravel, { token })).result;
  const approvers = (await follow('approvers form', travel.links.getAvailableApprovers, { token })).result;
  const bobId = ((approvers.approvers as Json[]).find((a) => a.username === 'bob') ?? approvers.approvers[0]).id;
  saved = (
    await follow('choose approver', approvers.links.fillApprovers, { token, body: { approver: bobId }, version: travel.version, key: u.key('approver') })
  ).result;
  travel = (await follow('read travel', saved.links.getTravel, { token })).result;
  const pending = (await follow('request approval', travel.links.requestApproval, { token, version: travel.version, key: u.key('request') })).result;
  if (pending.status !== 'pending_approval') return;
  const bob = await u.token('bob');
  const inbox = (await follow('approvals inbox', u.profile('bob').links.approvals, { token: bob })).result as Json[];
  const request = inbox.find((r) => r.travelID === pending.id);
  if (!request?.links.approve) return;
  const answer = (await follow('approve (bob)', request.links.approve, { token: bob, body: { message: 'OK' }, key: u.key('approve') })).result;
  if (answer.travelStatus === 'booked') noteBooked((await call('read travel', 'GET', `/api/v1/v2/travels/${pending.id}`, { token })).result);
}

/** A two-night stay in Lyon from `date` added to alice's travel, through the hotel's details. */
async function withHotel(u: User, travel: Json, date: string) {
  const token = await u.token('alice');
  const me = u.profile('alice');
  const checkout = new Date(Date.parse(date) + 2 * 86_400_000).toISOString().slice(0, 10);
  const stay = {
    checkin_date: `${date.replaceAll('-', '')}T120000`,
    checkout_date: `${checkout.replaceAll('-', '')}T120000`,
    latitude: 45.7606,
    longitude: 4.8593,
    radius_km: 5,
    nb_rooms: 1,
    travelers: [{ id: 1, profile_id: me.uid }],
    travelID: travel.id,
    entity_id: me.entities[0].uid,
  };
  const hotels = (await call('search hotel', 'POST', '/api/v1/hotel/search', { token, body: stay })).result;
  const hotel = (hotels.hotels as Json[])[0];
  if (!hotel?.links.hotelDetails) return null;
  const details = (await follow('hotel details', hotel.links.hotelDetails, { token, body: stay })).result;
  const room = (details.room_offers as Json[])[0];
  if (!room || !details.links.addHotelToCart) return null;
  const alice = { travelerID: 1, profile_id: me.uid, gender: 'MS', firstname: 'Alice', lastname: 'Martin', email: 'alice@acme.example', phone: '0601020304' };
  const body = {
    hotel_id: details.hotel.id,
    room_offer_travelers: [{ room_offer_id: room.id, travelers: [1] }],
    travelers: [alice],
    travelID: travel.id,
    entity_id: me.entities[0].uid,
  };
  return (await follow('add hotel to cart', details.links.addHotelToCart, { token, body, key: u.key('hotel') })).result.travel as Json;
}

/** A flexible ticket booked, issued by the ticketing job, then exchanged for a later train. */
async function exchange(u: User) {
  const ready = await gusCart(u, true);
  if (!ready) return;
  const token = await u.token('gus');
  const booked = (await follow('confirm (company payment)', ready.links.confirm, { token, body: {}, version: ready.version, key: u.key('confirm') })).result;
  noteBooked(booked);
  const issued = await readTravelUntil(u, 'gus', booked, (t) => t.status === 'issued', 20_000);
  const product = issued.products[0];
  if (issued.status !== 'issued' || !product.links.getExchangeableSections) return;
  const sections = (await follow('exchange sections', product.links.getExchangeableSections, { token })).result as Json[];
  const link = sections[0]?.links.searchExchange;
  if (!link) return;
  const date = String(product.departure ?? product.startsAt ?? '').slice(0, 10) || day(4, 60);
  const body = { departure: `${date}T15:00`, origin: { lat: 48.8566, lon: 2.3522 }, destination: { lat: 45.7605, lon: 4.8597 } };
  const found = (await follow('exchange search', link, { token, body })).result;
  const choice = (found.searchResults as Json[]).flatMap((j) => j.second?.choices ?? [])[0];
  if (!choice) return;
  // A supplier that was unavailable ends the offer (the old ticket stays): the user books the choice again;
  // after a timeout the exchange is still under way, and the same confirm carries it on.
  let done: Json;
  for (let attempt = 1; ; attempt++) {
    const offered = (await follow('exchange book', choice.links.bookExchange, { token, key: u.key('exchange-book') })).result;
    try {
      done = (
        await follow('exchange confirm', offered.links.confirmExchange, {
          token,
          version: issued.version,
          key: u.key('exchange-confirm'),
          retrySupplier: (code) => code === 110,
        })
      ).result;
      break;
    } catch (err) {
      if (!(err instanceof Failed && err.body?.api_code === 111) || attempt >= 3) throw err;
    }
  }
  exchangedAck.set(product.id, done.travel?.id ?? issued.id);
  noteBooked(done.travel);
}

async function searchHotel(u: User) {
  const token = await u.token('alice');
  const checkin = day(4, 60);
  const checkout = new Date(Date.parse(checkin) + 2 * 86_400_000).toISOString().slice(0, 10);
  const stay = {
    checkin_date: `${checkin.replaceAll('-', '')}T120000`,
    checkout_date: `${checkout.replaceAll('-', '')}T120000`,
    latitude: 45.7606,
    longitude: 4.8593,
    radius_km: 5,
    nb_rooms: 1,
    travelers: [{ id: 1, profile_id: u.profile('alice').uid }],
    entity_id: u.profile('alice').entities[0].uid,
  };
  const hotels = (await call('search hotel', 'POST', '/api/v1/hotel/search', { token, body: stay })).result;
  const hotel = (hotels.hotels as Json[])[0];
  if (hotel?.links.hotelDetails && Math.random() < 0.5) await follow('hotel details', hotel.links.hotelDetails, { token, body: stay });
}

async function searchCar(u: User) {
  const token = await u.token('alice');
  const date = day(4, 60);
  const rental = {
    latitude: 45.7606,
    longitude: 4.8593,
    return_latitude: 45.7606,
    return_longitude: 4.8593,
    pickup_time: `${date}T10:00`,
    return_time: `${new Date(Date.parse(date) + 2 * 86_400_000).toISOString().slice(0, 10)}T17:00`,
    car_types: ['Citadine'],
    driver: { profile_id: u.profile('alice').uid },
    entity_id: u.profile('alice').entities[0].uid,
  };
  await call('search car', 'POST', '/api/v1/carrental/search', { token, body: rental });
}

/** Tina's agency work: her queue; failed bookings closed with a note. */
async function agencyWork(u: User) {
  const token = await u.token('tina');
  const queue = (await call('agency queue', 'GET', '/api/v1/agency/queue', { token })).result;
  const failed = (queue.failedBookings?.items ?? []) as Json[];
  const task = failed.find((i) => i.links.closeAgencyTask);
  if (task)
    await follow('agency closes failed booking', task.links.closeAgencyTask, {
      token,
      body: { note: 'Called the traveller: booked again.' },
      key: u.key('close'),
    });
}

const SCENARIOS: [number, string, (u: User) => Promise<unknown>][] = [
  [22, 'search rail (anonymous or signed in)', (u) => railSearch(u, Math.random() < 0.5 ? null : 'gus')],
  [8, 'search flight', (u) => railSearch(u, 'alice', ['city:paris', 'city:nice'], day(4, 60), false)],
  [10, 'search hotel', searchHotel],
  [8, 'search car', searchCar],
  [16, 'checkout company payment (+ cancel)', checkoutCompany],
  [10, 'checkout option hold (release or agency)', checkoutHold],
  [14, 'checkout approval (bob approves)', checkoutApproval],
  [6, 'rail exchange', exchange],
  [6, 'agency work (tina)', agencyWork],
];
const TOTAL_WEIGHT = SCENARIOS.reduce((n, [w]) => n + w, 0);
const scenarioCounts = new Map<string, { runs: number; failed: number }>();

async function virtualUser(id: number, until: number) {
  const u = new User(id);
  await sleep(id * 300);
  while (Date.now() < until) {
    let r = Math.random() * TOTAL_WEIGHT;
    const [, name, run] = SCENARIOS.find(([w]) => (r -= w) < 0) ?? SCENARIOS[0]!;
    const counts = scenarioCounts.get(name) ?? { runs: 0, failed: 0 };
    scenarioCounts.set(name, counts);
    counts.runs++;
    try {
      await run(u);
    } catch (err) {
      counts.failed++;
      if (!(err instanceof Failed) && unexpectedSamples.length < 40) unexpectedSamples.push(`${name}: ${String(err).slice(0, 240)}`);
    }
    await sleep(100 + Math.random() * 300);
  }
}

// ── Memory samples (GET /metrics on each process, loopback) ────────────────────────────────────

type Sample = { at: number; rss: number; heap: number };
const memory = new Map<string, Sample[]>();
async function sampleMemory() {
  for (const p of procs) {
    try {
      const text = await (await fetch(`http://127.0.0.1:${p.port}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
      const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
      const key = `${p.name}#${p.generation}`;
      memory.set(key, [
        ...(memory.get(key) ?? []),
        { at: Date.now() - p.startedAt, rss: value('process_resident_memory_bytes'), heap: value('nodejs_heap_size_used_bytes') },
      ]);
    } catch {
      // down for a moment (killed, restarting)
    }
  }
}

// ── Faults ─────────────────────────────────────────────────────────────────────────────────────

/** Restarts the PostgreSQL server (as root: pg_ctlcluster, else the service), without blocking the simulated users meanwhile. */
async function restartPostgres() {
  const started = Date.now();
  try {
    await run('pg_ctlcluster', ['15', 'main', 'restart']);
  } catch {
    await run('service', ['postgresql', 'restart']);
  }
  const ended = Date.now();
  outageWindows.push({ from: started, to: ended + 15_000, what: 'PostgreSQL restart' });
  log(`PostgreSQL restarted in ${ended - started} ms`);
  return ended - started;
}

async function killAndRestart(index: number) {
  const p = procs[index]!;
  const started = Date.now();
  killing.add(p.child);
  p.child.kill('SIGKILL');
  await exited(p.child);
  log(`kill -9 ${p.name} (pid ${p.child.pid})`);
  await sleep(3_000);
  procs[index] = await startProcess(p.name, p.port, p.generation + 1);
  const ended = Date.now();
  outageWindows.push({ from: started, to: ended + 15_000, what: `kill -9 of ${p.name}` });
  log(`${p.name} back after ${ended - started} ms`);
  return ended - started;
}

// ── Checks ─────────────────────────────────────────────────────────────────────────────────────

type LedgerEntry = { op: string; pnr: string; reference: string | null; kind: string; refund?: number };
function readLedger(): LedgerEntry[] {
  return fs
    .readdirSync(WORK)
    .filter((f) => f.startsWith('ledger-'))
    .flatMap((f) =>
      fs
        .readFileSync(path.join(WORK, f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LedgerEntry),
    );
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  log(`soak: ${MINUTES} min, ${USERS} users, ${FAULT_PERCENT} % supplier faults, work dir ${WORK}`);
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();

  const started = Date.now();
  const [a, b] = await Promise.all([startProcess('api-a', BASE_PORT + 1, 0), startProcess('api-b', BASE_PORT + 2, 0)]);
  procs.push(a, b);
  log(`two processes ready in ${Date.now() - started} ms`);
  const balancer = await startBalancer(
    BASE_PORT,
    procs.map((p) => `http://127.0.0.1:${p.port}`),
  );
  balancerUrl = balancer.url;

  const t0 = Date.now();
  const until = t0 + DURATION_MS;
  const sampler = setInterval(() => void sampleMemory(), Math.max(5_000, DURATION_MS / 60));
  void sampleMemory();
  const faults = (async () => {
    await sleep(DURATION_MS * 0.35);
    const pgMs = await restartPostgres();
    await sleep(Math.max(0, t0 + DURATION_MS * 0.65 - Date.now()));
    const killMs = await killAndRestart(1);
    return { pgMs, killMs };
  })();
  const progress = setInterval(() => {
    const total = [...ops.values()].reduce((n, s) => n + s.count, 0);
    log(`${Math.round((Date.now() - t0) / 1000)} s: ${total} calls, ${acknowledged.size} bookings acknowledged`);
  }, 30_000);
  await Promise.all(Array.from({ length: USERS }, (_, i) => virtualUser(i, until)));
  const faultTimes = await faults;
  clearInterval(progress);
  clearInterval(sampler);
  const elapsed = (Date.now() - t0) / 1000;
  log(`load done after ${elapsed.toFixed(0)} s; waiting for the durable jobs that are due`);

  // Drain: the ticketing of the last bookings, retried jobs.
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const dueJobs = async () =>
    (
      await db.query(
        `SELECT kind, count(*)::int AS n, max(attempts) AS attempts, max(last_error) AS error FROM jobs WHERE done_at IS NULL AND run_at <= now() GROUP BY kind`,
      )
    ).rows as { kind: string; n: number; attempts: number; error: string | null }[];
  // A job claimed by the killed process waits out its lease (a minute, platform/jobs.ts LEASE_MS) before another one takes it over.
  for (let waited = 0; waited < 120_000 && (await dueJobs()).length > 0; waited += 2_000) await sleep(2_000);
  await sleep(5_000);
  await sampleMemory();

  // ── The proofs ──
  const ledger = readLedger();
  const products = (
    await db.query(
      `SELECT p.id, p.status, p.pnr, p.type, t.status AS travel_status, t.id AS travel_id, p.data->'cancellation' AS cancellation
         FROM travel_products p JOIN travels t ON t.id = p.travel_id`,
    )
  ).rows as { id: string; status: string; pnr: string | null; type: string; travel_status: string; travel_id: string; cancellation: Json }[];
  const byId = new Map(products.map((p) => [p.id, p]));
  const supplierPnrs = new Map<string, Set<string>>(); // reference → PNRs booked, held or exchanged under it
  const supplierHas = new Set<string>();
  const cancelsByPnr = new Map<string, number>();
  for (const e of ledger) {
    if (e.op === 'cancel') {
      cancelsByPnr.set(e.pnr, (cancelsByPnr.get(e.pnr) ?? 0) + 1);
      continue;
    }
    supplierHas.add(e.pnr);
    if (e.reference && e.op !== 'hold') {
      const set = supplierPnrs.get(`${e.op}:${e.reference}`) ?? new Set();
      set.add(e.pnr);
      supplierPnrs.set(`${e.op}:${e.reference}`, set);
    }
  }
  const problems: string[] = [];
  const BOOKED_NOW = ['booked', 'pending_ticketing', 'issued', 'cancelled', 'pending_cancel', 'exchanged'];
  let lostInDb = 0;
  let missingAtSupplier = 0;
  for (const [productId, ack] of acknowledged) {
    const row = byId.get(productId);
    if (!row || row.pnr !== ack.pnr || !BOOKED_NOW.includes(row.status)) {
      lostInDb++;
      problems.push(`acknowledged booking ${productId} (${ack.pnr}) is ${row ? `${row.status} ${row.pnr}` : 'missing'} in the database`);
    }
    if (!supplierHas.has(ack.pnr)) {
      missingAtSupplier++;
      problems.push(`acknowledged booking ${productId} (${ack.pnr}) is unknown to the supplier`);
    }
  }
  // Doubled: a reference booked under two PNRs, or one PNR on two products.
  const doubledAtSupplier = [...supplierPnrs].filter(([, set]) => set.size > 1);
  for (const [ref, set] of doubledAtSupplier) problems.push(`the supplier booked ${ref} ${set.size} times: ${[...set].join(', ')}`);
  const pnrOwners = new Map<string, string[]>();
  for (const p of products) if (p.pnr && !['released', 'expired', 'cart'].includes(p.status)) pnrOwners.set(p.pnr, [...(pnrOwners.get(p.pnr) ?? []), p.id]);
  const doubledInDb = [...pnrOwners].filter(([, owners]) => owners.length > 1);
  for (const [pnr, owners] of doubledInDb) problems.push(`PNR ${pnr} is on ${owners.length} products: ${owners.join(', ')}`);
  // Every booked product of the database exists at the supplier.
  const dbBooked = products.filter((p) => p.pnr && BOOKED_NOW.includes(p.status));
  const dbUnknownAtSupplier = dbBooked.filter((p) => !supplierHas.has(p.pnr!));
  for (const p of dbUnknownAtSupplier.slice(0, 10)) problems.push(`product ${p.id} is ${p.status} with PNR ${p.pnr}, which the supplier never issued`);
  // Bookings the supplier made whose product is not booked (an answer lost, then given up): money spent for nothing.
  const bookedRefs = new Map<string, string>();
  for (const e of ledger) if (e.op === 'book' && e.reference) bookedRefs.set(e.reference, e.pnr);
  const orphans = [...bookedRefs].filter(([ref, pnr]) => {
    const row = byId.get(ref);
    return !row || row.pnr !== pnr || !BOOKED_NOW.includes(row.status) ? !cancelsByPnr.has(pnr) : false;
  });
  // Refunds: every acknowledged cancellation is cancelled once in the database, with its refund, and at the supplier.
  let refundProblems = 0;
  for (const [productId] of cancelledAck) {
    const row = byId.get(productId);
    if (!row || row.status !== 'cancelled' || !row.cancellation) {
      refundProblems++;
      problems.push(`acknowledged cancellation ${productId} is ${row?.status ?? 'missing'} in the database`);
    } else if (!cancelsByPnr.has(row.pnr!)) {
      refundProblems++;
      problems.push(`acknowledged cancellation ${productId} (${row.pnr}) never reached the supplier`);
    }
  }
  const cancelledTwiceAtSupplier = [...cancelsByPnr].filter(([, n]) => n > 1).length;
  // Stuck: travels in a transient status once the jobs are done (booked waits for its ticketing, which runs 2 s later).
  const stuck = (await db.query(`SELECT status, count(*)::int AS n FROM travels WHERE status IN ('booked', 'pending_ticketing') GROUP BY status`)).rows as {
    status: string;
    n: number;
  }[];
  const stuckProducts = (await db.query(`SELECT count(*)::int AS n FROM travel_products WHERE status = 'pending_ticketing'`)).rows[0].n as number;
  for (const s of stuck) problems.push(`${s.n} travels still ${s.status} after the jobs ran`);
  if (stuckProducts > 0) problems.push(`${stuckProducts} products still pending_ticketing`);
  const jobsLeft = await dueJobs();
  for (const j of jobsLeft) problems.push(`${j.n} due ${j.kind} jobs not done (attempts ${j.attempts}, last error ${j.error})`);
  const jobStats = (
    await db.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE done_at IS NOT NULL)::int AS done, count(*) FILTER (WHERE attempts > 1)::int AS retried, count(*) FILTER (WHERE run_at > now() AND done_at IS NULL)::int AS later FROM jobs`,
    )
  ).rows[0] as { total: number; done: number; retried: number; later: number };
  const pendingKeys = (await db.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE status = 'pending'`)).rows[0].n as number;
  const travelStatuses = (await db.query(`SELECT status, count(*)::int AS n FROM travels GROUP BY status ORDER BY n DESC`)).rows as {
    status: string;
    n: number;
  }[];
  await db.end();

  // Memory: each process (generation) long enough to say: mean RSS of the last third ≤ 110 % of the first third's, the first minute (warm-up) left out.
  const memoryRows: {
    process: string;
    samples: number;
    firstMb: number;
    lastMb: number;
    growth: number;
    heapFirstMb: number;
    heapLastMb: number;
    judged: boolean;
  }[] = [];
  for (const [name, samples] of memory) {
    const steady = samples.filter((s) => s.at >= 60_000 && Number.isFinite(s.rss));
    const third = Math.floor(steady.length / 3);
    const judged = third >= 2;
    const first = judged ? steady.slice(0, third) : samples;
    const last = judged ? steady.slice(-third) : samples;
    const mb = (xs: Sample[], k: 'rss' | 'heap') => mean(xs.map((s) => s[k])) / 1_048_576;
    memoryRows.push({
      process: name,
      samples: samples.length,
      firstMb: mb(first, 'rss'),
      lastMb: mb(last, 'rss'),
      growth: mb(last, 'rss') / mb(first, 'rss') - 1,
      heapFirstMb: mb(first, 'heap'),
      heapLastMb: mb(last, 'heap'),
      judged,
    });
  }

  // ── Report ──
  const totals = { count: 0, ok: 0, faults: 0, outage: 0, unexpected: 0, noApiCode: 0, retries: 0 };
  console.log('\nper operation (a user action: retries included in its time)');
  console.log(
    `${'operation'.padEnd(32)} ${'count'.padStart(6)} ${'errors'.padStart(7)} ${'faults'.padStart(7)} ${'outage'.padStart(7)} ${'other'.padStart(6)} ${'retries'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}`,
  );
  const opRows = [...ops].sort((x, y) => y[1].count - x[1].count);
  for (const [name, s] of opRows) {
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += s[k] as number;
    const errors = s.count - s.ok;
    console.log(
      `${name.padEnd(32)} ${String(s.count).padStart(6)} ${`${((100 * errors) / s.count).toFixed(1)}%`.padStart(7)} ${String(s.faults).padStart(7)} ${String(s.outage).padStart(7)} ${String(s.unexpected).padStart(6)} ${String(s.retries).padStart(7)} ${String(percentile(s.ms, 50)).padStart(7)} ${String(percentile(s.ms, 99)).padStart(7)}`,
    );
  }
  const unexpectedRate = totals.unexpected / Math.max(1, totals.count);
  console.log(
    `${'all'.padEnd(32)} ${String(totals.count).padStart(6)} ${`${((100 * (totals.count - totals.ok)) / totals.count).toFixed(1)}%`.padStart(7)} ${String(totals.faults).padStart(7)} ${String(totals.outage).padStart(7)} ${String(totals.unexpected).padStart(6)} ${String(totals.retries).padStart(7)}`,
  );
  console.log(`\nscenarios: ${[...scenarioCounts].map(([n, c]) => `${n} ${c.runs} (${c.failed} stopped by an error)`).join('; ')}`);
  console.log(
    `answers seen (status api_code, every attempt): ${[...answerCodes]
      .sort((x, y) => y[1] - x[1])
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')}`,
  );
  console.log(`balancer: ${JSON.stringify(balancer.stats())}; faults: PostgreSQL restart ${faultTimes.pgMs} ms, kill -9 → back in ${faultTimes.killMs} ms`);
  console.log(
    `\nbookings acknowledged ${acknowledged.size} (options held ${heldAck}, cancellations ${cancelledAck.size}, exchanges ${exchangedAck.size}); supplier ledger: ${ledger.length} acts (${ledger.filter((e) => e.op === 'book').length} bookings)`,
  );
  console.log(
    `lost in the database ${lostInDb}; unknown to the supplier ${missingAtSupplier}; doubled at the supplier ${doubledAtSupplier.length}; PNR on two products ${doubledInDb.length}; booked in the database but never at the supplier ${dbUnknownAtSupplier.length}; refund problems ${refundProblems}`,
  );
  console.log(
    `supplier bookings without a booked product (answer lost, then given up; information): ${orphans.length}; PNRs cancelled more than once at the supplier (stateless, idempotent; information): ${cancelledTwiceAtSupplier}`,
  );
  console.log(`travels by status: ${travelStatuses.map((s) => `${s.status} ${s.n}`).join(', ')}`);
  console.log(
    `jobs: ${jobStats.total} (${jobStats.done} done, ${jobStats.later} due later, ${jobStats.retried} retried); pending idempotency keys ${pendingKeys}`,
  );
  console.log('\nmemory (RSS, mean of the first and last thirds after the first minute; heap used)');
  for (const m of memoryRows)
    console.log(
      `  ${m.process.padEnd(10)} ${String(m.samples).padStart(3)} samples  RSS ${m.firstMb.toFixed(0)} → ${m.lastMb.toFixed(0)} MB (${(100 * m.growth).toFixed(1)} %)  heap ${m.heapFirstMb.toFixed(0)} → ${m.heapLastMb.toFixed(0)} MB${m.judged ? '' : '  (too short to judge)'}`,
    );
  if (unexpectedSamples.length) console.log(`\nunexpected answers (first ${unexpectedSamples.length}):\n  ${unexpectedSamples.join('\n  ')}`);
  if (problems.length) console.log(`\nproblems:\n  ${problems.slice(0, 40).join('\n  ')}`);

  const budgets: [string, boolean, string][] = [
    ['errors outside the injected faults < 0.1 %', unexpectedRate < 0.001, `${(100 * unexpectedRate).toFixed(3)} % (${totals.unexpected} of ${totals.count})`],
    ['every failed call has an api_code', totals.noApiCode === 0, `${totals.noApiCode} without`],
    [
      '0 lost or doubled bookings',
      lostInDb + missingAtSupplier + doubledAtSupplier.length + doubledInDb.length + dbUnknownAtSupplier.length === 0,
      `${lostInDb + missingAtSupplier} lost, ${doubledAtSupplier.length + doubledInDb.length} doubled, ${dbUnknownAtSupplier.length} unknown to the supplier`,
    ],
    ['every refund once', refundProblems === 0, `${refundProblems} problems`],
    ['no travel stuck in a transient status', stuck.length === 0 && stuckProducts === 0, stuck.map((s) => `${s.n} ${s.status}`).join(', ') || '0'],
    ['every due durable job done', jobsLeft.length === 0, `${jobsLeft.reduce((n, j) => n + j.n, 0)} left`],
    [
      'memory flat (last third ≤ 10 % above the first)',
      memoryRows.filter((m) => m.judged).every((m) => m.growth <= 0.1),
      memoryRows.map((m) => `${m.process} ${(100 * m.growth).toFixed(1)} %${m.judged ? '' : ' (not judged)'}`).join(', '),
    ],
    ['no API process died but the one killed', deaths.length === 0, deaths.length ? deaths.join('; ') : '0'],
    ['bookings happened', acknowledged.size > 0, `${acknowledged.size}`],
  ];
  console.log('\nbudgets');
  for (const [name, pass, figure] of budgets) console.log(`${pass ? '  PASS' : '>> FAIL'}  ${name}: ${figure}`);
  fs.mkdirSync(path.join(ROOT, 'bench/out'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, 'bench/out/soak.json'),
    JSON.stringify(
      {
        minutes: MINUTES,
        users: USERS,
        elapsedSeconds: elapsed,
        ops: Object.fromEntries(opRows.map(([n, s]) => [n, { ...s, ms: undefined, p50: percentile(s.ms, 50), p99: percentile(s.ms, 99) }])),
        budgets,
        problems,
        memoryRows,
        jobStats,
        travelStatuses,
        orphans: orphans.length,
      },
      null,
      2,
    ),
  );

  await balancer.close();
  stopping = true;
  for (const p of procs) p.child.kill('SIGTERM');
  await Promise.all(procs.map((p) => exited(p.child)));
  log(`logs and ledgers in ${WORK}`);
  const failed = budgets.filter(([, pass]) => !pass);
  console.log(failed.length ? `FAIL: ${failed.length} budget(s) failed` : 'PASS: every budget held');
  process.exit(failed.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  for (const p of procs) p.child.kill('SIGKILL');
  process.exit(1);
});
