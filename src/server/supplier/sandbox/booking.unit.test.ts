import { describe, expect, it } from 'vitest';
import { SupplierError, type BookItem } from '../types';
import { carrierOf, sandboxBooking } from './booking';
import { searchHotels } from './hotel';

const supplier = sandboxBooking();
const NOW = new Date('2026-11-01T10:00:00Z');
const passengers = [
  { firstname: 'Claire', lastname: 'Martin' },
  { firstname: 'Hugo', lastname: 'Bernard' },
];
const item = (over: Partial<BookItem> = {}): BookItem => ({
  kind: 'rail',
  offerRef: 'journey-8768600-8772319-20261123T0704_2nd_semiflex',
  price: 12000,
  passengers,
  startsAt: '2026-11-23T07:04:00+01:00',
  flexibility: 2,
  ...over,
});
const at = (iso: string) => new Date(iso);
const rejects = async (p: Promise<unknown>) => {
  let error: unknown;
  try {
    await p;
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(SupplierError);
  expect((error as SupplierError).kind).toBe('invalid-request');
};

describe('sandbox booking: book and hold', () => {
  it('books with a readable PNR and one ticket per passenger', async () => {
    const pnrs = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const booked = await supplier.book(item(), NOW);
      expect(booked.status).toBe('booked');
      expect(booked.pnr).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      pnrs.add(booked.pnr);
      expect(booked.tickets.map((t) => t.passenger)).toEqual([0, 1]);
      for (const t of booked.tickets) expect(t.number).toMatch(/^[1-9]\d{12}$/);
    }
    expect(pnrs.size).toBeGreaterThan(190);
  });

  it('numbers flight e-tickets with the carrier’s prefix', async () => {
    const af = await supplier.book(item({ kind: 'flight', offerRef: 'itin-AF7712-CDG-NCE-20261123', flexibility: 1 }), NOW);
    expect(af.tickets.map((t) => t.number)).toEqual([expect.stringMatching(/^057-\d{10}$/), expect.stringMatching(/^057-\d{10}$/)]);
    const lh = await supplier.book(item({ kind: 'flight', offerRef: 'LH1035_FRA', passengers: passengers.slice(0, 1) }), NOW);
    expect(lh.tickets).toEqual([{ passenger: 0, number: expect.stringMatching(/^220-\d{10}$/) }]);
    const unknown = await supplier.book(item({ kind: 'flight', offerRef: 'offer-123' }), NOW);
    expect(unknown.tickets[0]!.number).toMatch(/^\d{3}-\d{10}$/);
    expect(carrierOf('journey-20261123-CDG-LYS')).toBeNull();
  });

  it('confirms hotels and cars with confirmation numbers', async () => {
    const hotel = await supplier.book(
      item({ kind: 'hotel', offerRef: 'h-paris-001_2026-11-23_2026-11-25_STD2-RO-F', startsAt: '2026-11-23T15:00:00+01:00', flexibility: null }),
      NOW,
    );
    expect(hotel.tickets).toHaveLength(2);
    for (const t of hotel.tickets) expect(t.number).toMatch(/^[A-Z]{2}\d{8}$/);
    const car = await supplier.book(
      item({
        kind: 'car',
        offerRef: 'EP-lyon-gare-8772319_CDMR_EP-lyon-gare-8772319_20261124T0900_20261126T1800',
        passengers: passengers.slice(0, 1),
        flexibility: null,
      }),
      NOW,
    );
    expect(car.tickets).toEqual([{ passenger: 0, number: expect.stringMatching(/^EP\d{9}$/) }]);
  });

  it('refuses to book what has already started, or without passengers', async () => {
    await rejects(supplier.book(item(), at('2026-11-23T07:00:00Z')));
    await rejects(supplier.book(item({ passengers: [] }), NOW));
    await rejects(supplier.book(item({ startsAt: 'tomorrow' }), NOW));
  });

  it('holds an option for 24 h (rail), 72 h (flight), 48 h (hotel, car), never later than 2 h before the start', async () => {
    const far = '2026-12-20T08:00:00+01:00';
    const limit = async (kind: BookItem['kind'], startsAt = far, now = NOW) => {
      const held = await supplier.hold(item({ kind, startsAt }), now);
      expect(held.status).toBe('held');
      expect(held.pnr).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      return held.confirmationTimeLimit;
    };
    expect(await limit('rail')).toBe('2026-11-02T10:00:00.000Z');
    expect(await limit('flight')).toBe('2026-11-04T10:00:00.000Z');
    expect(await limit('hotel')).toBe('2026-11-03T10:00:00.000Z');
    expect(await limit('car')).toBe('2026-11-03T10:00:00.000Z');
    // Departure tomorrow 08:00 local (07:00Z): the option ends at 05:00Z.
    expect(await limit('flight', '2026-11-02T08:00:00+01:00')).toBe('2026-11-02T05:00:00.000Z');
  });

  it('answers a repeated booking with the same reference with the same PNR, tickets and seats (a retry books nothing twice)', async () => {
    const referenced = item({ reference: 'product-42', sections: [{ mode: 'rail', duplex: true }], placementWishes: { position: 'window', deck: 'upper' } });
    const first = await supplier.book(referenced, NOW);
    expect(await supplier.book(referenced, at('2026-11-02T10:00:00Z'))).toEqual(first);
    expect((await supplier.hold(referenced, NOW)).pnr).toBe(first.pnr);
    expect((await supplier.book({ ...referenced, reference: 'product-43' }, NOW)).pnr).not.toBe(first.pnr);
    // Window seats on the upper deck, side by side in one coach.
    expect(first.seats).toHaveLength(2);
    expect(new Set(first.seats.map((s) => s.coachNumber)).size).toBe(1);
    for (const s of first.seats) expect(Number(s.seatNumber) % 10 === 1 || Number(s.seatNumber) % 10 === 4).toBe(true);
    for (const s of first.seats) expect(Number(s.seatNumber)).toBeGreaterThan(100);
    const flight = await supplier.book(
      item({ kind: 'flight', offerRef: 'AF7712', reference: 'p', sections: [{ mode: 'flight', duplex: false }], placementWishes: { seat: 'aisle' } }),
      NOW,
    );
    expect(flight.seats.map((s) => s.seatNumber.slice(-1))).toEqual(['C', 'B']);
  });

  it('refuses an option less than 3 hours before the start', async () => {
    await rejects(supplier.hold(item({ startsAt: '2026-11-01T13:59:00+01:00' }), NOW)); // 2 h 59 min ahead
    const ok = await supplier.hold(item({ startsAt: '2026-11-01T14:01:00+01:00' }), NOW);
    expect(ok.confirmationTimeLimit).toBe('2026-11-01T11:01:00.000Z');
  });
});

