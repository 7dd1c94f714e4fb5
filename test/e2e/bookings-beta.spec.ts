import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { addToCart, checkOut, fare, gusApi, isoDay } from './booked';
import { signIn } from './support';
import { journeyDay } from './days';
import { ownUser } from './users';

/*
 * The beta bookings list against the real server: a Globex traveller of the journey's own (a twin
 * of gus: mission orders, no approval) books two trains through the real API, as the checkout would, and keeps a third in his
 * cart; the list shows the two booked ones, and its status filter works.
 */

test('a user’s booked travels are in the beta list, and its status filter works', async ({ page, request }) => {
  const traveller = await ownUser(request, 'gus');
  const api = await gusApi(request, traveller);
  /** The first one-way train Paris → `to` on `day`, in the cart. */
  const addTrain = async (to: string, day: Date) => addToCart(api, [(await fare(api, { destination: to, datetime: `${isoDay(day)}T07:00` })).offer.id]);
  for (const [to, offset] of [
    ['city:lyon', 28],
    ['city:marseille', 29],
  ] as const)
    await checkOut(api, await addTrain(to, journeyDay('bookings-beta', offset)));
  await addTrain('city:lille', journeyDay('bookings-beta', 30)); // stays in the cart: not a booking

  await signIn(page, traveller.username, 'Gus');
  await page.goto('/account/informations');
  await page.getByRole('navigation', { name: 'Mon espace' }).getByRole('link', { name: 'Mes réservations (bêta)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes réservations (bêta)' })).toBeVisible();
  const feed = page.getByRole('feed', { name: 'Mes réservations (bêta)' });
  // Every status by default: his two booked trains are there; not the one still in his cart.
  await expect(feed.getByRole('heading', { level: 2, name: 'Paris → Marseille' })).toBeVisible();
  await expect(feed.getByRole('heading', { level: 2, name: 'Paris → Lyon' })).toBeVisible();
  await expect(feed.getByRole('heading', { level: 2, name: 'Paris → Lille' })).toHaveCount(0);

  const status = page.getByRole('combobox', { name: 'Statut' });
  await status.selectOption({ label: 'En approbation' });
  await expect(page.getByText('Aucun voyage ne correspond à ces filtres')).toBeVisible();
  await status.selectOption({ label: 'Émis' });
  await expect(page.getByRole('status').filter({ hasText: 'voyages' })).toHaveText('2 voyages');
  // Newest start first, the route, the local times, the traveller and the status.
  const rows = feed.getByRole('article');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('heading', { level: 2 })).toHaveText('Paris → Marseille');
  await expect(rows.nth(1).getByRole('heading', { level: 2 })).toHaveText('Paris → Lyon');
  await expect(rows.nth(1)).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d – \d\d:\d\d/);
  await expect(rows.nth(1)).toContainText(traveller.name);
  await expect(rows.nth(1)).toHaveAttribute('aria-setsize', '2');
  await expect(rows.nth(0)).toContainText('Émis');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The keyboard reaches the list and moves in it.
  await rows.nth(0).focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();

  // The trips have not ended: the archives have none.
  await page.getByRole('navigation', { name: 'Mon espace' }).getByRole('link', { name: 'Mes archives (bêta)' }).click();
  await expect(page.getByText('Aucun voyage passé')).toBeVisible();
});
