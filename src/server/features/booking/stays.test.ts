import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobServices, startApi, type Api } from '@test/support/api';
import { signupBody } from '@test/factories/account';
import { JOB_HANDLERS } from '@server/app';
import { runDueJobs } from '@server/platform/jobs';

/**
 * A hotel stay and a car rental after the cart: booked, not ticketed; in the bookings list;
 * cancelled with their refund preview; told of in the booking e-mail. Paula, a private traveller (signed
 * up, no company), books for herself: no checkout step, she confirms at once.
 */

let api: Api;
let paula: string;
let alice: string;
beforeAll(async () => {
  api = await startApi();
  const signup = signupBody({ firstname: 'Paula', lastname: 'Girard', username: 'paula', email: PAULA.email });
  await api.call('POST', '/api/v1/user/signin', { body: signup });
  await api.call('POST', '/api/v1/user/confirm', { body: { token: (await api.lastMail(PAULA.email))!.token } });
  [paula, alice] = await Promise.all([api.login('paula', signup.password), api.login('alice')]);
});
afterAll(() => api.close());

const runJobs = () => runDueJobs(jobServices(api), JOB_HANDLERS);
const LYON = { latitude: 45.7606, longitude: 4.8593 };
const PAULA = { gender: 'MS', firstname: 'Paula', lastname: 'Girard', email: 'paula@private.example', phone: '0601020304' };
type Link = { href: string; method: string };
type Product = {
  id: string;
  type: string;
  status: string;
  pnr: string | null;
  links: { previewRefund?: Link; cancelProduct?: Link };
  hotel?: { reference: string | null };
  carRental?: { reference: string | null };
};
type Travel = { id: string; version: number; status: string; products: Product[]; links: { confirm?: Link; getTravel: Link } };

async function addHotel(token: string, travelID?: string, checkin = '20261124', checkout = '20261126') {
  const stay = { checkin_date: `${checkin}T120000`, checkout_date: `${checkout}T120000`, ...LYON, radius_km: 5, nb_rooms: 1, travelers: [{ id: 1 }] };
  const hotel = (await api.call('POST', '/api/v1/hotel/search', { token, body: stay })).body.result.hotels[0];
  const details = (await api.call('POST', hotel.links.hotelDetails.href, { token, body: stay })).body.result;
  const offer = details.room_offers.find((o: { is_cancellable: boolean }) => o.is_cancellable) ?? details.room_offers[0];
  const res = await api.call('POST', '/api/v1/cart/add?version=v2', {
    token,
    body: {
      hotel_id: hotel.id,
      room_offer_travelers: [{ room_offer_id: offer.id, travelers: [1] }],
      travelers: [{ travelerID: 1, ...PAULA }],
      ...(travelID ? { travelID } : {}),
    },
  });
  expect(res.status).toBe(200);
  return { travel: res.body.result.travel as Travel, offer: offer as { incl_taxes_amount: number; is_cancellable: boolean } };
}

async function addCar(token: string, travelID?: string) {
  const body = {
    ...LYON,
    return_latitude: LYON.latitude,
    return_longitude: LYON.longitude,
    pickup_time: '2026-11-24T10:00',
    return_time: '2026-11-26T17:00',
    car_types: ['Compact'],
  };
  const car = (await api.call('POST', '/api/v1/carrental/search', { token, body })).body.result.carRentals[0];
  const res = await api.call('POST', '/api/v1/cart/add?version=v2', {
    token,
    body: { car_rental: { id: car.id, driver: { ...PAULA, birthdate: '1985-05-05' } }, ...(travelID ? { travelID } : {}) },
  });
  expect(res.status).toBe(200);
  return res.body.result.travel as Travel;
}

