import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { dayFromToday, offerPanel, proposals, signIn } from './support';

/*
 * Items 15, 16 and 19 on the results screen, as a visitor meets them: the first proposal in
 * view at 1280 × 720, "Choisir cette offre" in reach on a phone, the keyboard path (skip link, one Tab
 * stop for the list, arrows, a few Tabs to the button), Back from the traveller step, and a search
 * between two stations of one city that says why.
 */

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const parisLyon = `/search?from=city:paris&to=city:lyon&date=${iso(dayFromToday(1))}T07:00&mode=departure&pax=me`;

async function openResults(page: Page, url = parisLyon) {
  await page.goto(url);
  await expect(proposals(page).first()).toBeVisible({ timeout: 15_000 });
}

test('at 1280 × 720 the heading says route, date and passengers, and the first proposal is in view without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openResults(page);
  const box = (await proposals(page).first().boundingBox())!;
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(box.y).toBeGreaterThan(0);
  expect(box.y + box.height).toBeLessThanOrEqual(720);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aller : Paris - Lyon');
  await expect(page.getByText(/départ à partir de 07:00 · 1 passager$/)).toBeVisible();
  // "Modifier la recherche" (Acme's enableEditSearchButton) opens the form in place, from this search; axe finds nothing on either.
  // The seeded alice only searches here: nothing of hers is written.
  await signIn(page, 'alice', 'Alice');
  await openResults(page);
  await page.getByRole('button', { name: 'Modifier la recherche' }).click();
  await expect(page.getByRole('form', { name: 'Recherche de trajet' }).getByRole('combobox', { name: 'Départ' })).toHaveValue('Paris');
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a shared link’s first screen already says route, date and passengers, and the app adopts it as it is', async ({ page }) => {
  const url = `/search?from=city:paris&to=city:lyon&date=${iso(dayFromToday(1))}T07:00&mode=arrival&pax=${encodeURIComponent('["me","age:30-59"]')}`;
  // The page as the server sends it, before any script: the heading and its line are in it.
  const html = await (await page.request.get(url, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } })).text();
  const root = /<div id="root" data-page="search">([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';
  expect(root.replace(/<!--[^>]*-->/g, '')).toMatch(
    />Aller : Paris - Lyon<\/h1><p class="text-gray-800 tabular-nums">.*arrivée avant 07:00 · 2 passagers<\/p>/,
  );
  // Marked as the HTML parser made them, before the app's scripts run: the app must keep those very nodes.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const line = document.querySelector('h1 + p');
      if (line) (line as HTMLElement & { fromServer?: boolean }).fromServer = true;
    });
  });
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));
  // Twice: the second time the server knows the answer, which may come before the app hydrates.
  for (const visit of ['first', 'again']) {
    await openResults(page, url);
    const line = page.locator('h1 + p');
    await expect(line).toHaveText(/arrivée avant 07:00 · 2 passagers$/);
    expect(await line.evaluate((p) => (p as HTMLElement & { fromServer?: boolean }).fromServer), visit).toBe(true);
    expect(errors, visit).toEqual([]);
  }
});

test('on a phone, "Choisir cette offre" sits in a bar at the bottom of the screen once a fare is shown', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openResults(page);
  await proposals(page)
    .first()
    .getByRole('button', { name: /^2de classe.*€/ })
    .click();
  const choose = page.getByRole('button', { name: 'Choisir cette offre' });
  await expect(choose).toBeInViewport();
  const box = (await choose.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await choose.click();
  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
});

test('keyboard: skip to the results, arrows between proposals, a few Tabs to "Choisir cette offre"; Back returns to the results', async ({ page }) => {
  await openResults(page);
  // The page's skip link, then the results' own.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Aller au contenu' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Aller aux résultats' })).toBeFocused();
  await page.keyboard.press('Enter');
  const first = proposals(page).first();
  await expect(first.getByRole('button').first()).toBeFocused();

  await page.keyboard.press('ArrowDown');
  const second = proposals(page).nth(1);
  await expect(second.getByRole('button').first()).toBeFocused();
  const cabin = second.getByRole('button', { name: /^2de classe.*€/ });
  await cabin.focus();
  await page.keyboard.press('Enter');
  await expect(cabin).toHaveAttribute('aria-pressed', 'true');

  const choose = offerPanel(page).getByRole('button', { name: 'Choisir cette offre' });
  let tabs = 0;
  while (!(await choose.evaluate((el) => el === document.activeElement)) && tabs < 30) {
    await page.keyboard.press('Tab');
    tabs += 1;
  }
  await expect(choose).toBeFocused();
  expect(tabs, 'Tabs from the chosen cabin to "Choisir cette offre"').toBeLessThanOrEqual(6);
  const times = (await second.getByRole('heading', { level: 3 }).locator('[aria-hidden="true"]').textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();

  // Back: the results again, where the choice was made.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aller : Paris - Lyon');
  const chosen = proposals(page).filter({ hasText: times });
  await expect(chosen.getByRole('button', { name: /^2de classe.*€/ })).toHaveAttribute('aria-pressed', 'true');
});

test('later trips continue the list where it ends, a day separator marking the next day', async ({ page }) => {
  await openResults(page, `/search?from=city:paris&to=city:lyon&date=${iso(dayFromToday(1))}T17:00&mode=departure&pax=me`);
  const total = async () => Number(await proposals(page).first().getAttribute('aria-setsize'));
  const before = await total();
  const later = page.getByRole('button', { name: 'Trajets plus tard' });
  await later.click();
  await expect(page.getByRole('status').filter({ hasText: /plus tard ajoutés? à la liste/ })).toBeAttached();
  await later.click();
  await expect.poll(total).toBeGreaterThan(before);
  // Evening trains, then the next morning's: the list says where the next day starts. The list scrolls
  // on its own and renders only the rows near view: a reader scrolling it from its top meets the separator.
  const next = dayFromToday(2);
  const weekday = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'][next.getDay()]!;
  const separator = page.getByRole('list', { name: 'Trajets' }).getByText(new RegExp(`^${weekday} ${next.getDate()} `));
  await proposals(page).first().hover();
  await page.mouse.wheel(0, -100_000);
  await expect(async () => {
    await page.mouse.wheel(0, 250);
    await expect(separator).toHaveCount(1, { timeout: 250 });
  }).toPass({ timeout: 15_000 });
});

test('two stations of one city: the results say why there is nothing to show', async ({ page }) => {
  await page.goto(`/search?from=station:8768600&to=station:8739100&date=${iso(dayFromToday(1))}T07:00&mode=departure&pax=me`);
  await expect(page.getByRole('alert')).toContainText(
    'Paris Gare de Lyon et Paris Montparnasse sont dans la même ville (Paris) : aucun train ni vol ne les relie.',
  );
  await expect(page).toHaveURL(/\/search\?/);
});
