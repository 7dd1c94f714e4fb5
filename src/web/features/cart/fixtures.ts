import type { Travel } from '@contract/travel';
import { railProduct, travelFixture } from '@web/testing/travels';

const TRAVEL = '/api/v1/v2/travels/t1';

/** A travel in the cart with one TGV, its links as the server writes them for a direct confirmation. */
export function cartTravel(overrides: Partial<Travel> = {}): Travel {
  return travelFixture({
    startDate: '2026-12-01',
    price: { amount: '89.00', currency: 'EUR' },
    products: [railProduct()],
    canBeCompleted: true,
    links: {
      getTravel: { href: TRAVEL, method: 'GET' },
      delete: { href: TRAVEL, method: 'DELETE' },
      addTrip: { href: '/api/v1/cart/add?version=v2', method: 'POST' },
      confirm: { href: `${TRAVEL}/confirm`, method: 'POST' },
    },
    ...overrides,
  });
}
