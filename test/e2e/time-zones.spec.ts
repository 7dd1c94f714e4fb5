import { expect, test } from '@playwright/test';
import { completeEmptyFields, offerPanel, proposals, signIn, typedDate } from './support';
import { journeyDay } from './days';
import { ownUser } from './users';

/*
 * With the browser in another time zone than the trains: a Paris → Lyon booking by a Globex
 * traveller of each journey's own (a twin of gus) shows its times on the stations' clock (Paris) on
 * the results, in the cart and in the checkout summary, never the laptop's; the option's deadline is on the laptop's clock, with its zone named.
 */

type Train = { type: string; departure: string; arrival: string; choices: { cabin: string; price: number | null; full: boolean }[] };

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

for (const [timezoneId, offset] of [
  ['America/New_York', 41],
  ['Asia/Tokyo', 42],
] as const) {
  test.describe(`a laptop in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('gus books Paris → Lyon and reads Paris times everywhere, and his option’s deadline on his own clock', async ({ page }) => {
      test.setTimeout(60_000);
      const day = journeyDay('time-zones', offset);
      await signIn(page, (await ownUser(page.request, 'gus')).username, 'Gus');
      const searched = page.waitForResponse((r) => r.url().includes('/treep/search') && r.request().method() === 'POST');
      await page.goto(`/search?from=city:paris&to=city:lyon&date=${iso(day)}T07:00&mode=departure&pax=me`);
      const { result } = (await (await searched).json()) as { result: { proposals: Train[] } };
      const train = result.proposals
        .filter((p) => p.type === 'rail' && p.choices.some((c) => c.cabin === 'second' && c.price !== null && !c.full))
        .sort((a, b) => Date.parse(a.departure) - Date.parse(b.departure))[0]!;
      // The station's wall clock, as the supplier wrote it with its offset.
      const [dep, arr] = [train.departure.slice(11, 16), train.arrival.slice(11, 16)];
      expect(train.departure).toMatch(/[+-]\d{2}:\d{2}$/);
      // The laptop's own clock reads the same instant otherwise: showing it would be the bug.
      const laptop = await page.evaluate((at) => new Date(at).toTimeString().slice(0, 5), train.departure);
      expect(laptop).not.toBe(dep);

      // Results.
      const card = proposals(page).filter({ has: page.getByRole('heading', { level: 3, name: `Départ à ${dep}, arrivée à ${arr}` }) });
      await expect(card).toBeVisible({ timeout: 15_000 });
      await card.getByRole('button', { name: /^2de classe.*€/ }).click();
      await expect(offerPanel(page).getByRole('button', { pressed: true }).first()).toBeVisible();
      await offerPanel(page).getByRole('button', { name: 'Choisir cette offre' }).click();

      // Traveller step, then the cart.
      await expect(page.getByRole('button', { name: 'Modifier : Aller' })).toContainText(`${typedDate(day)} · ${dep} – ${arr}`);
      await completeEmptyFields(page);
      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await page.getByRole('region', { name: 'Ajouté à votre panier' }).getByRole('link', { name: 'Voir le panier' }).click();
      const travel = page.getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true });
      await expect(travel).toContainText(`${typedDate(day)} · ${dep} → ${arr}`);

      // Checkout summary.
      await travel.getByRole('button', { name: 'Continuer ce voyage' }).click();
      await expect(page.getByRole('region', { name: 'Votre voyage' })).toContainText(`${typedDate(day)} ${dep} – ${arr}`);
      const orders = page.getByRole('form', { name: 'Ordres de mission' });
      await expect(orders).toContainText(`${typedDate(day)} ${dep} – ${arr}`);
      await orders.getByLabel('Objet de la mission *').fill('Audit du site de Lyon');
      await orders.getByLabel('Lieu de la mission *').fill('Lyon');
      await orders.getByLabel('Lieu de départ *').fill('Paris');
      await orders.getByLabel('Lieu de retour *').fill('Paris');
      await orders.getByRole('button', { name: 'Valider' }).click();

      // The option's deadline: an instant, on the laptop's clock, its zone named.
      const held = page.waitForResponse((r) => r.url().endsWith('/confirm') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Poser une option' }).click();
      const { result: heldTravel } = (await (await held).json()) as {
        result: { confirmationTimeLimit: string | null; products: { confirmationTimeLimit: string | null }[] };
      };
      const limit = heldTravel.confirmationTimeLimit ?? heldTravel.products[0]!.confirmationTimeLimit!;
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: timezoneId,
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(new Date(limit))
          .map((p) => [p.type, p.value]),
      );
      const onLaptop = `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute} (${timezoneId})`;
      await expect(page.getByRole('heading', { name: `Option posée jusqu’au ${onLaptop}` })).toBeVisible();
      await page.getByRole('link', { name: 'Voir mon panier' }).click();
      await expect(page.getByRole('article', { name: `Voyage du ${typedDate(day)}`, exact: true }).getByText(`Garanti jusqu’au ${onLaptop}`)).toBeVisible();
    });
  });
}
