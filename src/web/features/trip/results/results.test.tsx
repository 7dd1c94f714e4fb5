import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { FormField } from '@contract/trip';
import { startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { DEFAULT_FILTERS, toggleFlexibility } from './filters';
import { offer, results, summaryOf } from './fixtures';
import { formatCo2, formatDuration, formatPrice } from '@web/lib/format';
import { travelFixture } from '@web/testing/travels';

const URL = '/search?from=city:paris&to=city:lyon&date=2026-12-01T07:00&mode=departure&pax=me&entity=e-paris';

const RAIL = results([
  { index: 0, dep: '07:04', arr: '09:02', duration: 118, prices: [4500, 6900, 9900], co2: 2400 },
  { index: 1, dep: '06:30', arr: '08:56', duration: 146, transits: 1, prices: [2900, 5900, 8900], co2: 1800 },
  { index: 2, dep: '08:10', arr: '10:05', duration: 115, prices: [5500, 7900, 10900], co2: 2600, full: true },
]);

function searchHandler(answer = RAIL, seen: unknown[] = []) {
  return http.post('/api/v1/treep/search', async ({ request }) => {
    seen.push(await request.json());
    return HttpResponse.json({ result: answer });
  });
}

const field = (f: Partial<FormField> & Pick<FormField, 'name' | 'label' | 'type'>): FormField => ({
  placeholder: null,
  required: false,
  regex: null,
  regexDesc: null,
  options: null,
  disabled: false,
  value: null,
  linkedWith: null,
  ...f,
});

const travelerForms = (values: { firstname: string | null; lastname: string | null }) => ({
  links: { addToCart: { href: '/api/v1/cart/add?version=v2', method: 'POST' } },
  placement: [
    {
      name: 'position',
      label: 'Placement',
      options: [
        { value: 'any', label: 'Sans préférence' },
        { value: 'window', label: 'Fenêtre' },
      ],
    },
  ],
  travelerForms: [
    {
      travelerID: 1,
      guestID: null,
      profileID: 'u-alice',
      cards: [],
      fieldsGroups: [
        {
          label: 'Identité',
          isNested: false,
          group: 'identity',
          fields: [
            field({
              name: 'gender',
              label: 'Civilité',
              type: 'radio',
              required: true,
              value: 'MS',
              options: [
                { value: 'MR', label: 'Monsieur' },
                { value: 'MS', label: 'Madame' },
              ],
            }),
            field({
              name: 'firstname',
              label: 'Prénom',
              type: 'text',
              required: true,
              regex: "^[A-Za-zÀ-ÿ' -]{1,50}$",
              regexDesc: 'Lettres uniquement',
              value: values.firstname,
            }),
            field({ name: 'lastname', label: 'Nom', type: 'text', required: true, value: values.lastname }),
            field({ name: 'birthdate', label: 'Date de naissance', type: 'date', value: '1988-04-12' }),
          ],
        },
      ],
    },
  ],
});

function signIn() {
  startSession('token', userFixture());
}

const list = () => screen.findByRole('list', { name: 'Trajets' });
const departures = (ul: HTMLElement) =>
  within(ul)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('formats', () => {
  it('writes prices, CO2 and durations the French way', () => {
    expect(formatPrice(123450).replace(/\s/g, ' ')).toBe('1 234,50 €');
    expect(formatCo2(2400)).toBe('2,4 kg');
    expect(formatCo2(32_400)).toBe('32 kg');
    expect(formatDuration(125)).toBe('2 h 05');
  });

  it('keeps at most two flexibilities narrowed; the third or none goes back to the all-on default', () => {
    expect(toggleFlexibility([1, 2, 3], 1)).toEqual([2, 3]);
    expect(toggleFlexibility([2, 3], 3)).toEqual([2]);
    expect(toggleFlexibility([2], 1)).toEqual([1, 2]);
    expect(toggleFlexibility([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleFlexibility([2], 2)).toEqual([1, 2, 3]);
    expect(DEFAULT_FILTERS.sortBy).toBe('BY_TIME');
  });
});

describe('Trip results (spec 1 §2, §4)', () => {
  it('searches with the URL and shows the proposals sorted by time', async () => {
    signIn();
    const seen: unknown[] = [];
    server.use(searchHandler(RAIL, seen));
    await renderRoute(URL);
    const ul = await list();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Aller : Paris Gare de Lyon - Lyon Part-Dieu');
    expect(departures(ul)).toEqual([
      'Départ à 06:30, arrivée à 08:5606:30 – 08:56',
      'Départ à 07:04, arrivée à 09:0207:04 – 09:02',
      'Départ à 08:10, arrivée à 10:0508:10 – 10:05',
    ]);
    const first = within(ul).getAllByRole('listitem')[0]!;
    expect(within(first).getByText(/1 correspondance/)).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'SNCF' })).toBeTruthy();
    expect(within(first).getByText(/1,8 kg CO2/)).toBeTruthy();
    expect(within(first).getByRole('button', { name: /2de classe\s*29,00/ })).toBeTruthy();
    expect(screen.getByText('Complet')).toBeTruthy();
    expect(seen[0]).toMatchObject({
      origin: 'city:paris',
      destination: 'city:lyon',
      datetime: '2026-12-01T07:00',
      represents: 'departure',
      nb_travelers: 1,
      travelers: [{ id: 1, profile_id: 'u-alice' }],
      entity_id: 'e-paris',
      filters: { rail: true, flight: true },
    });
    expect(screen.getByRole('button', { name: 'Train (3)' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('sorts by price and duration, filters transit and falls back when nothing is left', async () => {
    const user = userEvent.setup();
    server.use(searchHandler());
    await renderRoute(URL);
    const ul = await list();
    const sort = screen.getByLabelText('Trier par');
    await user.selectOptions(sort, 'BY_DURATION');
    expect(departures(ul)[0]).toContain('08:10 – 10:05');
    await user.selectOptions(sort, 'BY_PRICE');
    expect(departures(ul)[0]).toContain('06:30 – 08:56');

    const transit = screen.getByRole('button', { name: 'Avec correspondance' });
    await user.click(transit);
    expect(transit.getAttribute('aria-pressed')).toBe('false');
    expect(within(await list()).getAllByRole('listitem', { name: /Départ/ })).toHaveLength(2);
  });

  it('re-enables transit when direct-only leaves nothing, clears a carrier filter that leaves nothing', async () => {
    const user = userEvent.setup();
    const air = results([
      { index: 0, type: 'flight', dep: '07:00', arr: '09:40', duration: 160, transits: 1, carrier: ['AF', 'Air France'] },
      { index: 1, type: 'flight', dep: '09:00', arr: '11:50', duration: 170, transits: 1, carrier: ['U2', 'easyJet'] },
    ]);
    // Air France only sells offers with hold luggage.
    air.proposals[0]!.offers = air.proposals[0]!.offers.map((o) => ({ ...o, luggages: [{ type: 'hold', quantity: 1, conditions: '23 kg' }] }));
    air.proposals[0]!.choices[0]!.fareSummary = summaryOf(air.proposals[0]!.offers);
    air.warns = [{ code: 'NO_RESULTS_WITHOUT_TRANSIT', message: 'Aucun vol sans escale' }];
    server.use(searchHandler(air));
    await renderRoute(URL);
    await list();
    expect(screen.getByText('Aucun résultat sans escale : voici les vols avec correspondance.')).toBeTruthy();

    const transit = screen.getByRole('button', { name: 'Avec correspondance' });
    await user.click(transit);
    expect(transit.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/Aucun trajet direct/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Avec bagage en soute' }));
    expect(within(await list()).getAllByRole('listitem', { name: /Départ/ })).toHaveLength(1);
    const af = screen.getByRole('button', { name: 'Air France' });
    await user.click(af);
    expect(af.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText(/le filtre des compagnies a été retiré/)).toBeTruthy();
    expect(within(await list()).getAllByRole('listitem', { name: /Départ/ })).toHaveLength(1);
  });

  it('shows the unavailable-trip panel for a cabin that cannot be booked', async () => {
    const user = userEvent.setup();
    server.use(searchHandler());
    await renderRoute(URL);
    const first = within(await list()).getAllByRole('listitem', { name: /Départ/ })[0]!;
    await user.click(within(first).getByRole('button', { name: /1re classe/ }));
    expect(screen.getByRole('heading', { name: 'Trajet indisponible' })).toBeTruthy();
    expect(screen.getByText('Pas de première classe')).toBeTruthy();
  });

  it('loads more choices with three placeholder rows, then replaces the offers', async () => {
    const user = userEvent.setup();
    const answer = results([{ index: 0, dep: '07:04', arr: '09:02', duration: 118, more: true }]);
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      searchHandler(answer),
      http.get('/api/v1/treep/choices/:id/more', async () => {
        await gate;
        const p = answer.proposals[0]!;
        return HttpResponse.json({ result: { choices: p.choices, offers: [...p.offers, offer('s1', 0, 'second', 3, 3, 12900, { name: 'Pro Première' })] } });
      }),
    );
    await renderRoute(URL);
    await user.click(within(await list()).getByRole('button', { name: /2de classe/ }));
    await user.click(screen.getByRole('button', { name: 'Plus de choix' }));
    expect(screen.getAllByTestId('offer-placeholder')).toHaveLength(3);
    release();
    expect(await screen.findByText(/Pro Première/)).toBeTruthy();
  });

  it('goes back to the search when the outward has no proposal, keeping the travel id', async () => {
    server.use(searchHandler(results([])));
    const { router } = await renderRoute(`${URL}&travelID=t-42`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toMatchObject({ travelID: 't-42' });
  });
});

describe('Traveller step and add to cart (spec 2)', () => {
  it('chooses the cheapest offer, fills the traveller step and posts the cart body', async () => {
    signIn();
    const user = userEvent.setup();
    const calls: { body: unknown; key: string | null }[] = [];
    let cartReads = 0;
    const withOptions = structuredClone(RAIL);
    withOptions.proposals[1]!.offers[0]!.ancillaries = [
      { type: 'bike', price: { amount: 1000, currency: 'EUR' }, maxQuantity: 1 },
      { type: 'additional-luggage', price: { amount: 0, currency: 'EUR' }, maxQuantity: 2 },
    ];
    server.use(
      searchHandler(withOptions),
      http.post('/api/v1/ticket/travelerForm', () => HttpResponse.json({ result: travelerForms({ firstname: 'Alice', lastname: 'Martin' }) })),
      http.get('/api/v1/v2/travels/', () => {
        cartReads += 1;
        return HttpResponse.json({ result: { travels: [], links: {} } });
      }),
    );
    const { router } = await renderRoute(URL);
    const first = within(await list()).getAllByRole('listitem', { name: /Départ/ })[0]!;
    await user.click(within(first).getByRole('button', { name: /2de classe/ }));
    const cheapest = screen.getByRole('button', { name: /Non flexible · Prem’s\s*29,00/ });
    expect(cheapest.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Choisir cette offre' }));

    expect(await screen.findByRole('heading', { name: 'Informations voyageurs' })).toBeTruthy();
    // Keyboard users continue from the new step's heading, not from the top of the page.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByRole('button', { name: /Modifier : Aller/ })).toBeTruthy();
    expect((screen.getByLabelText('Prénom *') as HTMLInputElement).value).toBe('Alice');
    expect((screen.getByLabelText('Date de naissance') as HTMLInputElement).value).toBe('12/04/1988');
    await user.click(screen.getByRole('button', { name: 'Modifier les préférences de placement' }));
    const wishes = await screen.findByRole('dialog', { name: 'Préférences de placement' });
    await user.click(within(wishes).getByRole('radio', { name: 'Fenêtre' }));
    await user.click(within(wishes).getByRole('button', { name: 'Confirmer' }));
    expect(screen.getByText('Placement : Fenêtre')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: /^Vélo \(10,00\s€\)$/ }));
    const luggage = screen.getByRole('group', { name: 'Bagage supplémentaire' });
    expect(within(luggage).queryByText(/€/)).toBeNull(); // free: no price shown
    const more = within(luggage).getByRole('button', { name: 'Ajouter : Bagage supplémentaire' });
    await user.click(more);
    await user.click(more);
    expect(more).toHaveProperty('disabled', true);
    const before = cartReads;
    server.use(
      http.post('/api/v1/cart/add', async ({ request }) => {
        calls.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        return HttpResponse.json({ result: cartResult() });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    // Added: the app stays on the results and says so, with the way to the cart and to a return.
    const notice = await screen.findByRole('region', { name: 'Ajouté à votre panier' });
    expect(within(notice).getByRole('link', { name: 'Voir le panier' }).getAttribute('href')).toBe('/cart');
    expect(within(notice).getByRole('button', { name: 'Réserver un retour' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(notice).getByRole('heading', { name: 'Ajouté à votre panier' })));
    expect(router.state.location.pathname).toBe('/search');
    expect(screen.queryByRole('heading', { name: 'Informations voyageurs' })).toBeNull();
    expect(within(await list()).getAllByRole('listitem', { name: /Départ/ })).toHaveLength(3);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.key).toMatch(/^[\w-]{8,}$/);
    expect(calls[0]!.body).toEqual({
      travelers: [
        { travelerID: 1, profile_id: 'u-alice', guest_id: null, fields: { gender: 'MS', firstname: 'Alice', lastname: 'Martin', birthdate: '1988-04-12' } },
      ],
      choiceIDs: ['s1~1~second~0'],
      travelID: null,
      customer_id: null,
      entity_id: 'e-paris',
      placementWishes: { position: 'window' },
      ancillaries: [
        { offerID: 's1~1~second~0', type: 'bike', quantity: 1 },
        { offerID: 's1~1~second~0', type: 'additional-luggage', quantity: 2 },
      ],
    });
    await waitFor(() => expect(cartReads).toBeGreaterThan(before));
  }, 30_000); // many steps on a busy machine

  it('says which fields are missing or malformed, and shows the server’s field errors', async () => {
    signIn();
    const user = userEvent.setup();
    server.use(
      searchHandler(),
      http.post('/api/v1/ticket/travelerForm', () => HttpResponse.json({ result: travelerForms({ firstname: null, lastname: null }) })),
      http.post('/api/v1/cart/add', () =>
        HttpResponse.json(apiError(14, 'Informations passager manquantes.', { 'travelers.0.lastname': 'FIELD_REQUIRED' }), { status: 400 }),
      ),
    );
    await renderRoute(URL);
    const first = within(await list()).getAllByRole('listitem', { name: /Départ/ })[0]!;
    await user.click(within(first).getByRole('button', { name: /2de classe/ }));
    await user.click(screen.getByRole('button', { name: 'Choisir cette offre' }));
    const firstname = await screen.findByLabelText('Prénom *');
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(screen.getAllByText('Ce champ est requis')).toHaveLength(2);
    expect(firstname.getAttribute('aria-invalid')).toBe('true');

    await user.type(firstname, 'Al1ce');
    await user.type(screen.getByLabelText('Nom *'), 'Martin');
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(screen.getByText('Lettres uniquement')).toBeTruthy();

    await user.clear(firstname);
    await user.type(firstname, 'Alice');
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(await screen.findByText('Informations passager manquantes.')).toBeTruthy();
    const lastname = screen.getByLabelText('Nom *');
    expect(lastname.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Ce champ est requis')).toBeTruthy();
  }, 30_000);
});

function cartResult() {
  return { travel: travelFixture({ price: { amount: '29.00', currency: 'EUR' } }), offer_errors: [] };
}
