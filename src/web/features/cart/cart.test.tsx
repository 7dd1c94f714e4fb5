import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { DEFAULT_FEATURES } from '@contract/account';
import type { Travel } from '@contract/travel';
import { currentUser, startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { railProduct } from '@web/testing/travels';
import { cartTravel } from './fixtures';

function signIn(features: Partial<typeof DEFAULT_FEATURES> = {}, company: { travel_policy?: string | null; hotel_enabled?: boolean } = {}) {
  const base = userFixture();
  startSession('token', { ...base, features: { ...DEFAULT_FEATURES, ...features }, company: { ...base.company!, ...company } });
}

/** The travels list as the server answers it, filtered by the `status` asked; `travels` may change during a test. */
function serveTravels(state: { travels: Travel[] }) {
  server.use(
    http.get('/api/v1/v2/travels/', ({ request }) => {
      const statuses = new URL(request.url).searchParams.getAll('status');
      const travels = statuses.length ? state.travels.filter((t) => statuses.includes(t.status)) : state.travels;
      const inCart = travels.some((t) => t.status === 'cart');
      return HttpResponse.json({ result: { travels, links: inCart ? { emptyCart: { href: '/api/v1/v2/travels/?status=cart', method: 'DELETE' } } : {} } });
    }),
    // The checkout and the travel view read one travel by id.
    http.get('/api/v1/v2/travels/:id', ({ params }) => {
      const travel = state.travels.find((t) => t.id === params.id);
      return travel
        ? HttpResponse.json({ result: travel })
        : HttpResponse.json({ api_code: 38, msg: 'No travel', errorMessage: 'Aucun voyage.' }, { status: 404 });
    }),
    http.get('/api/v1/comms', () => HttpResponse.json({ result: {} })),
  );
}

const travelCard = async (name: RegExp | string) => screen.findByRole('article', { name });

describe('Cart screen (spec 2 §2)', () => {
  it('shows 5 placeholder rows while loading, then the empty view with a way back to booking', async () => {
    signIn();
    // The travels are held until the placeholder was seen: they start loading with the route, alongside its code.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/v1/v2/travels/', async () => {
        await answered;
        return HttpResponse.json({ result: { travels: [], links: {} } });
      }),
      http.get('/api/v1/comms', () => HttpResponse.json({ result: {} })),
    );
    await renderRoute('/cart');
    expect(await screen.findByRole('status', { name: 'Chargement du panier' })).toBeTruthy();
    expect(screen.getAllByTestId('travel-placeholder')).toHaveLength(5);
    answer();
    expect(await screen.findByRole('heading', { name: 'Votre panier est vide' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Réserver un trajet' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Vider le panier' })).toBeNull();
  }, 15_000); // the first render of the file loads the route's code cold

  it('lists a travel with its price and its rail product in full', async () => {
    signIn({}, { travel_policy: 'Train en 2de classe' });
    const nonCompliant = railProduct({
      id: 'p2',
      name: 'Lyon → Marseille',
      isCompliant: false,
      complianceReasons: ['Prix au-delà de 80 € pour moins de 500 km'],
      warnings: ['Travaux sur la ligne'],
    });
    serveTravels({ travels: [cartTravel({ products: [railProduct(), nonCompliant], price: { amount: '178.00', currency: 'EUR' } })] });
    await renderRoute('/cart');
    const card = await travelCard('Voyage du 01/12/2026');
    const text = card.textContent!.replace(/\s/g, ' ');
    expect(text).toContain('178,00 €');
    expect(text).toContain('Dans le panier');
    const tgv = within(card).getByRole('article', { name: 'Train : Paris → Lyon' });
    const tgvText = tgv.textContent!.replace(/\s/g, ' ');
    for (const part of [
      '01/12/2026 · 07:04 → 09:02',
      '1 h 58',
      'Direct',
      '07:04 Paris Gare de Lyon → 09:02 Lyon Part-Dieu',
      'SNCF · TGV INOUI 6601 · 2de classe',
      'Business Première · Flexible',
      'Alice Martin',
      '89,00 €',
      'Conforme à la politique voyage',
    ])
      expect(tgvText).toContain(part);
    const other = within(card).getByRole('article', { name: 'Train : Lyon → Marseille' });
    expect(within(other).getByText('Non conforme à la politique voyage')).toBeTruthy();
    expect(within(other).getByText('Prix au-delà de 80 € pour moins de 500 km')).toBeTruthy();
    expect(within(other).getByText('Travaux sur la ligne')).toBeTruthy();
  });

  it('says nothing of compliance when the company has no travel policy', async () => {
    signIn({}, { travel_policy: null });
    serveTravels({ travels: [cartTravel({ products: [railProduct({ isCompliant: false })] })] });
    await renderRoute('/cart');
    await travelCard('Voyage du 01/12/2026');
    expect(screen.queryByText(/conforme/i)).toBeNull();
  });

  it.each([
    ['getAllAnalytics', 'Continuer ce voyage'],
    ['getMissionOrders', 'Continuer ce voyage'],
    ['getAvailableApprovers', 'Continuer ce voyage'],
    ['requestApproval', 'Confirmer ce voyage'],
    ['confirm', 'Confirmer ce voyage'],
    ['getTravel', 'Confirmer ce voyage'],
  ])('labels the checkout button by the next step %s, and it opens the checkout of that travel', async (step, label) => {
    signIn();
    serveTravels({
      travels: [
        cartTravel({ links: { [step]: { href: '/api/v1/v2/travels/t1/x', method: step === 'requestApproval' || step === 'confirm' ? 'POST' : 'GET' } } }),
      ],
    });
    const { router } = await renderRoute('/cart');
    const button = await screen.findByRole('button', { name: label });
    expect(button).toHaveProperty('disabled', false);
    await userEvent.setup().click(button);
    // The checkout route loads its catalogs first (compiled from .po on first import under Vitest: slow on a busy machine).
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart/checkout'), { timeout: 10_000 });
    expect(router.state.location.search).toEqual({ travel: 't1' });
  });

  it('disables the checkout button when the travel has no next step', async () => {
    signIn();
    serveTravels({ travels: [cartTravel({ links: {} })] });
    await renderRoute('/cart');
    expect(await screen.findByRole('button', { name: 'Confirmer ce voyage' })).toHaveProperty('disabled', true);
  });

  it('shows the guarantee deadline of a travel waiting for approval, without checkout or delete', async () => {
    signIn();
    serveTravels({
      travels: [
        cartTravel({
          status: 'pending_approval',
          confirmationTimeLimit: '2026-11-25T17:00:00.000Z',
          links: { getTravel: { href: '/api/v1/v2/travels/t1', method: 'GET' } },
        }),
      ],
    });
    await renderRoute('/cart');
    const card = await travelCard('Voyage du 01/12/2026');
    expect(within(card).getByText('En attente d’approbation')).toBeTruthy();
    expect(within(card).getByText(/^Garanti jusqu’au 25\/11\/2026 \d\d:00 \([\w/+-]+\)$/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /ce voyage|Supprimer/ })).toBeNull();
  });

  it('offers to empty the cart only when cartWithTravelID is off', async () => {
    signIn({ cartWithTravelID: true });
    serveTravels({ travels: [cartTravel()] });
    await renderRoute('/cart');
    await travelCard('Voyage du 01/12/2026');
    expect(screen.queryByRole('button', { name: 'Vider le panier' })).toBeNull();
  });

  it('empties the cart after confirmation, through links.emptyCart', async () => {
    signIn();
    const state = { travels: [cartTravel()] };
    serveTravels(state);
    const calls: (string | null)[] = [];
    server.use(
      http.delete('/api/v1/v2/travels/', ({ request }) => {
        calls.push(request.headers.get('Idempotency-Key'));
        state.travels = [];
        return HttpResponse.json({ result: { ok: true } });
      }),
    );
    const user = userEvent.setup();
    await renderRoute('/cart');
    await user.click(await screen.findByRole('button', { name: 'Vider le panier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vider le panier ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Vider le panier' }));
    expect(await screen.findByRole('heading', { name: 'Votre panier est vide' })).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('deletes a travel after confirmation with If-Match and an Idempotency-Key, then focuses the page heading', async () => {
    signIn();
    const state = { travels: [cartTravel({ version: 4 }), cartTravel({ id: 't2', travelId: 't2', startDate: '2026-12-08', links: {} })] };
    serveTravels(state);
    const seen: { ifMatch: string | null; key: string | null }[] = [];
    server.use(
      http.delete('/api/v1/v2/travels/t1', ({ request }) => {
        seen.push({ ifMatch: request.headers.get('If-Match'), key: request.headers.get('Idempotency-Key') });
        state.travels = state.travels.filter((t) => t.id !== 't1');
        return HttpResponse.json({ result: { ok: true } });
      }),
    );
    const user = userEvent.setup();
    await renderRoute('/cart');
    const card = await travelCard('Voyage du 01/12/2026');
    // The second travel has no delete link: no delete button.
    expect(within(await travelCard('Voyage du 08/12/2026')).queryByRole('button', { name: 'Supprimer' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce voyage ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer le voyage' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Voyage du 01/12/2026' })).toBeNull());
    expect(seen).toEqual([{ ifMatch: '4', key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(screen.getByRole('article', { name: 'Voyage du 08/12/2026' })).toBeTruthy();
    expect(await screen.findByText('Voyage supprimé')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Panier' })));
  });

  it('releases a held option after confirmation, and the travel leaves the list when no product is left', async () => {
    signIn();
    const held = railProduct({
      status: 'prebooked',
      confirmationTimeLimit: '2026-11-24T17:00:00.000Z',
      links: { releasePrebooking: { href: '/api/v1/v2/travels/t1/products/p1/release', method: 'POST' } },
    });
    const state = { travels: [cartTravel({ status: 'pending_confirmation', version: 7, products: [held], links: {} })] };
    serveTravels(state);
    const seen: { ifMatch: string | null; key: string | null }[] = [];
    server.use(
      http.post('/api/v1/v2/travels/t1/products/p1/release', ({ request }) => {
        seen.push({ ifMatch: request.headers.get('If-Match'), key: request.headers.get('Idempotency-Key') });
        const released = { ...state.travels[0]!, version: 8, status: 'cancelled' as const, products: [{ ...held, status: 'released' as const, links: {} }] };
        state.travels = [];
        return HttpResponse.json({ result: released });
      }),
    );
    const user = userEvent.setup();
    await renderRoute('/cart');
    const card = await travelCard('Voyage du 01/12/2026');
    expect(within(card).getByText(/^Option garantie jusqu’au 24\/11\/2026/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Libérer l’option' }));
    const dialog = await screen.findByRole('dialog', { name: 'Libérer l’option ?' });
    expect(within(dialog).getByText(/Les options liées .* sont libérées aussi\. Cette action est définitive\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Libérer l’option' }));
    expect(await screen.findByRole('heading', { name: 'Votre panier est vide' })).toBeTruthy();
    expect(seen).toEqual([{ ifMatch: '7', key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Panier' })));
  });

  it('keeps a travel whose other products remain after a release, and focuses it', async () => {
    signIn();
    const release = { releasePrebooking: { href: '/api/v1/v2/travels/t1/products/p1/release', method: 'POST' as const } };
    const state = {
      travels: [
        cartTravel({
          status: 'pending_confirmation',
          products: [railProduct({ status: 'prebooked', links: release }), railProduct({ id: 'p2', name: 'Lyon → Marseille', status: 'prebooked' })],
          links: {},
        }),
      ],
    };
    serveTravels(state);
    server.use(
      http.post('/api/v1/v2/travels/t1/products/p1/release', () => {
        state.travels = [{ ...state.travels[0]!, version: 2, products: state.travels[0]!.products.filter((p) => p.id !== 'p1') }];
        return HttpResponse.json({ result: state.travels[0] });
      }),
    );
    const user = userEvent.setup();
    await renderRoute('/cart');
    const card = await travelCard('Voyage du 01/12/2026');
    await user.click(within(card).getByRole('button', { name: 'Libérer l’option' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Libérer l’option' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Train : Paris → Lyon' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Train : Lyon → Marseille' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Voyage du 01/12/2026' })));
  });

  it('links to add a trip to this travel', async () => {
    signIn({ enableAddNewTripFromCart: true }, { hotel_enabled: false });
    serveTravels({ travels: [cartTravel()] });
    await renderRoute('/cart');
    const nav = await screen.findByRole('navigation', { name: 'Ajouter une prestation à Voyage du 01/12/2026' });
    expect(within(nav).getByRole('link', { name: 'Ajouter un trajet' }).getAttribute('href')).toBe('/?travelID=t1');
  });

  it('hides the add-trip link when enableAddNewTripFromCart is off', async () => {
    signIn({ enableAddNewTripFromCart: false }, { hotel_enabled: false });
    const base = userFixture();
    startSession('token', { ...currentUser()!, company: { ...base.company!, hotel_enabled: false, carrental_enabled: false } });
    serveTravels({ travels: [cartTravel()] });
    await renderRoute('/cart');
    await travelCard('Voyage du 01/12/2026');
    expect(screen.queryByRole('link', { name: 'Ajouter un trajet' })).toBeNull();
  });

  it('shows the agency’s messages for the cart in a banner', async () => {
    signIn();
    serveTravels({ travels: [] });
    server.use(
      http.get('/api/v1/comms', ({ request }) => {
        expect(new URL(request.url).searchParams.get('support')).toBe('cart');
        return HttpResponse.json({ result: { cart: [{ id: 'strike', level: 'warning', message: 'Grève annoncée jeudi.' }] } });
      }),
    );
    await renderRoute('/cart');
    const banner = await screen.findByRole('region', { name: 'Messages de votre agence' });
    expect(within(banner).getByText('Grève annoncée jeudi.').closest('p')!.textContent).toBe('Attention : Grève annoncée jeudi.');
  });

  it('counts the travels in the cart on the header badge', async () => {
    signIn();
    serveTravels({ travels: [cartTravel(), cartTravel({ id: 't2', status: 'pending_approval' })] });
    await renderRoute('/cart');
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: /Panier/ }).textContent).toBe('Panier1 articles'));
  });

  it('travel view: offers to cancel a booked product through the cancellation modal', async () => {
    signIn();
    const cancelLinks = {
      previewRefund: { href: '/api/v1/products/p1/refund-preview', method: 'GET' as const },
      cancelProduct: { href: '/api/v1/treep/cancel', method: 'POST' as const },
    };
    const booked = cartTravel({ id: 't1', status: 'issued', products: [railProduct({ id: 'p1', status: 'issued', links: cancelLinks })] });
    serveTravels({ travels: [booked] });
    server.use(http.get('/api/v1/products/p1/refund-preview', () => new Promise(() => {})));
    await renderRoute('/travel-view?travel=t1');
    const card = await travelCard(/^Voyage/);
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Annuler' }));
    // The modal (its code and catalog) loads on first use.
    expect(await screen.findByRole('dialog', { name: 'Annuler « Paris → Lyon »' }, { timeout: 10_000 })).toBeTruthy();
  }, 20_000);

  it('travel view: says the travel was paid by card, and the refund that went back to it', async () => {
    signIn();
    const paid = cartTravel({
      id: 't3',
      status: 'partially_cancelled',
      payment: {
        method: 'card',
        card: { brand: 'visa', last4: '4242' },
        amount: { amount: '89.00', currency: 'EUR' },
        status: 'partially_refunded',
        refunded: { amount: '40.00', currency: 'EUR' },
        refunds: [{ productId: 'p3', amount: { amount: '40.00', currency: 'EUR' }, at: '2026-11-22T09:00:00.000Z', status: 'done' }],
      },
      products: [railProduct({ id: 'p3', status: 'cancelled' })],
    });
    serveTravels({ travels: [paid] });
    await renderRoute('/travel-view?travel=t3');
    const card = await travelCard(/^Voyage/);
    expect(within(card).getByText('Payée par carte Visa •••• 4242')).toBeTruthy();
    expect(within(card).getByText(/^89,00\s€ · partiellement remboursé$/)).toBeTruthy();
    expect(within(within(card).getByRole('list', { name: 'Remboursements' })).getByText(/^40,00\s€ remboursés sur la carte Visa •••• 4242$/)).toBeTruthy();
  });

  it('travel view: shows a cancelled product’s refund, the travel’s status and its total after refunds, without a cancel button', async () => {
    signIn();
    const cancelled = cartTravel({
      id: 't2',
      status: 'partially_cancelled',
      price: { amount: '49.00', currency: 'EUR' },
      refunded: { amount: '40.00', currency: 'EUR' },
      products: [
        railProduct({
          id: 'p2',
          status: 'cancelled',
          cancellation: {
            offline: false,
            void: false,
            requestedAt: '2026-11-22T09:00:00.000Z',
            cancelledAt: '2026-11-22T09:00:00.000Z',
            refund: { amount: '40.00', currency: 'EUR' },
            fees: { amount: '49.00', currency: 'EUR' },
            refusal: null,
          },
        }),
      ],
    });
    serveTravels({ travels: [cancelled] });
    await renderRoute('/travel-view?travel=t2');
    const other = await travelCard(/^Voyage/);
    expect(within(other).getByText('Partiellement annulé')).toBeTruthy();
    expect(within(other).queryByRole('button', { name: 'Annuler' })).toBeNull();
    expect(within(other).getByText('Remboursé').nextElementSibling!.textContent).toMatch(/^40,00\s€$/);
    expect(within(other).getByText('Total après remboursement')).toBeTruthy();
    expect(within(other).getByText(/^40,00\s€ remboursés$/)).toBeTruthy();
  });
});
