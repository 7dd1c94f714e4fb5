import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { Travel } from '@contract/travel';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { carProduct, hotelProduct, railProduct } from '@web/testing/travels';
import { cartTravel } from './fixtures';
import { aroundTrip } from './shortcuts';

/*
 * A hotel stay and a car rental in the cart, next to the train of the same travel; the
 * shortcuts that open the hotel and car searches around that train.
 */

const outward = railProduct();
const back = railProduct({
  id: 'p2',
  name: 'Lyon → Paris',
  departure: '2026-12-03T18:04:00+01:00',
  arrival: '2026-12-03T20:02:00+01:00',
  routes: [
    { ...outward.routes[0]!, from: 'Lyon Part-Dieu', to: 'Paris Gare de Lyon', departure: '2026-12-03T18:04:00+01:00', arrival: '2026-12-03T20:02:00+01:00' },
  ],
});
const LYON_TRIP = cartTravel({
  id: 't1',
  products: [outward, back, hotelProduct(), carProduct()],
  price: { amount: '526.00', currency: 'EUR' },
  links: {
    ...cartTravel().links,
    addHotelToCart: { href: '/api/v1/cart/add?version=v2', method: 'POST' },
    addCarToCart: { href: '/api/v1/cart/add?version=v2', method: 'POST' },
  },
});

function serve(travels: Travel[]) {
  server.use(
    http.get('/api/v1/v2/travels/', () => HttpResponse.json({ result: { travels, links: {} } })),
    http.get('/api/v1/comms', () => HttpResponse.json({ result: {} })),
  );
}
const read = (el: HTMLElement) => el.textContent!.replace(/\u00a0|\u202f/g, ' ');

describe('hotel and car products in the cart (spec 2 §3)', () => {
  it('shows the stay with its hotel, stars, nights, room, board, travellers and cancel deadline', async () => {
    startSession('t', userFixture());
    serve([LYON_TRIP]);
    await renderRoute('/cart');
    const stay = await screen.findByRole('article', { name: 'Hôtel : Hôtel Lumière Part-Dieu' });
    expect(within(stay).getByText('3 étoiles')).toBeTruthy();
    expect(read(stay)).toContain('Du 01/12/2026 au 03/12/2026 · 2 nuits');
    const room = within(within(stay).getByRole('list', { name: 'Chambres' })).getByRole('listitem');
    expect(read(room)).toBe('Chambre double supérieure · Petit-déjeuner inclusAlice Martin · 129,00 € par nuit');
    expect(read(stay)).toMatch(/AnnulationGratuite jusqu’au 30\/11\/2026 \d\d:00 \(.+\)/);
    expect(read(stay)).toContain('258,00 €');
  });

  it('shows the rental with its car, category, renter, agency, pick-up and return on the agency’s clock, driver', async () => {
    startSession('t', userFixture());
    serve([LYON_TRIP]);
    await renderRoute('/cart');
    const rental = await screen.findByRole('article', { name: 'Location de voiture : Peugeot 208 ou similaire' });
    expect(read(rental)).toContain('Peugeot 208 ou similaire · Citadine · Boîte manuelle');
    expect(read(rental)).toContain('LoueurEuropcar');
    expect(read(rental)).toContain('Prise en charge01/12/2026 10:00 · Europcar Lyon Part-Dieu, 5 place Charles Béraudier, 69003 Lyon');
    expect(read(rental)).toContain('Restitution02/12/2026 17:00 · même agence');
    expect(read(rental)).toContain('ConducteurAlice Martin');
    expect(read(rental)).toContain('400 km inclus, puis 0,35 € par km');
  });

  it('opens the hotel and car searches around the trip, only where the company offers them', async () => {
    startSession('t', userFixture());
    serve([LYON_TRIP]);
    await renderRoute('/cart');
    const nav = await screen.findByRole('navigation', { name: /Ajouter une prestation/ });
    const car = new URL(within(nav).getByRole('link', { name: 'Ajouter une voiture' }).getAttribute('href')!, 'http://x');
    expect(Object.fromEntries(car.searchParams)).toEqual({
      travelID: 't1',
      type: 'car',
      place: 'Lyon Part-Dieu',
      start: '2026-12-01T09:02',
      end: '2026-12-03T18:04',
    });
    const hotel = new URL(within(nav).getByRole('link', { name: 'Ajouter un hôtel' }).getAttribute('href')!, 'http://x');
    expect(hotel.searchParams.get('type')).toBe('hotel');
    expect(hotel.searchParams.get('place')).toBe('Lyon Part-Dieu');
  });

  it('hides the shortcuts of what the company does not offer', async () => {
    const base = userFixture();
    startSession('t', { ...base, company: { ...base.company!, hotel_enabled: false, carrental_enabled: false } });
    serve([LYON_TRIP]);
    await renderRoute('/cart');
    const nav = await screen.findByRole('navigation', { name: /Ajouter une prestation/ });
    expect(within(nav).queryByRole('link', { name: 'Ajouter un hôtel' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Ajouter une voiture' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Ajouter un trajet' })).toBeTruthy();
  });

  it('searches around nothing when the travel has no journey', () => {
    expect(aroundTrip({ products: [hotelProduct()] })).toEqual({});
    expect(aroundTrip({ products: [outward] })).toEqual({ place: 'Lyon Part-Dieu', start: '2026-12-01T09:02' });
  });
});
