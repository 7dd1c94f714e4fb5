import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROME_PATH } from '../lighthouse';

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

/** A page of `baseUrl` signed in as `username` through the header's two-step login, service workers blocked. */
export async function signedInPage(browser: Browser, baseUrl: string, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 }, serviceWorkers: 'block', locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nom d’utilisateur').fill(username);
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Se connecter' }).click();
  await dialog.waitFor({ state: 'detached' });
  return page;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
