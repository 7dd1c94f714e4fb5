import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { budget, round, p95, medianMs, cpuMs } from './lib/budget';
import { launchBrowser, signedInPage } from './lib/browser';
import { API_KEY, startServer } from './lib/server';
import type { Measurement } from './lib/types';
import { openSeededWorld } from './lib/world';
import { BETA_STATUSES } from '../src/contract/travel-list';
import { users } from '../src/server/db/schema';
import { DEMO_PASSWORD } from '../src/server/db/seed';
import { seedTravels, type TravelSpec } from '../src/server/features/travels/travels.fixtures';

const TRAVELS = 10_000;
const READS = 60;
const WARM_UP = 10;
const API_BUDGET_MS = 30;
const LONG_TASK_BUDGET_MS = 50;
const ROWS_BUDGET = 60;
const SCROLL_TIMEOUT_MS = 240_000;

const FIRST = ['Inès', 'Hélène', 'Zoé', 'Benoît', 'Océane', 'Jérôme', 'Chloé', 'Loïc', 'Gaëlle', 'Raphaël', 'Emma', 'Lucas', 'Léa', 'Hugo', 'Manon'];
const LAST = ['Benali', 'Dupont', 'Lefèvre', 'Müller', 'Garçon', 'Martin', 'Bernard', 'Thomas', 'Petit', 'Robert', 'Durand'];
const ROUTES = [
  ['city:paris', 'city:lyon'],
  ['city:lyon', 'city:marseille'],
  ['city:paris', 'city:lille'],
  ['city:bordeaux', 'city:paris'],
] as const;

/**
 * Runs in the page (a string: tsx would name its functions with a helper the page does not have). A fast
 * reader: 600 px a frame (~36,000 px/s), waiting at the end of what is loaded for the next page, until
 * the list says there is no more and the window is at the bottom; counts the rows in the DOM each frame.
 */
const SCROLL_TO_THE_END = `(timeoutMs) => new Promise((resolve) => {
  let maxRows = 0;
  let frames = 0;
  const t0 = performance.now();
  const rows = () => document.querySelectorAll('[role="feed"] > article');
  function step() {
    frames++;
    maxRows = Math.max(maxRows, rows().length);
    const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    const ended = atBottom && [...document.querySelectorAll('p')].some((p) => p.textContent === 'Il n’y a plus d’autre voyage.');
    if (ended || performance.now() - t0 > timeoutMs) {
      resolve({ maxRows, frames, ended, lastPosinset: Math.max(0, ...[...rows()].map((a) => Number(a.getAttribute('aria-posinset')))) });
      return;
    }
    window.scrollBy(0, 600);
    requestAnimationFrame(step);
  }
  requestAnimationFrame(step);
})`;

/** Alice's 10,000 travels to come (ten a day from tomorrow on), mostly booked, some pending, in approval or cancelled. */
function specs(): TravelSpec[] {
  return Array.from({ length: TRAVELS }, (_, i) => {
    const r = i % 100;
    const status =
      r < 80 ? (['issued', 'booked', 'pending_ticketing'] as const)[i % 3]! : r < 88 ? 'pending_approval' : r < 93 ? 'pending_confirmation' : 'cancelled';
    // The template day is two weeks on; -13 is tomorrow.
    return {
      status,
      days: -13 + Math.floor(i / 10),
      route: ROUTES[i % ROUTES.length]!,
      pax: [{ firstname: FIRST[i % FIRST.length]!, lastname: LAST[Math.floor(i / FIRST.length) % LAST.length]! }],
    };
  });
}

