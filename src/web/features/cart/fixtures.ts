import type { Product, Travel } from '../../../contract/travel';
import { travelFixture } from '../../testing/travels';

const alice = { firstname: 'Alice', lastname: 'Martin', birthdate: null, phone: null, email: null, username: 'alice', cards: [] };

/** A Paris → Lyon TGV for Alice, in the cart unless overridden. */
export function railProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'p1',
    name: 'Paris → Lyon',
    type: 'rail',
    status: 'cart',
    links: {},
    price: { amount: '89.00', currency: 'EUR', initialAmount: '89.00' },
    travelersCount: 1,
    isCorporateFare: false,
    isNegociatedFare: false,
    isMissionaryFare: false,
    isNDC: false,
    isCompliant: true,
    complianceReasons: [],
    infos: [],
    warnings: [],
    pnr: null,
    confirmationTimeLimit: null,
    departure: '2026-12-01T07:04:00+01:00',
    arrival: '2026-12-01T09:02:00+01:00',
    routes: [
      {
        from: 'Paris Gare de Lyon',
        to: 'Lyon Part-Dieu',
        departure: '2026-12-01T07:04:00+01:00',
        arrival: '2026-12-01T09:02:00+01:00',
        duration: 118,
        connectionDuration: 0,
        transportation: { equipment: 'TGV INOUI', number: '6601', cabinClass: 'second', logo: null },
        operatingCarrier: 'SNCF',
        marketingCarrier: { name: 'SNCF', logo: null },
      },
    ],
    ticketsByPax: [
      {
        pax: alice,
        price: { amount: '89.00', currency: 'EUR' },
        tickets: [
          {
            transportations: [{ number: '6601', placement: null }],
            fareName: 'Business Première',
            fareConditions: { flexibility: 'fullFlex', text: 'Échangeable et remboursable sans frais.' },
            reference: null,
            pnr: null,
            ancillaries: [],
            urls: [],
          },
        ],
      },
    ],
    transitCount: 0,
    duration: 118,
    ...overrides,
  };
}

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
