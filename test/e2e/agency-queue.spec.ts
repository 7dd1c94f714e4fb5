import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { gusApi, gusBooksTrain, isoDay, type Link } from './booked';
import { signIn } from './support';
import { journeyDay } from './days';
import { ownUser } from './users';

/*
 * The agency work queue against the real server: a Globex traveller's (the journey's own twin of gus) Eurostar ticket, which the supplier
 * does not cancel online, is cancelled through the real API, so its cancellation waits for the agency;
 * tina (travel agent) finds it in her queue from the user menu, enters the refund obtained and confirms;
 * the traveller's booking then shows the ticket cancelled. Tina is the demo agency's travel agent: she
 * changes nothing of her own, and finds the item by the traveller's name.
 */

type Product = { id: string; links: { previewRefund?: Link; cancelProduct?: Link } };
type Preview = { product_id: string; refund: { total: number | null }; confirm_refund_date_limit: string };

test('tina answers gus’s offline cancellation from the agency queue; gus’s booking shows it cancelled', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const day = journeyDay('agency-queue', 26);
  const traveller = await ownUser(page.request, 'gus');
  const call = await gusApi(page.request, traveller);
  const travel = await gusBooksTrain<{ products: Product[] }>(call, day, { to: 'city:london' });
  const ticket = travel.products[0]!;
  const previews = await call<Preview[]>('GET', ticket.links.previewRefund!.href);
  const shown = previews.map((p) => ({ product_id: p.product_id, refund_total: p.refund.total, confirm_refund_date_limit: p.confirm_refund_date_limit }));
  expect(
    (await call<{ requested: string[] }>('POST', ticket.links.cancelProduct!.href, { ticket_ids: [ticket.id], void: false, previews: shown })).requested,
  ).toEqual([ticket.id]);

  await signIn(page, 'tina', 'Tina');
  await page.getByRole('banner').getByRole('button', { name: /Tina/ }).click();
  await page.getByRole('link', { name: 'File de l’agence' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'File de l’agence' })).toBeVisible();
  const shownDay = `${String(day.getDate()).padStart(2, '0')}/${String(day.getMonth() + 1).padStart(2, '0')}/${day.getFullYear()}`;
  const item = page
    .getByRole('region', { name: /Annulations hors ligne à traiter/ })
    .getByRole('article', { name: traveller.name })
    .filter({ hasText: shownDay });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Globex Consulting');

  await item.getByRole('button', { name: 'Saisir le remboursement' }).click();
  // WCAG 2.2 AA: the queue with a form open.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await item.getByLabel(/Montant remboursé/).fill('40');
  await item.getByLabel(/Frais retenus/).fill('0');
  await item.getByRole('button', { name: 'Annuler les billets et rembourser' }).click();
  const dialog = page.getByRole('dialog', { name: 'Annuler les billets ?' });
  await dialog.getByRole('button', { name: 'Annuler les billets' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`Annulation traitée : ${traveller.name} est prévenu par e-mail.`)).toBeVisible();
  await expect(item).toHaveCount(0);

  // Gus, in a browser of his own: his ticket of that day is cancelled, and nothing is left to cancel.
  const gus = await (await browser.newContext({ serviceWorkers: 'block', locale: 'fr-FR' })).newPage();
  await signIn(gus, traveller.username, 'Gus');
  await gus.goto(`/account/tickets?from=${isoDay(day)}&to=${isoDay(day)}`);
  await expect(gus.getByRole('heading', { level: 1, name: 'Mes réservations' })).toBeVisible();
  await expect(gus.locator('span').filter({ hasText: /^Annulé$/ })).toBeVisible();
  await expect(gus.getByRole('button', { name: /^Annuler Paris/ })).toHaveCount(0);
});
