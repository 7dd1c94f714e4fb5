import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { dayFromToday, offerPanel, pickCity, proposals, setDateTime, signIn, tripForm, typedDate } from './support';
import { journeyDay } from './days';
import { ownUser } from './users';

/*
 * Done when: a traveller adds a passport. Sam (the journey's own twin of the demo sam, of Acme: no
 * document on record, and no other journey sees the one he adds) picks a flight
 * to Cairo: the traveller step says this flight needs a passport he has not recorded. He follows
 * the warning to his personal data, adds his passport there (a bad date refused next to its field),
 * comes back to the step: the warning is gone and his passport fills the step's travel document.
 */

test('sam sees that a flight to Cairo needs a passport, adds his, and the warning is gone', async ({ page }) => {
  const day = journeyDay('documents', 18);
  await signIn(page, (await ownUser(page.request, 'sam')).username, 'Sam');
  const form = tripForm(page);
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', 'Le Caire');
  await setDateTime(page, 'Date d’aller', day, '07:00');
  await form.getByRole('combobox', { name: 'Entité' }).selectOption({ label: 'Paris HQ' });
  await form.getByRole('button', { name: 'Rechercher' }).click();
  await expect(proposals(page).first()).toBeVisible({ timeout: 15_000 });
  const chooseFlight = async () => {
    await proposals(page)
      .getByRole('button', { name: /^Économie.*€/ })
      .first()
      .click();
    await offerPanel(page).getByRole('button', { name: 'Choisir cette offre' }).click();
    await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  };
  await chooseFlight();

  const traveller = page.getByRole('list', { name: 'Voyageurs' }).getByRole('listitem').first();
  const warning = traveller.getByText('Ce vol sort de l’espace Schengen : il faut un passeport, et aucun n’est enregistré pour ce voyageur.');
  await expect(warning).toBeVisible();
  await traveller.getByRole('link', { name: 'Gérer mes pièces d’identité' }).click();

  await expect(page).toHaveURL(/\/account\/informations#documents$/);
  const section = page.getByRole('region', { name: 'Pièces d’identité' });
  await expect(section.getByText(/Aucune pièce d’identité enregistrée/)).toBeVisible();
  await section.getByRole('button', { name: 'Ajouter une pièce d’identité' }).click();
  const passport = section.getByRole('form', { name: 'Ajouter une pièce d’identité' });
  await passport.getByLabel('Type de document').selectOption({ label: 'Passeport' });
  await passport.getByLabel('Numéro du document').fill('19fr 12345');
  await passport.getByLabel('Nationalité').selectOption({ label: 'France' });
  await passport.getByLabel('Pays de délivrance').selectOption({ label: 'France' });
  await passport.getByLabel('Date de délivrance').fill('02/03/2021');
  // An expiry already past is refused next to its field, and nothing is sent.
  await passport.getByLabel('Date d’expiration').fill('01/01/2020');
  await passport.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(passport.getByLabel('Date d’expiration')).toHaveAccessibleDescription(/Veuillez saisir une date future/);
  const axe = await new AxeBuilder({ page }).include('#documents').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  const expiry = dayFromToday(365 * 8);
  await passport.getByLabel('Date d’expiration').fill(typedDate(expiry));
  await passport.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Vos pièces d’identité ont été mises à jour')).toBeVisible();
  const list = section.getByRole('list', { name: 'Vos pièces d’identité' });
  await expect(list.getByText('Passeport')).toBeVisible();
  await expect(list.getByText('N° 19FR12345', { exact: false })).toBeVisible();
  await expect(list.getByText(`Expire le ${typedDate(expiry)}`)).toBeVisible();

  // Back to the results, the same flight again: the server reads his documents anew, and the flight is covered.
  await page.goBack();
  await expect(proposals(page).first()).toBeVisible({ timeout: 15_000 });
  await chooseFlight();
  await expect(page.getByRole('list', { name: 'Voyageurs' }).getByRole('listitem').first()).toBeVisible();
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Gérer mes pièces d’identité' })).toHaveCount(0);
  // And the step's travel document is his passport, already filled in.
  await expect(traveller.getByLabel(/^Numéro du passeport/)).toHaveValue('19FR12345');
  await expect(traveller.getByLabel(/^Date d’expiration/)).toHaveValue(typedDate(expiry));
});
