import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { Place } from '@contract/places';
import { i18n } from '@web/lib/i18n';
import { queryClient } from '@web/lib/query';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import type { CarSearchFormProps } from './CarSearchForm';
import { CarSearchForm } from './CarSearchForm';

const NOW = new Date(2030, 4, 15, 10, 30);
const place = (ID: string, name: string, type: Place['type'], lat: number, lon: number): Place => ({
  ID,
  name,
  description: `${name}, France`,
  type,
  lat,
  lon,
  city: name,
  country: 'FR',
  zip_code: null,
  formatted_address: `${name}, France`,
  provider_codes: [],
});
const PART_DIEU = place('station-lyon-part-dieu', 'Lyon Part-Dieu', 'station', 45.7606, 4.8593);
const LYS = place('airport-lys', 'Lyon Saint-Exupéry', 'airport', 45.7256, 5.0811);

function placesApi() {
  server.use(
    http.get('/api/v1/places', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      return HttpResponse.json({ result: [PART_DIEU, LYS].filter((p) => p.name.toLowerCase().startsWith(q)) });
    }),
  );
}

/** The form alone in a router with `/` and `/search-car-rentals`, so its navigation can be read back. */
async function renderForm(props: CarSearchFormProps = {}) {
  const root = createRootRoute();
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <CarSearchForm now={() => NOW} {...props} /> });
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

/** The error shown for a field: announced, and tied to it with aria-describedby. */
function errorOf(field: HTMLElement): string | undefined {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert')?.textContent ?? undefined;
}

async function choosePlace(user: ReturnType<typeof userEvent.setup>, label: string, name: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await within(screen.getByRole('listbox', { name: label, hidden: true })).findByRole('option', { name: new RegExp(name) }));
}