describe('sandbox booking: refunds', () => {
  it('never refunds a non-flexible rail or flight fare', () => {
    for (const kind of ['rail', 'flight'] as const) {
      const q = supplier.quoteRefund(item({ kind, flexibility: 1 }), NOW);
      expect(q).toMatchObject({ refundable: false, refund: 0, fees: 12000, deadline: null });
      expect(q.conditions).toMatch(/non remboursable/);
    }
  });

  it('refunds a semi-flexible fare minus 19 € until noon 3 days before, then 50 % (rail) or nothing (flight)', () => {
    const before = supplier.quoteRefund(item(), at('2026-11-20T10:59:00Z'));
    expect(before).toMatchObject({ refundable: true, refund: 12000 - 1900, fees: 1900, deadline: '2026-11-20T12:00:00+01:00' });
    expect(before.conditions).toContain('20/11/2026 12:00');
    const afterRail = supplier.quoteRefund(item(), at('2026-11-20T11:00:00Z'));
    expect(afterRail).toMatchObject({ refundable: true, refund: 6000, fees: 6000, deadline: '2026-11-23T07:04:00+01:00' });
    const afterFlight = supplier.quoteRefund(item({ kind: 'flight' }), at('2026-11-20T11:00:00Z'));
    expect(afterFlight).toMatchObject({ refundable: false, refund: 0, fees: 12000 });
    expect(supplier.quoteRefund(item({ kind: 'flight' }), NOW).refund).toBe(10100);
  });

  it('tells the semi-flexible fee apart from the rest of the fare kept', () => {
    expect(supplier.quoteRefund(item(), at('2026-11-20T10:59:00Z'))).toMatchObject({ fees: 1900, fixedFees: 1900 });
    expect(supplier.quoteRefund(item(), at('2026-11-20T11:00:00Z'))).toMatchObject({ fees: 6000, fixedFees: 0 });
    expect(supplier.quoteRefund(item({ flexibility: 1 }), NOW)).toMatchObject({ fees: 12000, fixedFees: 0 });
  });

  it('voids a flight ticket in full for 24 h after its issue (until departure), only when asked', () => {
    const flight = item({ kind: 'flight', flexibility: 1 });
    const issuedAt = '2026-11-01T09:00:00Z';
    expect(supplier.quoteRefund(flight, NOW, { void: true, issuedAt })).toMatchObject({
      void: true,
      refund: 12000,
      fees: 0,
      deadline: '2026-11-02T10:00:00+01:00',
    });
    expect(supplier.quoteRefund(flight, NOW, { issuedAt })).toMatchObject({ void: false, refund: 0 });
    expect(supplier.quoteRefund(flight, at('2026-11-02T09:00:00Z'), { void: true, issuedAt })).toMatchObject({ void: false, refund: 0 });
    // Rail tickets are not voided.
    expect(supplier.quoteRefund(item({ flexibility: 1 }), NOW, { void: true, issuedAt })).toMatchObject({ void: false, refund: 0 });
  });

  it('takes no online cancellation of Eurostar tickets (the agency handles them)', () => {
    expect(supplier.quoteRefund(item({ sections: [{ mode: 'rail', duplex: false, carrier: 'EUROSTAR' }] }), NOW).online).toBe(false);
    expect(supplier.quoteRefund(item({ sections: [{ mode: 'rail', duplex: true, carrier: 'SNCF' }] }), NOW).online).toBe(true);
  });

  it('refunds a fully flexible fare until departure, nothing after', () => {
    expect(supplier.quoteRefund(item({ flexibility: 3 }), at('2026-11-23T06:03:00Z'))).toMatchObject({
      refundable: true,
      refund: 12000,
      fees: 0,
      deadline: '2026-11-23T07:04:00+01:00',
    });
    expect(supplier.quoteRefund(item({ flexibility: 3 }), at('2026-11-23T06:04:00Z'))).toMatchObject({ refundable: false, refund: 0 });
  });

  it('refunds a hotel until 18:00 the day before arrival, then keeps one night', () => {
    const [hotel] = searchHotels({
      lat: 48.8566,
      lon: 2.3522,
      radiusKm: 10,
      checkin: '2026-11-23',
      checkout: '2026-11-25',
      rooms: 1,
      guests: 1,
      customer: { companyId: null, corporateCarriers: [], negotiatedChains: [] },
      lang: 'fr',
      now: NOW,
    });
    const flexible = hotel!.rooms.find((o) => o.cancellable);
    const offerRef = flexible?.id ?? `${hotel!.id}_2026-11-23_2026-11-25_STD2-RO-F`;
    const room = item({ kind: 'hotel', offerRef, price: 30000, startsAt: '2026-11-23T15:00:00+01:00', flexibility: null });
    expect(supplier.quoteRefund(room, at('2026-11-22T16:59:00Z'))).toMatchObject({
      refundable: true,
      refund: 30000,
      fees: 0,
      deadline: '2026-11-22T18:00:00+01:00',
    });
    expect(supplier.quoteRefund(room, at('2026-11-22T17:00:00Z'))).toMatchObject({ refundable: true, refund: 15000, fees: 15000 });
    expect(supplier.quoteRefund(room, at('2026-11-23T14:00:00Z'))).toMatchObject({ refundable: false, refund: 0 });
    const strict = item({ kind: 'hotel', offerRef: offerRef.replace(/-F$/, '-N'), price: 30000, startsAt: '2026-11-23T15:00:00+01:00', flexibility: null });
    expect(supplier.quoteRefund(strict, NOW)).toMatchObject({ refundable: false, refund: 0 });
  });

  it('refunds a car rental in full until pick-up', () => {
    const car = item({ kind: 'car', offerRef: 'EP-lyon-gare-8772319_CDMR', price: 15000, startsAt: '2026-11-24T09:00:00+01:00', flexibility: null });
    expect(supplier.quoteRefund(car, at('2026-11-24T07:59:00Z'))).toMatchObject({
      refundable: true,
      refund: 15000,
      fees: 0,
      deadline: '2026-11-24T09:00:00+01:00',
    });
    expect(supplier.quoteRefund(car, at('2026-11-24T08:00:00Z'))).toMatchObject({ refundable: false, refund: 0 });
  });

  it('cancels statelessly: the same quote for the same instant, however often', async () => {
    const first = await supplier.cancel('ABC234', item(), NOW);
    expect(first).toEqual(supplier.quoteRefund(item(), NOW));
    expect(await supplier.cancel('ABC234', item(), NOW)).toEqual(first);
    await rejects(supplier.cancel('ABC1O4', item(), NOW));
  });

  it('exchanges a rail ticket for a new PNR and new tickets', async () => {
    const exchanged = await supplier.exchange('ABC234', item({ offerRef: 'journey-new' }), NOW);
    expect(exchanged.pnr).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(exchanged.pnr).not.toBe('ABC234');
    expect(exchanged.tickets).toHaveLength(2);
    await rejects(supplier.exchange('ABC234', item({ kind: 'hotel' }), NOW));
  });

  it('exchanges again under the same reference with the same PNR and tickets (a retry issues nothing twice)', async () => {
    const once = await supplier.exchange('ABC234', item({ reference: 'offer-1' }), NOW);
    expect(await supplier.exchange('ABC234', item({ reference: 'offer-1' }), NOW)).toEqual(once);
    expect((await supplier.exchange('ABC234', item({ reference: 'offer-2' }), NOW)).pnr).not.toBe(once.pnr);
  });

  it('quotes exchange fees by flexibility: flexible free, semi-flexible free until 3 days before (noon) then 19 € a traveller, others not', () => {
    expect(supplier.quoteExchange(item({ flexibility: 3 }), at('2026-11-23T05:00:00Z'))).toMatchObject({ exchangeable: true, fees: 0 });
    expect(supplier.quoteExchange(item(), at('2026-11-20T10:59:00Z'))).toMatchObject({ exchangeable: true, fees: 0 });
    expect(supplier.quoteExchange(item(), at('2026-11-20T11:00:00Z'))).toMatchObject({ exchangeable: true, fees: 2 * 1900 });
    expect(supplier.quoteExchange(item({ flexibility: 1 }), NOW)).toMatchObject({ exchangeable: false });
    expect(supplier.quoteExchange(item({ kind: 'flight' }), NOW)).toMatchObject({ exchangeable: false });
    expect(supplier.quoteExchange(item(), at('2026-11-23T06:04:00Z'))).toMatchObject({ exchangeable: false });
  });
});
