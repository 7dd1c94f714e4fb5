import { expect, test } from '@playwright/test';
import {
  NEW_USER_PASSWORD,
  cartLink,
  completeEmptyFields,
  login,
  offerPanel,
  pickCity,
  proposals,
  setDateTime,
  signUpTraveller,
  tripForm,
  typedDate,
} from './support';
import { journeyDay } from './days';

/*
 * A traveller records her wheelchair in her profile; her train search then asks the carrier
 * for assistance (PMR fares, the assistance booked with the ticket), and her booking shows it. A new
 * traveller, so that the demo users' searches stay as they are.
 */

test('a traveller records her wheelchair: the train search asks for assistance and her ticket shows it booked', async ({ page }) => {
  test.setTimeout(90_000);
  const day = journeyDay('accessibility-needs', 37);
  const { username } = await signUpTraveller(page, { activate: true });
  await page.goto('/');
  await login(page, username, NEW_USER_PASSWORD);
  await expect(page.getByRole('banner').getByText('Inès')).toBeVisible();

  await page.goto('/account/informations');
  const needs = page.getByRole('region', { name: 'Besoins d’accessibilité' });
  await needs.getByLabel('J’ai un handicap ou une mobilité réduite').check();
  await needs.getByLabel('Type de handicap').selectOption({ label: 'Personne en fauteuil roulant' });
  await needs.getByLabel('Fauteuil roulant').selectOption({ label: 'Fauteuil manuel pliant' });
  // The wheelchair's usual measures fill in, for her to correct.
  await expect(needs.getByLabel('Poids (kg)')).toHaveValue('16');
  await page.getByLabel(/J’accepte que mes données soient traitées/).check();
  await page.getByLabel('Je certifie l’exactitude de ces informations').check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Informations enregistrées')).toBeVisible();

  await page.goto('/');
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', 'Lyon');
  await setDateTime(page, 'Date d’aller', day, '07:00');
  await tripForm(page).getByRole('button', { name: 'Rechercher' }).click();
  await expect(proposals(page).first()).toBeVisible({ timeout: 15_000 });
  await proposals(page)
    .getByRole('button', { name: /^2de classe.*€/ })
    .first()
    .click();
  const panel = offerPanel(page);
  await expect(panel.getByText('Tarif PMR').first()).toBeVisible();
  await panel.getByRole('button', { name: 'Choisir cette offre' }).click();

  // The assistance comes with the fare: shown booked, not an option to forget.
  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  const assistance = page.getByRole('group', { name: 'Options' }).getByRole('switch', { name: /^Assistance PMR/ });
  await expect(assistance).toBeChecked();
  await expect(assistance).toBeDisabled();
  await completeEmptyFields(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible();

  await cartLink(page).click();
  const card = page.getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true });
  await card.getByRole('button', { name: /ce voyage$/ }).click();
  await page.getByRole('button', { name: /^Confirmer et payer/ }).click();
  await expect(page.getByRole('heading', { name: 'Votre réservation est confirmée' })).toBeVisible();

  await page.goto('/account/tickets');
  const ticket = page.getByRole('article').filter({ hasText: 'Paris' }).filter({ hasText: 'Lyon' }).first();
  await expect(ticket).toContainText('Assistance PMR réservée');
});
