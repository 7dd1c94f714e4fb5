import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gusApi, gusBooksTrain } from './booked';
import { signIn, typedDate } from './support';
import { journeyDay } from './days';

/*
 * The booking lists: gus's Paris → Lyon train, booked through the real API with his
 * session, shows in "Mes réservations" with its status; a filter written in the address survives a
 * reload; once the server's test clock passes its arrival, it is in "Mes archives" instead.
 */

const axeViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test.afterEach(async ({ request }) => {
  await request.post('/dev/clock', { data: { reset: true } });
});

test('a booked train is in Mes réservations with its status, filters survive a reload, and it moves to Mes archives once arrived', async ({ page }) => {
  // Two sign-ins, two reloads, a booking and a clock jump: ~19 s on a quiet machine, past 30 s on a busy one.
  test.slow();
  const day = journeyDay('bookings', 23);
  await signIn(page, 'gus', 'Gus');
  const booked = await gusBooksTrain<{ products: { arrival: string }[] }>(await gusApi(page), day);

  // From the account menu.
  await page.goto('/account/informations');
  await page.getByRole('navigation', { name: 'Mon espace' }).getByRole('link', { name: 'Mes réservations', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes réservations' })).toBeVisible();
  const travel = page.getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true });
  const ticket = travel.getByRole('group', { name: /→/ });
  await expect(ticket).toHaveCount(1);
  await expect(ticket.getByText(/^(Émis|Émission en cours)$/)).toBeVisible();
  await expect(ticket).toContainText(`${typedDate(day)} `);
  await expect(ticket).toContainText('Gus Moreau');
  await expect(ticket.getByRole('link', { name: /Récapitulatif de Gus Moreau/ })).toHaveAttribute('target', '_blank');
  // Ticked: the selection bar says so (WCAG 2.2 AA checked with the selection shown).
  await travel.getByRole('checkbox', { name: /^Sélectionner tous les billets/ }).check();
  await expect(page.getByRole('toolbar', { name: 'Billets sélectionnés' })).toContainText(/1 billet sélectionné/);
  expect(await axeViolations(page)).toEqual([]);

  // A filter is written in the address and read back after a reload.
  await page.getByLabel('Type').selectOption({ label: 'Avion' });
  await expect(page).toHaveURL(/[?&]type=flight/);
  await expect(page.getByText('Aucun billet ne correspond à ces filtres')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Type')).toHaveValue('flight');
  await expect(page.getByText('Aucun billet ne correspond à ces filtres')).toBeVisible();
  await page.getByLabel('Type').selectOption({ label: 'Train' });
  await expect(page).toHaveURL(/[?&]type=rail/);
  await page.reload();
  await expect(page.getByLabel('Type')).toHaveValue('rail');
  await expect(travel.getByRole('group', { name: /→/ })).toHaveCount(1);

  // The server's clock passes the arrival: the ticket is archived (a fresh session: the old one idled out).
  const minutes = Math.ceil((new Date(booked.products[0]!.arrival).getTime() - Date.now()) / 60_000) + 60;
  expect((await page.request.post('/dev/clock', { data: { advanceMinutes: minutes } })).ok()).toBe(true);
  await signIn(page, 'gus', 'Gus');
  await page.goto('/account/tickets');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes réservations' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Chargement des billets' })).toHaveCount(0);
  await expect(travel).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Mon espace' }).getByRole('link', { name: 'Mes archives', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes archives' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Voyages passés' }).getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true })).toBeVisible();
});
