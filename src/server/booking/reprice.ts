import type { ProductRow, TravelRecord } from '../db/travels';
import { isTripProduct } from '../domain/product';
import type { Services } from '../platform/services';
import { SupplierError } from '../supplier/types';

/**
 * What the supplier says of products going back to the cart: each one's price now (the same train
 * and fare searched again), or null when it no longer sells it (full, gone). When the supplier does
 * not answer, the prices stay as they were (booking checks them again).
 */
export async function repriced(services: Services, rec: TravelRecord, products: ProductRow[]): Promise<Map<string, number | null>> {
  const { supplier, clock } = services;
  const now = clock.now();
  const prices = new Map<string, number | null>();
  await Promise.all(
    products.map(async (p) => {
      if (!isTripProduct(p)) {
        prices.set(p.id, await stayOrRentalPrice(services, rec, p));
        return;
      }
      const { journey, offer, cabin, travelers, ancillaries } = p.data;
      try {
        const query = {
          origin: journey.from,
          destination: journey.to,
          datetime: journey.departure.slice(0, 16),
          represents: 'departure' as const,
          passengers: Math.max(travelers.length, 1),
          customer: { companyId: rec.travel.companyId, corporateCarriers: [], negotiatedChains: [] },
          lang: 'fr' as const,
          withReturn: offer.roundTrip,
          now,
        };
        const journeys = await (journey.mode === 'rail' ? supplier.rail.journeys(query) : supplier.flight.itineraries(query));
        const same = journeys.find((j) => j.id === journey.id)?.cabins.find((c) => c.cabin === cabin);
        const fare = same && same.seats >= travelers.length ? same.offers.find((o) => o.id === offer.id) : undefined;
        prices.set(p.id, fare ? fare.price * Math.max(travelers.length, 1) + ancillaries.reduce((sum, a) => sum + a.price * a.quantity, 0) : null);
      } catch (err) {
        if (err instanceof SupplierError && (err.kind === 'timeout' || err.kind === 'unavailable')) prices.set(p.id, p.price);
        else prices.set(p.id, null);
      }
    }),
  );
  return prices;
}

/** A hotel stay's or a car rental's price now (its rooms, its car found again), null when it is gone. */
async function stayOrRentalPrice(services: Services, rec: TravelRecord, p: ProductRow): Promise<number | null> {
  const { supplier, clock } = services;
  const customer = { companyId: rec.travel.companyId, corporateCarriers: [], negotiatedChains: [] };
  const now = clock.now();
  const { data } = p;
  try {
    if (data.type === 'hotel') {
      const hotel = await supplier.hotel.hotel(data.hotel.id, {
        checkin: data.checkin,
        checkout: data.checkout,
        rooms: data.rooms.length,
        guests: data.travelers.length,
        customer,
        lang: 'fr',
        now,
      });
      const offers = data.rooms.map((r) => hotel?.rooms.find((o) => o.id === r.offer.id));
      const wanted = new Map<string, number>();
      for (const r of data.rooms) wanted.set(r.offer.id, (wanted.get(r.offer.id) ?? 0) + 1);
      if (offers.some((o) => !o || o.available < wanted.get(o.id)!)) return null;
      return offers.reduce((sum, o) => sum + o!.total, 0);
    }
    if (data.type === 'car_rental') return (await supplier.car.car(data.car.id, { customer, lang: 'fr', now }))?.total ?? null;
    return null;
  } catch (err) {
    if (err instanceof SupplierError && (err.kind === 'timeout' || err.kind === 'unavailable')) return p.price;
    return null;
  }
}
