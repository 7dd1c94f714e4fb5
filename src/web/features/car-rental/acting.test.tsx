import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
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
import { CAR_URL, car, carResults } from './results/fixtures';
import { CarSearchForm } from './search-form/CarSearchForm';

/** Spec 1 §3, §6: agency staff rent cars for the customer company, its traveller the driver. */
const NOW = new Date(2030, 4, 15, 10, 30);
const PART_DIEU: Place = {
  ID: 'station-lyon-part-dieu',
  name: 'Lyon Part-Dieu',
  description: 'Lyon Part-Dieu, France',
  type: 'station',
  lat: 45.7606,
  lon: 4.8593,
  city: 'Lyon',
  country: 'FR',
  zip_code: null,
  formatted_address: 'Lyon Part-Dieu, France',
  provider_codes: [],
};

async function renderForm() {
  server.use(http.get('/api/v1/places', () => HttpResponse.json({ result: [PART_DIEU] })));
  const root = createRootRoute();
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <CarSearchForm now={() => NOW} /> });
  const results = createRoute({ getParentRoute: () => root, path: '/search-car-rentals', component: () => <h1>Résultats</h1> });
  const router = createRouter({ routeTree: root.addChildren([home, results]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  await router.load();
  await screen.findByRole('form', { name: 'Recherche de location de voiture' });
  return router;
}
const driverButton = () => screen.getByRole('button', { name: /^Conducteur/ });

afterEach(() => actFor(null));

describe('the car-rental form for agency staff', () => {
  it('the chosen traveller drives, for the customer company: its entity, the customer in the URL, never “me”', async () => {
    signInStaff(['travel_agent']);
    actFor({ company: GLOBEX, traveler: ZOE });
    const user = userEvent.setup();
    const router = await renderForm();
    expect(driverButton().textContent).toContain('Zoé Petit');
    expect((screen.getByRole('combobox', { name: 'Entité' }) as HTMLSelectElement).value).toBe('e-globex');
    await user.click(screen.getByRole('combobox', { name: 'Lieu de prise en charge' }));
    // The list shows once its places came.
    await user.click(within(await screen.findByRole('listbox', { name: 'Lieu de prise en charge' })).getByRole('option', { name: /Lyon Part-Dieu/ }));

    await user.click(driverButton());
    const drivers = screen.getByRole('list', { name: 'Conducteurs' });
    expect(
      within(drivers)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Zoé Petit']);
    expect(screen.getByLabelText('Un employé ou un invité du client')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search-car-rentals'));
    expect(router.state.location.search).toMatchObject({ driver: 'profile:u-zoe', entity: 'e-globex', customer: 'c-globex' });
  });

  it('without a traveller chosen, no driver is preset and the agent is never offered', async () => {
    signInStaff(['travel_agent']);
    actFor({ company: GLOBEX, traveler: null });
    const user = userEvent.setup();
    await renderForm();
    expect(driverButton().textContent).toContain('Choisir un conducteur');
    await user.click(driverButton());
    expect(screen.queryByRole('list', { name: 'Conducteurs' })).toBeNull();
    expect(screen.queryByText(/Moi/)).toBeNull();
  });
});

describe('car-rental results for agency staff', () => {
  it('searches and adds the car for the customer company', { timeout: 20_000 }, async () => {
    signInStaff(['travel_agent']);
    actFor({ company: GLOBEX, traveler: ZOE });
    const searches: Record<string, unknown>[] = [];
    const adds: Record<string, unknown>[] = [];
    const zoe = {
      profile_id: 'u-zoe',
      gender: 'MS' as const,
      firstname: 'Zoé',
      lastname: 'Petit',
      email: 'zoe@globex.example',
      phone: '0611223344',
      birthdate: '1990-02-03',
    };
    server.use(
      http.post('/api/v1/carrental/search', async ({ request }) => {
        searches.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ result: carResults([car('c-208')], { driver: zoe }) });
      }),
      http.post('/api/v1/cart/add', async ({ request }) => {
        adds.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ result: { travel: travelFixture({ id: 'tr-9' }), offer_errors: [] } });
      }),
    );
    const user = userEvent.setup();
    await renderRoute(`${CAR_URL.replace('driver=me&entity=e-paris', 'driver=profile:u-zoe&entity=e-globex')}&customer=c-globex`);
    await user.click(within(await screen.findByRole('list', { name: 'Voitures' })).getByRole('button', { name: /Peugeot 208/ }));
    const detail = screen.getByRole('region', { name: 'Peugeot 208 ou similaire' });
    expect((within(detail).getByLabelText('Prénom') as HTMLInputElement).value).toBe('Zoé');
    const add = within(detail).getByRole('button', { name: 'Ajouter au panier' }) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    await user.click(add);
    expect(await screen.findByRole('heading', { name: 'Ajouté à votre panier' })).toBeTruthy();
    expect(searches[0]).toMatchObject({ driver: { profile_id: 'u-zoe' }, customer_id: 'c-globex', entity_id: 'e-globex' });
    expect(adds[0]).toMatchObject({
      car_rental: { id: 'c-208', driver: { profile_id: 'u-zoe', firstname: 'Zoé' } },
      customer_id: 'c-globex',
      entity_id: 'e-globex',
    });
  });
});
