import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import type { CarRentalSearchResult } from '@contract/car-rental';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { travelFixture } from '@web/testing/travels';
import { CAR_URL, car, carResults } from './fixtures';

function serveSearch(answer: CarRentalSearchResult = carResults(), seen: unknown[] = []) {
  server.use(
    http.post('/api/v1/carrental/search', async ({ request }) => {
      seen.push(await request.json());
      return HttpResponse.json({ result: answer });
    }),
  );
}

/** Text as read, the no-break spaces of prices as spaces. */
const read = (el: HTMLElement) => el.textContent!.replace(/\u00a0|\u202f/g, ' ');
const list = () => screen.findByRole('list', { name: 'Voitures' });
const names = async () =>
  within(await list())
    .getAllByRole('button')
    .map((b) => b.querySelector('.font-bold')!.textContent);

describe('car-rental results (spec 1 §2, §9)', () => {
  it('searches with the URL and lists the cars cheapest first', async () => {
    startSession('t', userFixture());
    const seen: unknown[] = [];
    serveSearch(carResults(), seen);
    await renderRoute(CAR_URL);
    expect(await names()).toEqual(['Renault Zoé ou similaire', 'Peugeot 208 ou similaire', 'Volkswagen Golf ou similaire', 'Peugeot 3008 ou similaire']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Location de voiture à Lyon Part-Dieu');
    expect(screen.getByText('Du 01/12/2026 09:00 au 02/12/2026 18:00')).toBeTruthy();
    expect(seen[0]).toEqual({
      latitude: 45.7606,
      longitude: 4.8593,
      return_latitude: 45.7606,
      return_longitude: 4.8593,
      pickup_time: '2026-12-01T09:00',
      return_time: '2026-12-02T18:00',
      car_types: [],
      driver: { profile_id: 'u-alice' },
      pickup_radius: 2,
      return_radius: 2,
      pickup_location_type: 'station',
      return_location_type: 'station',
      pickup_place_id: 'station-lyon-part-dieu',
      return_place_id: 'station-lyon-part-dieu',
      travelID: null,
      customer_id: null,
      entity_id: 'e-paris',
    });
    const first = within(await list()).getAllByRole('listitem')[0]!;
    expect(read(first)).toContain('44,00 € / jour');
    expect(read(first)).toContain('88,00 € pour 2 j');
    expect(read(first)).toContain('Hertz Lyon Saint-Exupéry à 24,5 km');
    // Without WebGL (jsdom) the map is a note and the list stays the way to the cars.
    expect(screen.getByText(/La carte ne peut pas s’afficher/)).toBeTruthy();
  });

  it('says which places it searches while it searches, one or two', async () => {
    server.use(http.post('/api/v1/carrental/search', () => delay('infinite')));
    const one = await renderRoute(CAR_URL);
    expect((await screen.findByText(/Recherche des voitures/)).textContent).toBe('Recherche des voitures disponibles à station-lyon-part-dieu');
    one.unmount();
    await renderRoute(CAR_URL.replace('to=station-lyon-part-dieu', 'to=city-lyon'));
    expect((await screen.findByText(/Recherche des voitures/)).textContent).toBe(
      'Recherche des voitures à prendre à station-lyon-part-dieu et à rendre à city-lyon',
    );
  });

  it('sorts by distance and by preferred renters', async () => {
    serveSearch();
    const user = userEvent.setup();
    await renderRoute(CAR_URL);
    await list();
    await user.selectOptions(screen.getByLabelText('Trier par'), 'BY_DISTANCE');
    expect((await names()).slice(0, 2)).toEqual(['Peugeot 208 ou similaire', 'Peugeot 3008 ou similaire']);
    await user.selectOptions(screen.getByLabelText('Trier par'), 'BY_PREF');
    expect(await names()).toEqual(['Renault Zoé ou similaire', 'Volkswagen Golf ou similaire', 'Peugeot 208 ou similaire', 'Peugeot 3008 ou similaire']);
  });

  it('filters mean "show these", and says so with the total when nothing is left', async () => {
    serveSearch();
    const user = userEvent.setup();
    await renderRoute(CAR_URL);
    await list();
    const filters = screen.getByRole('region', { name: 'Filtres' });
    await user.click(within(filters).getByRole('checkbox', { name: 'Boîte automatique (2)' }));
    expect(await names()).toEqual(['Renault Zoé ou similaire', 'Peugeot 3008 ou similaire']);
    expect(screen.getByText('2 voitures sur 4')).toBeTruthy();
    await user.click(within(filters).getByRole('checkbox', { name: 'Tarif négocié' }));
    expect(await names()).toEqual(['Peugeot 3008 ou similaire']);
    await user.click(within(filters).getByRole('checkbox', { name: 'Électrique (1)' }));
    expect(screen.getByText('Aucune voiture ne correspond à vos filtres (4 au total).')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(await names()).toHaveLength(4);

    await user.type(within(filters).getByRole('spinbutton', { name: 'Minimum' }), '60');
    await user.type(within(filters).getByRole('spinbutton', { name: 'Maximum' }), '50');
    expect(within(filters).getByRole('alert').textContent).toBe('Le prix minimum doit être inférieur ou égal au maximum.');
    expect(await names()).toHaveLength(4);
    await user.clear(within(filters).getByRole('spinbutton', { name: 'Maximum' }));
    expect(await names()).toEqual(['Peugeot 3008 ou similaire']);
  });

  it('goes back to the car form with NO_RESULTS_SEARCH when nothing is found', async () => {
    serveSearch(carResults([]));
    const { router } = await renderRoute(CAR_URL);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toMatchObject({ type: 'car' });
    expect(await screen.findByText(/Aucune voiture disponible pour cette recherche/)).toBeTruthy();
  });

  it('sends an address that is no car search to the car form', async () => {
    const { router } = await renderRoute('/search-car-rentals?from=x&start=tomorrow');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toMatchObject({ type: 'car' });
  });

  it('shows a car’s agency, opening hours and times as the agency’s clock reads them', async () => {
    serveSearch();
    const user = userEvent.setup();
    await renderRoute(CAR_URL);
    await user.click(within(await list()).getByRole('button', { name: /Peugeot 208/ }));
    const detail = screen.getByRole('region', { name: 'Peugeot 208 ou similaire' });
    expect(within(detail).getByText('01/12/2026 09:00')).toBeTruthy();
    expect(within(detail).getByText('02/12/2026 18:00')).toBeTruthy();
    expect(within(detail).getByText('À la même agence.')).toBeTruthy();
    const hours = within(detail).getByRole('table');
    expect(within(hours).getByRole('row', { name: /Lundi/ }).textContent).toBe('Lundi08:00–19:00');
    expect(within(hours).getByRole('row', { name: /Dimanche/ }).textContent).toBe('DimancheFermé');
    expect(read(detail)).toContain('400 km inclus, puis 0,35 € par km supplémentaire');
    expect(within(detail).getByText('Siège enfant')).toBeTruthy();
  });
});

describe('driver and add to cart (spec 1 §5 "Car rental")', () => {
  // Many fields typed one key at a time: slow on a busy 2-core machine.
  it('keeps add to cart disabled until the licence is filled, checks its date, then adds the car with its driver', { timeout: 20_000 }, async () => {
    startSession('t', userFixture());
    serveSearch();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/v1/cart/add', async ({ request }) => {
        bodies.push(await request.json());
        await delay(50);
        return HttpResponse.json({ result: { travel: travelFixture({ id: 'tr-9' }), offer_errors: [] } });
      }),
    );
    const user = userEvent.setup();
    await renderRoute(CAR_URL);
    await user.click(within(await list()).getByRole('button', { name: /Renault Zoé/ }));
    const detail = screen.getByRole('region', { name: 'Renault Zoé ou similaire' });
    // The search's driver fills the basic fields; the renter asks for the licence.
    expect((within(detail).getByLabelText('Prénom') as HTMLInputElement).value).toBe('Alice');
    const add = within(detail).getByRole('button', { name: 'Ajouter au panier' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(detail.textContent).toContain('Renseignez le permis de conduire et l’identité complète du conducteur');

    await user.selectOptions(within(detail).getByLabelText('Pays de naissance'), 'FR');
    await user.type(within(detail).getByLabelText('Ville de naissance'), 'Lyon');
    await user.type(within(detail).getByLabelText('Adresse'), '12 rue de la République, 69002 Lyon');
    await user.selectOptions(within(detail).getByLabelText('Pays de délivrance du permis'), 'FR');
    await user.type(within(detail).getByLabelText('Numéro de permis'), '120475200123');
    const licenceDate = within(detail).getByLabelText('Date d’obtention du permis');
    await user.type(licenceDate, '01011899');
    await user.tab();
    expect(await within(detail).findByText('Vous n’êtes pas si vieux !')).toBeTruthy();
    expect(add.disabled).toBe(true);
    await user.clear(licenceDate);
    await user.type(licenceDate, '01012999');
    expect(await within(detail).findByText('Vous êtes un peu trop jeune !')).toBeTruthy();
    expect(add.disabled).toBe(true);
    await user.clear(licenceDate);
    await user.type(licenceDate, '15062008');
    await waitFor(() => expect(add.disabled).toBe(false));

    await user.click(add);
    // While it is added, the button is busy and disabled.
    expect(add.disabled).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Ajouté à votre panier' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir le panier' }).getAttribute('href')).toBe('/cart');
    expect(bodies).toEqual([
      {
        car_rental: {
          id: 'c-zoe',
          driver: {
            profile_id: 'u-alice',
            gender: 'MS',
            firstname: 'Alice',
            lastname: 'Martin',
            email: 'alice@acme.example',
            phone: '0611223344',
            birthdate: '1988-04-12',
            birth_country: 'FR',
            city_of_birth: 'Lyon',
            address: { description: '12 rue de la République, 69002 Lyon' },
            license: { country_of_issue: 'FR', number: '120475200123', effective_date: '2008-06-15' },
          },
        },
        travelID: null,
        customer_id: null,
        entity_id: 'e-paris',
      },
    ]);
  });

  it('asks the basic details only when no licence is needed', async () => {
    startSession('t', userFixture());
    serveSearch(carResults([car('c-208')], { driver: null }));
    const user = userEvent.setup();
    await renderRoute(CAR_URL);
    await user.click(within(await list()).getByRole('button', { name: /Peugeot 208/ }));
    const detail = screen.getByRole('region', { name: 'Peugeot 208 ou similaire' });
    expect(within(detail).queryByLabelText('Numéro de permis')).toBeNull();
    const add = within(detail).getByRole('button', { name: 'Ajouter au panier' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.click(within(detail).getByRole('radio', { name: 'Monsieur' }));
    await user.type(within(detail).getByLabelText('Prénom'), 'Bob');
    await user.type(within(detail).getByLabelText('Nom'), 'Durand');
    await user.type(within(detail).getByLabelText('E-mail'), 'bob@acme');
    await user.type(within(detail).getByLabelText('Téléphone'), '0611');
    await user.type(within(detail).getByLabelText('Date de naissance'), '02031980');
    await user.tab();
    expect(add.disabled).toBe(true);
    expect(within(detail).getByText(/doit respecter le format/)).toBeTruthy();
    await user.type(within(detail).getByLabelText('E-mail'), '.example');
    await waitFor(() => expect(add.disabled).toBe(false));
  });

  it('on a phone, the detail replaces the list, and back to the list clears the choice', async () => {
    serveSearch();
    const user = userEvent.setup();
    await renderRoute(CAR_URL);
    await user.click(within(await list()).getByRole('button', { name: /Peugeot 208/ }));
    expect((await list()).parentElement!.className).toContain('max-[759px]:hidden');
    await user.click(screen.getByRole('button', { name: 'Retour à la liste' }));
    expect(screen.queryByRole('region', { name: 'Peugeot 208 ou similaire' })).toBeNull();
    expect((await list()).parentElement!.className).not.toContain('max-[759px]:hidden');
    expect(
      within(await list())
        .getByRole('button', { name: /Peugeot 208/ })
        .getAttribute('aria-pressed'),
    ).toBe('false');
  });
});
