import { chromium } from 'playwright-core';
import { budget, round } from './lib/budget';
import { CHROME_PATH, CHROMIUM_ARGS, apiAs, signedInPage } from './lib/browser';
import type { Measurement } from './lib/types';

const isoDay = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

/**
 * The hotel results of Paris (about 500 hotels) with their map, in Chromium drawing WebGL
 * with SwiftShader (no GPU here: a laptop's GPU draws far faster): the time from turning the map on
 * to its first markers painted; the frames while the map is dragged 400 px (requestAnimationFrame
 * intervals: markers are re-clustered by supercluster as the view moves); and the longest main-thread
 * task (PerformanceObserver 'longtask', over 50 ms only) while the filters and the sort change.
 */
export const hotelMap: Measurement = {
  name: 'hotel-map',
  title: 'hotel results Paris: map paint, panning frames, long tasks while filtering',
  async run({ baseUrl, log }) {
    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: [...CHROMIUM_ARGS, '--enable-unsafe-swiftshader', '--use-angle=swiftshader'] });
    try {
      const page = await signedInPage(browser, baseUrl, 'alice');
      await page.addInitScript(() => {
        const tasks: number[] = [];
        Object.assign(window, { benchLongTasks: tasks });
        new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: true });
      });
      const entity = (await apiAs<{ entities: { uid: string }[] }>(page, 'GET', '/api/v1/user/')).entities[0]!.uid;
      await page.goto(`/search-hotels?place=city:paris&lat=48.8534&lon=2.3488&in=${isoDay(20)}&out=${isoDay(22)}&radius=10&pax=me&rooms=1&entity=${entity}`);
      const list = page.getByRole('list', { name: 'Hôtels' });
      await list.getByRole('button').first().waitFor({ timeout: 30_000 });
      const hotels = Number(
        (
          await page
            .getByText(/^\d+ hôtels$/)
            .first()
            .textContent()
        )?.match(/\d+/)?.[0] ?? 0,
      );

      // Map on: from the switch to the first markers painted.
      const switched = await page.evaluate(() => performance.now());
      await page.getByRole('switch', { name: 'Afficher la carte' }).check();
      const map = page.getByRole('region', { name: 'Carte des hôtels' });
      await map.getByRole('button').first().waitFor({ timeout: 30_000 });
      const painted = await page.evaluate(
        () => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))),
      );
      const firstPaint = round(painted - switched, 0);
      await page.waitForTimeout(1_500);

      // Dragging the map: frame intervals while the view moves.
      const box = (await map.boundingBox())!;
      // A string, not a function: tsx names the functions it compiles (`__name`), which the page does not have.
      await page.evaluate(`(() => {
        const frames = [];
        let last = performance.now();
        window.benchFrames = frames;
        requestAnimationFrame(function tick(now) {
          frames.push(now - last);
          last = now;
          if (window.benchFrames) requestAnimationFrame(tick);
        });
      })()`);
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let i = 1; i <= 40; i++) await page.mouse.move(x - i * 10, y - i * 4);
      await page.mouse.up();
      await page.waitForTimeout(500);
      const frames = await page.evaluate(() => {
        const w = window as unknown as { benchFrames?: number[] };
        const all = w.benchFrames ?? [];
        delete w.benchFrames;
        return all.slice(1);
      });
      frames.sort((a, b) => a - b);
      const p95Frame = round(frames[Math.floor(frames.length * 0.95)] ?? 0, 1);
      const over16 = round((frames.filter((f) => f > 16.7).length / Math.max(1, frames.length)) * 100, 0);

      // Filters and sort, the map on: the longest task.
      await page.evaluate(() => ((window as unknown as { benchLongTasks: number[] }).benchLongTasks.length = 0));
      for (const label of ['Petit-déjeuner', 'Annulable', 'Petit-déjeuner', 'Annulable']) {
        await page.getByRole('checkbox', { name: label, exact: true }).first().click();
        await page.waitForTimeout(300);
      }
      for (const sort of ['BY_DISTANCE', 'BY_PREF', 'BY_PRICE']) {
        await page.getByRole('combobox', { name: 'Trier par' }).selectOption(sort);
        await page.waitForTimeout(300);
      }
      const tasks = await page.evaluate(() => (window as unknown as { benchLongTasks: number[] }).benchLongTasks);
      const longestTask = round(Math.max(0, ...tasks), 0);
      log(
        `  ${hotels} hotels; map on → first markers painted ${firstPaint} ms; dragging: ${frames.length} frames, p95 ${p95Frame} ms, ${over16} % over 16.7 ms; filtering and sorting: longest task ${longestTask} ms (0: none over 50 ms)`,
      );
      return {
        figures: { hotels, firstPaint, frames: frames.length, p95Frame, over16, longestTask },
        budgets: [
          budget('hotel map: first markers after the switch', firstPaint, '<=', 1000, 'ms'),
          budget('hotel map: p95 frame while dragging', p95Frame, '<=', 16.7, 'ms'),
          budget('hotel results: longest task while filtering', longestTask, '<=', 50, 'ms'),
        ],
      };
    } finally {
      await browser.close();
    }
  },
};
