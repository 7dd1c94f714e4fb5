import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Escale2026!';

/** Two-step login through the header's Log in button. */
export async function login(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nom d’utilisateur').fill(username);
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Se connecter' }).click();
}

/** Opens the newest e-mail to `to` in the developer mailbox and follows its link. */
export async function followMailLink(page: Page, to: string, linkName: string) {
  await page.goto('/dev/mailbox');
  const mail = page.locator('article', { hasText: to }).first();
  await expect(mail).toBeVisible();
  await mail.getByRole('link', { name: linkName }).click();
}

export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
