import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { BookingTicket } from '@contract/my-bookings';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';

/** A stay and a rental among the bookings, with their own words, and the rental's cancellation with its refund preview. */

const base: BookingTicket = {
  uid: 'p-hotel',
  status: 'booked',
  type: 'hotel',
  departure: '2026-12-01T12:00:00+01:00',
  arrival: '2026-12-03T12:00:00+01:00',
  from: 'Hôtel Lumière Part-Dieu',
  to: 'Hôtel Lumière Part-Dieu',
  travelers: [{ uid: 'u-alice', firstname: 'Alice', lastname: 'Martin' }],
  price: { amount: '258.00', currency: 'EUR' },
  cabin: '',
  carrier: '',
  compliant: true,
  ticket_time_limit: null,
  fare_condition: 'fullFlex',
  fare_category: 'Chambre double supérieure',
  main_approver: null,
  secondary_approver: null,
  summaries: [],
  ancillaries: [],
  pnr: 'HL-4821',
  reference: null,
  productId: 'p-hotel',
  tag: '',
  travelID: 't1',
  approvalID: null,
  booked_by: null,
  staff_actions: [],
  card_payment: null,
  links: { getTravel: { href: '/api/v1/v2/travels/t1', method: 'GET' } },
};
const stay = base;
const rental: BookingTicket = {
  ...base,
  uid: 'p-car',
  productId: 'p-car',
  type: 'car_rental',
  departure: '2026-12-01T10:00:00+01:00',
  arrival: '2026-12-02T17:00:00+01:00',
  from: 'Europcar Lyon Part-Dieu',
  to: 'Europcar Lyon Part-Dieu',
  price: { amount: '90.00', currency: 'EUR' },
  fare_category: 'Peugeot 208 ou similaire',
  pnr: 'EP-1234',
  links: {
    getTravel: { href: '/api/v1/v2/travels/t1', method: 'GET' },
    previewRefund: { href: '/api/v1/products/p-car/refund-preview', method: 'GET' },
    cancelProduct: { href: '/api/v1/treep/cancel', method: 'POST' },
  },
};

describe('a stay and a rental in Mes réservations', () => {
  it('names the hotel and the agency, the room and the car, on their own clocks', async () => {
    startSession('t', userFixture());
    server.use(http.get('/api/v1/tickets/', () => HttpResponse.json({ result: [stay, rental] })));
    await renderRoute('/account/tickets');
    const hotel = await screen.findByRole('group', { name: /^Hôtel :\s?Hôtel Lumière Part-Dieu$/ });
    expect(within(hotel).getByText('01/12/2026 12:00 – 03/12/2026 12:00')).toBeTruthy();
    expect(hotel.textContent).toContain('Chambre :Chambre double supérieure');
    expect(hotel.textContent).not.toContain('Tarif');
    const car = screen.getByRole('group', { name: /^Location de voiture :\s?Europcar Lyon Part-Dieu$/ });
    expect(within(car).getByText('01/12/2026 10:00 – 02/12/2026 17:00')).toBeTruthy();
    expect(car.textContent).toContain('Voiture :Peugeot 208 ou similaire');
  }, 15_000); // the first render of the file loads the route's code cold

  it('cancels the rental through its refund preview', async () => {
    startSession('t', userFixture());
    server.use(
      http.get('/api/v1/tickets/', () => HttpResponse.json({ result: [rental] })),
      http.get('/api/v1/products/p-car/refund-preview', () =>
        HttpResponse.json({
          result: [
            {
              product_id: 'p-car',
              name: 'Peugeot 208 ou similaire',
              confirm_refund_date_limit: '2026-11-22T09:15:00.000Z',
              refund: { total: 9000, currency: 'EUR' },
              fixed_fees: 0,
              variable_fees: 0,
              conditions_by_id: { 'p-car': '<p>Annulation gratuite jusqu’à la prise en charge.</p>' },
              void: false,
              offline: false,
            },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    await renderRoute('/account/tickets');
    await user.click(await screen.findByRole('button', { name: 'Annuler Europcar Lyon Part-Dieu' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Europcar Lyon Part-Dieu')).toBeTruthy();
    expect((await within(dialog).findAllByText(/90,00/)).length).toBeGreaterThan(0);
  });
});
