import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { followMailLink, signIn, unique } from './support';

/*
 * The agency's administrator: adele (Escale Voyages, agency_admin) opens "Agence" from her menu, creates a
 * client company and invites its travel manager (who gets the e-mail), changes the brand colour — refused
 * below the contrast WCAG AA asks, then saved and seen at once in the app —, and reads the history.
 */

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('adele creates a company and invites its travel manager, changes the brand colour and sees it, reads the history', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const id = unique();
  const companyName = `Umbra ${id}`;
  const email = `uma.${id}@umbra.example`;

  await signIn(page, 'adele', 'Adèle');
  await page.getByRole('banner').getByRole('button', { name: /Adèle/ }).click();
  await page.getByRole('link', { name: 'Agence' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agence' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Entreprises' }).getByText('Acme Industries')).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);

  // A new client company, then its travel manager.
  await page.getByRole('button', { name: 'Nouvelle entreprise' }).click();
  const create = page.getByRole('form', { name: 'Nouvelle entreprise cliente' });
  await create.getByRole('button', { name: 'Créer l’entreprise' }).click();
  await expect(create.getByLabel('Nom de l’entreprise')).toBeFocused();
  await expect(create.getByText('Veuillez remplir ce champ').first()).toBeVisible();
  await create.getByLabel('Nom de l’entreprise').fill(companyName);
  await create.getByLabel('Entités').fill('Siège\nLyon');
  await create.getByLabel('Hôtels réservables').check();
  await create.getByRole('button', { name: 'Créer l’entreprise' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`Entreprise ${companyName} créée`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: companyName })).toBeFocused();
  // Its rules, with the travel manager's editors.
  await expect(page.getByRole('region', { name: 'Entités' }).getByLabel('Entité 1')).toHaveValue('Lyon');

  const invite = page.getByRole('form', { name: 'Inviter un gestionnaire des voyages' });
  await invite.getByLabel('Madame').check();
  await invite.getByLabel('Prénom').fill('Uma');
  await invite.getByLabel('Nom', { exact: true }).fill('Roche');
  await invite.getByLabel('Adresse e-mail').fill(email);
  await invite.getByRole('button', { name: 'Envoyer l’invitation' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`Invitation envoyée à ${email}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Gestionnaires des voyages' }).getByText(`Uma Roche · ${email} · invitation envoyée`)).toBeVisible();

  // The travel manager, in a browser of their own, opens the invitation.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR', serviceWorkers: 'block' });
  const uma = await context.newPage();
  await followMailLink(uma, email, 'Activer mon compte');
  await expect(uma.getByRole('heading', { name: `Bienvenue chez ${companyName}` })).toBeVisible();
  await context.close();

  // The brand colour: the contrast is checked as it is typed, and the preview follows.
  await page.getByRole('navigation', { name: 'Sections de l’agence' }).getByRole('link', { name: 'Apparence' }).click();
  const branding = page.getByRole('form', { name: 'Apparence' });
  const brand = branding.getByRole('textbox', { name: 'Couleur principale', exact: true });
  await brand.fill('#ffcc00');
  await expect(branding.getByText(/Contraste avec le texte blanc : 1,\d\d:1 — insuffisant/)).toBeVisible();
  await expect(brand).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('preview-header')).toHaveCSS('background-color', 'rgb(255, 204, 0)');
  await branding.getByRole('button', { name: 'Enregistrer l’apparence' }).click();
  await expect(brand).toBeFocused();
  await brand.fill('#7a1f5c');
  await expect(branding.getByText(/— conforme au niveau AA/).first()).toBeVisible();
  await expect(page.getByTestId('preview-header')).toHaveCSS('background-color', 'rgb(122, 31, 92)');
  const axeBranding = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  expect(axeBranding.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  await branding.getByRole('button', { name: 'Enregistrer l’apparence' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Apparence enregistrée')).toBeVisible();
  // The app takes the new colour at once: its buttons are painted with it.
  await expect(branding.getByRole('button', { name: 'Enregistrer l’apparence' })).toHaveCSS('background-color', 'rgb(122, 31, 92)');

  // The history: who did what, newest first.
  await page.getByRole('navigation', { name: 'Sections de l’agence' }).getByRole('link', { name: 'Historique' }).click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Apparence modifiée');
  await expect(rows.nth(1)).toContainText('adele');
  await expect(rows.nth(1)).toContainText('brandColor');
  await expect(page.getByRole('row').filter({ hasText: 'Gestionnaire des voyages invité' }).filter({ hasText: companyName })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Entreprise créée' }).filter({ hasText: companyName })).toBeVisible();
});
