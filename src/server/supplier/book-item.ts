import type { StoredProduct } from '../domain/product';
import type { BookItem } from './types';

/**
 * What the supplier needs to book, hold, cancel or quote a product, referenced by the product id so
 * a retry is recognised (booking, approvals, cancellation and exchange all speak of a product so).
 */
export function itemOf(product: Pick<StoredProduct, 'id' | 'price' | 'data'>): BookItem {
  const { data } = product;
  const { journey } = data;
  return {
    kind: journey.mode,
    offerRef: data.offer.id,
    price: product.price,
    passengers: data.travelers.map((t) => ({ firstname: t.firstname ?? '', lastname: t.lastname ?? '' })),
    startsAt: journey.departure,
    flexibility: data.offer.flexibility,
    reference: product.id,
    sections: journey.sections.map((s) => ({ mode: journey.mode, duplex: /Duplex/.test(s.transport.model), carrier: s.transport.carrier.code })),
    placementWishes: data.placementWishes,
  };
}
