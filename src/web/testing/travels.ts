import type { Product, Travel } from '@contract/travel';

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
    onBehalf: null,
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
    payment: null,
    canBeCompleted: false,
    isCompliant: true,
    travelPolicy: null,
    context: {
      needAllAnalytics: false,
      hasAllAnalyticsFilled: true,
      needMissionOrders: false,
      hasMissionOrderFilled: true,
      needSelectedApprover: false,
      hasSelectedApprover: false,
    },
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

/** Two nights at a Lyon hotel for Alice, in the cart unless overridden. */
export function hotelProduct(overrides: Partial<Product> = {}): Product {
  return railProduct({
    id: 'p-hotel',
    name: 'Hôtel Lumière Part-Dieu',
    type: 'hotel',
    price: { amount: '258.00', currency: 'EUR', initialAmount: '258.00' },
    departure: '2026-12-01T12:00:00+01:00',
    arrival: '2026-12-03T12:00:00+01:00',
    routes: [],
    ticketsByPax: [{ pax: alice, price: { amount: '258.00', currency: 'EUR' }, tickets: [] }],
    duration: 2880,
    hotel: {
      hotelId: 'h-lumiere',
      name: 'Hôtel Lumière Part-Dieu',
      chain: null,
      starsCount: 3,
      checkin: '2026-12-01',
      checkout: '2026-12-03',
      nightsCount: 2,
      services: { hasRestaurant: true, hasPool: false, hasParking: true, hasPrm: true, hasWifi: true, hasElectricChargingStation: false },
      location: { address: '12 rue Servient', zipCode: '69003', city: 'Lyon', country: 'FR', latitude: 45.76, longitude: 4.85 },
      contact: { email: 'contact@lumiere.example', phone: '0478000000' },
      img_url: null,
      reference: null,
      cancelDeadline: '2026-11-30T18:00:00+01:00',
      rooms: [
        {
          name: 'Chambre double supérieure',
          paxs: [{ firstname: 'Alice', lastname: 'Martin' }],
          board: 'breakfast',
          isBreakfastIncluded: true,
          fareName: 'Tarif flexible',
          fareConditions: { text: 'Annulation gratuite jusqu’à la veille 18:00.' },
          price: { amount: '258.00', currency: 'EUR' },
          pricePerNight: { amount: '129.00', currency: 'EUR' },
          isTaxIncluded: true,
          isCancellable: true,
          isNegotiatedRate: false,
        },
      ],
    },
    ...overrides,
  });
}

/** A two-day Europcar rental at Lyon Part-Dieu, Alice driving, in the cart unless overridden. */
export function carProduct(overrides: Partial<Product> = {}): Product {
  const agency = {
    id: 'ag-partdieu',
    name: 'Europcar Lyon Part-Dieu',
    city: 'Lyon',
    address: '5 place Charles Béraudier',
    zipCode: '69003',
    phone: '0472000000',
    latitude: 45.76,
    longitude: 4.86,
  };
  return railProduct({
    id: 'p-car',
    name: 'Peugeot 208 ou similaire',
    type: 'car_rental',
    price: { amount: '90.00', currency: 'EUR', initialAmount: '90.00' },
    departure: '2026-12-01T10:00:00+01:00',
    arrival: '2026-12-02T17:00:00+01:00',
    routes: [],
    ticketsByPax: [{ pax: alice, price: { amount: '90.00', currency: 'EUR' }, tickets: [] }],
    duration: 1860,
    carRental: {
      pickUp: { datetime: '2026-12-01T10:00:00+01:00', location: agency },
      dropOff: { datetime: '2026-12-02T17:00:00+01:00', location: agency },
      duration: 111_600,
      days: 2,
      renter: { code: 'EP', name: 'Europcar', logo: '' },
      driver: { firstname: 'Alice', lastname: 'Martin', email: 'alice@acme.example', phone: '0611223344' },
      carCategory: 'Citadine',
      carType: 'Peugeot 208 ou similaire',
      acriss: 'ECMR',
      engineType: 'combustion',
      gearbox: 'MANUAL',
      pix_url: '',
      priceDetails: {
        perDay: { amount: '45.00', currency: 'EUR' },
        total: { amount: '90.00', currency: 'EUR' },
        unlimitedDistance: false,
        includedDistance: 400,
        additionalDistancePrice: { amount: '0.35', currency: 'EUR' },
      },
      includedServices: ['Assurance responsabilité civile'],
      excludedServices: ['Siège enfant'],
      reference: null,
      cancelDeadline: '2026-12-01T10:00:00+01:00',
      estimatedDistanceKm: 150,
    },
    ...overrides,
  });
}
