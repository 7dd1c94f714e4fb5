import { budget, round } from './lib/budget';
import { launchBrowser, median, signedInPage } from './lib/browser';
import type { Measurement } from './lib/types';

const RUNS = 5;
const BUDGET_MS = 300;
const SUBMIT = 'escale:search-submit';
const FIRST_PROPOSAL = 'escale:first-proposal';

/**
 * Production build, supplier without latency: alice fills the home trip form (Paris → Lyon, first
 * entity, default date), clicks Rechercher, and the app's own User Timing marks (src/web/lib/perf-marks.ts)
 * give the time from the submit to the first proposal card painted. Median of 5 fresh page loads.
 */
export const searchClick: Measurement = {
  name: 'search-click',
  title: 'search button click → first proposal painted (median of 5)',
  async run({ baseUrl, log }) {
    const browser = await launchBrowser();
    try {
      const page = await signedInPage(browser, baseUrl, 'alice');
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        // A fresh load each time: no query cache, so every run is a real search.
        await page.goto('/');
        const form = page.getByRole('form', { name: 'Recherche de trajet' });
        for (const [field, city] of [
          ['Départ', 'Paris'],
          ['Destination', 'Lyon'],
        ] as const) {
          await form.getByRole('combobox', { name: field }).fill(city);
          await page.getByRole('listbox', { name: field }).getByRole('option').first().click();
        }
        await form.getByRole('combobox', { name: 'Entité' }).selectOption({ index: 1 });
        await form.getByRole('button', { name: 'Rechercher' }).click();
        await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FIRST_PROPOSAL, { timeout: 30_000 });
        const ms = await page.evaluate(
          // The first of each mark: a later re-render must not move the end.
          ([submit, first]) =>
            performance.measure('escale:search-click', {
              start: performance.getEntriesByName(submit)[0]!.startTime,
              end: performance.getEntriesByName(first)[0]!.startTime,
            }).duration,
          [SUBMIT, FIRST_PROPOSAL] as const,
        );
        runs.push(round(ms));
        log(`  run ${i + 1}: ${round(ms)} ms`);
      }
      const ms = median(runs);
      log(`  median ${ms} ms`);
      return { figures: { runs, medianMs: ms }, budgets: [budget('search click → first proposal (median)', ms, '<=', BUDGET_MS, 'ms')] };
    } finally {
      await browser.close();
    }
  },
};
