import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { completeEmptyFields, followMailLink, offerPanel, pickCity, proposals, setDateTime, signIn, tripForm, typedDate, unique } from './support';
import { journeyDay } from './days';

/*
 * The travel manager: maya (Acme, account_creation) invites a new employee from "Mon
 * entreprise"; the invitee opens the e-mailed link in a browser of their own, chooses a password,
 * signs in and books a train — Acme asks approval, so the journey ends with the request sent to bob.
 * Maya is Acme's only travel manager: she only invites; the employee who books is the journey's own.
 */

test('maya invites an employee, who activates from the e-mail, signs in and books a train', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const id = unique();
  const username = `nina${id}`;
  const email = `nina.${id}@acme.example`;
  const password = 'Voyage2026';
  const day = journeyDay('company-admin', 38);

  await signIn(page, 'maya', 'Maya');
  await page.goto('/account/informations');
  await page.getByRole('navigation', { name: 'Mon espace' }).getByRole('link', { name: 'Mon entreprise' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon entreprise' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Personnes' }).getByText('Bob Durand')).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);

  await page.getByRole('button', { name: 'Inviter un collaborateur' }).click();
  const form = page.getByRole('form', { name: 'Inviter un collaborateur' });
  await form.getByLabel('Madame').check();
  await form.getByLabel('Prénom').fill('Nina');
  await form.getByLabel('Nom', { exact: true }).fill('Fabre');
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByLabel('Nom d’utilisateur (facultatif)').fill(username);
  await form.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`Invitation envoyée à ${email}`)).toBeVisible();
  const invited = page.getByRole('list', { name: 'Personnes' }).getByRole('listitem').filter({ hasText: 'Nina Fabre' });
  await expect(invited.getByText('Invitation envoyée')).toBeVisible();

  // The invitee, in a browser of their own.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR', serviceWorkers: 'block' });
  const nina = await context.newPage();
  await followMailLink(nina, email, 'Activer mon compte');
  await expect(nina.getByRole('heading', { name: 'Bienvenue chez Acme Industries' })).toBeVisible();
  await nina.getByLabel('Mot de passe', { exact: true }).fill(password);
  await nina.getByLabel('Confirmation du mot de passe').fill(password);
  await nina.getByRole('checkbox').check();
  await nina.getByRole('button', { name: 'Activer mon compte' }).click();
  await expect(nina.getByRole('heading', { name: 'Compte activé' })).toBeVisible();
  await nina.getByRole('main').getByRole('button', { name: 'Se connecter' }).click();
  const login = nina.getByRole('dialog');
  await expect(login.getByLabel('Nom d’utilisateur')).toHaveValue(username);
  await login.getByRole('button', { name: 'Continuer' }).click();
  await login.getByLabel('Mot de passe', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Se connecter' }).click();
  await expect(nina.getByRole('banner').getByText('Nina')).toBeVisible();

  // She books Paris → Lyon; Acme asks approval: the request goes to bob.
  await nina.goto('/');
  await pickCity(nina, 'Départ', 'Paris');
  await pickCity(nina, 'Destination', 'Lyon');
  await setDateTime(nina, 'Date d’aller', day, '07:00');
  await tripForm(nina).getByRole('combobox', { name: 'Entité' }).selectOption({ label: 'Paris HQ' });
  await tripForm(nina).getByRole('button', { name: 'Rechercher' }).click();
  await expect(proposals(nina).first()).toBeVisible({ timeout: 15_000 });
  const cabin = proposals(nina)
    .getByRole('button', { name: /^2de classe.*€/ })
    .first();
  await cabin.click();
  await offerPanel(nina).getByRole('button', { name: 'Choisir cette offre' }).click();
  await expect(nina.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await completeEmptyFields(nina);
  await nina.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(nina.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible();
  await nina.goto('/cart');
  await nina
    .getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true })
    .getByRole('button', { name: 'Continuer ce voyage' })
    .click();
  const analytics = nina.getByRole('form', { name: 'Informations de facturation' });
  await analytics.getByLabel('Centre de coûts *').selectOption({ label: 'R&D (RND)' });
  await analytics.getByRole('button', { name: 'Continuer' }).click();
  const approver = nina.getByRole('dialog', { name: 'Choix du valideur' });
  await approver.getByLabel('Valideur *').selectOption({ label: 'Bob Durand' });
  await approver.getByRole('button', { name: 'Valider' }).click();
  await nina.getByRole('button', { name: 'Envoyer la demande de validation' }).click();
  await expect(nina.getByRole('heading', { name: 'Votre demande de validation a été envoyée' })).toBeVisible();
  await context.close();

  // Back on maya's page, the invitee is active now.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Personnes' }).getByRole('listitem').filter({ hasText: 'Nina Fabre' }).getByText('Actif')).toBeVisible();

  // The editors of the other areas meet WCAG 2.2 AA as well.
  for (const [tab, heading] of [
    ['entities', 'Entités'],
    ['analytics', 'Champs analytiques'],
    ['approvers', 'Valideurs'],
    ['policy', 'Politique de voyage'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Sections de mon entreprise' }).getByRole('link', { name: heading }).click();
    await expect(page).toHaveURL(new RegExp(`tab=${tab}`));
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    const found = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(found.violations.map((v) => `${tab} ${v.id}: ${v.nodes.length}`)).toEqual([]);
  }
});