describe('car-rental search form (spec 1 §2, §4, §5)', () => {
  beforeEach(placesApi);

  it('shows each validation message next to its field', async () => {
    startSession(
      't',
      userFixture({
        entities: [
          { uid: 'e-paris', name: 'Paris HQ' },
          { uid: 'e-lyon', name: 'Lyon' },
        ],
      }),
    );
    const user = userEvent.setup();
    await renderForm();
    const start = screen.getByRole('textbox', { name: 'Date de prise en charge' });
    const end = screen.getByRole('textbox', { name: 'Date de restitution' });
    await user.clear(end);
    await user.clear(start);
    await user.type(start, '14/05/2030');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() =>
      expect(errorOf(screen.getByRole('combobox', { name: 'Lieu de prise en charge' }))).toBe('Veuillez choisir un lieu de prise en charge dans la liste'),
    );
    expect(errorOf(screen.getByRole('combobox', { name: 'Lieu de restitution' }))).toBe('Veuillez choisir un lieu de restitution dans la liste');
    expect(errorOf(start)).toBe('Cette date est passée : choisissez aujourd’hui ou un jour suivant');
    expect(errorOf(end)).toBe('Saisissez une date de restitution');
    expect(errorOf(screen.getByRole('combobox', { name: 'Entité' }))).toBe('Veuillez choisir une entité');
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Lieu de prise en charge' }));
  });

  it('asks for a driver when none is chosen', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    const driver = screen.getByRole('button', { name: 'Conducteur Choisir un conducteur' });
    await waitFor(() => expect(errorOf(driver)).toBe('Choisissez un conducteur'));
  });

  it('a pick-up place with no return place yet is also the return place, and focus goes there', async () => {
    startSession('t', userFixture());
    const user = userEvent.setup();
    await renderForm();
    await choosePlace(user, 'Lieu de prise en charge', 'Lyon Part-Dieu');
    const back = screen.getByRole('combobox', { name: 'Lieu de restitution' }) as HTMLInputElement;
    expect(back.value).toBe('Lyon Part-Dieu');
    await waitFor(() => expect(document.activeElement).toBe(back));
    // A return place already chosen stays.
    await choosePlace(user, 'Lieu de restitution', 'Lyon Saint-Exupéry');
    await choosePlace(user, 'Lieu de prise en charge', 'Lyon Saint-Exupéry');
    expect(back.value).toBe('Lyon Saint-Exupéry');
  });

  it('offers the car rental’s quick hours (9:00, 18:00) and hourly times', async () => {
    startSession('t', userFixture());
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getAllByRole('button', { name: /Calendrier et heure/ })[0]!);
    const panel = await screen.findByRole('grid', { name: /Date de prise en charge/ });
    const aside = panel.closest('aside')!;
    await user.click(within(aside).getByRole('button', { name: 'Après-midi' }));
    expect(screen.getAllByRole('button', { name: /Calendrier et heure/ })[0]!.textContent).toContain('18:00');
    await user.click(within(aside).getByRole('button', { name: 'Matin' }));
    expect(screen.getAllByRole('button', { name: /Calendrier et heure/ })[0]!.textContent).toContain('09:00');
    const hours = within(aside)
      .getAllByRole('radio')
      .map((r) => r.parentElement!.textContent);
    expect(hours[0]).toBe('06:00');
    expect(hours.at(-1)).toBe('23:00');
  });

  it('searches with the /search-car-rentals URL', async () => {
    startSession('t', userFixture());
    const user = userEvent.setup();
    const router = await renderForm({ travelID: 'tr-1' });
    await choosePlace(user, 'Lieu de prise en charge', 'Lyon Part-Dieu');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rayon de prise en charge' }), '5');
    await user.click(screen.getByRole('checkbox', { name: 'SUV' }));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search-car-rentals'));
    expect(router.state.location.search).toEqual({
      from: 'station-lyon-part-dieu',
      fromLat: 45.7606,
      fromLon: 4.8593,
      fromType: 'station',
      to: 'station-lyon-part-dieu',
      toLat: 45.7606,
      toLon: 4.8593,
      toType: 'station',
      rFrom: 5,
      rTo: 2,
      start: '2030-05-16T09:00',
      end: '2030-05-17T18:00',
      types: ['SUV'],
      driver: 'me',
      entity: 'e-paris',
      travelID: 'tr-1',
    });
  });

  it('starts from the cart’s destination and dates', async () => {
    startSession('t', userFixture());
    await renderForm({ prefill: { place: 'Lyon Part-Dieu', start: '2030-06-02T09:02', end: '2030-06-03T18:30' } });
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Lieu de prise en charge' }) as HTMLInputElement).value).toBe('Lyon Part-Dieu'));
    expect((screen.getByRole('combobox', { name: 'Lieu de restitution' }) as HTMLInputElement).value).toBe('Lyon Part-Dieu');
    expect((screen.getByRole('textbox', { name: 'Date de prise en charge' }) as HTMLInputElement).value).toBe('02/06/2030');
    expect((screen.getByRole('textbox', { name: 'Date de restitution' }) as HTMLInputElement).value).toBe('03/06/2030');
    // Picked up at the first full hour after the train, returned an hour before the way back.
    const [pickUp, back] = screen.getAllByRole('button', { name: /Calendrier et heure/ });
    expect(pickUp!.textContent).toContain('10:00');
    expect(back!.textContent).toContain('17:00');
  });

  it('is the home’s Car rental tab, which the cart’s shortcut opens around its trip', async () => {
    startSession('t', userFixture());
    await renderRoute('/?type=car&travelID=tr-1&place=Lyon%20Part-Dieu&start=2030-06-02T09:02&end=2030-06-03T18:30');
    expect(((await screen.findByRole('radio', { name: 'Location de voiture' })) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Lieu de prise en charge' }) as HTMLInputElement).value).toBe('Lyon Part-Dieu'));
    expect(screen.getByText('Cette location sera ajoutée à votre voyage en cours.')).toBeTruthy();
  });
});
