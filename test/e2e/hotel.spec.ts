import { expect, test } from '@playwright/test';
import { cartCount, cartTravels, pickCity, signIn, typedDate } from './support';
import { journeyDay } from './days';
import { ownUser } from './users';

// The map needs WebGL 2: with the GPU off, Chromium draws it with SwiftShader only when told to.
test.use({
  launchOptions: {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--enable-unsafe-swiftshader',
      '--use-angle=swiftshader',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
});

test('alice finds a hotel in Paris on the map, chooses its room and adds the stay to her cart', async ({ page }) => {
  // The journey's own twin of alice (Acme): the stay goes to a cart nobody else fills.
  const alice = await ownUser(page.request, 'alice');
  await signIn(page, alice.username, 'Alice');

  // The home's switch: Acme has hotels.
  // The radio is the label's own (visually hidden): a user clicks the words.
  await page.getByRole('group', { name: 'Type de recherche' }).getByText('Hôtel', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Hôtel' })).toBeChecked();
  await expect(page).toHaveURL(/[?&]type=hotel/);
  const form = page.getByRole('form', { name: 'Recherche d’hôtel' });
  await expect(form).toBeVisible();
  await pickCity(page, 'Lieu du séjour', 'Paris');
  // Focus order: the place, then the check-in, then the check-out.
  await expect(form.getByRole('textbox', { name: 'Date d’arrivée' })).toBeFocused();
  await page.keyboard.type(typedDate(journeyDay('hotel', 60)).replaceAll('/', ''));
  await expect(form.getByRole('textbox', { name: 'Date de départ' })).toBeFocused();
  await page.keyboard.type(typedDate(journeyDay('hotel', 62)).replaceAll('/', ''));
  const entity = form.getByLabel('Entité');
  if (await entity.isVisible()) await entity.selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Rechercher' }).click();

  await expect(page).toHaveURL(/\/search-hotels\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hôtels à Paris' })).toBeVisible();
  await expect(page.getByText(/2 nuits · 1 voyageur/)).toBeVisible();
  const list = page.getByRole('list', { name: 'Hôtels' });
  await expect(list).toBeVisible({ timeout: 15_000 });

  // The map beside the list, its markers grouped in clusters.
  await page.getByRole('switch', { name: 'Afficher la carte' }).check();
  const map = page.getByRole('region', { name: 'Carte des hôtels' });
  await expect(map).toBeVisible({ timeout: 15_000 });
  const clusters = map.getByRole('button', { name: /hôtels, zoomer$/ });
  await expect(clusters.first()).toBeVisible({ timeout: 15_000 });

  // Zoom into clusters until a hotel of its own shows, then choose it on the map.
  const hotels = map.getByRole('button', { name: /, \d+ €$/ });
  // A click zooms in with an animation: wait for a hotel to show, else click the next cluster.
  await expect(async () => {
    if ((await hotels.count()) === 0) await clusters.first().click();
    await expect(hotels.first()).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 20_000 });
  const marker = hotels.first();
  const markerName = (await marker.getAttribute('aria-label')) ?? '';
  const hotelName = markerName.replace(/, \d+ €$/, '');
  await marker.click();
  await expect(marker).toHaveAttribute('aria-pressed', 'true');
  // Selected on the map, selected in the list.
  await expect(list.getByRole('button', { pressed: true })).toContainText(hotelName);

  const detail = page.getByRole('region', { name: hotelName });
  const choose = detail.getByRole('button', { name: /^Choisir la chambre/ }).first();
  await expect(choose).toBeVisible({ timeout: 15_000 });
  await choose.click();
  await detail.getByRole('button', { name: 'Suivant' }).click();

  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Prénom *' })).toHaveValue('Alice');
  await expect(page.getByRole('textbox', { name: 'Nom *', exact: true })).toHaveValue(alice.lastname);
  const phone = page.getByRole('textbox', { name: 'Téléphone *' });
  if ((await phone.inputValue()) === '') await phone.fill('0611223344');
  const before = await cartTravels(page);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();

  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible({ timeout: 15_000 });
  // The stay is a travel of its own in the cart: the header's badge counts one more.
  await expect.poll(() => cartCount(page)).toBe(before + 1);
  await page.getByRole('link', { name: 'Voir le panier' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('main')).toContainText(hotelName, { timeout: 15_000 });
});
