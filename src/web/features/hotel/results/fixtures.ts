import type { HotelDetails, HotelSearchResult, HotelSummary, RoomOffer } from '@contract/hotel';

const NO_TAGS: HotelSummary['hotel_tags'] = {
  has_loyalty: false,
  has_prm: false,
  has_electric_charging_station: false,
  has_restaurant: false,
  has_pool: false,
  has_parking: false,
  has_wifi: false,
  has_eco_friendly: false,
  is_program_hotel: false,
  is_compliant: false,
  has_negociated_fare: false,
};

/** A hotel as POST /hotel/search answers it; `overrides` replace fields, `tags` some of its hotel_tags. */
export function hotelFixture(id: string, overrides: Partial<HotelSummary> = {}, tags: Partial<HotelSummary['hotel_tags']> = {}): HotelSummary {
  const perNight = overrides.min_price_per_night ?? 12_000;
  return {
    id,
    name: `Hôtel ${id}`,
    chain: null,
    stars: 3,
    distance: 800,
    latitude: 48.86,
    longitude: 2.34,
    min_price: perNight * 2,
    max_price: perNight * 4,
    min_price_per_night: perNight,
    img_url: null,
    co2Emission: 13.8,
    reviews: [{ source: 'Escale', score: 8.4, count: 120 }],
    address: '12 rue de Rivoli',
    zip_code: '75001',
    city: 'Paris',
    country_code: 'FR',
    phone: '0140000000',
    email: `${id}@hotel.example`,
    hotel_tags: { ...NO_TAGS, ...tags },
    boards: { breakfast: true, half_board: false, full_board: false },
    has_cancellable_offer: false,
    tags: [],
    links: { hotelDetails: { href: `/api/v1/hotel/search/${id}`, method: 'POST' } },
    ...overrides,
  };
}

export const searchResult = (hotels: HotelSummary[]): HotelSearchResult => ({
  hotels,
  city: 'Paris',
  nights: 2,
  checkin: '2030-06-01',
  checkout: '2030-06-03',
  travelID: null,
  hasProgramHotels: hotels.some((h) => h.hotel_tags.is_program_hotel),
  nightly_cap: null,
  travelers: [{ id: 1, profile_id: 'u-alice' }],
});

export function roomFixture(id: string, overrides: Partial<RoomOffer> = {}): RoomOffer {
  return {
    id,
    name: `Chambre ${id}`,
    max_occupancy: 2,
    incl_taxes_amount: 24_000,
    pricePerNight: 12_000,
    tax_included: true,
    breakfast_included: true,
    lunch_included: false,
    dinner_included: false,
    is_cancellable: true,
    cancel_conditions: 'Annulation gratuite jusqu’à la veille 18:00',
    cancel_deadline: '2030-05-31T18:00:00+02:00',
    is_negotiated_rate: false,
    nb_available: 3,
    tags: [],
    img: null,
    img_urls: [],
    ...overrides,
  };
}

export const detailsFixture = (hotel: HotelSummary, rooms: RoomOffer[], description = 'Un hôtel calme au cœur de Paris.'): HotelDetails => ({
  hotel,
  description,
  img_urls: ['/img/does-not-exist.jpg'],
  room_offers: rooms,
  links: { addHotelToCart: { href: '/api/v1/cart/add?version=v2', method: 'POST' } },
});
