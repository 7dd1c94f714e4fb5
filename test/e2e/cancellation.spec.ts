import { expect, test } from '@playwright/test';
import { addToCart, checkOut, fare, gusApi, gusBooksTrain, isoDay } from './booked';
import { signIn } from './support';
import { journeyDay } from './days';
import { ownUser } from './users';

/*
 * Cancellation journeys against the real server. The travels of a Globex traveller of each
 * journey's own (a twin of gus) are set up through the real API (search, add to cart, mission order, confirm or hold); the journeys are the user's part:
 * cancelling a booked train from Mes réservations with its refund preview, and releasing an option
 * whose return goes with it.
 */

test('gus finds his booked train in Mes réservations and cancels it there: its refund previewed, then the ticket cancelled and the refund on the travel', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const day = journeyDay('cancellation', 21);
  const traveller = await ownUser(page.request, 'gus');
  const booked = await gusBooksTrain(await gusApi(page.request, traveller), day, { pick: (o) => !o.roundTrip && o.flexibility === 3 });

  await signIn(page, traveller.username, 'Gus');
  // The list filtered on the train's day, as the address keeps it.
  await page.goto(`/account/tickets?from=${isoDay(day)}&to=${isoDay(day)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes réservations' })).toBeVisible();
  const cancel = page.getByRole('button', { name: /^Annuler Paris .* → Lyon / });
  await expect(cancel).toHaveCount(1);
  await cancel.click();

  const modal = page.getByRole('dialog', { name: /^Annuler « Paris .* → Lyon .*»$/ });
  await expect(modal.getByRole('heading', { name: 'Votre remboursement' })).toBeVisible();
  // A flexible fare: refunded in full, no fees, until a named deadline.
  await expect(modal.getByText('Frais retenus')).toBeVisible();
  await expect(modal.getByText(/^Montant garanti jusqu’au \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(.+\)$/)).toBeVisible();
  const refund = (await modal.getByText('Remboursement', { exact: true }).locator('xpath=following-sibling::dd[1]').textContent())!;
  await modal.getByRole('button', { name: 'Continuer' }).click();
  await modal.getByRole('button', { name: 'Confirmer l’annulation' }).click();
  await expect(modal.getByRole('heading', { name: 'Nous traitons votre demande' })).toBeVisible();
  await expect(modal.getByText(traveller.email)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('La prestation a été annulée')).toBeVisible();
  await modal.getByRole('button', { name: 'Retour au voyage' }).click();
  await expect(modal).toBeHidden();
  // The list as it is now: the ticket's status tag says cancelled, nothing left to cancel.
  await expect(page.locator('span').filter({ hasText: /^Annulé$/ })).toBeVisible();
  await expect(cancel).toHaveCount(0);

  // The travel as it is now: cancelled, the refund on the product, the total after refunds.
  await page.goto(`/travel-view?travel=${booked.id}`);
  const card = page.getByRole('article', { name: /^Voyage du / });
  await expect(card.getByText('Annulé', { exact: true }).first()).toBeVisible();
  await expect(card.getByText('Remboursé', { exact: true })).toBeVisible();
  await expect(card.getByText('Total après remboursement')).toBeVisible();
  await expect(card.getByText(`${refund} remboursés`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Annuler', exact: true })).toHaveCount(0);
  // The confirmation e-mail.
  const mails = (await (await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(traveller.email)}`)).json()).result as {
    subject: string;
    text: string;
  }[];
  expect(mails.some((m) => m.subject.includes('annulation confirmée') && m.text.includes(booked.id))).toBe(true);
});

test('gus releases the outward option of a round trip: the return option is released with it', async ({ page }) => {
  test.setTimeout(60_000);
  const out = journeyDay('cancellation', 22);
  const back = journeyDay('cancellation', 24);
  const traveller = await ownUser(page.request, 'gus');
  const api = await gusApi(page.request, traveller);
  const search = { destination: 'city:bordeaux', datetime: `${isoDay(out)}T07:00`, return_datetime: `${isoDay(back)}T17:00` };
  const outward = await fare(api, search);
  const ret = await fare(api, { ...search, outward: { choiceID: outward.choice.id } }, () => true);
  await checkOut(api, await addToCart(api, [outward.offer.id, ret.offer.id]), true);

  await signIn(page, traveller.username, 'Gus');
  await page.goto('/cart');
  const card = page.getByRole('article', {
    name: `Voyage du ${String(out.getDate()).padStart(2, '0')}/${String(out.getMonth() + 1).padStart(2, '0')}/${out.getFullYear()}`,
    exact: true,
  });
  await expect(card.getByRole('button', { name: 'Libérer l’option' })).toHaveCount(2);
  await card.getByRole('button', { name: 'Libérer l’option' }).first().click();
  const confirm = page.getByRole('dialog', { name: 'Libérer l’option ?' });
  await expect(confirm).toContainText('Les options liées (le retour d’un aller, par exemple) sont libérées aussi. Cette action est définitive.');
  await confirm.getByRole('button', { name: 'Libérer l’option' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Option libérée')).toBeVisible();
  // Both options gone: the travel left the cart.
  await expect(card).toHaveCount(0);
});
