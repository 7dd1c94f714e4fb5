import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gusApi, gusBooksTrain } from './booked';
import { signIn, typedDate } from './support';
import { journeyDay } from './days';
import { ownUser } from './users';

/*
 * The booking lists: the Paris → Lyon train of a Globex traveller of the journey's own (a twin of
 * gus), booked through the real API with his session, shows in "Mes réservations" with its status; a filter written in the address survives a
 * reload; once the server's test clock passes its arrival, it is in "Mes archives" instead.
 */

const axeViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

// The jump moves the server's clock for everyone: back to the real time after the journey, pass or fail, so later journeys see it.
test.afterEach(async ({ request }) => {
  const reset = await request.post('/dev/clock', { data: { reset: true } });
  expect(reset.ok()).toBe(true);
  expect(((await reset.json()) as { result: { offsetMinutes: number } }).result.offsetMinutes).toBe(0);
});

test('a booked train is in Mes réservations with its status, filters survive a reload, and it moves to Mes archives once arrived', async ({ page }) => {
  // Two sign-ins, two reloads, a booking and a clock jump: ~19 s on a quiet machine, past 30 s on a busy one.
  test.slow();
  const day = journeyDay('bookings', 23);
  const traveller = await ownUser(page.request, 'gus');
  await signIn(page, traveller.username, 'Gus');
  const booked = await gusBooksTrain<{ products: { arrival: string }[] }>(await gusApi(page, traveller), day);

  // From the account menu.
  await page.goto('/account/informations');
  await page.getByRole('navigation', { name: 'Mon espace' }).getByRole('link', { name: 'Mes réservations', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes réservations' })).toBeVisible();
  const travel = page.getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true });
  const ticket = travel.getByRole('group', { name: /→/ });
  await expect(ticket).toHaveCount(1);
  await expect(ticket.getByText(/^(Émis|Émission en cours)$/)).toBeVisible();
  await expect(ticket).toContainText(`${typedDate(day)} `);
  await expect(ticket).toContainText(traveller.name);
  await expect(ticket.getByRole('link', { name: `Récapitulatif de ${traveller.name}` })).toHaveAttribute('target', '_blank');
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
  await signIn(page, traveller.username, 'Gus');
  await page.goto('/account/tickets');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes réservations' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Chargement des billets' })).toHaveCount(0);
  await expect(travel).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Mon espace' }).getByRole('link', { name: 'Mes archives', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes archives' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Voyages passés' }).getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true })).toBeVisible();
});
