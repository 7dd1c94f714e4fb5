import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { FeatureFlags } from '@contract/account';
import { DEFAULT_FEATURES } from '@web/lib/features';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { travelFixture } from '@web/testing/travels';
import { CAR_URL, carResults } from './fixtures';

/** The car-rental results' flags: enableEditSearchButton, redirectToCart (with cartWithTravelID). */
function signInAndServe(features: Partial<FeatureFlags>) {
  startSession('t', userFixture({ features: { ...DEFAULT_FEATURES, ...features } }));
  server.use(
    http.post('/api/v1/carrental/search', () => HttpResponse.json({ result: carResults() })),
    http.post('/api/v1/cart/add', () => HttpResponse.json({ result: { travel: travelFixture({ id: 't-5' }), offer_errors: [] } })),
  );
}

/** The Peugeot 208 needs no licence: the search's driver is enough to add it. */
async function addPeugeot() {
  const user = userEvent.setup();
  await user.click(within(await screen.findByRole('list', { name: 'Voitures' })).getByRole('button', { name: /Peugeot 208/ }));
  const add = within(screen.getByRole('region', { name: 'Peugeot 208 ou similaire' })).getByRole('button', { name: 'Ajouter au panier' }) as HTMLButtonElement;
  await waitFor(() => expect(add.disabled).toBe(false));
  await user.click(add);
}

describe('the car-rental results’ feature flags', () => {
  it('enableEditSearchButton off: no "Modify search"', async () => {
    signInAndServe({});
    await renderRoute(CAR_URL);
    await screen.findByRole('list', { name: 'Voitures' });
    expect(screen.queryByRole('link', { name: 'Modifier la recherche' })).toBeNull();
  }, 30_000); // the first render of the file loads the route's code cold

  it('enableEditSearchButton on: "Modify search" leads to the car form, keeping the travel', async () => {
    signInAndServe({ enableEditSearchButton: true });
    await renderRoute(`${CAR_URL}&travelID=t-1`);
    expect((await screen.findByRole('link', { name: 'Modifier la recherche' })).getAttribute('href')).toBe('/?type=car&travelID=t-1');
  });

  it('redirectToCart off: the results stay, with the way to the cart', async () => {
    signInAndServe({});
    const { router } = await renderRoute(CAR_URL);
    await addPeugeot();
    expect(await screen.findByRole('heading', { name: 'Ajouté à votre panier' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir le panier' }).getAttribute('href')).toBe('/cart');
    expect(router.state.location.pathname).toBe('/search-car-rentals');
  }, 20_000);

  it('redirectToCart on: straight to the cart once added (with cartWithTravelID, that travel’s)', async () => {
    signInAndServe({ redirectToCart: true, cartWithTravelID: true });
    const { router } = await renderRoute(CAR_URL);
    await addPeugeot();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(router.state.location.search).toEqual({ travelID: 't-5' });
  }, 20_000);
});
