import { expect, test, type Page } from '@playwright/test';
import { offerPanel, pickCity, proposals, setDateTime, signIn, tripForm } from './support';
import { journeyDay } from './days';
import { ownUser } from './users';

/*
 * Carol adds her rail discount card on her personal data page — a mistyped number is refused
 * with 'card number invalid' first — then searches Paris → Lyon again and sees the TGV INOUI fares
 * 30 % lower (the sandbox supplier applies the Carte Avantage). Carol is the journey's own twin of
 * the demo carol (Acme): no other journey sees her card.
 */

const AVANTAGE = '29090529630741856';

const euros = (text: string) =>
  Number(
    /(\d[\d\s\u202f]*,\d{2})\s*€/
      .exec(text)![1]!
      .replace(/[\s\u202f]/g, '')
      .replace(',', '.'),
  );

/** Searches Paris → Lyon on `day` at 07:00 and reads each train's second-class price, by its carrier (the logo's name) and its text (times). */
async function searchPrices(page: Page, day: Date): Promise<Map<string, number>> {
  await page.goto('/');
  await pickCity(page, 'Départ', 'Paris');
  await pickCity(page, 'Destination', 'Lyon');
  await setDateTime(page, 'Date d’aller', day, '07:00');
  await tripForm(page).getByRole('combobox', { name: 'Entité' }).selectOption({ label: 'Paris HQ' });
  await tripForm(page).getByRole('button', { name: 'Rechercher' }).click();
  await expect(proposals(page).first()).toBeVisible({ timeout: 15_000 });
  const prices = new Map<string, number>();
  for (const item of (await proposals(page).all()).slice(0, 4)) {
    const cabin = item.getByRole('button', { name: /^2de classe.*€/ });
    if ((await cabin.count()) === 0) continue;
    const text = ((await item.textContent()) ?? '').replace(/\d[\d\s\u202f]*,\d{2}\s*€/g, '');
    const carriers = await item.getByRole('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')).join(' '));
    prices.set(`${carriers} ${text}`, euros((await cabin.first().textContent()) ?? ''));
  }
  return prices;
}

test('carol adds a rail discount card (a bad number refused first) and sees lower train fares', async ({ page }) => {
  test.setTimeout(90_000);
  const day = journeyDay('cards', 39);
  await signIn(page, (await ownUser(page.request, 'carol')).username, 'Carol');
  const before = await searchPrices(page, day);
  expect(before.size).toBeGreaterThan(0);

  await page.goto('/account/informations');
  const section = page.getByRole('region', { name: 'Cartes de fidélité et de réduction' });
  await section.getByRole('button', { name: 'Ajouter une carte' }).click();
  const form = section.getByRole('form', { name: 'Ajouter une carte' });
  await form.getByLabel('Type de transport').selectOption({ label: 'Train' });
  await form.getByLabel('Carte', { exact: true }).selectOption({ label: 'Carte Avantage (SNCF)' });
  const number = form.getByLabel('Numéro de carte');
  await number.fill('29090529630741857');
  await form.getByLabel('Date d’expiration').fill('31/12/2030');
  await form.getByRole('button', { name: 'Enregistrer la carte' }).click();
  await expect(number).toHaveAccessibleDescription(/Numéro de carte invalide/);
  await number.fill(AVANTAGE);
  await form.getByRole('button', { name: 'Enregistrer la carte' }).click();
  await expect(page.getByText('Votre carte a été ajoutée')).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: 'Carte Avantage (SNCF)' })).toContainText(`N° ${AVANTAGE}`);

  const after = await searchPrices(page, day);
  let lowered = 0;
  for (const [train, price] of after) {
    const old = before.get(train);
    if (old === undefined) continue;
    if (/TGV INOUI/.test(train)) {
      expect(Math.abs(price - old * 0.7), `${train}: ${old} → ${price}`).toBeLessThanOrEqual(1);
      lowered++;
    } else expect(price).toBe(old);
  }
  expect(lowered).toBeGreaterThan(0);

  // Her card is offered with her traveller form (spec 2 traveller step).
  const inoui = proposals(page)
    .filter({ has: page.getByRole('img', { name: 'TGV INOUI' }) })
    .first();
  await inoui.getByRole('button', { name: /^2de classe.*€/ }).click();
  await offerPanel(page).getByRole('button', { name: 'Choisir cette offre' }).click();
  await expect(page.getByRole('heading', { name: 'Informations voyageurs' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Cartes du voyageur 1' })).toHaveText(`Carte Avantage (SNCF) · N° ${AVANTAGE}`);

  // She removes it: none left.
  await page.goto('/account/informations');
  await section.getByRole('button', { name: 'Supprimer : Carte Avantage (SNCF)' }).click();
  await section.getByRole('button', { name: 'Confirmer la suppression' }).click();
  await expect(section.getByText('Aucune carte enregistrée.')).toBeVisible();
});
