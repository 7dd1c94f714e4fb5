import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, completeEmptyFields, offerPanel, pickCity, proposals, setDateTime, signIn, tripForm, typedDate } from './support';
import { journeyDay } from './days';
import { ownUser, type OwnUser } from './users';

/*
 * Approval journeys against the real server: alice (Acme; each journey's own twin of her, with a
 * last name of her own) asks bob to approve a Paris → Lyon train; bob answers from his e-mail (the
 * deep link after signing in, or the one-click link without a password); alice sees the outcome.
 * Bob, his backup carol and sam of the safety service are Acme's demo approvers, shared by the
 * journeys: they only answer, and each journey's request is told apart by its traveller and its day.
 */

/** The journey's own traveller, new for each journey. */
let alice: OwnUser;
test.beforeEach(async ({ request }) => {
  alice = await ownUser(request, 'alice');
});

type Request = {
  /** Carol as the backup approver, asked at half time. */
  backup?: boolean;
  /** A flight to Cairo (a high-risk country: the safety service must approve too) instead of the train to Lyon. */
  risky?: boolean;
};

/** Alice books Paris → Lyon (or Cairo) on `day` up to the approval request to bob; answers the travel's id. */
async function aliceRequestsApproval(page: Page, day: Date, opts: Request = {}): Promise<string> {
  await signIn(page, alice.username, 'Alice');
  const form = tripForm(page);
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', opts.risky ? 'Le Caire' : 'Lyon');
  await setDateTime(page, 'Date d’aller', day, '07:00');
  await form.getByRole('combobox', { name: 'Entité' }).selectOption({ label: 'Paris HQ' });
  await form.getByRole('button', { name: 'Rechercher' }).click();
  await expect(proposals(page).first()).toBeVisible({ timeout: 15_000 });
  const cabin = proposals(page)
    .getByRole('button', { name: opts.risky ? /^Économie.*€/ : /^2de classe.*€/ })
    .first();
  await cabin.click();
  await expect(cabin).toHaveAttribute('aria-pressed', 'true');
  await offerPanel(page).getByRole('button', { name: 'Choisir cette offre' }).click();
  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await completeEmptyFields(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible();

  await page.goto('/cart');
  await page
    .getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true })
    .getByRole('button', { name: 'Continuer ce voyage' })
    .click();
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
  if (opts.backup) await modal.getByLabel('Valideur suppléant (facultatif)').selectOption({ label: 'Carol Petit' });
  await modal.getByRole('button', { name: 'Valider' }).click();
  await page.getByRole('button', { name: 'Envoyer la demande de validation' }).click();
  await expect(page.getByRole('heading', { name: 'Votre demande de validation a été envoyée' })).toBeVisible();
  return travelId;
}

type Approver = { username: string; email: string };
const BOB: Approver = { username: 'bob', email: 'bob@acme.example' };
const CAROL: Approver = { username: 'carol', email: 'carol@acme.example' };

/** The approver's e-mail about the travel of `day`, in the developer mailbox (the backup's comes at half time). */
async function approverMail(page: Page, day: Date, who: Approver = BOB) {
  // The backup's e-mail is sent by the job runner, within a poll of the clock's move.
  await expect.poll(() => mailCount(page, who.email, `demande d’approbation de ${alice.name}`, typedDate(day))).toBeGreaterThan(0);
  await page.goto('/dev/mailbox');
  const mail = page
    .locator('article', { hasText: who.email })
    .filter({ hasText: `demande d’approbation de ${alice.name}` })
    .filter({ hasText: typedDate(day) })
    .first();
  await expect(mail).toBeVisible();
  return mail;
}

/** How many e-mails to `to` say every one of `texts` in their subject or text (the mailbox's JSON). */
async function mailCount(page: Page, to: string, ...texts: string[]) {
  const mails = (await (await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`)).json()).result as { subject: string; text: string }[];
  return mails.filter((m) => texts.every((text) => `${m.subject}\n${m.text}`.includes(text))).length;
}

/** alice's e-mail saying `text` (bob's answer; each journey's answer is its own). */
async function alicesAnswerMail(page: Page, text: string) {
  await page.goto('/dev/mailbox');
  const mail = page.locator('article', { hasText: alice.email }).filter({ hasText: text }).first();
  await expect(mail).toBeVisible({ timeout: 10_000 });
  return mail;
}

/** An approver in a browser of their own (alice stays signed in in hers). */
async function approverPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR', serviceWorkers: 'block' });
  return context.newPage();
}

/** The approver opens the request from their e-mail: asked to sign in there, then the request opens, focused. */
async function opensRequest(page: Page, day: Date, who: Approver = BOB) {
  const mail = await approverMail(page, day, who);
  await mail.getByRole('link', { name: 'Voir la demande' }).click();
  await expect(page).toHaveURL(/\/account\/approvals\?request=/);
  await expect(page.getByRole('heading', { name: 'Connectez-vous pour voir cette demande' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Connexion' });
  await dialog.getByLabel('Nom d’utilisateur').fill(who.username);
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Se connecter' }).click();
  const region = page.getByRole('region', { name: 'Demande ouverte depuis l’e-mail' });
  const card = region.getByRole('article', { name: `Demande de ${alice.name}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: `Demande de ${alice.name}` })).toBeFocused();
  await expect(card).toContainText(typedDate(day));
  return card;
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: text });

