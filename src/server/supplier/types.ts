/**
 * The supplier interface: one part per product, answered today by the sandbox supplier and later
 * by real adapters. Money is integer cents (EUR), CO2 integer grams, instants ISO strings with the
 * local offset of the place (e.g. 2026-11-23T07:04:00+01:00), durations in minutes.
 */
import type { Flexibility, Journey, Place, PlaceType } from '../domain/journey';
import type { SearchAssistance } from '../domain/accessibility';

// What a trip is (places, journeys, fares) is the domain's vocabulary: suppliers answer in it.
export type { Ancillary, CabinAvailability, FareOffer, Flexibility, Journey, Luggage, Place, PlaceType, RailKind, Section } from '../domain/journey';
export { FLEX_NAMES } from '../domain/journey';
export type Lang = 'fr' | 'en';

/** What the buyer's company has negotiated: corporate codes per carrier, negotiated hotel chains. */
export type Customer = { companyId: string | null; corporateCarriers: string[]; negotiatedChains: string[] };

export type TripQuery = {
  origin: Place;
  destination: Place;
  /** Local date-time of the origin ('YYYY-MM-DDTHH:mm'). */
  datetime: string;
  /**
   * What `datetime` bounds: `departure`, the first journeys leaving at or after it; `arrival`, the last
   * arriving at or before it; `departure-before`, the last leaving at or before it and not gone yet
   * (the page before a list of results).
   */
  represents: 'departure' | 'arrival' | 'departure-before';
  passengers: number;
  customer: Customer;
  lang: Lang;
  /** A return is planned: some fares are then sold as round trips. */
  withReturn: boolean;
  /** One traveller is disabled (their profile's needs): the rail supplier books them assistance (PMR). */
  assistance?: SearchAssistance | null;
  /** The instant of the search (booking lead time moves prices). */
  now: Date;
  /**
   * The loyalty and discount cards (card type ids, reference/card-programmes.ts) each passenger holds and
   * that are valid on the day, by passenger position: a rail discount card lowers that passenger's fare.
   */
  cards?: string[][];
};

export type HotelQuery = {
  lat: number;
  lon: number;
  radiusKm: number;
  checkin: string; // YYYY-MM-DD
  checkout: string; // YYYY-MM-DD
  rooms: number;
  guests: number;
  customer: Customer;
  lang: Lang;
  now: Date;
};

export type RoomOffer = {
  id: string;
  name: string;
  maxOccupancy: number;
  board: 'room-only' | 'breakfast' | 'half-board' | 'full-board';
  pricePerNight: number;
  total: number;
  taxes: number;
  taxIncluded: boolean;
  cancellable: boolean;
  cancelConditions: string;
  negotiated: boolean;
  available: number;
};

export type Hotel = {
  id: string;
  name: string;
  chain: { code: string; name: string } | null;
  stars: number;
  address: string;
  city: string;
  zip: string;
  country: string;
  lat: number;
  lon: number;
  distanceKm: number;
  phone: string;
  email: string;
  services: { restaurant: boolean; pool: boolean; parking: boolean; prm: boolean; wifi: boolean; evCharging: boolean; ecoFriendly: boolean };
  reviews: { source: string; score: number; count: number };
  /** Local image paths served by the API (no external URLs). */
  images: string[];
  description: string;
  co2PerNight: number;
  rooms: RoomOffer[];
};

export type CarQuery = {
  pickup: { lat: number; lon: number; radiusKm: number };
  dropoff: { lat: number; lon: number; radiusKm: number };
  pickupAt: string; // local 'YYYY-MM-DDTHH:mm'
  returnAt: string;
  carTypes: string[];
  customer: Customer;
  lang: Lang;
  now: Date;
};

export type RentalAgency = {
  id: string;
  renter: { code: string; name: string };
  name: string;
  address: string;
  city: string;
  zip: string;
  lat: number;
  lon: number;
  phone: string;
  email: string;
  /** Per weekday (0 = Sunday … 6 = Saturday), local opening periods 'HH:mm'. */
  openingPeriods: { day: number; start: string; end: string }[];
  distanceKm: number;
};

