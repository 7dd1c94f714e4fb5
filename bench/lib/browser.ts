import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, like the e2e tests' (CHROME_PATH to use another). */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The seeded demo users' password (src/server/db/seed.ts). */
const DEMO_PASSWORD = 'Escale2026!';

/** Chromium's flags: playwright.config.ts's, plus /tmp for shared memory (small /dev/shm in containers). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Headless Chromium (Debian's, like the e2e tests); each measurement picks its own context (viewport, device). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
}

/**
 * A page of `baseUrl` signed in as `username` through the header's two-step login (for a user of a
 * company with single sign-on, gus, through the provider's page), service workers blocked.
 */
export async function signedInPage(browser: Browser, baseUrl: string, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 }, serviceWorkers: 'block', locale: 'fr-FR' });
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

/** Signs `page` in as `username` from the home page, as a user does (the SSO provider's page for gus). */
export async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nom d’utilisateur').fill(username);
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  const form = dialog.or(page.getByRole('form', { name: 'Connexion au fournisseur d’identité' }));
  await form.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  // Back from the provider (/oidc, /auth, then /sso/… signs in and goes on): signed in once the header says so.
  await page.waitForURL((url) => !/^\/(oidc|auth|sso)\//.test(url.pathname));
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).waitFor({ state: 'detached' });
}

/** A call to the API as the user signed in on `page` (its token); the answer's `result`. */
export async function apiAs<T>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('escale.token'));
  const res = await page.request.fetch(url, { method, data, headers: { 'Api-Key': 'demo-agency-key', Authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
