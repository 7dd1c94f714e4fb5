import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { cartCount, login } from './support';
import { ownUser } from './users';

/** Tomorrow at 07:00 on this machine's clock (the server's clock is real). */
function tomorrowAt7(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T07:00`;
}

/** The signed-in user's first entity, from GET /api/v1/user/ with the page's token. */
async function firstEntity(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('escale.token');
    const meta = document.querySelector<HTMLMetaElement>('meta[name="escale-api-key"]')?.content ?? '';
    const key = meta && !meta.startsWith('%') ? meta : 'demo-agency-key';
    const response = await fetch('/api/v1/user/', { headers: { Authorization: `Bearer ${token}`, 'Api-Key': key } });
    const body = (await response.json()) as { result: { entities: { uid: string }[] } };
    return body.result.entities[0]!.uid;
  });
}

test('alice books the first Paris → Lyon train from a /search link and the cart badge counts it', async ({ page }) => {
  await page.goto('/');
  // The journey's own twin of alice (Acme): the train goes to a cart nobody else fills.
  await login(page, (await ownUser(page.request, 'alice')).username);
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Alice')).toBeVisible();
  const entity = await firstEntity(page);
  const url = `/search?from=city:paris&to=city:lyon&date=${tomorrowAt7()}&mode=departure&pax=me&entity=${entity}`;

  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: /^Aller : / })).toBeVisible();
  const trips = page.getByRole('list', { name: 'Trajets' });
  await expect(trips).toBeVisible({ timeout: 15_000 });
  const firstDeparture = await trips.getByRole('heading', { level: 3 }).first().textContent();

  const accessibility = await new AxeBuilder({ page }).include('main').analyze();
  expect(accessibility.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // A reload of the same URL shows the same first departure.
  await page.reload();
  await expect(trips.getByRole('heading', { level: 3 }).first()).toHaveText(firstDeparture ?? '', { timeout: 15_000 });

  const first = trips
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .first();
  await first.getByRole('button', { name: /2de classe/ }).click();
  const panel = page.getByRole('region', { name: /^Tarifs/ });
  await expect(panel.getByRole('button', { pressed: true }).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Choisir cette offre' }).click();

  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await expect(page.getByLabel('Prénom *')).toHaveValue('Alice');
  const birthdate = page.getByLabel(/^Date de naissance/);
  if ((await birthdate.inputValue()) === '') await birthdate.fill('12/04/1988');
  const stepAxe = await new AxeBuilder({ page }).include('main').analyze();
  expect(stepAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The badge counts one travel more.
  const before = await cartCount(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible();
  await expect(banner.getByRole('link', { name: new RegExp(`Panier\\s*${before + 1}\\s*articles`) })).toBeVisible();
});
