import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { cartLink, completeEmptyFields, offerPanel, pickCity, proposals, setDateTime, signIn, tripForm, typedDate } from './support';
import { journeyDay } from './days';
import { ownUser } from './users';

/*
 * Checkout journeys against the real server: a travel goes from the cart through the
 * steps its company's rules ask for (analytics and approver for Acme, mission orders for Globex)
 * to an approval request, a booking whose tickets are issued by the ticketing job, or an option
 * that is then released. Each journey books as a traveller of its own (a twin of alice or gus,
 * users.ts), on a day of its own, and finds its travel in the cart by that day ("Voyage du dd/MM/yyyy").
 */

type Cabin = '2de classe' | '1re classe';

/**
 * Searches Paris → Lyon on `day`, takes the first train selling `cabin` with its preselected fare,
 * and adds it to the cart from the traveller step.
 */
async function addParisLyon(page: Page, day: Date, cabin: Cabin, entity?: string) {
  const form = tripForm(page);
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', 'Lyon');
  await setDateTime(page, 'Date d’aller', day, '07:00');
  if (entity) await form.getByRole('combobox', { name: 'Entité' }).selectOption({ label: entity });
  await form.getByRole('button', { name: 'Rechercher' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Aller : Paris - Lyon' })).toBeVisible();
  await expect(proposals(page).first()).toBeVisible({ timeout: 15_000 });
  const button = proposals(page)
    .getByRole('button', { name: new RegExp(`^${cabin}.*€`) })
    .first();
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  const panel = offerPanel(page);
  await expect(panel).toContainText(cabin);
  await expect(panel.getByRole('button', { pressed: true }).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Choisir cette offre' }).click();

  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await completeEmptyFields(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible();
}

/** The cart's card of the travel that starts on `day` (each journey books its own day). */
const travelCard = (page: Page, day: Date) => page.getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true });

/** Opens the cart from the header and returns the card of the travel of `day`. */
async function openCart(page: Page, day: Date): Promise<Locator> {
  await cartLink(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panier' })).toBeVisible();
  const card = travelCard(page, day);
  await expect(card).toBeVisible();
  return card;
}

/** The error shown under a field: the announced message in the field's own frame. */
const errorOf = (field: Locator) => field.locator('xpath=ancestor::div[p[@role="alert"]][1]/p[@role="alert"]');

/** Shows `message` under `field`, tied to it (the field reads it as its description) and marked invalid. */
async function expectFieldError(field: Locator, message: string) {
  await expect(errorOf(field)).toHaveText(message);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(`${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

/** A notification (toast) saying `text`. */
const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: text });

const axeViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

/** Fills the mission order of the one traveller and sends it. */
async function fillMissionOrder(page: Page) {
  const form = page.getByRole('form', { name: 'Ordres de mission' });
  await expect(form).toBeVisible();
  await form.getByLabel('Objet de la mission *').fill('Audit du site de Lyon');
  await form.getByLabel('Lieu de la mission *').fill('Lyon');
  await form.getByLabel('Lieu de départ *').fill('Paris');
  await form.getByLabel('Lieu de retour *').fill('Paris');
  await form.getByRole('button', { name: 'Valider' }).click();
}

test('alice (Acme) checks out Paris → Lyon: analytics, approver bob, approval request; the cart shows it in approval and bob gets the e-mail', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const day = journeyDay('checkout', 10);
  const alice = await ownUser(page.request, 'alice');
  await signIn(page, alice.username, 'Alice');
  await addParisLyon(page, day, '2de classe', 'Paris HQ');

  const card = await openCart(page, day);
  await expect(card).toContainText('Dans le panier');
  await expect(card.getByRole('article', { name: /Paris.*Lyon/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Continuer ce voyage' }).click();

  await expect(page).toHaveURL(/\/cart\/checkout\?travel=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Réservation et paiement' })).toBeVisible();
  const analytics = page.getByRole('form', { name: 'Informations de facturation' });
  await expect(analytics).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // A 2nd-class Paris → Lyon within the price cap is compliant: no reason is asked.
  await expect(analytics.getByText('Ce voyage ne respecte pas la politique voyage')).toHaveCount(0);
  await analytics.getByLabel('Centre de coûts *').selectOption({ label: 'R&D (RND)' });
  await analytics.getByLabel('Code projet').fill('PRJ-1234');
  await analytics
    .getByRole('group', { name: `Pour ${alice.name}` })
    .getByLabel('Matricule')
    .fill('123456');
  await analytics.getByRole('button', { name: 'Continuer' }).click();

  const modal = page.getByRole('dialog', { name: 'Choix du valideur' });
  await expect(modal).toBeVisible();
  const approver = modal.getByLabel('Valideur *');
  await expect(approver.getByRole('option')).toHaveText(['Choisir un valideur', 'Bob Durand', 'Carol Petit']);
  await approver.selectOption({ label: 'Bob Durand' });
  await modal.getByLabel('Message au valideur (facultatif)').fill('Visite du site de Lyon.');
  await modal.getByRole('button', { name: 'Valider' }).click();
  await expect(modal).toBeHidden();

  await expect(page.getByRole('heading', { name: 'Demande de validation' })).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer la demande de validation' }).click();
  const success = page.getByRole('heading', { name: 'Votre demande de validation a été envoyée' });
  await expect(success).toBeVisible();
  await expect(success).toBeFocused();
  await expect(page.getByText('Votre valideur est prévenu par e-mail')).toBeVisible();

  // The cart still lists the travel, now waiting for its approver, with the guarantee deadline.
  const pending = await openCart(page, day);
  await expect(pending).toContainText('En attente d’approbation');
  await expect(pending.getByText(/^Garanti jusqu’au \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \([\w/+-]+\)$/)).toBeVisible();
  await expect(pending.getByRole('button', { name: /Continuer ce voyage|Confirmer ce voyage/ })).toHaveCount(0);

  // bob's e-mail asks him to approve it.
  await page.goto('/dev/mailbox');
  const mail = page
    .locator('article', { hasText: 'bob@acme.example' })
    .filter({ hasText: `demande d’approbation de ${alice.name}` })
    .first();
  await expect(mail).toBeVisible();
  await expect(mail).toContainText(`${alice.name} vous demande d’approuver un voyage`);
  await expect(mail.getByRole('link', { name: 'Voir la demande' })).toBeVisible();
});

test('gus (Globex) checks out Paris → Lyon with a mission order, books it, and sees the tickets issued', async ({ page, context }) => {
  test.setTimeout(60_000);
  const day = journeyDay('checkout', 11);
  const gus = await ownUser(page.request, 'gus');
  await signIn(page, gus.username, 'Gus');
  await addParisLyon(page, day, '2de classe');

  const card = await openCart(page, day);
  await card.getByRole('button', { name: 'Continuer ce voyage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Réservation et paiement' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Ordres de mission' });
  await expect(form.getByRole('heading', { name: gus.name })).toBeVisible();
  await expect(form).toContainText(/Paris.*→.*Lyon/);
  await fillMissionOrder(page);

  await expect(page.getByRole('heading', { name: 'Confirmer votre réservation' })).toBeVisible();
  // The first confirm reaches the server, which books, but its answer is lost on the way back: the
  // app tries again with the same Idempotency-Key and the server answers that booking, not a new one.
  const confirms: string[] = [];
  await page.route('**/api/v1/v2/travels/*/confirm', async (route) => {
    confirms.push(route.request().headers()['idempotency-key'] ?? '');
    if (confirms.length > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Confirmer et payer (paiement entreprise)' }).click();
  await expect(page.getByRole('heading', { name: 'Votre réservation est confirmée' })).toBeVisible();
  await expect(toast(page, 'Réservation confirmée')).toBeVisible();
  expect(confirms).toHaveLength(2);
  expect(confirms[1]).toBe(confirms[0]);
  expect(await bookedTravelsOn(page, day)).toBe(1);

  await page.getByRole('link', { name: 'Voir mes billets' }).click();
  await expect(page).toHaveURL(/\/travel-view\?travel=/);
  const travel = page.getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true });
  await expect(travel).toBeVisible();
  await expect(travel.getByText(/^Réservé$|^Émission en cours$|^Émis$/).first()).toBeVisible();
  // The ticketing job (a few seconds in these tests) issues the tickets: booked → pending_ticketing → issued.
  await expect(async () => {
    await page.reload();
    await expect(travel.getByText('Émis', { exact: true }).first()).toBeVisible({ timeout: 1_000 });
    // The travel's own status follows its product's: both issued.
    await expect(travel.getByText(/^Réservé$|^Émission en cours$/)).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(travel).toContainText(/Référence\s*[A-Z0-9]{6}/);

  // The per-person recap shows the issued ticket's number.
  await travel.getByRole('button', { name: 'Récapitulatif' }).click();
  const recapModal = page.getByRole('dialog', { name: 'Récapitulatif par voyageur' });
  const [recap] = await Promise.all([context.waitForEvent('page'), recapModal.getByRole('link', { name: gus.name }).click()]);
  await expect(recap.getByRole('heading', { level: 1, name: `Récapitulatif de voyage – ${gus.name}` })).toBeVisible();
  await expect(recap.getByText('Numéro de billet').first()).toBeVisible();
  await expect(
    recap
      .locator('dd')
      .filter({ hasText: /^\d{13}$/ })
      .first(),
  ).toBeVisible();
  await recap.close();
  await recapModal.getByRole('button', { name: 'Fermer' }).click();
  await expect(recapModal).toBeHidden();

  // The booked travel left the cart.
  await openCartWithout(page, day);
});

/** How many of the signed-in user's travels starting on `day` are booked (read from the API with the page's session). */
async function bookedTravelsOn(page: Page, day: Date): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('escale.token'));
  const res = await page.request.get('/api/v1/v2/travels/?status=booked&status=pending_ticketing&status=issued', {
    headers: { 'Api-Key': 'demo-agency-key', Authorization: `Bearer ${token}` },
  });
  const { result } = (await res.json()) as { result: { travels: { startDate: string | null }[] } };
  const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  return result.travels.filter((t) => t.startDate === iso).length;
}

/** Opens the cart and checks that the travel of `day` is not in it. */
async function openCartWithout(page: Page, day: Date) {
  await cartLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Panier' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Chargement du panier' })).toHaveCount(0);
  await expect(travelCard(page, day)).toHaveCount(0);
}

test('gus holds an option on Paris → Lyon, finds it in the cart with its time limit, and releases it', async ({ page }) => {
  test.setTimeout(60_000);
  const day = journeyDay('checkout', 12);
  await signIn(page, (await ownUser(page.request, 'gus')).username, 'Gus');
  await addParisLyon(page, day, '2de classe');

  const card = await openCart(page, day);
  await card.getByRole('button', { name: 'Continuer ce voyage' }).click();
  await fillMissionOrder(page);
  await expect(page.getByRole('heading', { name: 'Confirmer votre réservation' })).toBeVisible();
  const hold = page.getByRole('button', { name: 'Poser une option' });
  await expect(hold).toHaveAccessibleDescription(/Poser une option garde vos places sans les payer jusqu’/);
  await hold.click();
  const success = page.getByRole('heading', { name: /^Option posée jusqu’au \d{2}\/\d{2}\/\d{4}/ });
  await expect(success).toBeVisible();
  await expect(page.getByText('Confirmez l’option depuis votre panier avant cette date')).toBeVisible();

  await page.getByRole('link', { name: 'Voir mon panier' }).click();
  const held = travelCard(page, day);
  await expect(held).toBeVisible();
  await expect(held).toContainText('Options à confirmer');
  await expect(held.getByText(/^Garanti jusqu’au \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \([\w/+-]+\)$/)).toBeVisible();
  await expect(held.getByText(/^Option garantie jusqu’au \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \([\w/+-]+\)$/)).toBeVisible();
  await expect(held.getByRole('button', { name: 'Confirmer ce voyage' })).toBeVisible();

  await held.getByRole('button', { name: 'Libérer l’option' }).click();
  const confirm = page.getByRole('dialog', { name: 'Libérer l’option ?' });
  await expect(confirm).toContainText('Cette action est définitive.');
  await confirm.getByRole('button', { name: 'Libérer l’option' }).click();
  await expect(confirm).toBeHidden();
  await expect(toast(page, 'Option libérée')).toBeVisible();
  await expect(held).toHaveCount(0);
  // Still gone once the cart is read again from the server.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Panier' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Chargement du panier' })).toHaveCount(0);
  await expect(travelCard(page, day)).toHaveCount(0);
});

test('a first-class Paris → Lyon is outside Acme’s policy: checkout shows why and asks for the reason before going on', async ({ page }) => {
  test.setTimeout(60_000);
  const day = journeyDay('checkout', 13);
  await signIn(page, (await ownUser(page.request, 'alice')).username, 'Alice');
  await addParisLyon(page, day, '1re classe', 'Paris HQ');

  const card = await openCart(page, day);
  await expect(card).toContainText('Non conforme à la politique voyage');
  await card.getByRole('button', { name: 'Continuer ce voyage' }).click();

  const analytics = page.getByRole('form', { name: 'Informations de facturation' });
  await expect(analytics).toBeVisible();
  const policy = analytics.getByRole('region', { name: 'Ce voyage ne respecte pas la politique voyage' });
  await expect(policy).toBeVisible();
  await expect(policy.getByRole('listitem').first()).toContainText(/1re classe|première classe|first class/i);
  await analytics.getByLabel('Centre de coûts *').selectOption({ label: 'Ventes (SAL)' });
  const reason = analytics.getByLabel('Motif du hors politique *');
  await analytics.getByRole('button', { name: 'Continuer' }).click();
  await expectFieldError(reason, 'Ce champ est requis');
  await expect(reason).toBeFocused();
  await expect(analytics.getByText('Certains champs sont à compléter ou à corriger.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await reason.fill('Rendez-vous client dès l’arrivée : je dois travailler pendant le trajet.');
  await analytics.getByRole('button', { name: 'Continuer' }).click();
  // Accepted: the next step (the approver) opens.
  await expect(page.getByRole('dialog', { name: 'Choix du valideur' })).toBeVisible();
});
