import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { DEMO_PASSWORD, providerForm } from './support';

/**
 * Single sign-on through the real redirects: Globex Consulting signs its users in at the
 * demo OpenID Connect provider this server runs at /oidc (authorization code with PKCE). The
 * journeys only sign the seeded gus in and out: nothing of his is written.
 */

const axe = (page: Page) => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();

test('gus types his username, signs in at his company’s provider and comes back signed in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nom d’utilisateur').fill('gus');
  await dialog.getByRole('button', { name: 'Continuer' }).click();

  // The provider's page, on /oidc, with his name already in.
  const form = providerForm(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion à Globex Consulting' })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/oidc\/interaction\//);
  await expect(form.getByLabel('Nom d’utilisateur')).toHaveValue('gus');
  expect((await axe(page)).violations).toEqual([]);

  // A wrong password is refused there, and nobody is signed in.
  await form.getByLabel('Mot de passe', { exact: true }).fill('Not-the-password1');
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expect(form.getByRole('alert')).toHaveText('Nom d’utilisateur ou mot de passe incorrect.');

  await form.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Gus')).toBeVisible();
  await expect(banner.getByText('Globex Consulting')).toBeVisible();
  // Home, with the one-time token gone from the address, every tab there.
  await expect(page).toHaveURL(/\/$/);
  await expect(banner.getByRole('link', { name: 'Rechercher' })).toBeVisible();

  // The session holds across a reload.
  await page.reload();
  await expect(page.getByRole('banner').getByText('Gus')).toBeVisible();
});

test('cancelling at the provider shows why nobody is signed in, and the way home', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('dialog').getByLabel('Nom d’utilisateur').fill('gus');
  await page.getByRole('dialog').getByRole('button', { name: 'Continuer' }).click();
  await providerForm(page).getByRole('button', { name: 'Annuler' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Connexion impossible' })).toBeVisible();
  await expect(page.getByText('Le fournisseur d’identité n’a pas confirmé votre identité.')).toBeVisible();
  expect((await axe(page)).violations).toEqual([]);
  await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Gus')).toHaveCount(0);
});

test('a partner’s sandbox entry signs gus in without the tabs nor the account area, also after a reload', async ({ page }) => {
  await page.goto('/auth/sandbox/globex');
  const form = providerForm(page);
  await form.getByLabel('Nom d’utilisateur').fill('gus');
  await form.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Se connecter' }).click();

  const banner = page.getByRole('banner');
  await expect(banner.getByText('Gus')).toBeVisible();
  for (const tab of ['Rechercher', 'Panier', 'Mon espace']) await expect(banner.getByRole('link', { name: tab })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('banner').getByText('Gus')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Rechercher' })).toHaveCount(0);
  // The account area stays closed.
  await page.goto('/account/informations');
  await expect(page).toHaveURL(/\/$/);
});
