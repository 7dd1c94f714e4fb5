import { expect, test, type Locator, type Page } from '@playwright/test';
import { completeEmptyFields, offerPanel, pickCity, proposals, setDateTime, signIn, tripForm, typedDate } from './support';
import { journeyDayWhere } from './days';
import { ownUser } from './users';

/*
 * A two-day Lyon trip in ONE travel — the train, then a hotel and a car from the cart's
 * shortcuts (searched around the train's arrival in Lyon) — approved by bob as a whole, and booked.
 * The traveller is the journey's own twin of alice; bob, Acme's demo approver, only answers.
 */

/** A Tuesday: the stay and the rental fall on working days, when agencies open. */
const tuesday = (day: Date) => day.getDay() === 2;

async function fillIfEmpty(field: Locator, value: string) {
  if ((await field.inputValue()) === '') await field.fill(value);
}

const travelCard = (page: Page, day: Date) => page.getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true });

test('alice books a train, a hotel and a car for Lyon in one travel; bob approves it; all three are booked', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const day = journeyDayWhere('lyon-trip', tuesday);
  const alice = await ownUser(page.request, 'alice');
  await signIn(page, alice.username, 'Alice');

  // The train: Paris → Lyon in the morning.
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', 'Lyon');
  await setDateTime(page, 'Date d’aller', day, '07:00');
  await tripForm(page).getByRole('combobox', { name: 'Entité' }).selectOption({ label: 'Paris HQ' });
  await tripForm(page).getByRole('button', { name: 'Rechercher' }).click();
  await expect(proposals(page).first()).toBeVisible({ timeout: 15_000 });
  const cabin = proposals(page)
    .getByRole('button', { name: /^2de classe.*€/ })
    .first();
  await cabin.click();
  await offerPanel(page).getByRole('button', { name: 'Choisir cette offre' }).click();
  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await completeEmptyFields(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible();

  // The hotel, from the travel's shortcut: around the train's arrival (Lyon's station), from that day, one night.
  await page.goto('/cart');
  await travelCard(page, day).getByRole('link', { name: 'Ajouter un hôtel' }).click();
  const hotelForm = page.getByRole('form', { name: 'Recherche d’hôtel' });
  await expect(hotelForm.getByRole('combobox', { name: 'Lieu du séjour' })).toHaveValue(/^Lyon/);
  await expect(hotelForm.getByRole('textbox', { name: 'Date d’arrivée' })).toHaveValue(typedDate(day));
  await hotelForm.getByRole('combobox', { name: 'Entité' }).selectOption({ label: 'Paris HQ' });
  await hotelForm.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hôtels à Lyon' })).toBeVisible();
  const hotels = page.getByRole('list', { name: 'Hôtels' });
  const hotel = hotels.getByRole('button').first();
  await expect(hotel).toBeVisible({ timeout: 15_000 });
  await hotel.click();
  await expect(hotel).toHaveAttribute('aria-pressed', 'true');
  const detail = page.getByRole('region').filter({ has: page.getByRole('button', { name: /^Choisir la chambre/ }) });
  await detail
    .getByRole('button', { name: /^Choisir la chambre/ })
    .first()
    .click();
  await detail.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await fillIfEmpty(page.getByRole('textbox', { name: 'Téléphone *' }), '0611223344');
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible({ timeout: 15_000 });

  // The car, from the same shortcuts: picked up in Lyon after the train, a car that needs no licence details.
  await page.goto('/cart');
  await travelCard(page, day).getByRole('link', { name: 'Ajouter une voiture' }).click();
  const carForm = page.getByRole('form', { name: 'Recherche de location de voiture' });
  await expect(carForm.getByRole('combobox', { name: 'Lieu de prise en charge' })).toHaveValue(/^Lyon/);
  await carForm.getByRole('combobox', { name: 'Entité' }).selectOption({ label: 'Paris HQ' });
  await carForm.getByRole('button', { name: 'Rechercher' }).click();
  const cars = page.getByRole('list', { name: 'Voitures' });
  await expect(cars).toBeVisible({ timeout: 15_000 });
  const car = cars.getByRole('button').filter({ hasNotText: 'Permis demandé' }).first();
  await car.click();
  await expect(car).toHaveAttribute('aria-pressed', 'true');
  const add = page.getByRole('button', { name: 'Ajouter au panier' });
  await fillIfEmpty(page.getByLabel('Téléphone'), '0611223344');
  await fillIfEmpty(page.getByLabel('Date de naissance'), '12/04/1988');
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible({ timeout: 15_000 });

  // One travel with the three, sent to bob for approval.
  await page.goto('/cart');
  const travel = travelCard(page, day);
  await expect(travel.getByRole('article', { name: /^Location de voiture :/ })).toBeVisible();
  await expect(travel).toContainText('Lyon');
  await travel.getByRole('button', { name: 'Continuer ce voyage' }).click();
  await expect(page).toHaveURL(/\/cart\/checkout\?travel=/);
  const travelId = new URL(page.url()).searchParams.get('travel')!;
  const analytics = page.getByRole('form', { name: 'Informations de facturation' });
  await analytics.getByLabel('Centre de coûts *').selectOption({ label: 'R&D (RND)' });
  await analytics
    .getByRole('group', { name: `Pour ${alice.name}` })
    .getByLabel('Matricule')
    .fill('123456');
  await analytics.getByRole('button', { name: 'Continuer' }).click();
  const modal = page.getByRole('dialog', { name: 'Choix du valideur' });
  await modal.getByLabel('Valideur *').selectOption({ label: 'Bob Durand' });
  await modal.getByRole('button', { name: 'Valider' }).click();
  await page.getByRole('button', { name: 'Envoyer la demande de validation' }).click();
  await expect(page.getByRole('heading', { name: 'Votre demande de validation a été envoyée' })).toBeVisible();

  // bob approves it from his inbox, in a browser of his own.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR', serviceWorkers: 'block' });
  const bob = await context.newPage();
  await signIn(bob, 'bob', 'Bob');
  await bob.goto('/account/approvals');
  const request = bob
    .getByRole('article', { name: `Demande de ${alice.name}` })
    .filter({ hasText: typedDate(day) })
    .first();
  await expect(request).toBeVisible({ timeout: 15_000 });
  await request.getByRole('button', { name: 'Accepter' }).click();
  await expect(request).toContainText('Acceptée');
  await context.close();

  // Booked as a whole: the train (booked, then ticketed), the hotel and the car.
  await page.goto(`/travel-view?travel=${travelId}`);
  // Spec 2 §4: a booked product reads "Émis" (the issued family), a train being ticketed "Émission en cours".
  const main = page.getByRole('main');
  for (const product of [/^Train : Paris → Lyon/, /^Hôtel : /, /^Location de voiture : /])
    await expect(main.getByRole('article', { name: product }).getByText(/^(Émission en cours|Émis)$/)).toBeVisible({ timeout: 15_000 });
  await expect(main.getByText('En attente de validation')).toHaveCount(0);
});
