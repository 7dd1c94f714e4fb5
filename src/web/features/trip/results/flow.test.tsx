import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Proposal, TripResults } from '@contract/trip';
import { startSession } from '@web/lib/session';
import { formatJourneySpan } from '@web/lib/format';
import { DEFAULT_FEATURES } from '@web/lib/features';
import { apiError, brandingFixture, userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { travelFixture } from '@web/testing/travels';
import { aliceTravelerStep, results } from './fixtures';

/*
 * Items 13–16 and 19 on the results screen: times on the stations' clocks, later and earlier
 * trips that continue the list, the fare filters as "show these", add to cart that stays on the results,
 * the heading with "Modify search", and the keyboard (one Tab stop for the list, a skip link).
 */

const URL = '/search?from=city:paris&to=city:lyon&date=2026-12-01T07:00&mode=departure&pax=me&entity=e-paris';

const list = () => screen.findByRole('list', { name: 'Trajets' });
const rows = async () => within(await list()).getAllByRole('listitem', { name: /Départ/ });
const departures = async () => (await rows()).map((r) => within(r).getByRole('heading', { level: 3 }).textContent!.slice(-13));
const serveSearch = (answer: TripResults | (() => Response)) =>
  server.use(http.post('/api/v1/treep/search', () => (typeof answer === 'function' ? answer() : HttpResponse.json({ result: answer }))));

/** The answer as the server gives it: each cabin's cheapest fare loaded, every fare summed up, the rest behind "more choices". */
function cheapestLoaded(answer: TripResults): TripResults {
  for (const p of answer.proposals) {
    p.offers = p.offers.filter((o) => o.flexibility === 1);
    p.choices[0]!.offers = p.offers.map((o) => ({ offerID: o.id, travelerIDs: [1] }));
    p.choices[0]!.links = { getMoreChoices: { href: `/api/v1/treep/choices/${p.choices[0]!.id}/more`, method: 'GET' } };
  }
  return answer;
}

/** The proposals of `answer`, moved to another day (the fixtures' trains leave on 1 December). */
const onDay = (answer: TripResults, day: string) => {
  const move = (p: Proposal) => ({ ...p, departure: p.departure.replace('2026-12-01', day), arrival: p.arrival.replace('2026-12-01', day) });
  return { ...answer, proposals: answer.proposals.map(move) };
};

describe('journey times', () => {
  it('reads a journey’s times on its stations’ clocks, whatever the reader’s zone', () => {
    // This machine's zone (UTC in CI) would read 07:22 for this Paris departure.
    expect(formatJourneySpan('2026-11-25T08:22:00+01:00', '2026-11-25T10:20:00+01:00')).toBe('25/11/2026 08:22 – 10:20');
    expect(formatJourneySpan('2026-11-25T23:10:00+01:00', '2026-11-26T07:05:00+01:00')).toBe('25/11/2026 23:10 – 26/11/2026 07:05');
  });
});

describe('heading and failures', () => {
  it('says route, date and passengers, and modifies the search in place from its values', async () => {
    serveSearch(results([{ index: 0, dep: '07:04', arr: '09:02', duration: 118 }]));
    // The agency offers "Modify search" (enableEditSearchButton, its flag for a visitor: flags.test.tsx has both states).
    server.use(
      http.get('/api/v1/agency', () => HttpResponse.json({ result: { ...brandingFixture, features: { ...DEFAULT_FEATURES, enableEditSearchButton: true } } })),
    );
    const user = userEvent.setup();
    await renderRoute(URL);
    await list();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Aller : Paris Gare de Lyon - Lyon Part-Dieu');
    expect((await screen.findByText(/^mardi 1 décembre 2026/)).parentElement!.textContent).toBe(
      'mardi 1 décembre 2026 · départ à partir de 07:00 · 1 passager',
    );
    const modify = await screen.findByRole('button', { name: 'Modifier la recherche' });
    await user.click(modify);
    expect(modify.getAttribute('aria-expanded')).toBe('true');
    const form = await screen.findByRole('form', { name: 'Recherche de trajet' });
    expect((within(form).getByRole('combobox', { name: 'Départ' }) as HTMLInputElement).value).toBe('Paris Gare de Lyon');
    expect((within(form).getByRole('combobox', { name: 'Destination' }) as HTMLInputElement).value).toBe('Lyon Part-Dieu');
    expect((within(form).getByLabelText('Date d’aller', { exact: true }) as HTMLInputElement).value).toBe('01/12/2026');
  }, 30_000);

  it('says why a search cannot be answered (two stations of one city), in place of the results', async () => {
    const why = 'Paris Gare de Lyon et Paris Montparnasse sont dans la même ville (Paris) : aucun train ni vol ne les relie.';
    serveSearch(() => HttpResponse.json({ ...apiError(39, why), fields: { destination: 'SAME_CITY' } }, { status: 400 }));
    await renderRoute(URL);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(why);
  });
});

describe('fare filters mean "show these"', () => {
  it('keeps every train when "Non flexible" is off, priced at the cheapest fare shown, and loads the hidden fares on choosing', async () => {
    const answer = cheapestLoaded(
      results([
        { index: 0, dep: '07:04', arr: '09:02', duration: 118, prices: [2900, 5900, 8900] },
        { index: 1, dep: '08:10', arr: '10:05', duration: 115, prices: [3500, 6500, 9500] },
      ]),
    );
    const full = results([
      { index: 0, dep: '07:04', arr: '09:02', duration: 118, prices: [2900, 5900, 8900] },
      { index: 1, dep: '08:10', arr: '10:05', duration: 115, prices: [3500, 6500, 9500] },
    ]);
    serveSearch(answer);
    server.use(
      http.get('/api/v1/treep/choices/:id/more', () =>
        HttpResponse.json({ result: { choices: full.proposals[0]!.choices, offers: full.proposals[0]!.offers } }),
      ),
    );
    const user = userEvent.setup();
    await renderRoute(URL);
    expect(await rows()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Non flexible' }));
    expect(screen.getByRole('button', { name: 'Non flexible' }).getAttribute('aria-pressed')).toBe('false');
    const [first, second] = await rows();
    expect(within(first!).getByRole('button', { name: /^2de classe\s*59,00/ })).toBeTruthy();
    expect(within(second!).getByRole('button', { name: /^2de classe\s*65,00/ })).toBeTruthy();

    await user.click(within(first!).getByRole('button', { name: /^2de classe/ }));
    const fare = await screen.findByRole('button', { name: /^Semi-flexible · Loisir\s*59,00/ });
    await waitFor(() => expect(fare.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.queryByRole('button', { name: /^Non flexible · / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Choisir cette offre' })).toHaveProperty('disabled', false);
  }, 30_000);
});

describe('earlier and later trips', () => {
  it('join the list, each page asked from the list’s end, with a day separator where the date changes', async () => {
    serveSearch(
      results(
        [
          { index: 0, dep: '07:04', arr: '09:02', duration: 118 },
          { index: 1, dep: '20:10', arr: '22:05', duration: 115 },
        ],
        {},
        's1',
      ),
    );
    const asked: { direction: string; searchID: string }[] = [];
    const pages: Record<string, TripResults> = {
      'next:s1': results([{ index: 0, dep: '21:40', arr: '23:38', duration: 118 }], {}, 's2'),
      'next:s2': onDay(results([{ index: 0, dep: '06:12', arr: '08:10', duration: 118 }], {}, 's3'), '2026-12-02'),
      'previous:s1': results([{ index: 0, dep: '06:01', arr: '08:00', duration: 119 }], {}, 's0'),
    };
    const page = (direction: string) =>
      http.post(`/api/v1/treep/${direction}`, async ({ request }) => {
        const { searchID } = (await request.json()) as { searchID: string };
        asked.push({ direction, searchID });
        return HttpResponse.json({ result: pages[`${direction}:${searchID}`] });
      });
    server.use(page('next'), page('previous'));
    const user = userEvent.setup();
    await renderRoute(URL);
    await list();

    await user.click(screen.getByRole('button', { name: 'Trajets plus tard' }));
    await waitFor(async () => expect(await departures()).toEqual(['07:04 – 09:02', '20:10 – 22:05', '21:40 – 23:38']));
    await user.click(screen.getByRole('button', { name: 'Trajets plus tard' }));
    await waitFor(async () => expect(await departures()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Trajets plus tôt' }));
    await waitFor(async () => expect(await departures()).toEqual(['06:01 – 08:00', '07:04 – 09:02', '20:10 – 22:05', '21:40 – 23:38', '06:12 – 08:10']));
    expect(asked).toEqual([
      { direction: 'next', searchID: 's1' },
      { direction: 'next', searchID: 's2' },
      { direction: 'previous', searchID: 's1' },
    ]);

    // Only the first train of 2 December says its day.
    const all = await rows();
    expect(all.map((r) => r.textContent!.startsWith('mercredi 2 décembre'))).toEqual([false, false, false, false, true]);
    expect(screen.getByText('1 trajet plus tôt ajouté à la liste.')).toBeTruthy();
  }, 30_000);
});

describe('keyboard', () => {
  it('makes the list one Tab stop: from the chosen cabin a few Tabs reach "Choisir cette offre"; the skip link goes to the results', async () => {
    serveSearch(
      cheapestLoaded(
        results([
          { index: 0, dep: '07:04', arr: '09:02', duration: 118 },
          { index: 1, dep: '08:10', arr: '10:05', duration: 115 },
          { index: 2, dep: '09:30', arr: '11:25', duration: 115 },
        ]),
      ),
    );
    const user = userEvent.setup();
    await renderRoute(URL);
    const [first, second, third] = await rows();
    // Only the first row's controls are in the Tab order.
    for (const row of [second!, third!]) for (const button of within(row).getAllByRole('button')) expect(button.getAttribute('tabindex')).toBe('-1');

    const skip = screen.getByRole('link', { name: 'Aller aux résultats' });
    skip.focus();
    await user.keyboard('{Enter}');
    const cabin = within(first!).getByRole('button', { name: /^2de classe/ });
    expect(document.activeElement).toBe(cabin);

    await user.keyboard('{Enter}');
    const choose = screen.getByRole('button', { name: 'Choisir cette offre' });
    let tabs = 0;
    while (document.activeElement !== choose && tabs < 20) {
      await user.tab();
      tabs += 1;
    }
    expect(document.activeElement).toBe(choose);
    expect(tabs).toBeLessThanOrEqual(6);

    // Arrows move between rows, and the row reached becomes the list's Tab stop.
    cabin.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(second!.contains(document.activeElement)).toBe(true));
    expect(within(second!).getAllByRole('button')[0]!.getAttribute('tabindex')).toBeNull();
    expect(cabin.getAttribute('tabindex')).toBe('-1');
  }, 30_000);
});

describe('add to cart and Back', () => {
  const STEP = aliceTravelerStep();

  it('goes back from the traveller step to the results as they were; after adding, "Réserver un retour" opens the way back for the same travel', async () => {
    startSession('token', userFixture());
    serveSearch(
      results([
        { index: 0, dep: '07:04', arr: '09:02', duration: 118 },
        { index: 1, dep: '08:10', arr: '10:05', duration: 115 },
      ]),
    );
    server.use(
      http.post('/api/v1/ticket/travelerForm', () => HttpResponse.json({ result: STEP })),
      http.post('/api/v1/cart/add', () => HttpResponse.json({ result: { travel: travelFixture({ id: 't-77' }), offer_errors: [] } })),
      http.get('/api/v1/v2/travels/', () => HttpResponse.json({ result: { travels: [], links: {} } })),
    );
    const user = userEvent.setup();
    const { router } = await renderRoute(URL);
    const second = (await rows())[1]!;
    await user.click(within(second).getByRole('button', { name: /^2de classe/ }));
    await user.click(screen.getByRole('button', { name: 'Choisir cette offre' }));
    expect(await screen.findByRole('heading', { name: 'Informations voyageurs' })).toBeTruthy();

    // Back: the results again, the chosen train still selected.
    router.history.back();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Informations voyageurs' })).toBeNull());
    expect(
      within((await rows())[1]!)
        .getByRole('button', { name: /^2de classe/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    // Forward to the step again, and add: the results, with the confirmation.
    await user.click(screen.getByRole('button', { name: 'Choisir cette offre' }));
    await user.click(await screen.findByRole('button', { name: 'Ajouter au panier' }));
    const notice = await screen.findByRole('region', { name: 'Ajouté à votre panier' });
    expect(notice.textContent).toContain('Paris Gare de Lyon → Lyon Part-Dieu · 01/12/2026 08:10');
    await user.click(within(notice).getByRole('button', { name: 'Réserver un retour' }));
    const form = await screen.findByRole('form', { name: 'Recherche de trajet' });
    expect(screen.getByRole('heading', { name: 'Réserver votre retour' })).toBeTruthy();
    expect((within(form).getByRole('combobox', { name: 'Départ' }) as HTMLInputElement).value).toBe('Lyon Part-Dieu');
    expect((within(form).getByRole('combobox', { name: 'Destination' }) as HTMLInputElement).value).toBe('Paris Gare de Lyon');
    // Leaving two hours after the 10:05 arrival, on the hour.
    const date = within(form).getByLabelText('Date d’aller', { exact: true }) as HTMLInputElement;
    expect(date.value).toBe('01/12/2026');
    const description = date
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(description).toContain('13:00');
    expect(screen.getByText('Ce trajet sera ajouté à votre voyage en cours.')).toBeTruthy();
  }, 40_000);
});
