import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { completeEmptyFields, signIn, typedDate } from './support';
import { journeyDay } from './days';
import { ownUser } from './users';

/**
 * Done when: alice (Acme, canUseExpertMode) books a 3-flight itinerary through the expert
 * search — Paris → Nice, Nice → Rome, Rome → Paris — and the cart holds it as three flights of one travel.
 */

const expertForm = (page: Page) => page.getByRole('form', { name: 'Recherche experte' });
const journey = (page: Page, n: number) => expertForm(page).getByRole('group', { name: `Trajet ${n}`, exact: true });

/** Types `city` into a place field of a journey and picks that city (not an airport) from the suggestions. */
async function pickCity(page: Page, group: Locator, field: string, city: string) {
  const input = group.getByRole('combobox', { name: field, exact: true });
  await input.fill(city);
  await page
    .getByRole('listbox', { name: field, exact: true })
    .getByRole('option', { name: new RegExp(`^${city}\\s*(Ville|City)`) })
    .click();
  await expect(input).toHaveValue(city);
}

/** Types a journey's day and picks 08:00 in the side panel's calendar (the default hour depends on when the test runs). */
async function setDay(page: Page, n: number, day: Date) {
  const group = journey(page, n);
  const input = group.getByLabel(`Date du trajet ${n}`, { exact: true });
  await input.fill(typedDate(day));
  await group.getByRole('button', { name: /^Calendrier et heure/ }).click();
  const panel = page.getByRole('complementary', { name: 'Détails de la recherche' });
  await panel.getByRole('group', { name: 'Heure' }).getByText('08:00', { exact: true }).click();
  await panel.getByRole('button', { name: 'Valider' }).click();
  await expect(input).toHaveValue(typedDate(day));
}

/** Opens the first flight of the current journey, takes its first fare and goes on. */
async function chooseFirstFlight(page: Page, next: string) {
  const flights = page.getByRole('list', { name: 'Vols' });
  await expect(flights).toBeVisible({ timeout: 15_000 });
  await flights.getByRole('listitem').first().getByRole('button', { expanded: false }).click();
  await flights.getByRole('radio').first().check();
  await page.getByRole('button', { name: next }).click();
}

test('alice books Paris → Nice → Rome → Paris through the expert search: three flights of one travel in the cart', async ({ page }) => {
  test.setTimeout(120_000);
  // The journey's own twin of alice: her flags (expert mode), a cart of her own.
  await signIn(page, (await ownUser(page.request, 'alice')).username, 'Alice');
  await page.goto('/search-expert');
  await expect(page.getByRole('heading', { level: 1, name: 'Recherche experte' })).toBeVisible();

  await pickCity(page, journey(page, 1), 'Départ', 'Paris');
  await pickCity(page, journey(page, 1), 'Destination', 'Nice');
  await setDay(page, 1, journeyDay('expert', 55));
  const add = expertForm(page).getByRole('button', { name: 'Ajouter un trajet' });
  // The next journey leaves from where the last one arrives.
  await add.click();
  await expect(journey(page, 2).getByRole('combobox', { name: 'Départ', exact: true })).toHaveValue('Nice');
  await pickCity(page, journey(page, 2), 'Destination', 'Rome');
  await setDay(page, 2, journeyDay('expert', 57));
  await add.click();
  await expect(add).toBeHidden();
  await pickCity(page, journey(page, 3), 'Destination', 'Paris');
  await setDay(page, 3, journeyDay('expert', 59));
  const entity = expertForm(page).getByRole('combobox', { name: 'Entité' });
  if ((await entity.count()) && (await entity.inputValue()) === '') await entity.selectOption({ index: 1 });

  const formAxe = await new AxeBuilder({ page }).include('main').analyze();
  expect(formAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await expertForm(page).getByRole('button', { name: 'Rechercher les vols' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Votre itinéraire en 3 trajets' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/search-expert\?/);
  const carousel = page.getByRole('navigation', { name: 'Trajets de l’itinéraire' });
  await expect(carousel.getByText('Étape 1 sur 3')).toBeVisible();
  await chooseFirstFlight(page, 'Choisir et passer au trajet suivant');
  await expect(page.getByRole('heading', { level: 2, name: 'Vols du trajet 2 : Nice → Rome' })).toBeVisible({ timeout: 15_000 });
  const resultsAxe = await new AxeBuilder({ page }).include('main').analyze();
  expect(resultsAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await chooseFirstFlight(page, 'Choisir et passer au trajet suivant');
  await expect(page.getByRole('heading', { level: 2, name: 'Vols du trajet 3 : Rome → Paris' })).toBeVisible({ timeout: 15_000 });
  await chooseFirstFlight(page, 'Choisir et saisir les voyageurs');

  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await expect(page.getByLabel('Prénom *')).toHaveValue('Alice');
  await completeEmptyFields(page);
  await page.getByRole('button', { name: 'Ajouter l’itinéraire au panier' }).click();

  await expect(page).toHaveURL(/\/cart$/, { timeout: 15_000 });
  const travel = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: /Paris → Nice/ }) })
    .filter({ has: page.getByRole('heading', { level: 3, name: /Nice → Rome/ }) })
    .filter({ has: page.getByRole('heading', { level: 3, name: /Rome → Paris/ }) });
  await expect(travel).toHaveCount(1);
  await expect(travel.getByRole('heading', { level: 3 })).toHaveCount(3);
});
