import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import type { Place } from '@contract/places';
import { actFor } from '@web/lib/acting';
import { i18n } from '@web/lib/i18n';
import { queryClient } from '@web/lib/query';
import { GLOBEX, ZOE, signInStaff } from '@web/testing/acting';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { travelFixture } from '@web/testing/travels';
import { detailsFixture, hotelFixture, roomFixture, searchResult } from './results/fixtures';
import { HotelSearchForm } from './search-form/HotelSearchForm';

/** Spec 1 §3, §6: agency staff's hotel searches book for the customer company and its traveller. */
const NOW = new Date(2030, 4, 15, 10, 30);
const PARIS: Place = {
  ID: 'city-paris',
  name: 'Paris',
  description: 'Paris, France',
  type: 'city',
  lat: 48.8566,
  lon: 2.3522,
  city: 'Paris',
  country: 'FR',
  zip_code: null,
  formatted_address: 'Paris, France',
  provider_codes: [],
};
const STAY = { place: PARIS, checkIn: new Date(2030, 5, 1, 12), checkOut: new Date(2030, 5, 3, 12) };

async function renderForm() {
  const root = createRootRoute();
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <HotelSearchForm now={() => NOW} initial={STAY} /> });
  const results = createRoute({ getParentRoute: () => root, path: '/search-hotels', component: () => <h1>Résultats</h1> });
  const router = createRouter({ routeTree: root.addChildren([home, results]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  await router.load();
  await screen.findByRole('form', { name: 'Recherche d’hôtel' });
  return router;
}
const paxButton = () => screen.getByRole('button', { name: /Voyageurs et chambres/ });
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Rechercher' }));

afterEach(() => actFor(null));

describe('the hotel form for agency staff', () => {
  it('books for the chosen traveller of the customer company: its entity, the traveller, the customer in the URL', async () => {
    signInStaff(['travel_agent']);
    actFor({ company: GLOBEX, traveler: ZOE });
    const user = userEvent.setup();
    const router = await renderForm();
    expect(paxButton().textContent).toContain('Zoé Petit');
    expect((screen.getByRole('combobox', { name: 'Entité' }) as HTMLSelectElement).value).toBe('e-globex');
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search-hotels'));
    expect(router.state.location.search).toMatchObject({ pax: ['profile:u-zoe'], entity: 'e-globex', customer: 'c-globex' });
  });

  it('an assistance agent cannot search before choosing the traveller', async () => {
    signInStaff(['assistance_agent']);
    actFor({ company: GLOBEX, traveler: null });
    const user = userEvent.setup();
    const router = await renderForm();
    expect(paxButton().textContent).toContain('Voyageur à choisir');
    await submit(user);
    await waitFor(() => expect(screen.getByText('Choisissez d’abord le voyageur pour qui vous réservez')).toBeTruthy());
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('hotel results for agency staff', () => {
  // Many fields typed one key at a time: slow on a busy 2-core machine.
  it('searches, reads the rooms and adds the stay for the customer company', { timeout: 20_000 }, async () => {
    signInStaff(['travel_agent']);
    actFor({ company: GLOBEX, traveler: ZOE });
    const lumiere = hotelFixture('lumiere', { name: 'Hôtel Lumière' });
    const seen: { path: string; body: Record<string, unknown> }[] = [];
    const keep = async (request: Request) => seen.push({ path: new URL(request.url).pathname, body: (await request.json()) as Record<string, unknown> });
    server.use(
      http.post('/api/v1/hotel/search', async ({ request }) => {
        await keep(request);
        return HttpResponse.json({ result: { ...searchResult([lumiere]), travelers: [{ id: 1, profile_id: 'u-zoe', firstname: 'Zoé', lastname: 'Petit' }] } });
      }),
      http.post('/api/v1/hotel/search/lumiere', async ({ request }) => {
        await keep(request);
        return HttpResponse.json({ result: detailsFixture(lumiere, [roomFixture('r1', { name: 'Double Classique' })]) });
      }),
      http.post('/api/v1/cart/add', async ({ request }) => {
        await keep(request);
        return HttpResponse.json({ result: { travel: travelFixture({ id: 't-9' }), offer_errors: [] } });
      }),
    );
    const user = userEvent.setup();
    await renderRoute(
      '/search-hotels?place=city-paris&lat=48.8566&lon=2.3522&in=2030-06-01&out=2030-06-03&radius=10&pax=profile:u-zoe&rooms=1&entity=e-globex&customer=c-globex',
    );
    await user.click(await screen.findByRole('button', { name: /Hôtel Lumière/ }));
    await user.click(await screen.findByRole('button', { name: /^Choisir la chambre Double Classique/ }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { name: 'Informations voyageurs' });
    // The traveller is Zoé, never the agent.
    expect((screen.getByRole('textbox', { name: 'Prénom *' }) as HTMLInputElement).value).toBe('Zoé');
    await user.click(screen.getByRole('radio', { name: 'Madame' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail *' }), 'zoe@globex.example');
    await user.type(screen.getByRole('textbox', { name: 'Téléphone *' }), '0611223344');
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(await screen.findByRole('heading', { name: 'Ajouté à votre panier' })).toBeTruthy();
    expect(seen.map((s) => [s.path, s.body.customer_id])).toEqual([
      ['/api/v1/hotel/search', 'c-globex'],
      ['/api/v1/hotel/search/lumiere', 'c-globex'],
      ['/api/v1/cart/add', 'c-globex'],
    ]);
    expect(seen[2]!.body).toMatchObject({ entity_id: 'e-globex', travelers: [{ travelerID: 1, profile_id: 'u-zoe', firstname: 'Zoé', lastname: 'Petit' }] });
  });
});
