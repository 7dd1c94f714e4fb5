import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { budget, round, p95, medianMs, cpuMs } from './lib/budget';
import { API_KEY, startServer } from './lib/server';
import type { Measurement } from './lib/types';
import { openSeededWorld } from './lib/world';
import { users } from '../src/server/db/schema';
import { DEMO_PASSWORD } from '../src/server/db/seed';
import { seedTravels, type TravelSpec } from '../src/server/features/travels/travels.fixtures';

const TRAVELS = 10_000;
const READS = 60;
const WARM_UP = 10;
const API_BUDGET_MS = 50;
const DAY = 86_400_000;

const ROUTES = [
  ['city:paris', 'city:lyon'],
  ['city:lyon', 'city:marseille'],
  ['city:paris', 'city:lille'],
  ['city:bordeaux', 'city:paris'],
] as const;

/**
 * Alice's 10,000 travels, ten a day from 700 days ago to 300 days on (the fixtures' template day is two
 * weeks on: -14 is today), mostly booked, some pending, in approval or cancelled; every one is Acme's.
 */
function specs(): TravelSpec[] {
  return Array.from({ length: TRAVELS }, (_, i) => {
    const r = i % 100;
    const status =
      r < 80 ? (['issued', 'booked', 'pending_ticketing'] as const)[i % 3]! : r < 88 ? 'pending_approval' : r < 93 ? 'pending_confirmation' : 'cancelled';
    return { status, days: -714 + Math.floor(i / 10), route: ROUTES[i % ROUTES.length]!, pax: [{ firstname: 'Alice', lastname: 'Martin' }] };
  });
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The dashboard at 10,000 travels: `GET stats/travels` over the spec's periods (this year,
 * last year, the 366 days to today) for alice, and the company's over the last 366 days for maya, its
 * travel manager (the same 10,000 travels): p95 of 60 reads after 10 of warm-up each.
 */
export const stats10k: Measurement = {
  name: 'stats-10k',
  title: `dashboard statistics: ${TRAVELS.toLocaleString('en')} travels, GET stats/travels p95`,
  async run({ root, log }) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-bench-stats-'));
    const database = await openSeededWorld(dataDir);
    const t0 = Date.now();
    const [alice] = await database.db.select().from(users).where(eq(users.username, 'alice'));
    await seedTravels(database.db, alice!, specs(), new Date());
    await database.close();
    log(`  seeded ${TRAVELS} travels for alice in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const server = await startServer({ root, dataDir });
    try {
      const login = async (username: string) => {
        const res = await fetch(`${server.baseUrl}/api/v1/user/login`, {
          method: 'POST',
          headers: { 'api-key': API_KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: DEMO_PASSWORD }),
        });
        return ((await res.json()) as { result: { token: string; user: { links: Record<string, { href: string }> } } }).result;
      };
      const asAlice = await login('alice');
      const asMaya = await login('maya');
      const timed = async (token: string, href: string, begin: string, end: string) => {
        const url = `${server.baseUrl}${href}?beginPeriod=${begin}&endPeriod=${end}`;
        const times: number[] = [];
        let cpuBefore = 0;
        let body: { result: { travels: number; emission: { gHGEmission: { value: number } } } } | null = null;
        for (let i = 0; i < WARM_UP + READS; i++) {
          const started = performance.now();
          const res = await fetch(url, { headers: { 'api-key': API_KEY, authorization: `Bearer ${token}` } });
          body = (await res.json()) as typeof body;
          const ms = performance.now() - started;
          if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
          if (i >= WARM_UP) times.push(ms);
          if (i === WARM_UP - 1) cpuBefore = cpuMs(server.pid);
        }
        return {
          p95: p95(times),
          median: medianMs(times),
          travels: body!.result.travels,
          kg: body!.result.emission.gHGEmission.value,
          serverCpuMs: round((cpuMs(server.pid) - cpuBefore) / READS, 2),
        };
      };
      const now = new Date();
      const year = now.getUTCFullYear();
      const periods = {
        thisYear: [`${year}-01-01`, `${year}-12-31`],
        lastYear: [`${year - 1}-01-01`, `${year - 1}-12-31`],
        last366Days: [isoDay(new Date(now.getTime() - 365 * DAY)), isoDay(now)],
      } as const;
      const figures: Record<string, Awaited<ReturnType<typeof timed>>> = {};
      for (const [name, [begin, end]] of Object.entries(periods)) {
        figures[name] = await timed(asAlice.token, asAlice.user.links.travelStats!.href, begin, end);
        log(
          `  alice, ${name} (${begin}..${end}): p95 ${figures[name].p95} ms, median ${figures[name].median} ms (${figures[name].travels} travels, ${figures[name].kg} kg); server CPU ${figures[name].serverCpuMs} ms a request`,
        );
      }
      const [begin, end] = periods.last366Days;
      figures.company = await timed(asMaya.token, asMaya.user.links.companyTravelStats!.href, begin, end);
      log(
        `  maya, Acme's last 366 days: p95 ${figures.company.p95} ms, median ${figures.company.median} ms (${figures.company.travels} travels); server CPU ${figures.company.serverCpuMs} ms`,
      );
      if (figures.last366Days!.travels === 0) throw new Error('the last 366 days count no travel');
      const load = os.loadavg().map((l) => round(l, 1));
      log(`  load average while measuring: ${load.join(', ')} (2 cores: figures above ~2 are inflated by other processes)`);
      const worst = Math.max(
        ...Object.entries(figures)
          .filter(([n]) => n !== 'company')
          .map(([, f]) => f.p95),
      );
      return {
        figures: { travels: TRAVELS, loadAverage: load, ...figures },
        budgets: [
          budget('GET stats/travels, worst period (p95)', worst, '<=', API_BUDGET_MS, 'ms'),
          budget('GET company stats/travels (p95)', figures.company.p95, '<=', API_BUDGET_MS, 'ms'),
        ],
      };
    } finally {
      await server.stop();
    }
  },
};
