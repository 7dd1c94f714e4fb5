import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { cartLink, completeEmptyFields, offerPanel, pickCity, proposals, setDateTime, signIn, tripForm, typedDate } from './support';
import { journeyDay } from './days';
import { gusApi, isoDay, type Link } from './booked';
import { ownUser } from './users';

/*
 * Checkout by card payment against the real server and its sandbox payment service: a traveller of
 * the journey's own (a twin of gus, of Globex, which lets its travellers pay by card) books a flexible Paris → Lyon train, pays it with the
 * 3-D Secure test card, approves the payment on the bank's page, finds the card in his bookings, then
 * cancels the ticket and sees the refund go back to the card.
 */

type Train = { departure: string; arrival: string; choices: { cabin: string; price: number | null; links: { getMoreChoices?: Link } }[] };

const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: text });

test('gus pays a trip by card: 3-D Secure on the bank’s page, the booking confirmed and in his bookings with the card, then cancelled and refunded to it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const day = journeyDay('payment', 27);
  const traveller = await ownUser(page.request, 'gus');
  await signIn(page, traveller.username, 'Gus');

  // A flexible second-class Paris → Lyon, in the cart.
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', 'Lyon');
  await setDateTime(page, 'Date d’aller', day, '07:00');
  const searched = page.waitForResponse((r) => r.url().includes('/treep/search') && r.request().method() === 'POST');
  await tripForm(page).getByRole('button', { name: 'Rechercher' }).click();
  await expect(proposals(page).first()).toBeVisible({ timeout: 15_000 });
  // The flexible fares are among a cabin's other fares (a flexible one is refunded in full). Which
  // trains sell one depends on the day's timetable (a low-cost train has a single fare): the first
  // train of the results whose second class has a flexible fare among its other fares, asked of the API.
  const { result } = (await (await searched).json()) as { result: { proposals: Train[] } };
  const call = await gusApi(page, traveller);
  let train: Train | undefined;
  for (const p of result.proposals.toSorted((x, y) => Date.parse(x.departure) - Date.parse(y.departure))) {
    const more = p.choices.find((c) => c.cabin === 'second' && c.price !== null)?.links.getMoreChoices;
    if (more && (await call<{ offers: { flexibility: number }[] }>('GET', more.href)).offers.some((o) => o.flexibility === 3)) {
      train = p;
      break;
    }
  }
  expect(train, 'a train with a flexible second-class fare').toBeDefined();
  const [dep, arr] = [train!.departure.slice(11, 16), train!.arrival.slice(11, 16)];
  const row = proposals(page)
    .filter({ has: page.getByRole('heading', { level: 3, name: `Départ à ${dep}, arrivée à ${arr}` }) })
    .first();
  await row.getByRole('button', { name: /^2de classe.*€/ }).click();
  const panel = offerPanel(page);
  await panel.getByRole('button', { name: 'Plus de choix' }).click();
  await panel
    .getByRole('button', { name: /^Flexible · / })
    .first()
    .click();
  await panel.getByRole('button', { name: 'Choisir cette offre' }).click();
  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await completeEmptyFields(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible();

  // Checkout: the mission order Globex asks for, then the card.
  await cartLink(page).click();
  await page
    .getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true })
    .getByRole('button', { name: 'Continuer ce voyage' })
    .click();
  const orders = page.getByRole('form', { name: 'Ordres de mission' });
  await orders.getByLabel('Objet de la mission *').fill('Audit du site de Lyon');
  await orders.getByLabel('Lieu de la mission *').fill('Lyon');
  await orders.getByLabel('Lieu de départ *').fill('Paris');
  await orders.getByLabel('Lieu de retour *').fill('Paris');
  await orders.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('heading', { name: 'Confirmer votre réservation' })).toBeVisible();
  await page.getByRole('radio', { name: 'Payer par carte' }).check();
  const card = page.getByRole('form', { name: 'Nouvelle carte de paiement' });
  await card.getByLabel('Numéro de carte').pressSequentially('4000002760003184');
  await expect(card.getByLabel('Numéro de carte')).toHaveValue('4000 0027 6000 3184');
  await card.getByLabel('Date d’expiration (MM/AA)').pressSequentially('1234');
  await card.getByLabel('Cryptogramme (CVC)').fill('123');
  await card.getByLabel('Titulaire de la carte').fill(traveller.name);
  await card.getByRole('checkbox', { name: 'Enregistrer cette carte pour la prochaine fois' }).check();
  const violations = (await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await card.getByRole('button', { name: /^Payer .* par carte$/ }).click();

  // The bank's page: what is paid, the sandbox's code, the focus in the code field.
  await expect(page).toHaveURL(/\/sandbox-pay\/v1\/challenge\/ch_/);
  await expect(page.getByRole('heading', { name: 'Confirmez votre paiement' })).toBeVisible();
  await expect(page.getByText('Visa •••• 3184')).toBeVisible();
  const code = page.getByLabel('Code reçu par SMS');
  await expect(code).toBeFocused();
  await code.fill((await page.locator('.sandbox strong').textContent())!);
  await page.getByRole('button', { name: 'Valider le paiement' }).click();

  // Back at the checkout: the API asked the payment service, booked and took the payment.
  await expect(page).toHaveURL(/\/cart\/checkout\?travel=/);
  await expect(page.getByRole('heading', { name: 'Votre réservation est confirmée' })).toBeFocused();
  await expect(page.getByText('Payée par carte Visa •••• 3184')).toBeVisible();
  await expect(toast(page, 'Réservation confirmée')).toBeVisible();

  // In his bookings, with the card; then cancelled, the refund going back to it.
  await page.goto(`/account/tickets?from=${isoDay(day)}&to=${isoDay(day)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes réservations' })).toBeVisible();
  await expect(page.getByText('Payé par carte Visa •••• 3184')).toBeVisible();
  await page.getByRole('button', { name: /^Annuler Paris .* → Lyon / }).click();
  const modal = page.getByRole('dialog', { name: /^Annuler « Paris .* → Lyon .*»$/ });
  await modal.getByRole('button', { name: 'Continuer' }).click();
  await modal.getByRole('button', { name: 'Confirmer l’annulation' }).click();
  await expect(toast(page, 'La prestation a été annulée')).toBeVisible();
  await modal.getByRole('button', { name: 'Retour au voyage' }).click();
  await expect(page.getByText(/^Payé par carte Visa •••• 3184 · \d+,\d{2}\s€ remboursés sur la carte$/)).toBeVisible();
});