const confirm = async (token: string, travel: Travel) => {
  const res = await api.call('POST', travel.links.confirm!.href, { token, body: {}, headers: { 'if-match': String(travel.version) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as Travel;
};
const read = async (token: string, id: string) => (await api.call('GET', `/api/v1/v2/travels/${id}`, { token })).body.result as Travel;

describe('a hotel stay and a car rental, booked', () => {
  it('books a hotel-only travel, which stays booked (nothing to ticket), with the hotel’s confirmation number', async () => {
    const { travel } = await addHotel(paula);
    const booked = await confirm(paula, travel);
    expect(booked).toMatchObject({ status: 'booked', products: [{ type: 'hotel', status: 'booked' }] });
    expect(booked.products[0]!.pnr).toMatch(/^[A-Z2-9]{6}$/);
    expect(booked.products[0]!.hotel!.reference).toMatch(/^[A-Z]{2}\d{8}$/);
    // Its e-mail: the stay confirmed, its confirmation number, no calendar file (a stay has no leg).
    const [mail] = (await api.call('GET', `/dev/mailbox.json?to=${encodeURIComponent(PAULA.email)}`, { apiKey: null })).body.result as {
      subject: string;
      text: string;
    }[];
    expect(mail!.subject).toContain('réservation confirmée');
    expect(mail!.text).toContain('Votre réservation est confirmée.');
    expect(mail!.text).toContain(`Numéro de confirmation : ${booked.products[0]!.hotel!.reference}`);
    expect(mail!.text).not.toContain('.ics');
    api.clock.advance(60 * 60_000);
    await runJobs();
    await runJobs();
    expect(await read(paula, travel.id)).toMatchObject({ status: 'booked', products: [{ status: 'booked' }] });
  });

  it('books train, hotel and car together; ticketing issues the train and leaves the stay and the rental booked', async () => {
    const search = await api.call('POST', '/api/v1/treep/search?version=v2', {
      token: paula,
      body: { origin: 'city:paris', destination: 'city:lyon', datetime: '2026-11-24T07:00', nb_travelers: 1, filters: { rail: true, flight: false } },
    });
    const offer = search.body.result.proposals
      .flatMap((p: { offers: { id: string; roundTrip: boolean }[] }) => p.offers)
      .find((o: { roundTrip: boolean }) => !o.roundTrip);
    const fields = { gender: 'MS', firstname: 'Paula', lastname: 'Girard', birthdate: '1985-05-05', contact_email: PAULA.email, contact_phone: '0601020304' };
    const train = (
      await api.call('POST', '/api/v1/cart/add?version=v2', { token: paula, body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields }] } })
    ).body.result.travel as Travel;
    await addHotel(paula, train.id);
    const three = await addCar(paula, train.id);
    expect(three.products.map((p) => p.type).sort()).toEqual(['car_rental', 'hotel', 'rail']);
    const booked = await confirm(paula, three);
    expect(booked.products.every((p) => p.status === 'booked' && p.pnr)).toBe(true);
    for (let i = 0; i < 3; i++) {
      api.clock.advance(10 * 60_000);
      await runJobs();
    }
    const after = await read(paula, three.id);
    expect(after.status).toBe('issued');
    expect(Object.fromEntries(after.products.map((p) => [p.type, p.status]))).toEqual({ rail: 'issued', hotel: 'booked', car_rental: 'booked' });

    // The booking e-mail tells of the stay and the rental, in the reader's language; the calendar file has the train's legs only.
    const mails = (await api.call('GET', `/dev/mailbox.json?to=${encodeURIComponent(PAULA.email)}`, { apiKey: null })).body.result as {
      subject: string;
      text: string;
    }[];
    // The tickets' e-mail tells of the train alone; the booking's of all three.
    expect(mails[0]!.subject).toContain('billets émis');
    expect(mails[0]!.text).not.toContain('nuits');
    const mail = mails.find((m) => m.subject.includes('réservation confirmée') && m.text.includes(three.id));
    expect(mail!.text).toMatch(/Du .* \(2 nuits\)/);
    expect(mail!.text).toContain('Annulation gratuite jusqu’au');
    expect(mail!.text).toContain('Prise en charge : ');
    expect(mail!.text).toContain('Conducteur : Paula Girard');
  });

  it('lists the stay and the rental in the bookings with their places, times and references', async () => {
    const { travel } = await addHotel(paula, undefined, '20261125', '20261127');
    const withCar = await addCar(paula, travel.id);
    await confirm(paula, withCar);
    const tickets = (await api.call('GET', '/api/v1/tickets/?active=true', { token: paula })).body.result as {
      travelID: string;
      type: string;
      from: string;
      to: string;
      departure: string;
      arrival: string;
      fare_condition: string;
      reference: string | null;
      carrier: string;
    }[];
    const mine = tickets.filter((t) => t.travelID === travel.id);
    const hotel = mine.find((t) => t.type === 'hotel')!;
    const car = mine.find((t) => t.type === 'car_rental')!;
    expect(hotel).toMatchObject({ to: 'Lyon', departure: '2026-11-25T12:00:00+01:00', arrival: '2026-11-27T12:00:00+01:00' });
    expect(hotel.reference).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(car).toMatchObject({ departure: '2026-11-24T10:00:00+01:00', arrival: '2026-11-26T17:00:00+01:00', fare_condition: 'fullFlex' });
    expect(car.from).toMatch(/Lyon/);
    expect(car.reference).toMatch(/^[A-Z]{2}\d{9}$/);
  });

  it('cancels a flexible stay free before its deadline, one night charged after; a rental free until its pick-up', async () => {
    const { travel, offer } = await addHotel(paula, undefined, '20261128', '20261130');
    const rental = await addCar(paula, travel.id);
    const booked = await confirm(paula, rental);
    const hotel = booked.products.find((p) => p.type === 'hotel')!;
    const car = booked.products.find((p) => p.type === 'car_rental')!;
    type Preview = { product_id: string; refund: { total: number }; confirm_refund_date_limit: string; variable_fees: number };
    const preview = async (p: Product, token = paula) => (await api.call('GET', p.links.previewRefund!.href, { token })).body.result as Preview[];
    if (offer.is_cancellable) {
      const [free] = await preview(hotel);
      expect(free!.refund.total).toBe(offer.incl_taxes_amount);
      // After the deadline (27 Nov, 18:00 in Lyon), one night is charged.
      const now = api.clock.now();
      api.clock.set(new Date('2026-11-27T18:30:00Z'));
      try {
        const [late] = await preview(hotel, await api.login('paula', signupBody().password));
        expect(late!.refund.total).toBe(offer.incl_taxes_amount - Math.round(offer.incl_taxes_amount / 2));
      } finally {
        api.clock.set(now);
      }
    }
    const [free] = await preview(car);
    expect(free!.variable_fees).toBe(0);
    const shown = [{ product_id: car.id, refund_total: free!.refund.total, confirm_refund_date_limit: free!.confirm_refund_date_limit }];
    const res = await api.call('POST', car.links.cancelProduct!.href, { token: paula, body: { ticket_ids: [car.id], void: false, previews: shown } });
    expect(res.status).toBe(200);
    const after = await read(paula, travel.id);
    expect(after.status).toBe('partially_cancelled');
    expect(after.products.find((p) => p.type === 'car_rental')!.status).toBe('cancelled');
    // Not hers: alice cannot preview paula's stay.
    expect((await api.call('GET', hotel.links.previewRefund!.href, { token: alice })).status).toBe(404);
  });
});
