import { expect, test, type Locator } from '@playwright/test';
import { cartCount, dayFromToday, setDateTime, signIn, typedDate } from './support';
import { journeyDayWhere } from './days';
import { ownUser } from './users';

/** A weekday followed by a weekday: the station's agencies open Monday to Saturday. */
const weekday = (day: Date) => day.getDay() >= 1 && day.getDay() <= 4;

/** Fills a text field only when the driver the search knows left it empty. */
async function fillIfEmpty(field: Locator, value: string) {
  if ((await field.inputValue()) === '') await field.fill(value);
}

test('alice rents a car at Lyon Part-Dieu whose renter asks for the licence: add to cart waits for it, then the car is in her cart', async ({ page }) => {
  // The journey's own twin of alice (Acme): the car goes to a cart nobody else fills.
  const alice = await ownUser(page.request, 'alice');
  await signIn(page, alice.username, 'Alice');
  const before = await cartCount(page);

  // The home's switch: Acme rents cars.
  // The radio is the label's own (visually hidden): a user clicks the words.
  await page.getByRole('group', { name: 'Type de recherche' }).getByText('Location de voiture', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Location de voiture' })).toBeChecked();
  await expect(page).toHaveURL(/[?&]type=car/);
  const form = page.getByRole('form', { name: 'Recherche de location de voiture' });
  await expect(form).toBeVisible();

  // The pick-up place is the return place too, and the focus goes there.
  const pickUp = form.getByRole('combobox', { name: 'Lieu de prise en charge' });
  await pickUp.fill('Lyon Part-Dieu');
  await page
    .getByRole('listbox', { name: 'Lieu de prise en charge' })
    .getByRole('option', { name: /^Lyon Part-Dieu/ })
    .first()
    .click();
  const back = form.getByRole('combobox', { name: 'Lieu de restitution' });
  await expect(back).toHaveValue('Lyon Part-Dieu');
  await expect(back).toBeFocused();

  // Two weekdays, 09:00 to 18:00 (the form's hours): after the start, the focus goes to the end.
  const start = journeyDayWhere('car-rental', weekday);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  const startField = form.getByRole('textbox', { name: 'Date de prise en charge' });
  await startField.fill('');
  await startField.pressSequentially(typedDate(start).replaceAll('/', ''));
  const endField = form.getByRole('textbox', { name: 'Date de restitution' });
  await expect(endField).toBeFocused();
  await endField.fill('');
  await endField.pressSequentially(typedDate(end).replaceAll('/', ''));
  // The agency's hours: a retyped day starts an hour from now, which may be the middle of the night.
  await setDateTime(page, 'Date de prise en charge', start, '09:00', form);
  await setDateTime(page, 'Date de restitution', end, '18:00', form);
  const entity = form.getByLabel('Entité');
  if (await entity.isVisible()) await entity.selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Rechercher' }).click();

  await expect(page).toHaveURL(/\/search-car-rentals\?/);
  await expect(page.getByRole('heading', { level: 1, name: /^Location de voiture à / })).toBeVisible();
  const list = page.getByRole('list', { name: 'Voitures' });
  await expect(list).toBeVisible({ timeout: 15_000 });

  // A car whose renter asks for the licence (the server marks it), 30 cars at a time.
  const needsLicence = list.getByRole('button').filter({ hasText: 'Permis demandé' });
  const more = page.getByRole('button', { name: 'Voir plus de voitures' });
  while ((await needsLicence.count()) === 0 && (await more.isVisible())) await more.click();
  const car = needsLicence.first();
  const carName = (await car.locator('.font-bold').first().textContent())!.trim();
  await car.click();
  await expect(car).toHaveAttribute('aria-pressed', 'true');

  const detail = page.getByRole('region', { name: carName });
  // The agency's opening hours per weekday.
  await expect(detail.getByRole('table').first()).toContainText('Lundi');
  const add = detail.getByRole('button', { name: 'Ajouter au panier' });
  await expect(add).toBeDisabled();
  await expect(detail.getByText(/Renseignez le permis de conduire/)).toBeVisible();

  // The basic details come from alice's profile; the licence is hers to give.
  await fillIfEmpty(detail.getByLabel('Prénom'), 'Alice');
  await fillIfEmpty(detail.getByLabel('Nom', { exact: true }), alice.lastname);
  await fillIfEmpty(detail.getByLabel('E-mail'), alice.email);
  await fillIfEmpty(detail.getByLabel('Téléphone'), '0611223344');
  await fillIfEmpty(detail.getByLabel('Date de naissance'), '12/04/1988');
  if (!(await detail.getByRole('radio', { name: 'Madame' }).isChecked())) await detail.getByRole('radio', { name: 'Madame' }).check();
  await detail.getByLabel('Pays de naissance').selectOption('FR');
  await detail.getByLabel('Ville de naissance').fill('Lyon');
  await detail.getByLabel('Adresse').fill('12 rue de la République, 69002 Lyon');
  await detail.getByLabel('Pays de délivrance du permis').selectOption('FR');
  await detail.getByLabel('Numéro de permis').fill('120475200123');
  await expect(add).toBeDisabled();
  // A licence from the future is refused next to its field.
  const licenceDate = detail.getByLabel('Date d’obtention du permis');
  await licenceDate.pressSequentially(typedDate(dayFromToday(30)).replaceAll('/', ''));
  await licenceDate.blur();
  await expect(detail.getByText('Vous êtes un peu trop jeune !')).toBeVisible();
  await expect(add).toBeDisabled();
  await licenceDate.fill('');
  await licenceDate.pressSequentially('15062008');
  await expect(add).toBeEnabled();

  await add.click();
  await expect(page.getByRole('heading', { name: 'Ajouté à votre panier' })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => cartCount(page)).toBe(before + 1);

  await page.getByRole('link', { name: 'Voir le panier' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const rental = page.getByRole('article', { name: /^Location de voiture :/ }).last();
  await expect(rental).toBeVisible();
  await expect(rental).toContainText('Prise en charge');
  await expect(rental).toContainText(`Conducteur${alice.name}`);
});
