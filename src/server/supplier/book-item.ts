import type { StoredProduct } from '../domain/product';
import type { BookItem } from './types';

/**
 * What the supplier needs to book, hold, cancel or quote a product, referenced by the product id so
 * a retry is recognised (booking, approvals, cancellation and exchange all speak of a product so).
 */
export function itemOf(product: Pick<StoredProduct, 'id' | 'price' | 'data'>): BookItem {
  const { data } = product;
  const passengers = data.travelers.map((t) => ({ firstname: t.firstname ?? '', lastname: t.lastname ?? '' }));
  switch (data.type) {
    case 'hotel': {
      // One stay, one booking: its reference is the least flexible room's offer, so a stay with a
      // non-refundable room is quoted non-refundable (the rooms' own conditions stay on the product).
      const reference = data.rooms.map((r) => r.offer).find((o) => !o.cancellable) ?? data.rooms[0]!.offer;
      return {
        kind: 'hotel',
        offerRef: reference.id,
        price: product.price,
        passengers,
        startsAt: data.startsAt,
        flexibility: reference.cancellable ? 3 : 1,
        reference: product.id,
      };
    }
    case 'car_rental':
      return { kind: 'car', offerRef: data.car.id, price: product.price, passengers, startsAt: data.pickupAt, flexibility: 3, reference: product.id };
    default: {
      const { journey } = data;
      return {
        kind: journey.mode,
        offerRef: data.offer.id,
        price: product.price,
        passengers,
        startsAt: journey.departure,
        flexibility: data.offer.flexibility,
        reference: product.id,
        sections: journey.sections.map((s) => ({ mode: journey.mode, duplex: /Duplex/.test(s.transport.model), carrier: s.transport.carrier.code })),
        placementWishes: data.placementWishes,
      };
    }
  }
}
