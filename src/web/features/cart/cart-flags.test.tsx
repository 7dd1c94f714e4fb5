import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { DEFAULT_FEATURES } from '@contract/account';
import type { Travel } from '@contract/travel';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { cartTravel } from './fixtures';

const signIn = (cartWithTravelID: boolean) => startSession('token', userFixture({ features: { ...DEFAULT_FEATURES, cartWithTravelID } }));

/** Two travels in the cart (t1, t2); records which reads the screen made. */
function serveCart(travels: Travel[] = [cartTravel(), cartTravel({ id: 't2', startDate: '2026-12-08' })]) {
  const reads: string[] = [];
  server.use(
    http.get('/api/v1/v2/travels/', ({ request }) => {
      if (new URL(request.url).searchParams.has('status', 'pending_approval')) reads.push('list');
      return HttpResponse.json({ result: { travels, links: { emptyCart: { href: '/api/v1/v2/travels/?status=cart', method: 'DELETE' } } } });
    }),
    http.get('/api/v1/v2/travels/:id', ({ params }) => {
      reads.push(String(params.id));
      const travel = travels.find((t) => t.id === params.id);
      return travel
        ? HttpResponse.json({ result: travel })
        : HttpResponse.json({ api_code: 38, msg: 'No travel', errorMessage: 'Aucun voyage.' }, { status: 404 });
    }),
  );
  return reads;
}

describe('cartWithTravelID (spec 2 §2, §7)', () => {
  it('off: the whole cart, with Empty cart, whatever travel the address names', async () => {
    signIn(false);
    const reads = serveCart();
    await renderRoute('/cart?travelID=t2');
    await screen.findByRole('article', { name: 'Voyage du 08/12/2026' });
    expect(screen.getAllByRole('article', { name: /^Voyage du/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Vider le panier' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Voir tous les voyages du panier' })).toBeNull();
    expect(reads).toEqual(['list']);
  }, 15_000); // the first render of the file loads the route's code cold

  it('on: the travel the address names alone (GET /v2/travels/{id}), no Empty cart, and a way to the whole cart', async () => {
    signIn(true);
    const reads = serveCart();
    const { router } = await renderRoute('/cart?travelID=t2');
    await screen.findByRole('article', { name: 'Voyage du 08/12/2026' });
    expect(screen.getAllByRole('article', { name: /^Voyage du/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Vider le panier' })).toBeNull();
    expect(reads).toEqual(['t2']);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Voir tous les voyages du panier' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(screen.getAllByRole('article', { name: /^Voyage du/ })).toHaveLength(2));
    // Still no Empty cart: the agency keeps its travels apart.
    expect(screen.queryByRole('button', { name: 'Vider le panier' })).toBeNull();
  });

  it('on: a travel booked since is no longer in the cart', async () => {
    signIn(true);
    serveCart([cartTravel({ id: 't2', status: 'booked' })]);
    await renderRoute('/cart?travelID=t2');
    expect(await screen.findByRole('heading', { name: 'Votre panier est vide' })).toBeTruthy();
  });
});
