import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { login } from './support';

const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test('the home trip form is filled with the keyboard only and opens /search with its params', async ({ page }) => {
  await page.goto('/');
  await login(page, 'alice');
  await expect(page.getByRole('banner').getByText('Alice')).toBeVisible();
  const form = page.getByRole('form', { name: 'Recherche de trajet' });
  await expect(form).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const from = form.getByRole('combobox', { name: 'Départ' });
  await from.focus();
  await from.pressSequentially('Paris');
  await expect(page.getByRole('listbox', { name: 'Départ' }).getByRole('option').first()).toContainText('Paris');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const to = form.getByRole('combobox', { name: 'Destination' });
  await expect(to).toBeFocused();
  await to.pressSequentially('Lyon');
  await expect(page.getByRole('listbox', { name: 'Destination' }).getByRole('option').first()).toContainText('Lyon');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Date d’aller')).toBeFocused();
  await expect(page.getByRole('grid', { name: /Date d’aller/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Alice's company has two entities: none is preselected.
  await form.getByRole('combobox', { name: 'Entité' }).selectOption({ label: 'Paris HQ' });
  await form.getByRole('button', { name: 'Rechercher' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?.*from=.*to=.*date=\d{4}-\d{2}-\d{2}T\d{2}(%3A|:)\d{2}/);
});

test('a visitor gets the messages of an incomplete search next to the fields', async ({ page }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Recherche de trajet' });
  await form.getByRole('button', { name: 'Rechercher' }).click();
  await expect(form.getByText('Veuillez choisir un lieu de départ dans la liste')).toBeVisible();
  await expect(form.getByText('Veuillez choisir une destination dans la liste')).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Départ' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
});

test('below 760 px the passengers panel replaces the form until confirmed', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Recherche de trajet' });
  await form.getByRole('button', { name: /Passagers/ }).click();
  await expect(form).toBeHidden();
  const panel = page.getByRole('complementary', { name: 'Détails de la recherche' });
  await panel.getByRole('button', { name: 'Ajouter un voyageur' }).click();
  await panel.getByRole('button', { name: 'Valider' }).click();
  await expect(form).toBeVisible();
  await expect(form.getByRole('button', { name: /2 passagers/ })).toBeFocused();
  await expect(panel).toBeHidden();

  await form.getByLabel('Date d’aller').click();
  await expect(form).toBeHidden();
  await panel.getByRole('button', { name: 'Après-midi' }).click();
  await panel.getByRole('button', { name: 'Valider' }).click();
  await expect(form.getByLabel('Date d’aller')).toBeFocused();
  await expect(panel).toBeHidden();
});