test('(1) alice requests approval; bob opens the e-mail link, signs in and approves; alice’s travel is booked and she gets the e-mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const day = journeyDay('approvals', 31);
  const travelId = await aliceRequestsApproval(page, day);

  // alice may remind bob (not within the hour of the request) or cancel: both are offered on her pending travel.
  await page.goto('/cart');
  const pending = page.getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true });
  await expect(pending.getByRole('button', { name: 'Relancer le valideur' })).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Annuler la demande' })).toBeVisible();

  const bob = await approverPage(browser);
  const card = await opensRequest(bob, day);
  await expect(card).toContainText('Vous (valideur) : en attente');
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
  const day = journeyDay('approvals', 32);
  const travelId = await aliceRequestsApproval(page, day);

  const bob = await approverPage(browser);
  const card = await opensRequest(bob, day);
  await expect(card).toContainText('Vous (valideur) : en attente');
  await card.getByRole('button', { name: 'Refuser' }).click();
  const dialog = bob.getByRole('dialog', { name: `Refuser la demande de ${alice.name}` });
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
  const day = journeyDay('approvals', 33);
  const travelId = await aliceRequestsApproval(page, day);

  const bob = await approverPage(browser);
  const mail = await approverMail(bob, day);
  await mail.getByRole('link', { name: 'Approuver en un clic' }).click();
  await expect(bob).toHaveURL(/\/approvals\/one-click\?token=/);
  const oneClickUrl = bob.url();
  await expect(bob.getByRole('heading', { level: 1, name: 'Réponse à une demande d’approbation' })).toBeVisible();
  await expect(bob.getByRole('region', { name: `Demande de ${alice.name}` })).toContainText(typedDate(day));
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

test('(5) a travel to a high-risk country needs the safety service too: booked once bob and sam said yes', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const day = journeyDay('approvals', 36);
  const travelId = await aliceRequestsApproval(page, day, { risky: true });

  const bob = await approverPage(browser);
  const card = await opensRequest(bob, day);
  await expect(card).toContainText('Destination à risque : le service sécurité doit aussi confirmer ce voyage.');
  await card.getByRole('button', { name: 'Accepter' }).click();
  await expect(toast(bob, 'Demande acceptée')).toBeVisible();
  await bob.context().close();
  await alicesAnswerMail(page, 'Bob Durand a approuvé votre voyage ; il attend encore une autre approbation avant d’être réservé.');

  // sam, the safety service, finds it under the safety requests, and his yes books it.
  const sam = await approverPage(browser);
  await signIn(sam, 'sam', 'Sam');
  await sam.goto('/account/approvals');
  await sam.getByRole('group', { name: 'Type de demandes' }).getByRole('button', { name: 'Service sécurité' }).click();
  const safety = sam.getByRole('article', { name: `Validation sécurité demandée par ${alice.name}` }).filter({ hasText: typedDate(day) });
  await expect(safety).toContainText('Vous (service sécurité) : en attente');
  await safety.getByRole('button', { name: 'Accepter' }).click();
  await expect(toast(sam, 'Demande acceptée')).toBeVisible();
  await sam.context().close();

  await page.goto(`/travel-view?travel=${travelId}`);
  await expect(page.getByText(/^(Réservé|Émission en cours|Émis)$/).first()).toBeVisible();
  await alicesAnswerMail(page, 'Sam Leroy a approuvé votre voyage : il est réservé.');
});

test.describe('with the server’s clock moved to half time', () => {
  // Rail options hold 24 h: the backup is asked 12 h after the request (the server's test clock).
  const toHalfTime = async (page: Page) => expect((await page.request.post('/dev/clock', { data: { advanceMinutes: 12 * 60 + 1 } })).ok()).toBe(true);
  test.afterEach(async ({ request }) => {
    await request.post('/dev/clock', { data: { reset: true } });
  });

  test('(3) nobody answers: at half time carol, the backup, gets it and approves', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const day = journeyDay('approvals', 34);
    await aliceRequestsApproval(page, day, { backup: true });
    expect(await mailCount(page, CAROL.email, typedDate(day)), 'carol is not asked before half time').toBe(0);
    await toHalfTime(page);

    const carol = await approverPage(browser);
    const card = await opensRequest(carol, day, CAROL);
    await expect(card).toContainText('Vous (valideur suppléant) : en attente');
    await expect(card).toContainText('Bob Durand (valideur) : en attente');
    await card.getByRole('button', { name: 'Accepter' }).click();
    await expect(toast(carol, 'Demande acceptée')).toBeVisible();
    await expect(card).toContainText('Acceptée');
    await alicesAnswerMail(carol, 'Carol Petit a approuvé votre voyage : il est réservé.');
  });
});
