import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { Place } from '@contract/places';
import { i18n } from '@web/lib/i18n';
import { queryClient } from '@web/lib/query';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { server } from '@web/testing/server';
import type { HotelSearchFormProps } from './HotelSearchForm';
import { HotelSearchForm } from './HotelSearchForm';

const NOW = new Date(2030, 4, 15, 10, 30); // Wednesday 15 May 2030
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

/** The form alone in a router with `/` and a `/search-hotels` route, so its navigation can be read back. */
async function renderForm(props: HotelSearchFormProps = {}) {
  server.use(http.get('/api/v1/places', () => HttpResponse.json({ result: [PARIS] })));
  const root = createRootRoute();
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <HotelSearchForm now={() => NOW} {...props} /> });
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
  return { router };
}

/** The error shown for a field: announced, and tied to it with aria-describedby. */
function errorOf(field: HTMLElement): string | undefined {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert')?.textContent ?? undefined;
}
const checkIn = () => screen.getByRole('textbox', { name: 'Date d’arrivée' });
const checkOut = () => screen.getByRole('textbox', { name: 'Date de départ' });
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Rechercher' }));

describe('hotel search form (spec 1 §4, §5 "Hotel")', () => {
  it('says next to each field what is missing: the place, the check-in, the check-out', async () => {
    const user = userEvent.setup();
    await renderForm();
    await submit(user);
    await waitFor(() => expect(errorOf(screen.getByRole('combobox', { name: 'Lieu du séjour' }))).toBe('Veuillez choisir un lieu dans la liste'));
    expect(errorOf(checkIn())).toBe('Saisissez une date d’arrivée');
    expect(errorOf(checkOut())).toBe('Saisissez une date de départ');
  });

  it('refuses a past check-in and a stay of no night, resetting a check-out before the new check-in', async () => {
    const user = userEvent.setup();
    await renderForm({ initial: { place: PARIS } });
    await user.type(checkIn(), '14052030');
    await user.type(checkOut(), '20052030');
    await submit(user);
    await waitFor(() => expect(errorOf(checkIn())).toBe('Cette date est passée : choisissez aujourd’hui ou un jour suivant'));

    // A check-in after the check-out: the check-out becomes the check-in (spec 1 §5), one night is missing.
    await user.clear(checkIn());
    await user.type(checkIn(), '22052030');
    expect((checkOut() as HTMLInputElement).value).toBe('22/05/2030');
    await submit(user);
    await waitFor(() => expect(errorOf(checkOut())).toBe('Le séjour doit durer au moins une nuit : choisissez un départ après l’arrivée'));
    expect(errorOf(checkIn())).toBeUndefined();
  });

  it('moves from the place to the check-in, then to the check-out, and searches with the /search-hotels params', async () => {
    startSession('t', userFixture());
    const user = userEvent.setup();
    const { router } = await renderForm({ travelID: 'tr-1' });
    await user.click(screen.getByRole('combobox', { name: 'Lieu du séjour' }));
    await user.click(await within(screen.getByRole('listbox', { name: 'Lieu du séjour', hidden: true })).findByRole('option', { name: /Paris/ }));
    await waitFor(() => expect(document.activeElement).toBe(checkIn()));
    await user.type(checkIn(), '01062030');
    await waitFor(() => expect(document.activeElement).toBe(checkOut()));
    await user.type(checkOut(), '03062030');
    // Radius slider: 10 km by default, one step up is 15 km.
    const radius = screen.getByRole('slider', { name: 'Rayon' });
    expect(radius.getAttribute('aria-valuetext')).toBe('10 km');
    fireEvent.change(radius, { target: { value: String(Number((radius as HTMLInputElement).value) + 1) } });
    expect(radius.getAttribute('aria-valuetext')).toBe('15 km');
    // Stars: clicking the chosen value again clears it.
    await user.click(screen.getByRole('button', { name: '4 étoiles ou plus' }));
    await user.click(screen.getByRole('button', { name: '3 étoiles ou plus' }));
    expect(screen.getByRole('button', { name: '3 étoiles ou plus' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '4 étoiles ou plus' }).getAttribute('aria-pressed')).toBe('false');
    await user.click(screen.getByRole('checkbox', { name: 'Petit-déjeuner' }));
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search-hotels'));
    expect(router.state.location.search).toEqual({
      place: 'city-paris',
      lat: 48.8566,
      lon: 2.3522,
      in: '2030-06-01',
      out: '2030-06-03',
      radius: 15,
      pax: ['me'],
      rooms: 1,
      stars: 3,
      breakfast: true,
      entity: 'e-paris',
      travelID: 'tr-1',
    });
  });

  it('adds a room only when there are at least as many travellers as rooms', async () => {
    startSession('t', userFixture());
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole('button', { name: /Voyageurs et chambres/ }));
    const panel = screen.getByRole('complementary', { name: 'Détails de la recherche' });
    const addRoom = within(panel).getByRole('button', { name: 'Ajouter une chambre' }) as HTMLButtonElement;
    expect(addRoom.disabled).toBe(true);
    expect(within(panel).getByText('Pour ajouter une chambre, ajoutez d’abord un voyageur : chaque chambre en accueille au moins un.')).toBeTruthy();
    await user.click(await within(panel).findByRole('button', { name: 'Ajouter un voyageur' }));
    expect(addRoom.disabled).toBe(false);
    await user.click(addRoom);
    expect(within(panel).getByText('2 chambres')).toBeTruthy();
    expect(addRoom.disabled).toBe(true);
    // Fewer travellers, fewer rooms: every room keeps a traveller.
    await user.click(
      within(panel)
        .getAllByRole('button', { name: /^Retirer/ })
        .find((b) => b.closest('li'))!,
    );
    expect(within(panel).getByText('1 chambre')).toBeTruthy();
  });

  it('starts from the cart’s shortcut: the destination by name, check-in on the arrival’s day, check-out on the way back’s', async () => {
    await renderForm({ prefill: { place: 'Paris', start: '2030-06-01T10:12', end: '2030-06-04T18:00' } });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Lieu du séjour' }) as HTMLInputElement).value).toBe('Paris'));
    expect((checkIn() as HTMLInputElement).value).toBe('01/06/2030');
    expect((checkOut() as HTMLInputElement).value).toBe('04/06/2030');
  });
});
