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
import { aliceTravelerStep, results } from './fixtures';

/** The trip results' flags: enableEditSearchButton, redirectToCart (with cartWithTravelID). */
const URL = '/search?from=city:paris&to=city:lyon&date=2026-12-01T07:00&mode=departure&pax=me&entity=e-paris';

function signInAndServe(features: Partial<FeatureFlags>) {
  startSession('token', userFixture({ features: { ...DEFAULT_FEATURES, ...features } }));
  server.use(
    http.post('/api/v1/treep/search', () => HttpResponse.json({ result: results([{ index: 0, dep: '07:04', arr: '09:02', duration: 118 }]) })),
    http.post('/api/v1/ticket/travelerForm', () => HttpResponse.json({ result: aliceTravelerStep() })),
    http.post('/api/v1/cart/add', () => HttpResponse.json({ result: { travel: travelFixture({ id: 't-77' }), offer_errors: [] } })),
    // The cart the redirect lands on reads its travel (on a slow machine, before the test ends).
    http.get('/api/v1/v2/travels/t-77', () => HttpResponse.json({ result: travelFixture({ id: 't-77' }) })),
  );
}

/** Chooses the first train's second class and adds it to the cart. */
async function addFirstTrain() {
  const user = userEvent.setup();
  const list = await screen.findByRole('list', { name: 'Trajets' });
  await user.click(within(within(list).getAllByRole('listitem', { name: /Départ/ })[0]!).getByRole('button', { name: /^2de classe/ }));
  await user.click(screen.getByRole('button', { name: 'Choisir cette offre' }));
  await user.click(await screen.findByRole('button', { name: 'Ajouter au panier' }));
}

describe('the trip results’ feature flags', () => {
  it('enableEditSearchButton off: no "Modify search"', async () => {
    signInAndServe({});
    await renderRoute(URL);
    await screen.findByRole('list', { name: 'Trajets' });
    expect(screen.queryByRole('button', { name: 'Modifier la recherche' })).toBeNull();
  }, 30_000); // the first render of the file loads the route's code cold

  it('enableEditSearchButton on: "Modify search" opens the form in place', async () => {
    signInAndServe({ enableEditSearchButton: true });
    await renderRoute(URL);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Modifier la recherche' }));
    expect(await screen.findByRole('form', { name: 'Recherche de trajet' })).toBeTruthy();
  }, 15_000);

  it('redirectToCart off: the results stay, with the way to the whole cart', async () => {
    signInAndServe({});
    const { router } = await renderRoute(URL);
    await addFirstTrain();
    const notice = await screen.findByRole('region', { name: 'Ajouté à votre panier' });
    expect(within(notice).getByRole('link', { name: 'Voir le panier' }).getAttribute('href')).toBe('/cart');
    expect(router.state.location.pathname).toBe('/search');
  }, 20_000);

  it('redirectToCart off, cartWithTravelID on: the way to the cart of the travel just built', async () => {
    signInAndServe({ cartWithTravelID: true });
    await renderRoute(URL);
    await addFirstTrain();
    const notice = await screen.findByRole('region', { name: 'Ajouté à votre panier' });
    expect(within(notice).getByRole('link', { name: 'Voir le panier' }).getAttribute('href')).toBe('/cart?travelID=t-77');
  }, 20_000);

  it('redirectToCart on: straight to the cart once added (with cartWithTravelID, that travel’s)', async () => {
    signInAndServe({ redirectToCart: true, cartWithTravelID: true });
    const { router } = await renderRoute(URL);
    await addFirstTrain();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(router.state.location.search).toEqual({ travelID: 't-77' });
  }, 20_000);
});
