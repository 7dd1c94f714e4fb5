import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { HotelSummary, RoomOffer } from '@contract/hotel';
import { startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { findToasts } from '@web/testing/toasts';
import { travelFixture } from '@web/testing/travels';
import { detailsFixture, hotelFixture, roomFixture, searchResult } from './fixtures';

const URL = '/search-hotels?place=city-paris&lat=48.8566&lon=2.3522&in=2030-06-01&out=2030-06-03&radius=10&pax=me&rooms=1&entity=e-paris';

const LUMIERE = hotelFixture(
  'lumiere',
  { name: 'Hôtel Lumière', stars: 4, distance: 150, min_price_per_night: 15_000, has_cancellable_offer: true },
  { has_loyalty: true },
);
const GARE = hotelFixture('gare', { name: 'Hôtel de la Gare', stars: 2, distance: 300, min_price_per_night: 8_000 });
const PROGRAMME = hotelFixture('programme', { name: 'Hôtel Programme', stars: 3, distance: 1200, min_price_per_night: 11_000 }, { is_program_hotel: true });

function searchApi(hotels: HotelSummary[], seen: unknown[] = []) {
  server.use(
    http.post('/api/v1/hotel/search', async ({ request }) => {
      seen.push(await request.json());
      return HttpResponse.json({ result: searchResult(hotels) });
    }),
  );
  return seen;
}

function detailsApi(hotel: HotelSummary, rooms: RoomOffer[], description?: string) {
  server.use(http.post(`/api/v1/hotel/search/${hotel.id}`, () => HttpResponse.json({ result: detailsFixture(hotel, rooms, description) })));
}

const signIn = () => startSession('token', userFixture());
const names = async () =>
  within(await screen.findByRole('list', { name: 'Hôtels' }))
    .getAllByRole('button')
    .map((b) => b.textContent ?? '');
const order = async () => (await names()).map((n) => /Hôtel [^0-9·]+?(?=\d|12 rue)/.exec(n)?.[0].trim());

describe('hotel results (spec 1 §2 "Hotel results screen", §8, §9)', () => {
  it('searches with the URL, names the city and the stay, and sorts by price, distance and preference', async () => {
    signIn();
    const seen = searchApi([LUMIERE, GARE, PROGRAMME]);
    await renderRoute(URL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hôtels à Paris' })).toBeTruthy();
    expect(screen.getByText(/2 nuits · 1 voyageur · du 01\/06\/2030 au 03\/06\/2030/)).toBeTruthy();
    expect(seen[0]).toMatchObject({
      checkin_date: '20300601T120000',
      checkout_date: '20300603T120000',
      latitude: 48.8566,
      longitude: 2.3522,
      radius_km: 10,
      nb_rooms: 1,
      travelers: [{ id: 1, profile_id: 'u-alice' }],
      place_id: 'city-paris',
      entity_id: 'e-paris',
    });
    expect(await order()).toEqual(['Hôtel de la Gare', 'Hôtel Programme', 'Hôtel Lumière']);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'BY_DISTANCE');
    await waitFor(async () => expect(await order()).toEqual(['Hôtel Lumière', 'Hôtel de la Gare', 'Hôtel Programme']));
    // Distances above 1000 m in km.
    expect((await names())[2]).toContain('à 1,2 km');
    expect((await names())[1]).toContain('à 300 m');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'BY_PREF');
    await waitFor(async () => expect(await order()).toEqual(['Hôtel Programme', 'Hôtel de la Gare', 'Hôtel Lumière']));
  });

  it('filters mean "show only these"; nothing left says so with the total, and refundable rooms asked where none exist say that', async () => {
    signIn();
    searchApi([GARE, PROGRAMME, { ...LUMIERE, has_cancellable_offer: false }]);
    await renderRoute(URL);
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Hôtels' });
    await user.click(screen.getByRole('button', { name: '3 étoiles ou plus' }));
    await waitFor(async () => expect(await order()).toEqual(['Hôtel Programme', 'Hôtel Lumière']));
    expect(screen.getByText('2 hôtels sur 3')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Programme de fidélité' }));
    await waitFor(async () => expect(await order()).toEqual(['Hôtel Lumière']));
    await user.click(screen.getByRole('checkbox', { name: 'Borne de recharge électrique' }));
    const empty = await screen.findByText('Aucun hôtel ne correspond à vos filtres, sur 3 trouvés.');
    // The empty state's own way out.
    await user.click(within(empty.closest<HTMLElement>('[role="status"]')!).getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(async () => expect(await names()).toHaveLength(3));
    await user.click(screen.getByRole('checkbox', { name: 'Annulable' }));
    expect(await screen.findByText('Aucune chambre remboursable n’est disponible pour ces dates.')).toBeTruthy();
  });

  it('checks the price range against its bounds (floored and ceiled)', async () => {
    signIn();
    searchApi([
      { ...GARE, min_price_per_night: 8_050 },
      { ...LUMIERE, min_price_per_night: 15_020 },
    ]);
    await renderRoute(URL);
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Hôtels' });
    expect(screen.getByRole('group', { name: 'Prix par nuit (de 80 € à 151 €)' })).toBeTruthy();
    await user.type(screen.getByRole('spinbutton', { name: 'Minimum (€)' }), '100');
    await waitFor(async () => expect(await order()).toEqual(['Hôtel Lumière']));
    await user.type(screen.getByRole('spinbutton', { name: 'Maximum (€)' }), '90');
    expect(await screen.findByText('Le prix minimum doit être inférieur au prix maximum')).toBeTruthy();
  });

  it('nothing found: a warning toast and back to the hotel form', async () => {
    signIn();
    searchApi([]);
    const { router } = await renderRoute(URL);
    const toasts = await findToasts();
    expect(await toasts.findByText(/Aucun hôtel ne correspond à votre recherche/)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toEqual({ type: 'hotel' });
  });

  it('an address that is no whole search goes to the hotel form', async () => {
    signIn();
    const { router } = await renderRoute('/search-hotels?place=city-paris&in=2030-06-01');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toEqual({ type: 'hotel' });
  });

  it('shows a hotel: pictures with a placeholder, a long description cut at 300 with "see more", rooms 5 at a time', async () => {
    signIn();
    searchApi([LUMIERE]);
    const rooms = Array.from({ length: 7 }, (_, i) =>
      roomFixture(`r${i + 1}`, {
        incl_taxes_amount: 20_000 + i * 1_000,
        is_cancellable: i !== 1,
        cancel_deadline: i === 1 ? null : '2030-05-31T18:00:00+02:00',
      }),
    );
    detailsApi(LUMIERE, rooms, 'Calme. '.repeat(80));
    await renderRoute(URL);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Hôtel Lumière/ }));
    const detail = await screen.findByRole('region', { name: 'Hôtel Lumière' });
    const description = await within(detail).findByText(/^Calme\./);
    expect(description.textContent!.length).toBeLessThanOrEqual(301);
    await user.click(within(detail).getByRole('button', { name: 'Voir plus' }));
    expect(description.textContent!.length).toBeGreaterThan(500);
    expect(within(detail).getByRole('button', { name: 'Voir moins' }).getAttribute('aria-expanded')).toBe('true');
    const offers = () => within(detail).getAllByRole('button', { name: /^Choisir la chambre/ });
    expect(offers()).toHaveLength(5);
    expect(within(detail).getAllByText('Annulation gratuite jusqu’au 31/05/2030 18:00 (heure locale de l’hôtel)').length).toBeGreaterThan(0);
    expect(within(detail).getByText('Non annulable, non remboursable')).toBeTruthy();
    await user.click(within(detail).getByRole('button', { name: 'Plus de prix' }));
    expect(offers()).toHaveLength(7);
    expect(within(detail).queryByRole('button', { name: 'Plus de prix' })).toBeNull();
  });

  it('says when the details failed and fetches them again on retry', async () => {
    signIn();
    searchApi([LUMIERE]);
    let calls = 0;
    server.use(
      http.post('/api/v1/hotel/search/lumiere', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(apiError(108, 'Indisponible'), { status: 500 })
          : HttpResponse.json({ result: detailsFixture(LUMIERE, [roomFixture('r1')]) });
      }),
    );
    await renderRoute(URL);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Hôtel Lumière/ }));
    expect(await screen.findByText('Une erreur est survenue lors de la récupération des informations de cet hôtel.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('button', { name: /^Choisir la chambre Chambre r1/ })).toBeTruthy();
  });

  it('one traveller: the chosen room takes them, the traveller form is prefilled, and the stay goes into the cart', async () => {
    signIn();
    searchApi([LUMIERE]);
    detailsApi(LUMIERE, [roomFixture('r1', { name: 'Double Classique' })]);
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/v1/cart/add', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ result: { travel: travelFixture({ id: 't-9' }), offer_errors: [] } });
      }),
    );
    await renderRoute(URL);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Hôtel Lumière/ }));
    const next = () => screen.getByRole('button', { name: 'Suivant' }) as HTMLButtonElement;
    await screen.findByRole('button', { name: /^Choisir la chambre Double Classique/ });
    expect(next().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: /^Choisir la chambre Double Classique/ }));
    expect(next().disabled).toBe(false);
    await user.click(next());
    expect(await screen.findByRole('heading', { name: 'Informations voyageurs' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Prénom *' }) as HTMLInputElement).value).toBe('Alice');
    expect((screen.getByRole('textbox', { name: 'E-mail *' }) as HTMLInputElement).value).toBe('alice@acme.example');
    await user.clear(screen.getByRole('textbox', { name: 'Téléphone *' }));
    await user.type(screen.getByRole('textbox', { name: 'Téléphone *' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(await screen.findByText('Votre numéro doit être au format 0XXXXXXXXX')).toBeTruthy();
    expect(bodies).toHaveLength(0);
    await user.clear(screen.getByRole('textbox', { name: 'Téléphone *' }));
    await user.type(screen.getByRole('textbox', { name: 'Téléphone *' }), '06 11 22 33 44');
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(await screen.findByRole('heading', { name: 'Ajouté à votre panier' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir le panier' }).getAttribute('href')).toBe('/cart');
    expect(bodies[0]).toEqual({
      hotel_id: 'lumiere',
      room_offer_travelers: [{ room_offer_id: 'r1', travelers: [1] }],
      travelers: [
        {
          travelerID: 1,
          profile_id: 'u-alice',
          guest_id: null,
          gender: 'MS',
          firstname: 'Alice',
          lastname: 'Martin',
          email: 'alice@acme.example',
          phone: '0611223344',
        },
      ],
      travelID: null,
      customer_id: null,
      entity_id: 'e-paris',
    });
  });

  it('several travellers: Next waits until the rooms sleep everyone, then each traveller gets a room and no room stays empty', async () => {
    signIn();
    searchApi([LUMIERE]);
    detailsApi(LUMIERE, [roomFixture('double', { name: 'Double', max_occupancy: 2 }), roomFixture('single', { name: 'Simple', max_occupancy: 1 })]);
    await renderRoute(URL.replace('pax=me', 'pax=%5B%22me%22%2C%22age%3A30-59%22%2C%22age%3A4-29%22%5D'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Hôtel Lumière/ }));
    const next = () => screen.getByRole('button', { name: 'Suivant' }) as HTMLButtonElement;
    await user.click(await screen.findByRole('button', { name: 'Ajouter une chambre Double' }));
    expect(next().disabled).toBe(true);
    expect(screen.getByText(/Les chambres choisies n’accueillent pas tous les voyageurs/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ajouter une chambre Simple' }));
    expect(next().disabled).toBe(false);
    await user.click(next());
    expect(await screen.findByRole('heading', { name: 'Répartition des voyageurs' })).toBeTruthy();
    const selects = screen.getAllByRole('combobox').filter((s) => s.closest('li'));
    expect(selects.map((s) => (s as HTMLSelectElement).selectedOptions[0]!.textContent)).toEqual([
      'Chambre 1 : Double (2 personnes)',
      'Chambre 2 : Simple (1 personne)',
      'Chambre 1 : Double (2 personnes)',
    ]);
    await user.selectOptions(selects[1]!, 'Chambre 1 : Double (2 personnes)');
    expect(await screen.findByText('Chambre 2 : Simple n’a aucun voyageur.')).toBeTruthy();
    expect(next().disabled).toBe(true);
    await user.selectOptions(selects[1]!, 'Chambre 2 : Simple (1 personne)');
    expect(next().disabled).toBe(false);
  });

  it('a room sold out since the results: the dialog says so, nothing is added, confirm searches again', async () => {
    signIn();
    const seen = searchApi([LUMIERE]);
    detailsApi(LUMIERE, [roomFixture('r1', { name: 'Double Classique' })]);
    server.use(http.post('/api/v1/cart/add', () => HttpResponse.json(apiError(4, 'Aucune chambre disponible.'), { status: 409 })));
    await renderRoute(URL);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Hôtel Lumière/ }));
    await user.click(await screen.findByRole('button', { name: /^Choisir la chambre Double Classique/ }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('button', { name: 'Ajouter au panier' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cette chambre n’est plus disponible')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ajouté à votre panier' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Relancer la recherche' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
