import type { Page } from 'playwright-core';
import { budget, round } from './lib/budget';
import { launchBrowser, signedInPage } from './lib/browser';
import type { Measurement } from './lib/types';

const PROPOSALS = 1000;
const LONG_TASK_BUDGET_MS = 50;
const ROWS_BUDGET = 40;

type Proposal = { id: string; type: string; duration: number; co2Emission: number; choices: { price: number | null }[] };

/**
 * The real server's answer for Paris → Lyon, its trains repeated into 1,000 distinct proposals
 * (own ids, durations, CO2 and prices) by rewriting the /treep/search response in the browser only.
 */
async function serveThousandTrains(page: Page) {
  await page.route('**/api/v1/treep/search**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result: { proposals: Proposal[] } };
    const trains = body.result.proposals.filter((p) => p.type === 'rail');
    if (trains.length === 0) throw new Error('the search found no train to repeat');
    const repeated = Array.from({ length: PROPOSALS }, (_, i) => {
      const p = trains[i % trains.length]!;
      return {
        ...p,
        id: `${p.id}-bench${i}`,
        duration: p.duration + (i % 37),
        co2Emission: p.co2Emission + ((i * 13) % 500),
        choices: p.choices.map((c) => ({ ...c, price: c.price === null ? null : c.price + ((i * 97) % 4000) })),
      };
    });
    body.result.proposals = [...repeated, ...body.result.proposals.filter((p) => p.type !== 'rail')];
    await route.fulfill({ response, json: body });
  });
}

const tomorrowAt7 = () => {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.toISOString().slice(0, 10)}T07:00`;
};

/**
 * A results leg of 1,000 trains: the sort and filters are changed several times and the longest
 * main-thread task (PerformanceObserver 'longtask': only tasks over 50 ms are reported) and the
 * proposal rows in the DOM are recorded.
 */
export const results1000: Measurement = {
  name: 'results-1000',
  title: '1,000 proposals: longest task while sorting/filtering, rows in the DOM',
  async run({ baseUrl, log }) {
    const browser = await launchBrowser();
    try {
      const page = await signedInPage(browser, baseUrl, 'alice');
      await page.addInitScript(() => {
        const tasks: number[] = [];
        Object.assign(window, { benchLongTasks: tasks });
        new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: true });
      });
      await serveThousandTrains(page);
      const entity = await page.evaluate(async () => {
        const meta = document.querySelector<HTMLMetaElement>('meta[name="escale-api-key"]')?.content ?? '';
        const headers = {
          Authorization: `Bearer ${localStorage.getItem('escale.token')}`,
          'Api-Key': meta && !meta.startsWith('%') ? meta : 'demo-agency-key',
        };
        const body = (await (await fetch('/api/v1/user/', { headers })).json()) as { result: { entities: { uid: string }[] } };
        return body.result.entities[0]!.uid;
      });
      await page.goto(`/search?from=city:paris&to=city:lyon&date=${tomorrowAt7()}&mode=departure&pax=me&entity=${entity}`);
      const list = page.getByRole('list', { name: 'Trajets' });
      await page.getByRole('button', { name: `Train (${PROPOSALS})` }).waitFor({ timeout: 30_000 });
      await list.getByRole('listitem').first().waitFor();
      // Only the interactions count, not the page load.
      await page.evaluate(() => ((window as unknown as { benchLongTasks: number[] }).benchLongTasks.length = 0));

      const sort = page.getByLabel('Trier par');
      const steps: [string, () => Promise<unknown>][] = [
        ['sort by price', () => sort.selectOption('BY_PRICE')],
        ['sort by duration', () => sort.selectOption('BY_DURATION')],
        ['sort by CO2', () => sort.selectOption('BY_CARBON')],
        ['direct only', () => page.getByRole('button', { name: 'Avec correspondance' }).click()],
        ['no hold luggage', () => page.getByRole('button', { name: 'Avec bagage en soute' }).click()],
        ['sort by time', () => sort.selectOption('BY_TIME')],
        ['reset filters', () => page.getByRole('button', { name: 'Réinitialiser les filtres' }).click()],
      ];
      let maxRows = 0;
      for (const [, step] of steps) {
        await step();
        // Let the render and any late task land before counting.
        await page.waitForTimeout(300);
        maxRows = Math.max(maxRows, await page.locator('ul[aria-label="Trajets"] > li').count());
      }
      const tasks = await page.evaluate(() => (window as unknown as { benchLongTasks: number[] }).benchLongTasks);
      const longest = round(Math.max(0, ...tasks));
      const setSize = Number(await list.locator('> li').first().getAttribute('aria-setsize'));
      log(
        `  ${steps.length} sort/filter changes: ${tasks.length} task(s) over 50 ms, longest ${longest} ms; at most ${maxRows} rows in the DOM (list of ${setSize})`,
      );
      return {
        figures: {
          proposals: PROPOSALS,
          changes: steps.map(([name]) => name),
          longTasksMs: tasks.map((t) => round(t)),
          longestTaskMs: longest,
          maxRows,
          setSize,
        },
        budgets: [
          budget('longest task while sorting/filtering', longest, '<=', LONG_TASK_BUDGET_MS, 'ms'),
          budget('proposal rows in the DOM', maxRows, '<=', ROWS_BUDGET),
        ],
      };
    } finally {
      await browser.close();
    }
  },
};
