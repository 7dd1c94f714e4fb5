import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, completeEmptyFields, dayFromToday, offerPanel, pickCity, proposals, signIn, tripForm, typedDate } from './support';

/*
 * Approval journeys (issue 11) against the real server: alice (Acme) asks bob to approve a
 * Paris → Lyon train; bob answers from his e-mail (the deep link after signing in, or the
 * one-click link without a password); alice sees the outcome. Each journey books its own day, so
 * its e-mails and travel are told apart from the other specs' by that day.
 */

/** Alice books Paris → Lyon on `day` up to the approval request to bob; answers the travel's id. */
async function aliceRequestsApproval(page: Page, day: Date): Promise<string> {
  await signIn(page, 'alice', 'Alice');
  const form = tripForm(page);
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', 'Lyon');
  await form.getByLabel('Date d’aller', { exact: true }).fill(typedDate(day));
  await form.getByRole('combobox', { name: 'Entité' }).selectOption({ label: 'Paris HQ' });
  await form.getByRole('button', { name: 'Rechercher' }).click();
  await expect(proposals(page).first()).toBeVisible({ timeout: 15_000 });
  const cabin = proposals(page).getByRole('button', { name: /^2de classe.*€/ }).first();
  await cabin.click();
  await expect(cabin).toHaveAttribute('aria-pressed', 'true');
  await offerPanel(page).getByRole('button', { name: 'Choisir cette offre' }).click();
  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await completeEmptyFields(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByText('Votre trajet a été ajouté au panier.')).toBeVisible();

  await page.goto('/cart');
  await page.getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true }).getByRole('button', { name: 'Continuer ce voyage' }).click();
  await expect(page).toHaveURL(/\/cart\/checkout\?travel=/);
  const travelId = new URL(page.url()).searchParams.get('travel')!;
  const analytics = page.getByRole('form', { name: 'Informations de facturation' });
  await analytics.getByLabel('Centre de coûts *').selectOption({ label: 'R&D (RND)' });
  await analytics.getByRole('group', { name: 'Pour Alice Martin' }).getByLabel('Matricule').fill('123456');
  await analytics.getByRole('button', { name: 'Continuer' }).click();
  const modal = page.getByRole('dialog', { name: 'Choix du valideur' });
  await modal.getByLabel('Valideur *').selectOption({ label: 'Bob Durand' });
  await modal.getByRole('button', { name: 'Valider' }).click();
  await page.getByRole('button', { name: 'Envoyer la demande de validation' }).click();
  await expect(page.getByRole('heading', { name: 'Votre demande de validation a été envoyée' })).toBeVisible();
  return travelId;
}

/** bob's e-mail about the travel of `day`, in the developer mailbox. */
async function bobsMail(page: Page, day: Date) {
  await page.goto('/dev/mailbox');
  const mail = page.locator('article', { hasText: 'bob@acme.example' }).filter({ hasText: 'demande d’approbation de Alice Martin' }).filter({ hasText: typedDate(day) }).first();
  await expect(mail).toBeVisible();
  return mail;
}

/** alice's e-mail saying `text` (bob's answer; each journey's answer is its own). */
async function alicesAnswerMail(page: Page, text: string) {
  await page.goto('/dev/mailbox');
  const mail = page.locator('article', { hasText: 'alice@acme.example' }).filter({ hasText: text }).first();
  await expect(mail).toBeVisible({ timeout: 10_000 });
  return mail;
}

/** bob, in a browser of his own (alice stays signed in in hers). */
async function bobsPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR', serviceWorkers: 'block' });
  return context.newPage();
}

