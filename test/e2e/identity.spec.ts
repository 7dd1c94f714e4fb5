import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { NEW_USER_PASSWORD, followMailLink, login, signUpTraveller, unique } from './support';

test('a visitor signs up, activates from the e-mail, signs in, switches to English and signs out', async ({ page }) => {
  const id = unique();
  const username = `lea${id}`;
  const email = `lea${id}@acme.example`;
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Créer un compte' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Madame').check();
  await dialog.getByLabel('Prénom').fill('Léa');
  await dialog.getByLabel('Nom', { exact: true }).fill('Rousseau');
  await dialog.getByLabel('Nom d’utilisateur').fill(username);
  await dialog.getByLabel('Adresse e-mail').fill(email);
  await dialog.getByLabel('Téléphone').fill('0612345678');
  await dialog.getByLabel('Date de naissance').fill('17/05/1990');
  await dialog.getByLabel('Adresse postale').fill('3 place Bellecour, 69002 Lyon');
  await dialog.getByLabel('Mot de passe', { exact: true }).fill('Voyage2026');
  await dialog.getByLabel('Confirmation du mot de passe').fill('Voyage2026');
  const submit = dialog.getByRole('button', { name: 'Valider l’inscription' });
  await expect(submit).toBeDisabled();
  await dialog.getByRole('checkbox').check();
  await submit.click();
  await expect(dialog.getByRole('heading', { name: 'Vérifiez votre boîte e-mail' })).toBeVisible();
  await expect(dialog.getByText(email)).toBeVisible();

  await followMailLink(page, email, 'Activer mon compte');
  await expect(page).toHaveURL(/\/form$/);
  await expect(page.getByText('Votre compte est activé')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Compte activé' })).toBeVisible();

  await login(page, username, 'Voyage2026');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Léa')).toBeVisible();

  await banner.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'English' }).click();
  await expect(banner.getByRole('button', { name: 'Search' }).or(banner.getByRole('link', { name: 'Search' }))).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(banner.getByText('Léa')).toBeVisible();

  await banner.getByRole('button', { name: /Léa/ }).click();
  await page
    .getByRole('menuitem', { name: 'Log out' })
    .or(page.getByRole('button', { name: 'Log out' }))
    .click();
  await expect(banner.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(banner.getByText('Léa')).toHaveCount(0);
});

test('an employee sees first name and company in the header', async ({ page }) => {
  await page.goto('/');
  // The seeded alice only signs in here: her header is read, nothing written.
  await login(page, 'alice');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Alice')).toBeVisible();
  await expect(banner.getByText('Acme Industries')).toBeVisible();
  await expect(banner.getByText('Démo')).toBeVisible();
});

test('a user resets the password from the e-mailed link and signs in with the new one', async ({ page }) => {
  // A traveller of the journey's own: a demo user's password stays as the other journeys know it.
  const traveller = await signUpTraveller(page, { activate: true });
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('button', { name: 'Mot de passe oublié ?' })
    .or(dialog.getByRole('link', { name: 'Mot de passe oublié ?' }))
    .click();
  await dialog.getByLabel('Nom d’utilisateur').fill(traveller.username);
  await dialog.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(dialog.getByText('Si ce compte existe, un e-mail est en route', { exact: false })).toBeVisible();

  await followMailLink(page, traveller.email, 'Choisir un nouveau mot de passe');
  const reset = page.getByRole('dialog');
  await reset.getByLabel('Nouveau mot de passe').fill('Changed2027x');
  await reset.getByLabel('Confirmation du mot de passe').fill('Changed2027x');
  await reset.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();

  // The old password no longer works; the new one does.
  await page.goto('/');
  await login(page, traveller.username, NEW_USER_PASSWORD);
  await expect(page.getByRole('dialog').getByText('Nom d’utilisateur ou mot de passe incorrect.')).toBeVisible();
  await page.keyboard.press('Escape');
  await login(page, traveller.username, 'Changed2027x');
  await expect(page.getByRole('banner').getByText('Inès')).toBeVisible();
});

test('an expired token in storage leads to the session-expired warning', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('escale.token', 'expired-token-expired-token-expired-token-00'));
  await page.reload();
  await expect(page.getByText('Votre session a expiré : veuillez vous reconnecter.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Se connecter' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('escale.token'))).toBeNull();
});

test('the home page has no accessibility violation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
});

test('a traveller changes her e-mail address: her current password, a link to the new address, then the switch', async ({ page }) => {
  const traveller = await signUpTraveller(page, { activate: true });
  const newEmail = `${traveller.username}.nouvelle@acme.example`;
  await page.goto('/');
  await login(page, traveller.username, NEW_USER_PASSWORD);
  await expect(page.getByRole('banner').getByText('Inès')).toBeVisible();

  await page.goto('/account/informations');
  await page.getByLabel('Adresse e-mail').fill(newEmail);
  // A new address takes the current password.
  await page.getByLabel('Mot de passe actuel', { exact: true }).fill(NEW_USER_PASSWORD);
  await page.getByLabel(/J’accepte que mes données soient traitées/).check();
  await page.getByLabel('Je certifie l’exactitude de ces informations').check();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(`Confirmez votre nouvelle adresse avec le lien envoyé à ${newEmail}`, { exact: false })).toBeVisible();
  await expect(page.getByText(`En attente de confirmation pour ${newEmail}`, { exact: false })).toBeVisible();
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue(traveller.email);

  await followMailLink(page, newEmail, 'Confirmer cette adresse');
  await expect(page.getByText(`C’est fait : l’adresse e-mail de votre compte est maintenant ${newEmail}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Voir mes informations' }).click();
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue(newEmail);
  await expect(page.getByText('En attente de confirmation', { exact: false })).toHaveCount(0);

  // The former address is told.
  await page.goto('/dev/mailbox');
  await expect(page.locator('article', { hasText: 'votre adresse e-mail a été changée' }).filter({ hasText: traveller.email }).first()).toBeVisible();
});
