import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ExchangeJourney, ExchangeSection } from '@contract/exchange';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { railProduct, travelFixture } from '@web/testing/travels';

const product = railProduct({
  id: 'p1',
  status: 'issued',
  pnr: 'ABC234',
  links: { getExchangeableSections: { href: '/api/v1/products/p1/sections', method: 'GET' } },
});

const section = (id: string, from = 'Paris', to = 'Lyon'): ExchangeSection => ({
  id,
  from: { name: `${from} Gare`, city: from, lat: 48.84, lon: 2.37 },
  to: { name: `${to} Gare`, city: to, lat: 45.76, lon: 4.86 },
  departure: product.departure,
  arrival: product.arrival,
  routes: product.routes,
  links: { searchExchange: { href: `/api/v1/products/p1/sections/${id}/exchange/search`, method: 'POST' } },
});

const choice = (id: string, priceDelta: number) => ({
  id,
  flexibility: 'semiFlex' as const,
  priceDelta,
  tickets: [{ label: 'Seconde Flex – Alice Martin', priceDelta, fareConditions: '<p>Échangeable.</p>', fareBasis: 'P2SF' }],
  links: { bookExchange: { href: `/api/v1/products/p1/sections/s1/exchange/choices/${id}/book`, method: 'POST' as const } },
});

const journey = (id: string, hour: string, opts: { direct: boolean; second: number; first: number }): ExchangeJourney => ({
  id,
  departure: `2026-12-01T${hour}:00:00+01:00`,
  arrival: `2026-12-01T${hour.replace(/^1/, '2')}:00:00+01:00`,
  duration: 120,
  routes: product.routes.map((r) => ({ ...r, departure: `2026-12-01T${hour}:00:00+01:00` })),
  isDirectTrip: opts.direct,
  marketingCarrier: { name: 'SNCF', logo: null },
  second: { minimumPriceDelta: opts.second, choices: [choice(`${id}-2`, opts.second)] },
  first: { minimumPriceDelta: opts.first, choices: [choice(`${id}-1`, opts.first)] },
});

/** A direct train with a tie (second class by default), and one with a connection where first class is cheaper. */
const results = {
  searchDate: '2026-11-24T10:00:00Z',
  searchResults: [journey('j1', '14', { direct: true, second: 500, first: 500 }), journey('j2', '16', { direct: false, second: 300, first: -200 })],
};

type Calls = { searches: unknown[]; books: string[]; confirms: number };

function serve(sections: ExchangeSection[] | 'fail') {
  const calls: Calls = { searches: [], books: [], confirms: 0 };
  startSession('token', userFixture({ email: 'alice@acme.example' }));
  server.use(
    // Once exchanged, the old product has no exchange link any more.
    http.get('/api/v1/products/p1', () => HttpResponse.json({ result: calls.confirms ? { ...product, status: 'exchanged', links: {} } : product })),
    http.get('/api/v1/products/p1/sections', () =>
      sections === 'fail'
        ? HttpResponse.json({ api_code: 108, msg: 'INTERNAL_ERROR', errorMessage: 'down' }, { status: 500 })
        : HttpResponse.json({ result: sections }),
    ),
    http.post('/api/v1/products/p1/sections/:sectionID/exchange/search', async ({ request }) => {
      calls.searches.push(await request.json());
      return HttpResponse.json({ result: results });
    }),
    http.post('/api/v1/products/p1/sections/s1/exchange/choices/:choiceID/book', ({ params }) => {
      calls.books.push(String(params.choiceID));
      return HttpResponse.json({
        result: {
          id: 'o1',
          exchangeFees: 1900,
          priceDelta: 500,
          totalPrice: 2400,
          product: { ...product, status: 'cart', departure: '2026-12-01T14:00:00+01:00', arrival: '2026-12-01T16:00:00+01:00' },
          links: { confirmExchange: { href: '/api/v1/products/p1/exchange/offers/o1/confirm', method: 'POST' } },
        },
      });
    }),
    http.post('/api/v1/products/p1/exchange/offers/o1/confirm', () => {
      calls.confirms++;
      const fresh = { ...product, id: 'p2', pnr: 'XYZ789', departure: '2026-12-01T14:00:00+01:00', arrival: '2026-12-01T16:00:00+01:00', links: {} };
      return HttpResponse.json({
        result: {
          travel: travelFixture({ id: 't1', status: 'modified', products: [{ ...product, status: 'exchanged', links: {} }, fresh] }),
          product: fresh,
          email: 'alice@acme.example',
        },
      });
    }),
    http.get('/api/v1/places', () => HttpResponse.json({ result: [] })),
  );
  return calls;
}

/** Waits for the step whose heading is `name`. */
const step = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 5000 });