/** bob opens the request from his e-mail: asked to sign in there, then the request opens, focused. */
async function bobOpensRequest(page: Page, day: Date) {
  const mail = await bobsMail(page, day);
  await mail.getByRole('link', { name: 'Voir la demande' }).click();
  await expect(page).toHaveURL(/\/account\/approvals\?request=/);
  await expect(page.getByRole('heading', { name: 'Connectez-vous pour voir cette demande' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Connexion' });
  await dialog.getByLabel('Nom d’utilisateur').fill('bob');
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Se connecter' }).click();
  const region = page.getByRole('region', { name: 'Demande ouverte depuis l’e-mail' });
  const card = region.getByRole('article', { name: 'Demande de Alice Martin' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Demande de Alice Martin' })).toBeFocused();
  await expect(card).toContainText(typedDate(day));
  await expect(card).toContainText('Vous (valideur) : en attente');
  return card;
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: text });

test('(1) alice requests approval; bob opens the e-mail link, signs in and approves; alice’s travel is booked and she gets the e-mail', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const day = dayFromToday(31);
  const travelId = await aliceRequestsApproval(page, day);

  // alice may remind bob (not within the hour of the request) or cancel: both are offered on her pending travel.
  await page.goto('/cart');
  const pending = page.getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true });
  await expect(pending.getByRole('button', { name: 'Relancer le valideur' })).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Annuler la demande' })).toBeVisible();

  const bob = await bobsPage(browser);
  const card = await bobOpensRequest(bob, day);
  await card.getByRole('button', { name: 'Accepter' }).click();
  await expect(toast(bob, 'Demande acceptée')).toBeVisible();
  await expect(card).toContainText('Acceptée');
  await expect(card).toContainText('Vous (valideur) : a accepté');
  await expect(card.getByRole('button', { name: 'Accepter' })).toHaveCount(0);
  await bob.context().close();

  await page.goto(`/travel-view?travel=${travelId}`);
  await expect(page.getByText(/^(Réservé|Émission en cours|Émis)$/).first()).toBeVisible();
  await alicesAnswerMail(page, 'Bob Durand a approuvé votre voyage : il est réservé.');
});

test('(2) bob refuses with a reason (required); alice sees her travel refused and the reason', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const day = dayFromToday(32);
  const travelId = await aliceRequestsApproval(page, day);

  const bob = await bobsPage(browser);
  const card = await bobOpensRequest(bob, day);
  await card.getByRole('button', { name: 'Refuser' }).click();
  const dialog = bob.getByRole('dialog', { name: 'Refuser la demande de Alice Martin' });
  await dialog.getByRole('button', { name: 'Refuser la demande' }).click();
  await expect(dialog.getByText('Ce champ est requis')).toBeVisible();
  await dialog.getByLabel('Motif du refus *').fill('Privilégiez la visio pour cette réunion.');
  await dialog.getByRole('button', { name: 'Refuser la demande' }).click();
  await expect(toast(bob, 'Demande refusée')).toBeVisible();
  await expect(card).toContainText('Refusée');
  await expect(card).toContainText('Privilégiez la visio pour cette réunion.');
  await bob.context().close();

  await page.goto(`/travel-view?travel=${travelId}`);
  await expect(page.getByText('Refusé', { exact: true }).first()).toBeVisible();
  const mail = await alicesAnswerMail(page, 'Bob Durand a refusé votre voyage');
  await expect(mail).toContainText('Privilégiez la visio pour cette réunion.');
});

test('(6) the one-click e-mail link approves without a password, once', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const day = dayFromToday(33);
  const travelId = await aliceRequestsApproval(page, day);

  const bob = await bobsPage(browser);
  const mail = await bobsMail(bob, day);
  await mail.getByRole('link', { name: 'Approuver en un clic' }).click();
  await expect(bob).toHaveURL(/\/approvals\/one-click\?token=/);
  const oneClickUrl = bob.url();
  await expect(bob.getByRole('heading', { level: 1, name: 'Réponse à une demande d’approbation' })).toBeVisible();
  await expect(bob.getByRole('region', { name: 'Demande de Alice Martin' })).toContainText(typedDate(day));
  await bob.getByRole('button', { name: 'Confirmer l’acceptation' }).click();
  await expect(bob.getByRole('status').filter({ hasText: 'Demande acceptée.' })).toBeVisible();
  // Nothing else is reachable with it: bob is still signed out, and the link is spent.
  await expect(bob.getByRole('banner').getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await bob.goto(oneClickUrl);
  await expect(bob.getByRole('alert')).toContainText('Ce lien a déjà servi');
  await bob.context().close();

  await page.goto(`/travel-view?travel=${travelId}`);
  await expect(page.getByText(/^(Réservé|Émission en cours|Émis)$/).first()).toBeVisible();
});
