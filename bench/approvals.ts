import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { budget, p95, medianMs } from './lib/budget';
import { API_KEY, startServer } from './lib/server';
import { parisLyonTrain } from './lib/train';
import type { Measurement } from './lib/types';
import { openSeededWorld } from './lib/world';
import { approvalRecipients, approvalRequests, companies, travelProducts, travels, users } from '../src/server/db/schema';
import { DEMO_PASSWORD } from '../src/server/db/seed';
import { foldName, type StoredChainStep } from '../src/server/domain/approvals';
import type { TripData } from '../src/server/domain/product';
import { sandboxBooking } from '../src/server/supplier/sandbox/booking';

const REQUESTS = 5_000;
const APPROVERS = 50;
const READS = 60;
const WARM_UP = 10;
const APPROVALS = 100;
const BUDGET_MS = 50;

const FIRST = [
  'Inès',
  'Hélène',
  'Zoé',
  'Benoît',
  'Océane',
  'Jérôme',
  'Chloé',
  'Loïc',
  'Gaëlle',
  'Raphaël',
  'Emma',
  'Lucas',
  'Léa',
  'Hugo',
  'Manon',
  'Nathan',
  'Camille',
  'Théo',
  'Sarah',
  'Louis',
];
const LAST = [
  'Benali',
  'Dupont',
  'Lefèvre',
  'Müller',
  'Garçon',
  'Martin',
  'Bernard',
  'Thomas',
  'Petit',
  'Robert',
  'Richard',
  'Durand',
  'Dubois',
  'Moreau',
  'Laurent',
  'Simon',
  'Michel',
  'Leroy',
  'Roux',
  'Fontaine',
  'Chevalier',
  'Perrin',
  'Gauthier',
  'Mercier',
  'Boyer',
];

/**
 * A world of its own, written straight into a fresh PGlite data directory before its server starts:
 * the demo seed, 50 Acme approvers and 5,000 pending requests (alice's, one held Paris → Lyon train
 * each, travellers with accented names), 100 per approver as main approver.
 */
