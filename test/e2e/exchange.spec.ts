import { expect, test, type Page } from '@playwright/test';
import { gusApi, gusBooksTrain, type Link } from './booked';
import { signIn } from './support';
import { ownUser, type OwnUser } from './users';
import { journeyDay } from './days';

/*
 * Rail exchange against the real server: the Paris → Lyon ticket of a Globex traveller of the
 * journey's own (a twin of gus), at a flexible fare, is booked and issued through the API (the
 * booking journeys are tested elsewhere); he opens the travel, exchanges the ticket for a later
 * train in the wizard, and finds the old ticket exchanged, the new one issued and the e-mail in the
 * mailbox.
 */

type Travel = {
  id: string;
  status: string;
  version: number;
  links: Record<string, Link>;
  products: { id: string; status: string; pnr: string | null; departure: string; links: Record<string, Link> }[];
};

/** The traveller's Paris → Lyon train on `day` at a flexible fare, booked and issued: the travel. */
async function issuedFlexibleTicket(page: Page, traveller: OwnUser, day: Date): Promise<Travel> {
  const call = await gusApi(page, traveller);
  const booked = await gusBooksTrain<Travel>(call, day, { pick: (o) => o.flexibility === 3 && !o.roundTrip });
  // Ticketing runs a few seconds later (TICKETING_START_MS, TICKETING_ISSUE_MS of the test server).
  await expect.poll(async () => ((await call('GET', `/api/v1/v2/travels/${booked.id}`)) as Travel).status, { timeout: 20_000 }).toBe('issued');
  return (await call('GET', `/api/v1/v2/travels/${booked.id}`)) as Travel;
}

test('gus exchanges his flexible Paris → Lyon ticket for a later train', async ({ page }) => {
  test.setTimeout(60_000);
  const traveller = await ownUser(page.request, 'gus');
  await signIn(page, traveller.username, 'Gus');
  const day = journeyDay('exchange', 16);
  const travel = await issuedFlexibleTicket(page, traveller, day);
  const old = travel.products[0]!;
  expect(old.links.getExchangeableSections).toBeDefined();

  await page.goto(`/travel-view?travel=${travel.id}`);
  await page.getByRole('link', { name: 'Échanger' }).click();
  await expect(page).toHaveURL(new RegExp(`/exchange/${old.id}$`));
  // One section: the wizard opens on the search, the ticket's places filled in.
  await expect(page.getByRole('heading', { level: 2, name: 'Recherchez un nouveau trajet' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Lieu de départ' })).not.toHaveValue('');
  await page.getByRole('button', { name: '16:00' }).click();
  await page.getByRole('button', { name: 'Rechercher' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Choisissez votre nouveau trajet' })).toBeVisible({ timeout: 15_000 });
  const first = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('group', { name: 'Classe' }) })
    .first();
  await first.getByRole('button', { name: 'Voir les offres' }).click();
  await first.getByRole('button', { name: 'Choisir' }).first().click();

  await expect(page.getByRole('heading', { level: 2, name: 'Confirmez l’échange' })).toBeVisible();
  await expect(page.getByText('Frais d’échange')).toBeVisible();
  await page.getByRole('button', { name: 'Confirmer l’échange' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Échange confirmé' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`Un e-mail de confirmation a été envoyé à ${traveller.email}.`)).toBeVisible();

  // The travel: old ticket exchanged, a new one issued, the travel modified.
  const call = await gusApi(page, traveller);
  const after = (await call('GET', `/api/v1/v2/travels/${travel.id}`)) as Travel;
  expect(after.status).toBe('modified');
  const fresh = after.products.find((p) => p.id !== old.id)!;
  expect(after.products.find((p) => p.id === old.id)!.status).toBe('exchanged');
  expect(fresh.status).toBe('issued');
  expect(fresh.departure.slice(11, 16) >= '16:00').toBe(true);

  // The e-mail, with the new booking's reference.
  const mails = (await (await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(traveller.email)}`)).json()).result as {
    subject: string;
    text: string;
  }[];
  expect(mails.filter((m) => m.subject.includes('billet échangé') && m.text.includes(fresh.pnr!))).toHaveLength(1);

  await page.getByRole('link', { name: 'Retour au voyage' }).click();
  await expect(page).toHaveURL(/\/travel-view\?travel=/);
  await expect(page.getByText('Échangé')).toBeVisible();
});
