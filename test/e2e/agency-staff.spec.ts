import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, completeEmptyFields, offerPanel, pickCity, proposals, setDateTime, signIn, tripForm, typedDate } from './support';
import { journeyDay } from './days';
import { ownUser, type OwnUser } from './users';

/*
 * Agency staff book for a customer's traveller. Tina (travel agent) picks Acme, then Alice (the
 * journey's own twin of alice, found by her own last name), and books her a train up to the approval
 * request; Arthur (assistance agent) does the same for another day. Bob approves Tina's. Alice finds
 * both in her bookings: "booked by Tina", and what Arthur did, in the audit of the agency's actions.
 * Tina, Arthur and Bob are the demo agency's staff and Acme's approver: the journey books nothing as them.
 */

const KEY = { 'Api-Key': 'demo-agency-key' };

/** Staff choose the customer company, then the traveller, on the home page; the banner then names them. */
async function actForAlice(page: Page, alice: OwnUser) {
  await page.getByLabel('Entreprise cliente').fill('Acme');
  await page.getByRole('button', { name: 'Acme Industries' }).click();
  await page.getByLabel('Voyageur (salarié ou invité)').fill(alice.lastname);
  await page.getByRole('button', { name: `Réserver pour ${alice.name}` }).click();
  await expect(page.getByRole('region', { name: 'Réservation pour un voyageur' })).toContainText(`Réservation pour ${alice.name} — Acme Industries`);
}

/** Paris → Lyon on `day` for Alice, up to the approval request to bob; answers the travel's id. */
async function bookForAlice(page: Page, alice: OwnUser, day: Date): Promise<string> {
  const form = tripForm(page);
  await expect(form.getByText(alice.name)).toBeVisible();
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', 'Lyon');
  await setDateTime(page, 'Date d’aller', day, '07:00');
  await form.getByRole('combobox', { name: 'Entité' }).selectOption({ label: 'Paris HQ' });
  await form.getByRole('button', { name: 'Rechercher' }).click();
  await expect(proposals(page).first()).toBeVisible({ timeout: 15_000 });
  const cabin = proposals(page)
    .getByRole('button', { name: /^2de classe.*€/ })
    .first();
  await cabin.click();
  await offerPanel(page).getByRole('button', { name: 'Choisir cette offre' }).click();
  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  // Alice's own record fills her identity: the staff member's never does.
  await expect(page.getByLabel(/^Prénom/).first()).toHaveValue('Alice');
  await completeEmptyFields(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible();

  await page.goto('/cart');
  const card = page.getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true });
  await expect(card.getByText(`Pour ${alice.name} — Acme Industries · réservé par`)).toBeVisible();
  await card.getByRole('button', { name: 'Continuer ce voyage' }).click();
  await expect(page).toHaveURL(/\/cart\/checkout\?travel=/);
  const travelId = new URL(page.url()).searchParams.get('travel')!;
  const analytics = page.getByRole('form', { name: 'Informations de facturation' });
  await analytics.getByLabel('Centre de coûts *').selectOption({ label: 'R&D (RND)' });
  await analytics.getByRole('button', { name: 'Continuer' }).click();
  const modal = page.getByRole('dialog', { name: 'Choix du valideur' });
  await modal.getByLabel('Valideur *').selectOption({ label: 'Bob Durand' });
  await modal.getByRole('button', { name: 'Valider' }).click();
  await page.getByRole('button', { name: 'Envoyer la demande de validation' }).click();
  await expect(page.getByRole('heading', { name: 'Votre demande de validation a été envoyée' })).toBeVisible();
  return travelId;
}

test('tina and arthur book for alice of Acme; alice sees who booked what, and what the agency did', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const tinasDay = journeyDay('agency-staff', 19);
  const arthursDay = journeyDay('agency-staff', 20);

  const traveller = await ownUser(page.request, 'alice');
  await signIn(page, 'tina', 'Tina');
  await actForAlice(page, traveller);
  const tinasTravel = await bookForAlice(page, traveller, tinasDay);

  // Arthur, in a browser of his own: the same pickers, the assistance agent's form.
  const arthurContext = await browser.newContext({ locale: 'fr-FR', serviceWorkers: 'block' });
  const arthur = await arthurContext.newPage();
  await signIn(arthur, 'arthur', 'Arthur');
  await actForAlice(arthur, traveller);
  await expect(tripForm(arthur).getByLabel('Date de retour')).toHaveCount(0);
  await bookForAlice(arthur, traveller, arthursDay);
  await arthurContext.close();

  // Bob approves Tina's request through the API (his inbox is the approvals journeys' subject): the travel is booked.
  const bobToken = (
    (await (await page.request.post('/api/v1/user/login', { headers: KEY, data: { username: 'bob', password: DEMO_PASSWORD } })).json()) as {
      result: { token: string };
    }
  ).result.token;
  const asBob = { ...KEY, Authorization: `Bearer ${bobToken}` };
  const inbox = (await (await page.request.get('/api/v1/approvals/', { headers: asBob })).json()) as { result: { approvalID: string; travelID: string }[] };
  const request = inbox.result.find((a) => a.travelID === tinasTravel)!;
  expect((await page.request.post(`/api/v1/approvals/${request.approvalID}/approve`, { headers: asBob, data: {} })).ok()).toBe(true);

  // Alice, in a browser of her own, finds both among her bookings.
  const aliceContext = await browser.newContext({ locale: 'fr-FR', serviceWorkers: 'block' });
  const alice = await aliceContext.newPage();
  await signIn(alice, traveller.username, 'Alice');
  await alice.goto('/account/tickets');
  const booked = alice.getByRole('article', { name: `Voyage du ${typedDate(tinasDay)}`, exact: true });
  await expect(booked.getByText('Tina Garnier (agent de voyage)', { exact: true })).toBeVisible({ timeout: 15_000 });
  const pending = alice.getByRole('article', { name: `Voyage du ${typedDate(arthursDay)}`, exact: true });
  await expect(pending.getByText('Arthur Roux (assistance)', { exact: true })).toBeVisible();
  await pending.getByText(/Ce que l’agence a fait pour vous \(\d+\)/).click();
  const audit = pending.locator('details').getByRole('listitem');
  await expect(audit.filter({ hasText: 'Arthur Roux (assistance) : ajout au panier' })).toHaveCount(1);
  await expect(audit.filter({ hasText: 'Arthur Roux (assistance) : demande d’approbation' })).toHaveCount(1);
  await aliceContext.close();
});