export async function seedWorld(dataDir: string, log: (m: string) => void) {
  const database = await openSeededWorld(dataDir);
  const { db } = database;
  const t0 = Date.now();
  const [alice] = await db.select().from(users).where(eq(users.username, 'alice'));
  const [acme] = await db.select().from(companies).where(eq(companies.name, 'Acme Industries'));
  const approvers = await db
    .insert(users)
    .values(
      Array.from({ length: APPROVERS }, (_, i) => ({
        agencyId: alice!.agencyId,
        companyId: acme!.id,
        username: `approver${i}`,
        email: `approver${i}@acme.example`,
        passwordHash: alice!.passwordHash,
        firstname: FIRST[i % FIRST.length]!,
        lastname: `Approver${i}`,
        perms: ['approval'],
        status: 'active' as const,
      })),
    )
    .returning();

  // One real train in two weeks (the server runs on the real clock), held as the checkout would.
  const { journey, cabin, offer } = parisLyonTrain(14, acme!.id);
  const now = new Date();
  const booking = sandboxBooking();

  for (let start = 0; start < REQUESTS; start += 500) {
    const batch = Array.from({ length: Math.min(500, REQUESTS - start) }, (_, k) => start + k);
    const rows = await db
      .insert(travels)
      .values(
        batch.map(() => ({
          agencyId: alice!.agencyId,
          companyId: acme!.id,
          userId: alice!.id,
          entityId: null,
          status: 'pending_approval' as const,
          confirmationTimeLimit: new Date(now.getTime() + 23 * 3_600_000),
        })),
      )
      .returning({ id: travels.id });
    const people = batch.map((i) => ({ firstname: FIRST[i % FIRST.length]!, lastname: LAST[Math.floor(i / FIRST.length) % LAST.length]! }));
    const products = await db
      .insert(travelProducts)
      .values(
        rows.map((row, k) => {
          const price = offer.price + (batch[k]! % 97) * 100;
          const data: TripData = {
            type: 'rail',
            journey: journey,
            offer,
            cabin: cabin.cabin,
            travelers: [{ travelerID: 1, ...people[k]! }],
            placementWishes: {},
            ancillaries: [],
            searchID: 'bench',
          };
          return {
            travelId: row.id,
            type: 'rail' as const,
            status: 'pending_approval' as const,
            price,
            startsAt: new Date(journey.departure),
            endsAt: new Date(journey.arrival),
            data,
          };
        }),
      )
      .returning({ id: travelProducts.id, travelId: travelProducts.travelId, price: travelProducts.price });
    for (const p of products) {
      const held = await booking.hold(
        {
          kind: 'rail',
          offerRef: offer.id,
          price: p.price,
          passengers: [{ firstname: 'x', lastname: 'y' }],
          startsAt: journey.departure,
          flexibility: offer.flexibility,
          reference: p.id,
        },
        now,
      );
      await db
        .update(travelProducts)
        .set({ pnr: held.pnr, confirmationTimeLimit: new Date(held.confirmationTimeLimit) })
        .where(eq(travelProducts.id, p.id));
    }
    const requests = await db
      .insert(approvalRequests)
      .values(
        rows.map((row, k) => {
          const i = batch[k]!;
          const approver = approvers[i % APPROVERS]!;
          const requestedAt = new Date(now.getTime() - (REQUESTS - i) * 60_000);
          const step: StoredChainStep = {
            approver: { id: approver.id, firstname: approver.firstname, lastname: approver.lastname, email: approver.email },
            role: 'main',
            askedAt: requestedAt.toISOString(),
            status: 'pending',
            by: null,
            answeredAt: null,
            message: null,
          };
          return {
            travelId: row.id,
            kind: 'regular' as const,
            agencyId: alice!.agencyId,
            companyId: acme!.id,
            requesterId: alice!.id,
            approverId: approver.id,
            status: 'pending' as const,
            requestedAt,
            timeLimit: new Date(now.getTime() + 23 * 3_600_000),
            chain: [step],
            paxSearch: foldName(`${people[k]!.firstname} ${people[k]!.lastname}`),
            startsAt: new Date(journey.departure),
            totalAmount: products[k]!.price,
            origin: 'http://localhost',
          };
        }),
      )
      .returning({ id: approvalRequests.id, approverId: approvalRequests.approverId, requestedAt: approvalRequests.requestedAt });
    await db
      .insert(approvalRecipients)
      .values(requests.map((r) => ({ approvalId: r.id, userId: r.approverId!, role: 'main' as const, visibleFrom: r.requestedAt })));
  }
  await database.close();
  log(`  seeded ${REQUESTS} requests over ${APPROVERS} approvers in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * The approvals inbox and answers on PGlite at scale: an approver's first page and a
 * traveller-name search (60 reads each after 10 of warm-up, p95), then 100 approvals back to back,
 * each booking its travel with the sandbox supplier at 0 ms.
 */
export const approvalsBench: Measurement = {
  name: 'approvals',
  title: `approvals: inbox page 1, name search, approve (${REQUESTS} requests, ${APPROVERS} approvers)`,
  async run({ root, log }) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-bench-approvals-'));
    await seedWorld(dataDir, log);
    const server = await startServer({ root, dataDir });
    try {
      const call = async (method: string, url: string, token?: string, body?: unknown) => {
        const started = performance.now();
        const res = await fetch(`${server.baseUrl}${url}`, {
          method,
          headers: { 'api-key': API_KEY, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const json = (await res.json()) as { result: unknown };
        const ms = performance.now() - started;
        if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
        return { ms, result: json.result };
      };
      const token = ((await call('POST', '/api/v1/user/login', undefined, { username: 'approver0', password: DEMO_PASSWORD })).result as { token: string })
        .token;
      const timed = async (url: string) => {
        const times: number[] = [];
        let count = 0;
        for (let i = 0; i < WARM_UP + READS; i++) {
          const { ms, result } = await call('GET', url, token);
          count = (result as unknown[]).length;
          if (i >= WARM_UP) times.push(ms);
        }
        return { p95: p95(times), median: medianMs(times), count };
      };
      const page1 = await timed('/api/v1/approvals/');
      log(`  GET /approvals/ page 1: p95 ${page1.p95} ms, median ${page1.median} ms (${page1.count} requests)`);
      const search = await timed(`/api/v1/approvals/?paxName=${encodeURIComponent('LEFEVRE')}&limit=50`);
      log(`  GET /approvals/?paxName=LEFEVRE: p95 ${search.p95} ms, median ${search.median} ms (${search.count} found)`);
      if (search.count === 0) throw new Error('the name search found nothing');

      const pending = (await call('GET', `/api/v1/approvals/?status=pending&limit=50&order=asc`, token)).result as {
        approvalID: string;
        links: { approve?: { href: string } };
      }[];
      const more = (await call('GET', `/api/v1/approvals/?status=pending&limit=50&order=asc&page=2`, token)).result as typeof pending;
      const toApprove = [...pending, ...more].slice(0, APPROVALS);
      const approveTimes: number[] = [];
      for (const request of toApprove) {
        const { ms, result } = await call('POST', request.links.approve!.href, token, {});
        if ((result as { travelStatus: string }).travelStatus !== 'booked') throw new Error(`approval ${request.approvalID} did not book its travel`);
        approveTimes.push(ms);
      }
      const approve = { p95: p95(approveTimes), median: medianMs(approveTimes), count: approveTimes.length };
      log(`  ${approve.count} approvals back to back: p95 ${approve.p95} ms, median ${approve.median} ms`);
      return {
        figures: { requests: REQUESTS, approvers: APPROVERS, page1, search, approve },
        budgets: [
          budget('GET /approvals/ page 1 (p95)', page1.p95, '<=', BUDGET_MS, 'ms'),
          budget('GET /approvals/?paxName= (p95)', search.p95, '<=', BUDGET_MS, 'ms'),
          budget(`approve, ${APPROVALS} back to back (p95)`, approve.p95, '<=', BUDGET_MS, 'ms'),
          budget('approvals booked', approve.count, '=', APPROVALS),
        ],
      };
    } finally {
      await server.stop();
    }
  },
};