describe('the exchange wizard', { timeout: 20_000 }, () => {
  it('skips step 0 with one section and starts at the search, its places and hour filled', async () => {
    serve([section('s1')]);
    await renderRoute('/exchange/p1');
    await step('Recherchez un nouveau trajet');
    expect(screen.getByText('Étape 1 sur 4')).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: /Panier/ })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Lieu de départ' }) as HTMLInputElement).value).toBe('Paris Gare');
    expect(screen.getByRole('button', { name: '07:00' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('button', { name: /^\d\d:00$/ }).map((b) => b.textContent)).toEqual(
      Array.from({ length: 18 }, (_, i) => `${String(6 + i).padStart(2, '0')}:00`),
    );
  });

  it('asks which section with several, then searches it', async () => {
    serve([section('s1'), section('s2', 'Lyon', 'Marseille')]);
    const user = userEvent.setup();
    await renderRoute('/exchange/p1');
    await step('Choisissez le trajet à échanger');
    expect(screen.getByText('Étape 1 sur 5')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continuer' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: /Lyon → Marseille/ }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await step('Recherchez un nouveau trajet');
    expect((screen.getByRole('combobox', { name: 'Lieu de départ' }) as HTMLInputElement).value).toBe('Lyon Gare');
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    await step('Choisissez le trajet à échanger');
  });

  it('says which place is missing after a submit attempt, and searches nothing', async () => {
    const calls = serve([section('s1')]);
    const user = userEvent.setup();
    await renderRoute('/exchange/p1');
    await step('Recherchez un nouveau trajet');
    await user.clear(screen.getByRole('combobox', { name: 'Lieu de départ' }));
    await user.clear(screen.getByRole('combobox', { name: 'Lieu d’arrivée' }));
    expect(screen.queryByText('Saisissez un lieu de départ')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText('Saisissez un lieu de départ')).toBeTruthy();
    expect(screen.getByText('Saisissez un lieu de destination')).toBeTruthy();
    expect(calls.searches).toEqual([]);
  });

  it('lists the results with signed deltas, opens the default class, and the direct-only toggle clears a hidden selection', async () => {
    const calls = serve([section('s1')]);
    const user = userEvent.setup();
    await renderRoute('/exchange/p1');
    await step('Recherchez un nouveau trajet');
    await user.click(screen.getByRole('button', { name: '14:00' }));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await step('Choisissez votre nouveau trajet');
    expect(calls.searches).toEqual([{ departure: '2026-12-01T14:00', origin: { lat: 48.84, lon: 2.37 }, destination: { lat: 45.76, lon: 4.86 } }]);

    const [direct, withChange] = screen.getAllByRole('listitem').filter((li) => within(li).queryByRole('group', { name: 'Classe' }));
    expect(within(direct!).getByRole('button', { name: /2de classe.*\+5,00/ })).toBeTruthy();
    expect(within(withChange!).getByRole('button', { name: /1re classe.*-2,00/ })).toBeTruthy();
    // A tie: second class. Cheaper first class: first.
    await user.click(within(direct!).getByRole('button', { name: 'Voir les offres' }));
    expect(
      within(direct!)
        .getByRole('button', { name: /2de classe/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await user.click(within(withChange!).getByRole('button', { name: 'Voir les offres' }));
    expect(
      within(withChange!)
        .getByRole('button', { name: /1re classe/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(within(withChange!).getByRole('heading', { name: 'Offres en 1re classe' })).toBeTruthy();

    const toggle = screen.getByRole('switch', { name: 'Trajets directs uniquement' });
    await user.click(toggle);
    expect(screen.getByText('1 trajet trouvé')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Offres en/ })).toBeNull();
    await user.click(toggle);
    expect(screen.getByText('2 trajets trouvés')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Offres en/ })).toBeNull();
  });

  it('books a choice, shows the recap, confirms, and tells where the e-mail went', async () => {
    const calls = serve([section('s1')]);
    const user = userEvent.setup();
    await renderRoute('/exchange/p1');
    await step('Recherchez un nouveau trajet');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await step('Choisissez votre nouveau trajet');
    const [direct] = screen.getAllByRole('listitem').filter((li) => within(li).queryByRole('group', { name: 'Classe' }));
    await user.click(within(direct!).getByRole('button', { name: 'Voir les offres' }));
    await user.click(within(direct!).getByRole('button', { name: 'Choisir' }));
    await step('Confirmez l’échange');
    expect(calls.books).toEqual(['j1-2']);
    const recap = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(recap).toEqual(['19,00\u00a0€', '+5,00\u00a0€', '+24,00\u00a0€']);
    await user.click(screen.getByRole('button', { name: 'Confirmer l’échange' }));
    await step('Échange confirmé');
    expect(calls.confirms).toBe(1);
    expect(screen.getByText('Un e-mail de confirmation a été envoyé à alice@acme.example.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour au voyage' }).getAttribute('href')).toBe('/travel-view?travel=t1');
    expect(screen.getByText('XYZ789')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retour' })).toBeNull();
  });

  it('sends the user to the bookings list when the sections cannot be read', async () => {
    serve('fail');
    // The bookings list the user lands on reads its first page: answered, and waited for, so that it ends with this test.
    let listRead = false;
    server.use(
      http.get('/api/v1/tickets/', () => {
        listRead = true;
        return HttpResponse.json({ result: [] });
      }),
    );
    const { router } = await renderRoute('/exchange/p1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/tickets'));
    await waitFor(() => expect(listRead).toBe(true));
  });

  it('hides Back on the search when the flow came from an external source, and the header’s tabs', async () => {
    serve([section('s1')]);
    await renderRoute('/exchange/p1?fromExternalSource=true');
    await step('Recherchez un nouveau trajet');
    expect(screen.queryByRole('button', { name: 'Retour' })).toBeNull();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: /Panier/ })).toBeNull();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: /Mon espace/ })).toBeNull();
  });
});