/** A fresh PGlite data directory, migrated and seeded, with alice's 10,000 travels (before its server starts). */
export async function seedWorld(dataDir: string, log: (m: string) => void) {
  const database = await openSeededWorld(dataDir);
  const t0 = Date.now();
  const [alice] = await database.db.select().from(users).where(eq(users.username, 'alice'));
  await seedTravels(database.db, alice!, specs(), new Date());
  await database.close();
  log(`  seeded ${TRAVELS} travels for alice in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * The beta list at 10,000 travels: the API's first page (p95 of 60 reads after 10 of
 * warm-up), then Chromium scrolls `/account/tickets-beta` from top to bottom (every page loaded by
 * the endless scroll), recording main-thread tasks over 50 ms and the most rows in the DOM.
 */
export const travels10k: Measurement = {
  name: 'travels-10k',
  title: `beta travels list: ${TRAVELS.toLocaleString('en')} travels, first page p95, scroll to the end`,
  async run({ root, log }) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-bench-travels-'));
    await seedWorld(dataDir, log);
    const server = await startServer({ root, dataDir });
    try {
      const login = await fetch(`${server.baseUrl}/api/v1/user/login`, {
        method: 'POST',
        headers: { 'api-key': API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'alice', password: DEMO_PASSWORD }),
      });
      const token = ((await login.json()) as { result: { token: string } }).result.token;
      const query = (extra: Record<string, string>) => {
        const params = new URLSearchParams();
        for (const s of BETA_STATUSES) params.append('travelStatus', s);
        for (const [k, v] of Object.entries({ limit: '50', offset: '0', sortBy: 'startDate', orderBy: 'desc', passed: 'false', ...extra })) params.set(k, v);
        return `/api/v1/v2/travels/?${params}`;
      };
      const timed = async (url: string) => {
        const times: number[] = [];
        let cpuBefore = 0;
        let total = 0;
        let count = 0;
        for (let i = 0; i < WARM_UP + READS; i++) {
          const started = performance.now();
          const res = await fetch(`${server.baseUrl}${url}`, { headers: { 'api-key': API_KEY, authorization: `Bearer ${token}` } });
          const body = (await res.json()) as { result: { travels: unknown[]; total: number } };
          const ms = performance.now() - started;
          if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
          ({ total } = body.result);
          count = body.result.travels.length;
          if (i >= WARM_UP) times.push(ms);
          if (i === WARM_UP - 1) cpuBefore = cpuMs(server.pid);
        }
        return { p95: p95(times), median: medianMs(times), count, total, serverCpuMs: round((cpuMs(server.pid) - cpuBefore) / READS, 2) };
      };
      const first = await timed(query({}));
      log(
        `  GET /v2/travels/ first page: p95 ${first.p95} ms, median ${first.median} ms (${first.count} of ${first.total}); server CPU ${first.serverCpuMs} ms a request`,
      );
      if (first.total !== TRAVELS) throw new Error(`expected ${TRAVELS} travels, the list says ${first.total}`);
      const byStatus = await timed(query({ sortBy: 'status', orderBy: 'asc' }));
      log(`  … sorted by status: p95 ${byStatus.p95} ms, median ${byStatus.median} ms; server CPU ${byStatus.serverCpuMs} ms`);
      const last = await timed(query({ offset: String(TRAVELS / 50 - 1) }));
      log(`  … last page (offset ${TRAVELS / 50 - 1}): p95 ${last.p95} ms, median ${last.median} ms; server CPU ${last.serverCpuMs} ms`);

      const browser = await launchBrowser();
      try {
        const page = await signedInPage(browser, server.baseUrl, 'alice');
        await page.addInitScript(() => {
          const tasks: number[] = [];
          Object.assign(window, { benchLongTasks: tasks });
          new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: true });
        });
        await page.goto('/account/tickets-beta');
        await page.getByRole('feed').getByRole('article').first().waitFor({ timeout: 30_000 });
        // Only the scroll counts, not the page load.
        await page.evaluate(() => ((window as unknown as { benchLongTasks: number[] }).benchLongTasks.length = 0));
        const started = Date.now();
        const scroll = (await page.evaluate(`(${SCROLL_TO_THE_END})(${SCROLL_TIMEOUT_MS})`)) as {
          maxRows: number;
          frames: number;
          ended: boolean;
          lastPosinset: number;
        };
        const seconds = round((Date.now() - started) / 1000);
        const tasks = await page.evaluate(() => (window as unknown as { benchLongTasks: number[] }).benchLongTasks);
        const longest = round(Math.max(0, ...tasks));
        const load = os.loadavg().map((l) => round(l, 1));
        log(`  load average while measuring: ${load.join(', ')} (2 cores: figures above ~2 are inflated by other processes)`);
        log(
          `  scrolled to travel ${scroll.lastPosinset} of ${TRAVELS} in ${seconds} s (${scroll.frames} frames${scroll.ended ? '' : ', NOT to the end'}): ${tasks.length} task(s) over 50 ms, longest ${longest} ms; at most ${scroll.maxRows} rows in the DOM`,
        );
        return {
          figures: {
            travels: TRAVELS,
            loadAverage: load,
            firstPage: first,
            byStatus,
            lastPage: last,
            scroll: { ...scroll, seconds, longTasksMs: tasks.map((t) => round(t)), longestTaskMs: longest },
          },
          budgets: [
            budget('GET /v2/travels/ first page (p95)', first.p95, '<=', API_BUDGET_MS, 'ms'),
            budget('scrolled to the last travel', scroll.ended && scroll.lastPosinset === TRAVELS ? 1 : 0, '=', 1),
            budget('longest task while scrolling', longest, '<=', LONG_TASK_BUDGET_MS, 'ms'),
            budget('travel rows in the DOM', scroll.maxRows, '<=', ROWS_BUDGET),
          ],
        };
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  },
};
