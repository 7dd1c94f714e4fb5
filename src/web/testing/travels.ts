import type { Product, Travel } from '../../contract/travel';

/** A travel as the API answers it (contract/travel.ts), empty unless overridden: for msw answers in component tests. */
export function travelFixture(overrides: Partial<Travel> = {}): Travel {
  return {
    id: 't1',
    travelId: 't1',
    status: 'cart',
    version: 1,
    startDate: null,
    endDate: null,
    confirmationTimeLimit: null,
    companyId: 'c-acme',
    customer: 'c-acme',
    customerType: 'entity',
    startDateTime: null,
    endDateTime: null,
    startLocation: null,
    travelers: [],
    products: [],
    warnings: [],
    infos: [],
    treepRecaps: [],
    price: { amount: '0.00', currency: 'EUR' },
    refunded: null,
    canBeCompleted: false,
    isCompliant: true,
    travelPolicy: null,
    context: { needAllAnalytics: false, hasAllAnalyticsFilled: true, needMissionOrders: false, hasMissionOrderFilled: true, needSelectedApprover: false, hasSelectedApprover: false },
    links: {},
    ...overrides,
  };
}

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
    cancellation: null,
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
