import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { components, instantOf, parseIcs, prop, text } from '../support/ics';
import { gusApi, gusBooksTrain } from './booked';
import { journeyDay } from './days';
import { login } from './support';
import { ownUser, type OwnUser } from './users';

/**
 * A booked travel's legs downloaded for the calendar (the file parsed back), and the
 * travel still readable offline from the installed app, with the time its data was read.
 * Set-up through the real API, as a Globex traveller of each journey's own (a twin of gus: mission
 * order, then confirm).
 */

type Travel = {
  id: string;
  version: number;
  status: string;
  products: { name: string; pnr: string; routes: { from: string; to: string; departure: string; arrival: string }[] }[];
};

/** A new Globex traveller books a Paris → Lyon train in five days through the API (a day of this spec's own); answers the traveller and the booked travel. */
async function bookedTravel(request: APIRequestContext): Promise<{ traveller: OwnUser; travel: Travel }> {
  const traveller = await ownUser(request, 'gus');
  const travel = await gusBooksTrain<Travel>(await gusApi(request, traveller), journeyDay('calendar-offline', 5));
  expect(travel.status).toBe('booked');
  return { traveller, travel };
}

async function openTravel(page: Page, { traveller, travel }: { traveller: OwnUser; travel: Travel }) {
  await page.goto('/');
  await login(page, traveller.username);
  await expect(page.getByRole('banner').getByRole('button', { name: /Gus/ })).toBeVisible();
  await page.goto(`/travel-view?travel=${travel.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Votre voyage' })).toBeVisible();
}

test('the booked travel’s legs download as a calendar file, in each station’s zone', async ({ page, request }) => {
  const { traveller, travel } = await bookedTravel(request);
  await openTravel(page, { traveller, travel });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Ajouter à mon agenda' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`voyage-${travel.id.slice(0, 8)}.ics`);
  const cal = parseIcs(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')));
  const events = components(cal, 'VEVENT');
  const routes = travel.products.flatMap((p) => p.routes);
  expect(events).toHaveLength(routes.length);
  for (const [i, route] of routes.entries()) {
    const start = prop(events[i]!, 'DTSTART')!;
    expect(start.params.TZID).toBe('Europe/Paris');
    // The station's wall clock as the travel shows it, and the same instant.
    expect(start.value).toBe(route.departure.slice(0, 19).replace(/[-:]/g, ''));
    expect(instantOf(cal, start).getTime()).toBe(Date.parse(route.departure));
    expect(instantOf(cal, prop(events[i]!, 'DTEND')!).getTime()).toBe(Date.parse(route.arrival));
    expect(text(events[i]!, 'LOCATION')).toBe(route.from);
    expect(text(events[i]!, 'STATUS')).toBe('CONFIRMED');
  }
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the installed app shows the travel, its recap and Mes réservations offline, with the time their data was read', async ({ page, context, request }) => {
    const { traveller, travel } = await bookedTravel(request);
    await openTravel(page, { traveller, travel });
    const name = travel.products[0]!.name;
    await expect(page.getByText(name).first()).toBeVisible();
    // The service worker registers once the page is quiet, installs (precaches the app), then controls the next load.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
    await expect(page.getByText(name).first()).toBeVisible();
    // Mes réservations, read online once.
    await page.goto('/account/tickets');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes réservations' })).toBeVisible();
    const ticket = page.getByRole('article').filter({ hasText: travel.products[0]!.pnr }).getByRole('group', { name: /→/ });
    await expect(ticket.first()).toBeVisible();
    // The offline copy is written (at most a second after the data arrived): the travel and the tickets.
    await expect
      .poll(() =>
        page.evaluate(
          (id) =>
            new Promise<number>((resolve) => {
              const open = indexedDB.open('escale-offline', 1);
              open.onsuccess = () => {
                const get = open.result.transaction('queries').objectStore('queries').get('cache');
                get.onsuccess = () => {
                  const queries = (get.result?.state?.queries ?? []) as { queryKey: unknown[]; state: { data: unknown } }[];
                  resolve(
                    queries.filter((q) => JSON.stringify(q.state.data).includes(id) && (q.queryKey.includes('one') || q.queryKey.includes('tickets'))).length,
                  );
                };
                get.onerror = () => resolve(0);
              };
              open.onerror = () => resolve(0);
            }),
          travel.id,
        ),
      )
      .toBe(2);
    await page.goto(`/travel-view?travel=${travel.id}`);
    await expect(page.getByText(/Hors ligne/)).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Votre voyage' })).toBeVisible();
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Hors ligne — données du \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(.+\)$/ })).toBeVisible();

    // The recap page reads the same travel: offline too, opened anew (the service worker answers the page).
    await page.goto(`/recap/${travel.id}/1`);
    await expect(page.getByRole('heading', { level: 1, name: `Récapitulatif de voyage – ${traveller.name}` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Hors ligne — données du / })).toBeVisible();
    // Mes réservations too.
    await page.goto('/account/tickets');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes réservations' })).toBeVisible();
    await expect(ticket.first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Hors ligne — données du / })).toBeVisible();

    // Back online: the notice goes.
    await context.setOffline(false);
    await expect(page.getByText(/Hors ligne/)).toHaveCount(0);

    // Signing out (from the travel view) deletes the offline copy.
    await page.goto(`/travel-view?travel=${travel.id}`);
    await expect(page.getByText(name).first()).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: /Gus/ }).click();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    // Signed out, this device offers Globex's single sign-on again (spec 3 §2): gus came through it.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion avec votre entreprise' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const open = indexedDB.open('escale-offline', 1);
              open.onsuccess = () => {
                const db = open.result;
                const get = db.transaction('queries').objectStore('queries').get('cache');
                get.onsuccess = () => {
                  db.close();
                  resolve(get.result === undefined ? 'deleted' : 'kept');
                };
                get.onerror = () => resolve(`error ${String(get.error)}`);
              };
              open.onerror = () => resolve(`error ${String(open.error)}`);
              open.onblocked = () => resolve('blocked');
            }),
        ),
      )
      .toBe('deleted');
  });
});