export type RentalCar = {
  id: string;
  acriss: string;
  category: 'Citadine' | 'Compact' | 'Berline' | 'SUV' | 'Sportive' | 'Cabriolet' | 'Monospace' | 'Luxe' | 'Utilitaire';
  model: string;
  engine: 'combustion' | 'hybrid' | 'electric';
  gearbox: 'MANUAL' | 'AUTOMATIC';
  seats: number;
  doors: number;
  unlimitedDistance: boolean;
  includedKmPerDay: number | null;
  extraKmPrice: number | null;
  pricePerDay: number;
  total: number;
  co2PerKm: number;
  pickup: RentalAgency;
  dropoff: RentalAgency;
  includedServices: string[];
  excludedServices: string[];
  negotiated: boolean;
  /** The renter runs a loyalty programme the traveller's card can earn in. */
  loyalty: boolean;
  image: string;
};

/** Booking side. */
export type BookItem = {
  kind: 'rail' | 'flight' | 'hotel' | 'car';
  /** The supplier's own reference of the chosen offer (journey/offer, room offer, car). */
  offerRef: string;
  price: number;
  passengers: { firstname: string; lastname: string }[];
  /** Departure / check-in / pick-up instant: cancellation and hold limits depend on it. */
  startsAt: string;
  flexibility: Flexibility | null;
  /**
   * Our own reference for this item (e.g. the product id). A supplier answers a repeated book or hold
   * with the same reference with the same PNR and tickets, so a retry after a crash books nothing twice.
   */
  reference?: string;
  /** Rail and flight: the trip's sections (one seat each per passenger) and the seat wishes (position, deck, seat). */
  sections?: { mode: 'rail' | 'flight'; duplex: boolean /** The marketing carrier's code (some take no online cancellation). */; carrier?: string }[];
  placementWishes?: Record<string, string>;
};

export type Seat = { passenger: number; section: number; coachNumber: string; seatNumber: string };
export type Booked = { pnr: string; tickets: { passenger: number; number: string }[]; seats: Seat[]; status: 'booked' };
export type Held = { pnr: string; confirmationTimeLimit: string; status: 'held' };
/**
 * What cancelling refunds, in cents: refund + fees = price; `fixedFees` is the flat part of the fees
 * (the rest is the part of the fare kept). `deadline`: until when the quote holds (local ISO), null when
 * nothing changes before the start. `online: false`: the supplier takes no online cancellation of this
 * ticket: an agent handles it. `void`: the quote is a void's (see CancelOptions).
 */
export type RefundQuote = {
  refundable: boolean;
  refund: number;
  fees: number;
  fixedFees: number;
  conditions: string;
  deadline: string | null;
  online: boolean;
  void: boolean;
};
/** `void`: void the ticket rather than cancel it, when allowed (a flight ticket less than 24 h after `issuedAt`, an ISO instant). */
export type CancelOptions = { void?: boolean; issuedAt?: string | null };
/** What exchanging a ticket now costs in fees (cents, every passenger), from its fare's conditions. */
export type ExchangeQuote = { exchangeable: boolean; fees: number; conditions: string };

/** A booked trip's legs as they were booked (local ISO times with their offset), for the supplier to say what they are now. */
export type BookedTrip = { kind: BookItem['kind']; sections: { departure: string; arrival: string }[] };
/** What the supplier says of a booking now: still booked, or cancelled by the carrier; each leg's times as they are now. */
export type BookingState = { status: 'booked' | 'cancelled'; sections: { departure: string; arrival: string }[] };

/** When a journey leaves (local ISO with offset) and how long it takes, in minutes. */
export type JourneyTiming = Pick<Journey, 'departure' | 'duration'>;

