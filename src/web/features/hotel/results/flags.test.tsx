import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { FeatureFlags } from '@contract/account';
import { DEFAULT_FEATURES } from '@web/lib/features';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { travelFixture } from '@web/testing/travels';
import { detailsFixture, hotelFixture, roomFixture, searchResult } from './fixtures';

/** The hotel results' flags: enableEditSearchButton (spec 1 §2), redirectToCart (with cartWithTravelID). */
const URL = '/search-hotels?place=city-paris&lat=48.8566&lon=2.3522&in=2030-06-01&out=2030-06-03&radius=10&pax=me&rooms=1&entity=e-paris';
const LUMIERE = hotelFixture('lumiere', { name: 'Hôtel Lumière', stars: 4, distance: 150, min_price_per_night: 15_000 });

function signInAndServe(features: Partial<FeatureFlags>) {
  startSession('token', userFixture({ features: { ...DEFAULT_FEATURES, ...features } }));
  server.use(
    http.post('/api/v1/hotel/search', () => HttpResponse.json({ result: searchResult([LUMIERE]) })),
    http.post(`/api/v1/hotel/search/${LUMIERE.id}`, () =>
      HttpResponse.json({ result: detailsFixture(LUMIERE, [roomFixture('r1', { name: 'Double Classique' })]) }),
    ),
    http.post('/api/v1/cart/add', () => HttpResponse.json({ result: { travel: travelFixture({ id: 't-9' }), offer_errors: [] } })),
  );
}

async function addLumiere() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Hôtel Lumière/ }));
  await user.click(await screen.findByRole('button', { name: /^Choisir la chambre Double Classique/ }));
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  await screen.findByRole('heading', { name: 'Informations voyageurs' });
  await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
}

describe('the hotel results’ feature flags', () => {
  it('enableEditSearchButton off: no "Modify search"', async () => {
    signInAndServe({});
    await renderRoute(URL);
    await screen.findByRole('list', { name: 'Hôtels' });
    expect(screen.queryByRole('button', { name: 'Modifier la recherche' })).toBeNull();
  }, 30_000); // the first render of the file loads the route's code cold

  it('enableEditSearchButton on: "Modify search" opens the form in place', async () => {
    signInAndServe({ enableEditSearchButton: true });
    await renderRoute(URL);
    await screen.findByRole('list', { name: 'Hôtels' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Modifier la recherche' }));
    expect(await screen.findByRole('form', { name: /hôtel/i })).toBeTruthy();
  }, 15_000);

  it('redirectToCart off: the results stay, with the way to the cart', async () => {
    signInAndServe({});
    const { router } = await renderRoute(URL);
    await addLumiere();
    expect(await screen.findByRole('heading', { name: 'Ajouté à votre panier' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir le panier' }).getAttribute('href')).toBe('/cart');
    expect(router.state.location.pathname).toBe('/search-hotels');
  }, 20_000);

  it('redirectToCart on: straight to the cart once added (with cartWithTravelID, that travel’s)', async () => {
    signInAndServe({ redirectToCart: true, cartWithTravelID: true });
    const { router } = await renderRoute(URL);
    await addLumiere();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(router.state.location.search).toEqual({ travelID: 't-9' });
  }, 20_000);
});
