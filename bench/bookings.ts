import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { budget, medianMs, p95, round } from './lib/budget';
import { launchBrowser, median, signedInPage } from './lib/browser';
import { signInApi, startServer } from './lib/server';
import { parisLyonTrain } from './lib/train';
import type { Measurement } from './lib/types';
import { openSeededWorld } from './lib/world';
import { companies, travelProducts, travels, users } from '../src/server/db/schema';
import type { TripData } from '../src/server/domain/product';
import { TICKETS_PAINTED_MARK } from '../src/web/lib/perf-marks';

const TICKETS = 1_000;
const RUNS = 7;
const WARM_UP = 3;
const BUDGET_MS = 200;
const CLICK = 'bench:tickets-click';
/** The first page's read over HTTP (the server's work plus loopback): reads after warm-up, p95. */
const API_READS = 60;
const API_WARM_UP = 10;
const API_BUDGET_MS = 30;

/**
 * A world of its own, written into a fresh PGlite data directory before its server starts: the demo
 * seed and 1,000 booked one-product travels of gus (Globex), Paris → Lyon trains from tomorrow on,
 * with PNRs and ticket numbers as a booking writes them.
 */
export async function seedWorld(dataDir: string, log: (m: string) => void) {
  const database = await openSeededWorld(dataDir);
  const { db } = database;
  const t0 = Date.now();
  const [gus] = await db.select().from(users).where(eq(users.username, 'gus'));
  const [globex] = await db.select().from(companies).where(eq(companies.id, gus!.companyId!));
  const { journey, cabin, offer } = parisLyonTrain(1, globex!.id);
  for (let start = 0; start < TICKETS; start += 250) {
    const batch = Array.from({ length: Math.min(250, TICKETS - start) }, (_, k) => start + k);
    const rows = await db
      .insert(travels)
      .values(batch.map(() => ({ agencyId: gus!.agencyId, companyId: globex!.id, userId: gus!.id, status: 'booked' as const })))
      .returning({ id: travels.id });
    await db.insert(travelProducts).values(
      rows.map((row, k) => {
        const i = batch[k]!;
        const data: TripData = {
          type: 'rail',
          journey: { ...journey, cabins: [] },
          offer,
          cabin: cabin.cabin,
          travelers: [{ travelerID: 1, profileID: gus!.id, firstname: 'Gus', lastname: 'Moreau' }],
          placementWishes: {},
          ancillaries: [],
          searchID: 'bench',
          booking: { tickets: [{ passenger: 0, number: String(1_000_000_000_000 + i) }], seats: [] },
        };
        // A day apart each: the list spans the next three years.
        const shift = i * 86_400_000;
        return {
          travelId: row.id,
          type: 'rail' as const,
          status: 'booked' as const,
          price: offer.price + (i % 97) * 100,
          startsAt: new Date(new Date(journey.departure).getTime() + shift),
          endsAt: new Date(new Date(journey.arrival).getTime() + shift),
          pnr: `B${String(i).padStart(5, '0')}`,
          data,
        };
      }),
    );
  }
  await database.close();
  log(`  seeded ${TICKETS} booked tickets for gus in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * "Mes réservations" with 1,000 tickets. Over HTTP as gus, the list's first page as the app asks for
 * it (p95 of API_READS after API_WARM_UP; the whole list's read, for information). Then in Chromium on
 * the production build: from the side menu's click (a User Timing mark set with the click) to the
 * app's mark after the frame that paints the first tickets (src/web/lib/perf-marks.ts), the first
 * page's read and its check included, a fresh page (no query cache) each run, after WARM_UP uncounted
 * visits (a server just started); median of RUNS. A full load of /account/tickets (navigation start
 * to the same mark) is reported for information.
 */
export const bookingsBench: Measurement = {
  name: 'bookings',
  title: `bookings: Mes réservations with ${TICKETS} tickets, menu click → first tickets painted (median of ${RUNS}), first page's read (p95)`,
  async run({ root, log }) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-bench-bookings-'));
    await seedWorld(dataDir, log);
    const server = await startServer({ root, dataDir });
    const browser = await launchBrowser();
    try {
      const page = await signedInPage(browser, server.baseUrl, 'gus');
      const clicks: number[] = [];
      const loads: number[] = [];
      let shown = 0;
      const apiTimes: { server: number; fetch: number; afterResponse: number; kb: number }[] = [];
      // Visits first, not counted (like the other benches' warm-up): a server just started has not
      // compiled this path yet (JIT); it takes a few visits. The first one's figure is kept for information.
      let cold = 0;
      let firstUrl = '';
      for (let i = -WARM_UP; i < RUNS; i++) {
        // No query cache: the offline copy of the last run's tickets (lib/offline-cache.ts) is deleted
        // from a page of the origin without the app (it would paint them from IndexedDB before any read).
        await page.goto('/api/v1/agency');
        await page.evaluate(
          () =>
            new Promise((resolve) => {
              const deleting = indexedDB.deleteDatabase('escale-offline');
              deleting.onsuccess = deleting.onerror = deleting.onblocked = () => resolve(null);
            }),
        );
        await page.goto('/account/informations');
        const link = page.getByRole('navigation', { name: 'Mon espace' }).getByRole('link', { name: 'Mes réservations', exact: true });
        await link.waitFor();
        await link.evaluate((a, mark) => {
          performance.mark(mark);
          (a as HTMLAnchorElement).click();
        }, CLICK);
        await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, TICKETS_PAINTED_MARK, { timeout: 30_000 });
        const ms = await page.evaluate(
          ([click, painted]) =>
            performance.measure('bench:tickets', {
              start: performance.getEntriesByName(click)[0]!.startTime,
              end: performance.getEntriesByName(painted)[0]!.startTime,
            }).duration,
          [CLICK, TICKETS_PAINTED_MARK] as const,
        );
        if (i < 0) {
          if (i === -WARM_UP) cold = round(ms);
          log(`  warm-up visit: menu click → painted ${round(ms)} ms (not counted)`);
          continue;
        }
        clicks.push(round(ms));
        shown = await page.locator('[data-status]').count();
        const fromCache = await page.evaluate(
          (click) =>
            !performance
              .getEntriesByType('resource')
              .some((e) => e.name.includes('/api/v1/tickets/') && e.startTime >= performance.getEntriesByName(click)[0]!.startTime),
          CLICK,
        );
        if (fromCache) throw new Error('the tickets were painted without a read of /api/v1/tickets/ (a cache)');
        const api = await page.evaluate((click) => {
          // The first page's read: the list's first call since the click.
          const clicked = performance.getEntriesByName(click)[0]!.startTime;
          const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/v1/tickets/') && e.startTime >= clicked) as
            | PerformanceResourceTiming
            | undefined;
          return entry
            ? {
                url: new URL(entry.name).pathname + new URL(entry.name).search,
                wait: entry.responseStart - entry.requestStart,
                total: entry.responseEnd - entry.startTime,
                bytes: entry.encodedBodySize,
                end: entry.responseEnd,
              }
            : null;
        }, CLICK);
        const paintedAt = await page.evaluate((painted) => performance.getEntriesByName(painted)[0]!.startTime, TICKETS_PAINTED_MARK);
        if (api) firstUrl = api.url;
        if (api) apiTimes.push({ server: round(api.wait), fetch: round(api.total), afterResponse: round(paintedAt - api.end), kb: round(api.bytes / 1024) });

        await page.goto('/account/tickets');
        await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, TICKETS_PAINTED_MARK, { timeout: 30_000 });
        const load = await page.evaluate((painted) => performance.getEntriesByName(painted)[0]!.startTime, TICKETS_PAINTED_MARK);
        loads.push(round(load));
        log(
          `  run ${i + 1}: menu click → painted ${round(ms)} ms (GET /tickets/ ${JSON.stringify(apiTimes.at(-1))}); full load → painted ${round(load)} ms; ${shown} ticket rows in the page`,
        );
      }
      const { headers } = await signInApi(server.baseUrl, 'gus');
      const timed = async (url: string, reads: number) => {
        const times: number[] = [];
        let count = 0;
        for (let i = -API_WARM_UP; i < reads; i++) {
          const started = performance.now();
          const res = await fetch(`${server.baseUrl}${url}`, { headers: { ...headers, 'accept-encoding': 'br, gzip' } });
          const body = (await res.json()) as { result: unknown[] };
          if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
          if (i >= 0) times.push(performance.now() - started);
          count = body.result.length;
        }
        return { count, median: medianMs(times), p95: p95(times) };
      };
      // The first page as the app asked for it in the runs above.
      if (!firstUrl) throw new Error('the app read no /api/v1/tickets/');
      const firstPage = await timed(firstUrl, API_READS);
      const whole = await timed('/api/v1/tickets/?active=true&limit=1000', 20);
      log(`  GET ${firstUrl}: ${firstPage.count} tickets, median ${firstPage.median} ms, p95 ${firstPage.p95} ms (${API_READS} reads)`);
      log(
        `  GET /api/v1/tickets/?active=true&limit=1000 (the whole list, for information): ${whole.count} tickets, median ${whole.median} ms, p95 ${whole.p95} ms`,
      );
      const ms = median(clicks);
      const load = median(loads);
      log(`  median: menu click → painted ${ms} ms; full load → painted ${load} ms`);
      return {
        figures: {
          tickets: TICKETS,
          firstPageUrl: firstUrl,
          firstPageApi: firstPage,
          wholeListApi: whole,
          coldMs: cold,
          runs: clicks,
          api: apiTimes,
          medianMs: ms,
          fullLoadRuns: loads,
          fullLoadMedianMs: load,
          rowsInPage: shown,
        },
        budgets: [
          budget(`Mes réservations, ${TICKETS} tickets: click → painted (median)`, ms, '<=', BUDGET_MS, 'ms'),
          budget(`Mes réservations, ${TICKETS} tickets: GET the first page, ${firstPage.count} tickets (p95)`, firstPage.p95, '<=', API_BUDGET_MS, 'ms'),
        ],
        notes: [
          `bookings: the whole list of ${TICKETS} (limit=1000) reads in ${whole.median} ms (median, for information).`,
          `bookings: a full load of /account/tickets (navigation start → painted) takes ${load} ms (median, for information).`,
          `bookings: the first visit after the server started took ${cold} ms (warm-up, not counted).`,
        ],
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
