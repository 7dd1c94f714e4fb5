import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { dayFromToday, login, pickCity, typedDate } from './support';

const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test('the home trip form is filled with the keyboard only and opens /search with its params', async ({ page }) => {
  await page.goto('/');
  // The seeded alice only searches here: nothing of hers is written.
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

test('the keyboard reaches every control of the form in order, and the calendar’s days and hours right after the date', async ({ page }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Recherche de trajet' });
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', 'Lyon');
  const date = form.getByLabel('Date d’aller', { exact: true });
  const calendar = form.getByRole('button', { name: /^Calendrier et heure/ });
  const search = form.getByRole('button', { name: 'Rechercher' });
  await expect(date).toBeFocused(); // where choosing the destination leads
  await form.getByRole('combobox', { name: 'Départ' }).focus();
  for (const next of [
    form.getByRole('button', { name: 'Inverser le départ et la destination' }),
    form.getByRole('combobox', { name: 'Destination' }),
    form.getByRole('radio', { name: 'Partir après' }),
    date,
    calendar,
    form.getByRole('button', { name: 'Ajouter un retour' }),
    form.getByRole('button', { name: /^Passagers/ }),
    search,
  ]) {
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
  }

  // Back to the calendar button: it takes the keyboard to the chosen day, then the quick buttons and the hours.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+Tab');
  await expect(calendar).toBeFocused();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('complementary', { name: 'Détails de la recherche' });
  await expect(panel.getByRole('grid').locator('button[tabindex="0"]')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter'); // the day after the form's first one (now + 1 h: tomorrow, or the day after after 23:00)
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Matin' })).toBeFocused();
  await page.keyboard.press('Enter'); // 05:00, which has no hour of its own: the hours start unchosen
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('radio', { name: '06:00' })).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(panel.getByRole('radio', { name: '09:00' })).toBeFocused();
  await expect(panel.getByRole('radio', { name: '09:00' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Valider' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(date).toBeFocused();
  const day = new Date(Date.now() + 3_600_000);
  day.setHours(0, 0, 0, 0);
  day.setDate(day.getDate() + 1);
  await expect(date).toHaveValue(typedDate(day));
  await expect(calendar).toHaveAccessibleName('Calendrier et heure, 09:00');

  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  await expect(search).toBeFocused();
  await page.keyboard.press('Enter');
  const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  await expect(page).toHaveURL(new RegExp(`date=${iso}T09(%3A|:)00`));
});

test('each bad date and a too long place text get their own message next to the field; an address that cannot be searched says why', async ({ page }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Recherche de trajet' });
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', 'Lyon');
  const date = form.getByLabel('Date d’aller', { exact: true });
  const last = typedDate(dayFromToday(365));
  for (const [typed, message] of [
    [`31/02/${new Date().getFullYear() + 1}`, 'Date invalide : saisissez un jour qui existe, au format JJ/MM/AAAA'],
    [typedDate(dayFromToday(-1)), 'Cette date est passée : choisissez aujourd’hui ou un jour suivant'],
    [typedDate(dayFromToday(400)), `Date trop lointaine : le dernier jour réservable est le ${last}`],
  ] as const) {
    await date.fill(typed);
    await form.getByRole('button', { name: 'Rechercher' }).click();
    await expect(date).toHaveAccessibleDescription(new RegExp(message));
    await expect(form.getByText(message)).toBeVisible();
    await expect(date).toHaveValue(typed); // never replaced
  }
  await expect(page).toHaveURL(/\/$/);

  const from = form.getByRole('combobox', { name: 'Départ' });
  await from.fill('Paris '.repeat(232).slice(0, 1390));
  await expect(form.getByText('Recherche trop longue : 100 caractères au plus')).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Départ' }).getByRole('option')).toHaveCount(0);

  // The address of a search: no such day, a date beyond the horizon; a past day, which the server judges.
  const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const searchOf = (date: string) => `/search?from=city%3Aparis&to=city%3Alyon&date=${date}T10%3A00&pax=me`;
  for (const [date, reason] of [
    [`${new Date().getFullYear() + 1}-02-31`, 'Date d’aller : Date invalide : saisissez un jour qui existe, au format JJ/MM/AAAA'],
    [iso(dayFromToday(400)), `Date d’aller : Date trop lointaine : le dernier jour réservable est le ${last}`],
  ] as const) {
    await page.goto(searchOf(date));
    await expect(page.getByRole('heading', { level: 1, name: 'Cette recherche ne peut pas aboutir' })).toBeVisible();
    await expect(page.getByText(reason)).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  for (const technical of ['city:', 'format de la requête']) await expect(page.locator('body')).not.toContainText(technical);
  await page.getByRole('link', { name: 'Modifier la recherche' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(form).toBeVisible();

  await page.goto(searchOf(iso(dayFromToday(-3))));
  await expect(page.getByText('Cette date est passée.')).toBeVisible();
  for (const technical of ['city:', 'format de la requête']) await expect(page.locator('body')).not.toContainText(technical);
});
