import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Place } from '@contract/places';
import { i18n } from '@web/lib/i18n';
import { queryClient } from '@web/lib/query';
import type { TripSearchFormProps } from './TripSearchForm';
import { TripSearchForm } from './TripSearchForm';

/** A place as GET /places answers it. */
export function placeFixture(ID: string, name: string): Place {
  return {
    ID,
    name,
    description: `${name}, France`,
    type: 'city',
    lat: 48.85,
    lon: 2.35,
    city: name,
    country: 'FR',
    zip_code: null,
    formatted_address: `${name}, France`,
    provider_codes: [],
  };
}

export const PARIS = placeFixture('city-paris', 'Paris');
export const LYON = placeFixture('city-lyon', 'Lyon');
export const MARSEILLE = placeFixture('city-marseille', 'Marseille');

/** The trip form alone in a router with `/` and a `/search` route, so its navigation can be read back. */
export async function renderTripForm(props: TripSearchFormProps = {}) {
  const root = createRootRoute();
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <TripSearchForm {...props} /> });
  const search = createRoute({ getParentRoute: () => root, path: '/search', component: () => <h1>Résultats</h1> });
  const router = createRouter({ routeTree: root.addChildren([home, search]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  await router.load();
  return { router, ...view };
}

/** Opens the passengers panel from its field and waits for it: its code loads on first use. */
export async function openPassengers(user: UserEvent, button: HTMLElement = screen.getByRole('button', { name: /Passagers/ })) {
  await user.click(button);
  await screen.findByRole('list', { name: 'Passagers' });
}
