import { expect, test } from '@playwright/test';
import { NEW_USER_PASSWORD as PASSWORD, followMailLink, login, signUpTraveller } from './support';

/*
 * "Mes données": a freshly signed-up traveller (so the demo users stay as they are)
 * deletes the optional data; another deletes the account and can no longer sign in.
 */

test('a new traveller completes the onboarding, then deletes the optional data', async ({ page }) => {
  const { email } = await signUpTraveller(page);
  await followMailLink(page, email, 'Activer mon compte');

  // The onboarding (/form): identity, then the details prefilled from the sign-up.
  await expect(page.getByRole('heading', { level: 1, name: 'Compte activé' })).toBeVisible();
  const identity = page.getByRole('form', { name: 'Votre identité' });
  await identity.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await identity.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
  await identity.getByLabel('Oui, conserver mes informations').check();
  await identity.getByLabel('Je certifie l’exactitude des informations saisies').check();
  await identity.getByRole('button', { name: 'Continuer' }).click();
  const details = page.getByRole('form', { name: 'Finalisation' });
  await expect(details.getByLabel('Téléphone')).toHaveValue('0612345678');
  await details.getByLabel('J’accepte que mes données soient traitées selon la politique de confidentialité de l’agence').check();
  await details.getByLabel('Je certifie l’exactitude des informations saisies').check();
  await details.getByRole('button', { name: 'Valider mon compte' }).click();
  await expect(page.getByText('Informations enregistrées')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Inès')).toBeVisible();

  await page.goto('/account/informations');
  const myData = page.getByRole('region', { name: 'Mes données' });
  await myData.getByRole('button', { name: 'Supprimer mes données facultatives' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer vos données facultatives ?' });
  await dialog.getByRole('button', { name: 'Supprimer mes données facultatives' }).click();
  await expect(page.getByText('Données supprimées')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The personal data no longer holds the phone.
  await expect(page.getByLabel('Téléphone (facultatif)')).toHaveValue('');

  // The privacy policy is the agency's own, from the menu's last item.
  await page.getByRole('navigation', { name: 'Mon espace' }).getByRole('link', { name: 'Politique de confidentialité' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité de Escale Voyages' })).toBeVisible();
});

test('a new traveller deletes the account with the password and can no longer sign in', async ({ page }) => {
  const { username } = await signUpTraveller(page, { activate: true });
  await page.goto('/');
  await login(page, username, PASSWORD);
  await expect(page.getByRole('banner').getByText('Inès')).toBeVisible();

  await page.goto('/account/informations');
  await page.getByRole('region', { name: 'Mes données' }).getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer votre compte ?' });
  await dialog.getByLabel('Votre mot de passe').fill('NotMine2026');
  await dialog.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
  await expect(dialog.getByText('Mauvais mot de passe.')).toBeVisible();
  await dialog.getByLabel('Votre mot de passe').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
  await expect(page.getByText('Compte supprimé')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Se connecter' })).toBeVisible();

  await login(page, username, PASSWORD);
  await expect(page.getByRole('dialog').getByText('Nom d’utilisateur ou mot de passe incorrect.')).toBeVisible();
});
