import type { CarRental, CarRentalSearchResult, RentalPlace } from '@contract/car-rental';

/** An agency as the search answers it: Monday to Saturday 08:00–19:00, closed on Sunday. */
export function agency(id: string, name: string, overrides: Partial<RentalPlace> = {}): RentalPlace {
  return {
    id,
    name,
    renter: 'EP',
    address: { formatted_address: '5 place Charles Béraudier', zip_code: '69003', city: 'Lyon' },
    lat: 45.76,
    lon: 4.86,
    email: 'lyon@europcar.example',
    phone: '0472000000',
    collect_remarks: null,
    delivery_remarks: null,
    opening_periods: [1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '08:00', end: '19:00' })),
    distance: 350,
    ...overrides,
  };
}

export const PART_DIEU = agency('ag-partdieu', 'Europcar Lyon Part-Dieu');
export const AIRPORT = agency('ag-lys', 'Hertz Lyon Saint-Exupéry', { renter: 'ZE', distance: 24_500, lat: 45.72, lon: 5.08 });

/** A car of the Lyon answer; prices in cents for two days. */
export function car(id: string, overrides: Partial<CarRental> = {}): CarRental {
  const perDay = overrides.price_per_day ?? 4500;
  return {
    id,
    car: 'Peugeot 208 ou similaire',
    carGroup: 'Citadine',
    acriss: 'ECMR',
    engineType: 'combustion',
    gearbox: 'MANUAL',
    seats: 5,
    doors: 5,
    unlimited_distance: false,
    included_distance: 400,
    additional_distance_price: { total: 35, currency: 'EUR', unit: 'km' },
    distance: PART_DIEU.distance,
    best_price: { total: perDay * 2 },
    price_per_day: perDay,
    days: 2,
    tags: ['compliant'],
    co2EmissionPerKm: 120,
    pix_url: '',
    renter: { code: 'EP', name: 'Europcar', logo: '' },
    pickup_time: '2026-12-01T09:00:00+01:00',
    return_time: '2026-12-02T18:00:00+01:00',
    pickup_place: PART_DIEU,
    return_place: PART_DIEU,
    included_services: ['Assurance responsabilité civile'],
    excluded_services: ['Siège enfant'],
    isDriverLicenseRequired: false,
    links: { addCarToCart: { href: '/api/v1/cart/add?version=v2', method: 'POST' } },
    ...overrides,
  };
}

/** Four cars at two agencies: a cheap manual one, an automatic SUV with a negotiated rate, an electric one at the airport that needs the licence. */
export const LYON_CARS: CarRental[] = [
  car('c-208', { price_per_day: 4500 }),
  car('c-3008', {
    car: 'Peugeot 3008 ou similaire',
    carGroup: 'SUV',
    acriss: 'IFAR',
    gearbox: 'AUTOMATIC',
    price_per_day: 7600,
    tags: ['negociated-fare', 'compliant'],
    unlimited_distance: true,
    included_distance: null,
    additional_distance_price: null,
  }),
  car('c-zoe', {
    car: 'Renault Zoé ou similaire',
    acriss: 'EDAE',
    engineType: 'electric',
    gearbox: 'AUTOMATIC',
    price_per_day: 4400,
    renter: { code: 'ZE', name: 'Hertz', logo: '' },
    pickup_place: AIRPORT,
    return_place: AIRPORT,
    distance: AIRPORT.distance,
    isDriverLicenseRequired: true,
    tags: ['zev', 'loyalty-enabled'],
  }),
  car('c-golf', {
    car: 'Volkswagen Golf ou similaire',
    carGroup: 'Compact',
    acriss: 'CDMR',
    price_per_day: 5000,
    renter: { code: 'ZE', name: 'Hertz', logo: '' },
    pickup_place: AIRPORT,
    return_place: AIRPORT,
    distance: AIRPORT.distance,
  }),
];

export function carResults(carRentals: CarRental[] = LYON_CARS, overrides: Partial<CarRentalSearchResult> = {}): CarRentalSearchResult {
  return {
    carRentals,
    travelID: null,
    sortedBy: 'BY_PRICE',
    sortedByPref: true,
    renters: [
      { code: 'EP', name: 'Europcar', logo: '', preferred: false },
      { code: 'ZE', name: 'Hertz', logo: '', preferred: true },
    ],
    driver: {
      profile_id: 'u-alice',
      gender: 'MS',
      firstname: 'Alice',
      lastname: 'Martin',
      email: 'alice@acme.example',
      phone: '0611223344',
      birthdate: '1988-04-12',
    },
    pickup_name: 'Lyon Part-Dieu',
    return_name: 'Lyon Part-Dieu',
    ...overrides,
  };
}

/** The /search-car-rentals address of a Lyon Part-Dieu search, 1–2 December 2026. */
export const CAR_URL =
  '/search-car-rentals?from=station-lyon-part-dieu&fromLat=45.7606&fromLon=4.8593&fromType=station&to=station-lyon-part-dieu&toLat=45.7606&toLon=4.8593&toType=station&rFrom=2&rTo=2&start=2026-12-01T09:00&end=2026-12-02T18:00&driver=me&entity=e-paris';
