/**
 * A rail or flight journey as a supplier answers it, and as the cart keeps it in a product: the
 * domain's own vocabulary of trips, which every supplier adapter (src/server/supplier) answers in.
 * Money is integer cents (EUR), CO2 integer grams, instants ISO strings with the local offset of
 * the place (e.g. 2026-11-23T07:04:00+01:00), durations in minutes.
 */
export type PlaceType = 'city' | 'station' | 'airport' | 'stop_point';

export type Place = {
  ID: string;
  name: string;
  description: string;
  type: PlaceType;
  lat: number;
  lon: number;
  city: string;
  country: string;
  zip_code: string | null;
  formatted_address: string;
  provider_codes: { provider: string; type: string; code: string }[];
  /** IANA time zone: local times of timetables are in it. */
  tz: string;
};

export type Flexibility = 1 | 2 | 3; // noFlex, semiFlex, fullFlex
export const FLEX_NAMES = { 1: 'noFlex', 2: 'semiFlex', 3: 'fullFlex' } as const;

export type Ancillary = { type: 'bike' | 'additional-luggage' | 'disassembled-bike' | 'ouigo-flex' | 'pmr'; price: number; maxQuantity: number };
export type Luggage = { type: 'hold' | 'hand'; quantity: number; conditions: string };

export type FareOffer = {
  id: string;
  flexibility: Flexibility;
  name: string;
  price: number;
  conditions: string;
  luggages: Luggage[];
  ancillaries: Ancillary[];
  /** disabled-pax: priced for a disabled passenger, with their assistance (the query's `assistance`). */
  tags: ('corporate-fare' | 'negociated-fare' | 'ndc' | 'disabled-pax')[];
  /** Sold only together with a return: the return search must carry the outward choice. */
  roundTrip: boolean;
  refundable: boolean;
  exchangeable: boolean;
};

export type CabinAvailability = {
  cabin: 'second' | 'first' | 'economy' | 'premium' | 'business';
  /** Seats left; 0 means full. */
  seats: number;
  /** Why no offer exists in this cabin (e.g. a train with no first class). */
  unavailabilityReason: string | null;
  offers: FareOffer[];
};

export type RailKind = 'high-speed' | 'intercity' | 'regional' | 'cross-border';
export type Section = {
  from: Place;
  to: Place;
  departure: string;
  arrival: string;
  duration: number;
  distanceKm: number;
  co2: number;
  transport: {
    mode: 'rail' | 'flight';
    kind: RailKind | 'short-haul' | 'medium-haul' | 'long-haul';
    carrier: { code: string; name: string };
    operatingCarrier: { code: string; name: string };
    number: string;
    model: string;
  };
  /** Minutes to wait (and walk or ride across town) before the next section. */
  connectionMinutes: number | null;
};

export type Journey = {
  id: string;
  mode: 'rail' | 'flight';
  from: Place;
  to: Place;
  departure: string;
  arrival: string;
  duration: number;
  co2: number;
  sections: Section[];
  cabins: CabinAvailability[];
};
