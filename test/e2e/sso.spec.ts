import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { DEMO_PASSWORD, login, providerForm } from './support';

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
  // Signed out; this device remembers gus's way in (his company's button, asked for on the way to the provider).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion avec votre entreprise' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Autre compte' })).toBeVisible();
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

test('ursula (Umbrella enforces its single sign-on) is refused a password, and signs in through her company’s provider', async ({ page }) => {
  await page.goto('/');
  // Her password opens no session: the API sends her to her company's sign-in.
  const refused = await page.evaluate(async (password) => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="escale-api-key"]')?.content ?? '';
    const key = meta && !meta.startsWith('%') ? meta : 'demo-agency-key';
    const response = await fetch('/api/v1/user/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Api-Key': key },
      body: JSON.stringify({ username: 'ursula', password }),
    });
    return { status: response.status, body: (await response.json()) as { api_code: number; redirectURL?: string } };
  }, DEMO_PASSWORD);
  expect(refused.status).toBe(403);
  expect(refused.body.api_code).toBe(32);
  expect(new URL(refused.body.redirectURL!).pathname).toBe('/auth/sso/umbrella');

  // Nor will she get a reset link: the modal says why, with her company's button.
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  const reset = page.getByRole('dialog', { name: 'Mot de passe oublié' });
  await reset.getByLabel('Nom d’utilisateur').fill('ursula');
  await reset.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(reset.getByRole('alert')).toHaveText(/^Umbrella Corporation vous connecte par sa propre page de connexion/);
  expect((await axe(page)).violations).toEqual([]);
  await reset.getByRole('link', { name: 'Connexion avec votre entreprise' }).click();

  // Umbrella's provider (the demo one, at /oidc), her name already in.
  const form = providerForm(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion à Umbrella Corporation' })).toBeVisible();
  await expect(form.getByLabel('Nom d’utilisateur')).toHaveValue('ursula');
  await form.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Ursula')).toBeVisible();
  await expect(banner.getByText('Umbrella Corporation')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Signed out, this device offers her company's single button in place of Log in / Sign up.
  await banner.getByRole('button', { name: /Ursula/ }).click();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  const companyButton = page.getByRole('banner').getByRole('link', { name: 'Connexion avec votre entreprise' });
  await expect(companyButton).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Créer un compte' })).toHaveCount(0);
  // Her provider still knows her (its own session): the button brings her straight back, signed in.
  await companyButton.click();
  await expect(page.getByRole('banner').getByRole('button', { name: /Ursula/ })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('alice signed in here is asked before gus’s single sign-on replaces her session: cancel keeps her, continue signs gus in', async ({ page }) => {
  await page.goto('/');
  await login(page, 'alice');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Alice')).toBeVisible();

  // Gus signs in at his company's provider in this same browser.
  await page.goto('/auth/sso/globex');
  const form = providerForm(page);
  await form.getByLabel('Nom d’utilisateur').fill('gus');
  await form.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  const question = page.getByRole('heading', { level: 1, name: 'Vous êtes connecté(e) en tant que Alice Martin. Continuer en tant que Gus Moreau ?' });
  await expect(question).toBeVisible();
  expect((await axe(page)).violations).toEqual([]);
  await page.getByRole('button', { name: 'Annuler' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(banner.getByText('Alice')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('banner').getByText('Alice')).toBeVisible();

  // Again (the provider remembers gus and sends him straight back), and this time he continues.
  await page.goto('/auth/sso/globex');
  await expect(question).toBeVisible();
  await page.getByRole('button', { name: 'Continuer en tant que Gus Moreau' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByText('Gus')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Alice')).toHaveCount(0);
});