export interface RailSupplier {
  journeys(query: TripQuery): Promise<Journey[]>;
  /**
   * The departure and duration of each journey `journeys` would answer, without pricing their fares:
   * all a question about times needs (the travel policy's fastest train). Optional: a supplier
   * without it is asked for its journeys.
   */
  timings?(query: TripQuery): Promise<JourneyTiming[]>;
}
export interface FlightSupplier {
  itineraries(query: TripQuery): Promise<Journey[]>;
}
/** A stay at one hotel, to read its offers again (details, add to cart, repricing). */
export type StayQuery = Omit<HotelQuery, 'lat' | 'lon' | 'radiusKm'>;
/** Who rents and when, to find a car offer again by its id (which names its agencies and period). */
export type RentalQuery = Pick<CarQuery, 'customer' | 'lang' | 'now'>;

export interface HotelSupplier {
  hotels(query: HotelQuery): Promise<Hotel[]>;
  /** One hotel with its offers for the stay as they are now (none left: no rooms); null when the hotel is unknown. */
  hotel(hotelId: string, stay: StayQuery): Promise<Hotel | null>;
  /** The hotel and stay a room offer id was given for (offer ids carry them); null for an id that is none. */
  offerStay(roomOfferId: string): { hotelId: string; checkin: string; checkout: string } | null;
}
export interface CarSupplier {
  cars(query: CarQuery): Promise<RentalCar[]>;
  /** A car offer as it is now, by its id; null when it is gone (sold out, agency closed, unknown). */
  car(carId: string, query: RentalQuery): Promise<RentalCar | null>;
}
export interface BookingSupplier {
  book(item: BookItem, now: Date): Promise<Booked>;
  hold(item: BookItem, now: Date): Promise<Held>;
  /** What cancelling now would refund, from the fare conditions. */
  quoteRefund(item: BookItem, now: Date, options?: CancelOptions): RefundQuote;
  /**
   * Cancels a booking or an option (or voids a ticket): the refund it gives. A booked ticket whose quote
   * says `online: false` is not cancelled this way: its cancellation goes through the agency.
   */
  cancel(pnr: string, item: BookItem, now: Date, options?: CancelOptions): Promise<RefundQuote>;
  /** What exchanging the booked `item` now would cost (fees), from its fare conditions. */
  quoteExchange(item: BookItem, now: Date): ExchangeQuote;
  /**
   * Exchange one rail section for a new journey offer: a new PNR and tickets. Idempotent by the new
   * item's reference (a retry answers the same PNR); the old PNR stays valid until it is cancelled.
   */
  exchange(pnr: string, item: BookItem, now: Date): Promise<Booked>;
  /** The booking as the supplier sees it now (the daily reconciliation compares it with ours). */
  status(pnr: string, booked: BookedTrip, now: Date): Promise<BookingState>;
}
export interface PlaceDirectory {
  search(q: string, types: PlaceType[], lang: Lang, limit?: number): Place[];
  suggested(lang: Lang): Place[];
  byId(id: string, lang: Lang): Place | undefined;
  /** A place of our own (a company address) placed in the reference world: its time zone and city. */
  locate(point: { ID: string; name: string; lat: number; lon: number; formatted_address: string }, lang: Lang): Place;
}

export type Supplier = {
  places: PlaceDirectory;
  rail: RailSupplier;
  flight: FlightSupplier;
  hotel: HotelSupplier;
  car: CarSupplier;
  booking: BookingSupplier;
};

/** Failures a real supplier can have; the API maps them to its error catalogue. */
export class SupplierError extends Error {
  constructor(
    readonly kind: 'timeout' | 'unavailable' | 'invalid-place' | 'invalid-request',
    message?: string,
  ) {
    super(message ?? kind);
  }
}

/** ADEME factors (grams CO2e per passenger-km, per night, per vehicle-km). */
export const CO2 = {
  railHighSpeed: 2.93,
  railIntercity: 8.98,
  railRegional: 27.69,
  coach: 29.4,
  flightShort: 258.6, // < 1,000 km
  flightMedium: 187.6, // 1,000–3,500 km
  flightLong: 152, // > 3,500 km
  hotelNightFrance: 6930,
  car: 217.6,
  carElectric: 103.4,
} as const;
